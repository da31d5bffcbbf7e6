// libv4l2 (Debian: libv4l-dev) and the kernel's V4L2 API. The ioctl requests are macros and
// v4l2_open/v4l2_ioctl are variadic, which Swift cannot import or call: each call gestured makes
// is one typed inline function here. All return -1 and leave errno set on failure.
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

static inline int cv4l2_errno(void) { return errno; }

static inline int cv4l2_open_raw(const char *path) { return open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC); }
/// VIDIOC_QUERYCAP without libv4l2, before handing the descriptor to it (libv4l2 prints to stderr
/// about nodes it cannot use).
static inline int cv4l2_querycap_raw(int fd, struct v4l2_capability *c) { return ioctl(fd, VIDIOC_QUERYCAP, c); }
/// Lets libv4l2 manage an open descriptor (format conversion); returns it, or -1.
static inline int cv4l2_fd_open(int fd) { return v4l2_fd_open(fd, 0); }
static inline int cv4l2_close(int fd) { return v4l2_close(fd); }

static inline int cv4l2_querycap(int fd, struct v4l2_capability *c) { return v4l2_ioctl(fd, VIDIOC_QUERYCAP, c); }
static inline int cv4l2_enum_fmt(int fd, struct v4l2_fmtdesc *f) { return v4l2_ioctl(fd, VIDIOC_ENUM_FMT, f); }
static inline int cv4l2_enum_framesizes(int fd, struct v4l2_frmsizeenum *s) { return v4l2_ioctl(fd, VIDIOC_ENUM_FRAMESIZES, s); }
static inline int cv4l2_enum_frameintervals(int fd, struct v4l2_frmivalenum *i) { return v4l2_ioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, i); }
static inline int cv4l2_s_fmt(int fd, struct v4l2_format *f) { return v4l2_ioctl(fd, VIDIOC_S_FMT, f); }
static inline int cv4l2_s_parm(int fd, struct v4l2_streamparm *p) { return v4l2_ioctl(fd, VIDIOC_S_PARM, p); }
static inline int cv4l2_reqbufs(int fd, struct v4l2_requestbuffers *r) { return v4l2_ioctl(fd, VIDIOC_REQBUFS, r); }
static inline int cv4l2_querybuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_QUERYBUF, b); }
static inline int cv4l2_qbuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_QBUF, b); }
static inline int cv4l2_dqbuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_DQBUF, b); }
static inline int cv4l2_streamon(int fd, int type) { return v4l2_ioctl(fd, VIDIOC_STREAMON, &type); }
static inline int cv4l2_streamoff(int fd, int type) { return v4l2_ioctl(fd, VIDIOC_STREAMOFF, &type); }

/// v4l2_mmap of a whole buffer for reading and writing; NULL (not MAP_FAILED) on failure.
static inline void *cv4l2_mmap(int fd, size_t length, long offset) {
  void *p = v4l2_mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
  return p == MAP_FAILED ? NULL : p;
}
static inline int cv4l2_munmap(void *start, size_t length) { return v4l2_munmap(start, length); }
