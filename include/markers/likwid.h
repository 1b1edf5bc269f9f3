/*===- markers/likwid.h - LIKWID's header, marker part, for roof ---------===*\
|*
|* Programs include <likwid.h> or <likwid-marker.h> for the marker API; roof
|* provides only that part of LIKWID (likwid-marker.h), not its performance
|* monitoring or topology functions.
|*
\*===----------------------------------------------------------------------===*/
#ifndef ROOF_MARKERS_LIKWID_H
#define ROOF_MARKERS_LIKWID_H

#include "likwid-marker.h"

#endif /* ROOF_MARKERS_LIKWID_H */
