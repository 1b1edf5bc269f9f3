// A library that defines LIKWID's marker functions, standing for liblikwid
// in markers-likwid.c: each call prints one line to stderr, so the test sees
// that the program's calls reach the tool's library when it is linked, with
// roof's regions counted as well.
#include <stdio.h>

void likwid_markerInit(void) { fprintf(stderr, "likwid: init\n"); }
void likwid_markerThreadInit(void) {}
void likwid_markerClose(void) { fprintf(stderr, "likwid: close\n"); }
int likwid_markerRegisterRegion(const char *tag) {
  (void)tag;
  return 0;
}
int likwid_markerStartRegion(const char *tag) {
  fprintf(stderr, "likwid: start %s\n", tag);
  return 0;
}
int likwid_markerStopRegion(const char *tag) {
  fprintf(stderr, "likwid: stop %s\n", tag);
  return 0;
}
