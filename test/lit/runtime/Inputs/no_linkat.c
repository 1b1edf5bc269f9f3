/* Preloaded by destination.c: linkat fails as it does where /proc is not
 * mounted, so that the runtime cannot name the unnamed file it wrote the
 * census into and writes it again into a named temporary. */
#include <errno.h>

int linkat(int olddirfd, const char *oldpath, int newdirfd,
           const char *newpath, int flags) {
  (void)olddirfd, (void)oldpath, (void)newdirfd, (void)newpath, (void)flags;
  errno = ENOENT;
  return -1;
}
