// libturbojpeg (Debian: libturbojpeg0-dev), the TurboJPEG 2 API.
#include <turbojpeg.h>
