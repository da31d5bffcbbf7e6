// Xlib, the keysym tables and the XTest extension (Debian: libx11-dev, libxtst-dev).
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XF86keysym.h>
#include <X11/extensions/XTest.h>
