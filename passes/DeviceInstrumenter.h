//===- DeviceInstrumenter.h - Per-kernel counters in CUDA device code -----===//
//
// Turns the census of each CUDA kernel (nvptx64-nvidia-cuda modules) into
// code that counts what every thread executes, as Nsight Compute counts its
// `..._pred_on.sum` metrics (a thread that does not run a block, being
// predicated off or exited, adds nothing):
//   - one 64-bit local per census slot, promoted to a register, so the hot
//     path is an integer add per block execution;
//   - at each return of the kernel, the slot counts become metric values
//     (slots x static weights), are summed over the converged threads of
//     the warp (redux.sync from sm_80, in 27-bit halves so 64-bit sums stay
//     exact), and the warp's first thread adds them to the kernel's counter
//     array with one atomic per metric;
//   - the array, `__roof_kc_<kernel>` (CudaKernels.h), is a __device__
//     global that the host side registers and libroofrt-cuda reads back.
// Device functions that survive inlining are not counted: their calls are
// reported at compile time (one line on stderr per function). In traffic
// mode each kernel also records a sample of its global sectors
// (DeviceTraffic.h).
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DEVICE_INSTRUMENTER_H
#define ROOF_DEVICE_INSTRUMENTER_H

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

namespace roof {

class DeviceInstrumenter {
public:
  /// \p Traffic: traffic mode, where kernels also record a sample of
  /// their global sectors (DeviceTraffic.h).
  DeviceInstrumenter(llvm::Module &M, llvm::FunctionAnalysisManager &FAM,
                     bool Traffic)
      : M(M), FAM(FAM), Traffic(Traffic) {}

  /// Instruments every kernel of an NVPTX module; false when nothing was
  /// changed (another target, or already instrumented).
  bool run();

private:
  llvm::Module &M;
  llvm::FunctionAnalysisManager &FAM;
  bool Traffic;
};

} // namespace roof

#endif // ROOF_DEVICE_INSTRUMENTER_H
