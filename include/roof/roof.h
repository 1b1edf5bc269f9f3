/*===- roof/roof.h - User API of the roof runtime ------------------------===*\
|*
|* Named regions: counts and wall time between roof_region_begin("name") and
|* the matching roof_region_end() are reported under "regions" in the JSON.
|* Regions nest (a stack per thread); entering the same name again adds to it.
|* Counts are taken from every thread, so a region opened on the main thread
|* around an OpenMP parallel loop includes the work of all threads.
|*
|* Link with the roof runtime (roof cc does that); without it, define
|* ROOF_DISABLE to compile the calls away.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_H
#define ROOF_H

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ROOF_DISABLE
void roof_region_begin(const char *name);
void roof_region_end(void);
/* Writes the JSON now (normally done at exit); returns 0 on success. */
int roof_write(const char *path);
#else
#define roof_region_begin(name) ((void)0)
#define roof_region_end() ((void)0)
#define roof_write(path) 0
#endif

#ifdef __cplusplus
}
#endif

#endif /* ROOF_H */
