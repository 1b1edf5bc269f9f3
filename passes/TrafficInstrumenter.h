//===- TrafficInstrumenter.h - Addresses for the runtime's cache model ----===//
//
// Traffic mode (docs/counting.md, "Traffic"; ROOF_TRAFFIC=1 in the
// compiler's environment, which `roof cc --traffic` sets): every memory
// access of an instrumented function also hands its address to the cache
// model of the runtime (runtime/traffic.c), which turns a sample of the
// cache lines into the bytes that move below L1. An access calls the
// runtime only when its first or last cache line is sampled (a hash of the
// line below __roof_traffic_threshold, include/roof/abi.h), checked inline;
// gathers, scatters and masked accesses check their lanes' lines the same
// way, as vectors, and pass the active lanes whose lines are sampled; memcpy
// and memset pass their range, and always call. An innermost loop whose
// accesses all move by a step known on entry, as is the trip count, calls the
// runtime once before it runs, with the accesses as streams; the runtime finds
// their sampled lines itself (ROOF_TRAFFIC=each checks every access where it is
// instead).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_TRAFFIC_INSTRUMENTER_H
#define ROOF_TRAFFIC_INSTRUMENTER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

namespace roof {

/// Whether the compiler's environment asks for traffic mode (ROOF_TRAFFIC
/// set and not "0").
bool trafficModeRequested();

/// The instructions of \p F that access memory, as the census counts their
/// bytes: loads, stores, atomics, masked and gather/scatter intrinsics,
/// memcpy, memmove and memset. Collected before anything is added to F.
llvm::SmallVector<llvm::Instruction *, 0> memoryAccesses(llvm::Function &F);

/// Passes the address of each of \p Accesses to the runtime's model, with
/// \p Slots (the function's first traffic slot, include/roof/abi.h) as the
/// scope; the sampling threshold is read once, at \p EntryPoint, which must
/// dominate every access, and \p Slots must be available there. \p DT,
/// \p LI and \p SE must still describe the function, and \p DT be the tree
/// \p SE answers with: the loops' versions keep it up to date, so that the
/// expansions of one loop's bounds reuse those of another only where they
/// dominate.
void instrumentTraffic(llvm::ArrayRef<llvm::Instruction *> Accesses,
                       llvm::Value *Slots, llvm::Instruction *EntryPoint,
                       llvm::DominatorTree &DT, llvm::LoopInfo &LI,
                       llvm::ScalarEvolution &SE);

} // namespace roof

#endif // ROOF_TRAFFIC_INSTRUMENTER_H
