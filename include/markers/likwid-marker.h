/*===- markers/likwid-marker.h - LIKWID's marker API, for roof -----------===*\
|*
|* roof's declaration of LIKWID's marker API (LIKWID 5), for programs built
|* where LIKWID is not installed: roof cc puts this folder last on the
|* include path (-idirafter), so a real LIKWID's header wins wherever one is
|* found. With -DLIKWID_PERFMON the macros call LIKWID's functions, which the
|* pass turns into roof regions (LIKWID_MARKER_START/STOP) and which
|* libroofrt defines when liblikwid is not linked; without it they are
|* empty, as in LIKWID's own header. docs/runtime.md, "Regions from other
|* tools".
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_MARKERS_LIKWID_MARKER_H
#define ROOF_MARKERS_LIKWID_MARKER_H

#ifdef LIKWID_PERFMON

#ifdef __cplusplus
extern "C" {
#endif

void likwid_markerInit(void);
void likwid_markerThreadInit(void);
void likwid_markerNextGroup(void);
void likwid_markerClose(void);
int likwid_markerRegisterRegion(const char *regionTag);
int likwid_markerStartRegion(const char *regionTag);
int likwid_markerStopRegion(const char *regionTag);
int likwid_markerResetRegion(const char *regionTag);
void likwid_markerGetRegion(const char *regionTag, int *nr_events,
                            double *events, double *time, int *count);
int likwid_markerWriteFile(const char *markerfile);

#ifdef __cplusplus
}
#endif

#define LIKWID_MARKER_INIT likwid_markerInit()
#define LIKWID_MARKER_THREADINIT likwid_markerThreadInit()
#define LIKWID_MARKER_SWITCH likwid_markerNextGroup()
#define LIKWID_MARKER_REGISTER(regionTag) likwid_markerRegisterRegion(regionTag)
#define LIKWID_MARKER_START(regionTag) likwid_markerStartRegion(regionTag)
#define LIKWID_MARKER_STOP(regionTag) likwid_markerStopRegion(regionTag)
#define LIKWID_MARKER_CLOSE likwid_markerClose()
#define LIKWID_MARKER_RESET(regionTag) likwid_markerResetRegion(regionTag)
#define LIKWID_MARKER_GET(regionTag, nevents, events, time, count)             \
  likwid_markerGetRegion(regionTag, nevents, events, time, count)
#define LIKWID_MARKER_WRITE_FILE(markerfile) likwid_markerWriteFile(markerfile)

#else /* LIKWID_PERFMON */

#define LIKWID_MARKER_INIT
#define LIKWID_MARKER_THREADINIT
#define LIKWID_MARKER_SWITCH
#define LIKWID_MARKER_REGISTER(regionTag)
#define LIKWID_MARKER_START(regionTag)
#define LIKWID_MARKER_STOP(regionTag)
#define LIKWID_MARKER_CLOSE
#define LIKWID_MARKER_RESET(regionTag)
#define LIKWID_MARKER_GET(regionTag, nevents, events, time, count)
#define LIKWID_MARKER_WRITE_FILE(markerfile)

#endif /* LIKWID_PERFMON */

#endif /* ROOF_MARKERS_LIKWID_MARKER_H */
