//===- ToolMarkers.h - Regions from LIKWID, NVTX and Caliper markers ------===//
//
// roof-markers finds the calls of other tools' region markers (LIKWID's
// marker API, NVTX ranges, Caliper's annotations) and calls the runtime's
// __roof_marker next to each (roof/abi.h), so that the tools' regions are
// roof regions too, whatever library, if any, defines the marker functions.
// A begin is called after the tool's call, an end before it: a region holds
// the code between the markers, not the tool's own work.
//
// It runs at PipelineStart, before inlining: NVTX 3 is header-only, and its
// functions, inlined, become indirect calls through a table no longer
// recognisable by name. Calls inside the tools' own functions (NVTX's
// inline bodies and initialisation, the inline classes of roof's Caliper
// header) are not markers.
//
//   opt -load-pass-plugin=build/lib/libroofpass.so -passes=roof-markers in.ll
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_TOOL_MARKERS_H
#define ROOF_TOOL_MARKERS_H

#include "llvm/IR/PassManager.h"

namespace roof {

struct ToolMarkersPass : llvm::PassInfoMixin<ToolMarkersPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Also at -O0 and on optnone functions: regions must not depend on them.
  static bool isRequired() { return true; }
};

} // namespace roof

#endif // ROOF_TOOL_MARKERS_H
