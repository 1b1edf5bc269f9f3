//===- driver/read/NvprofOutput.h - Counts from nvprof CSV ------*- C++ -*-===//
//
// `nvprof --csv --metrics flop_count_dp,... ./app` prints, after its
// ==PID== lines, a table per device and kernel:
//   "Device","Kernel","Invocations","Metric Name","Metric Description",
//   "Min","Max","Avg"
// with per-invocation values: a kernel's total is Invocations x Avg, exact
// when Min = Max (every invocation counted the same), else only as exact as
// the printed average. Rows of one kernel on several devices are added.
//
// FLOPs, nvprof's definition (non-predicated threads, an FMA counts 2,
// special functions apart in flop_count_sp_special): flop_count_dp,
// flop_count_sp, flop_count_hp, or when a total is missing its per-operation
// metrics _add + _mul + 2 x _fma. fp64 and fp32 are required, fp16 read when
// present. Bytes: dram_read_bytes + dram_write_bytes, else
// (dram_read_transactions + dram_write_transactions) x 32, and
// (l2_read_transactions + l2_write_transactions) x 32.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_NVPROFOUTPUT_H
#define ROOF_DRIVER_NVPROFOUTPUT_H

#include "GpuProfile.h"

#include <string_view>

namespace roof {

// The command that collects everything roof compares.
extern const char *const kNvprofCommand;

// Throws InputError (without a path).
GpuProfile parseNvprofCsv(std::string_view text);

} // namespace roof

#endif // ROOF_DRIVER_NVPROFOUTPUT_H
