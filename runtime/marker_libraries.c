/*===- runtime/marker_libraries.c - LIKWID's and Caliper's markers -------===*\
|*
|* A program annotated for LIKWID (compiled with -DLIKWID_PERFMON) or for
|* Caliper calls their libraries' marker functions. Where the program is
|* linked without those libraries, these definitions are linked instead:
|* the runtime is the last thing on the link line (roof cc puts it there),
|* so this file's object is only taken from libroofrt.a for functions that
|* nothing before it defined. The regions themselves are not made here: the
|* pass calls __roof_marker next to every marker call (markers.c), whichever
|* definition the call reaches.
|*
|* Each function calls the next definition in the process when there is one
|* (the tool's library linked after the runtime after all, or loaded by
|* LD_PRELOAD), and otherwise returns what the library returns when its tool
|* is not measuring (LIKWID outside likwid-perfctr -m, Caliper without a
|* configuration): success and nothing measured.
|*
|* The prototypes are those of LIKWID's likwid-marker.h and Caliper's
|* cali.h, as roof's own copies of those headers declare them
|* (include/markers/).
|*
\*===----------------------------------------------------------------------===*/
#include "runtime.h"

#include <dlfcn.h>

/* Defines `name` (returning `type`, nothing when void) as a call of its
 * next definition, or `absent` without one. */
#define ROOFRT_FORWARD(type, name, params, args, absent)                       \
  ROOFRT_EXPORT type name params {                                             \
    type(*next) params = (type(*) params)dlsym(RTLD_NEXT, #name);              \
    return next ? next args : absent;                                          \
  }
#define ROOFRT_FORWARD_VOID(name, params, args)                                \
  ROOFRT_EXPORT void name params {                                             \
    void(*next) params = (void(*) params)dlsym(RTLD_NEXT, #name);              \
    if (next)                                                                  \
      next args;                                                               \
  }

/* LIKWID (likwid-marker.h). */
ROOFRT_FORWARD_VOID(likwid_markerInit, (void), ())
ROOFRT_FORWARD_VOID(likwid_markerThreadInit, (void), ())
ROOFRT_FORWARD_VOID(likwid_markerNextGroup, (void), ())
ROOFRT_FORWARD_VOID(likwid_markerClose, (void), ())
ROOFRT_FORWARD(int, likwid_markerRegisterRegion, (const char *tag), (tag), 0)
ROOFRT_FORWARD(int, likwid_markerStartRegion, (const char *tag), (tag), 0)
ROOFRT_FORWARD(int, likwid_markerStopRegion, (const char *tag), (tag), 0)
ROOFRT_FORWARD(int, likwid_markerResetRegion, (const char *tag), (tag), 0)
ROOFRT_FORWARD(int, likwid_markerWriteFile, (const char *file), (file), 0)

ROOFRT_EXPORT void likwid_markerGetRegion(const char *tag, int *num_events,
                                          double *events, double *time,
                                          int *count) {
  void (*next)(const char *, int *, double *, double *, int *) =
      (void (*)(const char *, int *, double *, double *, int *))dlsym(
          RTLD_NEXT, "likwid_markerGetRegion");
  if (next) {
    next(tag, num_events, events, time, count);
    return;
  }
  (void)events; /* *num_events (0) of them are set */
  *num_events = 0;
  *time = 0;
  *count = 0;
}

/* Caliper (cali.h). */
ROOFRT_FORWARD_VOID(cali_begin_region, (const char *name), (name))
ROOFRT_FORWARD_VOID(cali_end_region, (const char *name), (name))
ROOFRT_FORWARD_VOID(cali_begin_phase, (const char *name), (name))
ROOFRT_FORWARD_VOID(cali_end_phase, (const char *name), (name))
ROOFRT_FORWARD_VOID(cali_begin_comm_region, (const char *name), (name))
ROOFRT_FORWARD_VOID(cali_end_comm_region, (const char *name), (name))
