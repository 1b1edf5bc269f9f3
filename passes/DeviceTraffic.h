//===- DeviceTraffic.h - A sample of a CUDA kernel's global sectors -------===//
//
// Traffic mode on the device (docs/counting.md, "The GPU's traffic"): before
// each load, store and atomic of a kernel that may address global memory,
// the threads whose 32-byte sector is sampled (a spatially hashed sample,
// as on the CPU) make one record per sector and warp in the buffer the
// runtime named in the kernel's counter header (RoofCudaCounterHeader,
// include/roof/abi.h): the sector, the SM and whether the access loads,
// stores or is an atomic. The runtime replays the records through a model
// of the SMs' L1s and the L2 after each launch (runtime/gpu_traffic.c).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DEVICE_TRAFFIC_H
#define ROOF_DEVICE_TRAFFIC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"

#include "roof/abi.h"

namespace roof {

/// Whether kernel \p F can sample its sectors: one record per sector and
/// warp needs match.any.sync, from sm_70.
bool deviceTrafficSupported(const llvm::Function &F);

/// A load, store or atomic that may address global memory.
struct DeviceAccess {
  llvm::Instruction *I;
  llvm::Value *Pointer;
  RoofCudaAccess Kind;
  bool Global; // known to: else isspacep.global asks at run time
};

/// The accesses of \p F that may address global memory, taken before
/// anything else is instrumented.
llvm::SmallVector<DeviceAccess, 0> deviceAccesses(llvm::Function &F);

/// Records the sampled sectors of \p Accesses, accesses of the kernel whose
/// counter header is \p Header.
void instrumentDeviceTraffic(llvm::ArrayRef<DeviceAccess> Accesses,
                             llvm::GlobalVariable *Header);

} // namespace roof

#endif // ROOF_DEVICE_TRAFFIC_H
