//===- driver/read/NvprofOutput.h - Counts from nvprof CSV ------*- C++ -*-===//
//
// `nvprof --csv --metrics flop_count_dp,... ./app` prints, after its
// ==PID== lines, a table per device and kernel (the metric summary):
//   "Device","Kernel","Invocations","Metric Name","Metric Description",
//   "Min","Max","Avg"
// with per-invocation values: a kernel's total is Invocations x Avg, exact
// when Min = Max (every invocation counted the same), else only as exact as
// the printed average. Rows of one kernel on several devices are added.
// With --print-gpu-trace it prints a row per launch instead, the metrics as
// columns, and a row of units under the header:
//   "Device","Context","Stream","Kernel","Correlation_ID","flop_count_dp",...
//   ,,,,,,...,%,MB/s,...
// (romnn/microgpusim, profile/tests/nvprof_vectoradd_100_32_metrics_all.txt):
// a kernel's total is the sum over its launches, each exact. Rows of memory
// copies and sets, and columns roof does not read, are skipped. The header
// tells the pages apart.
//
// FLOPs, nvprof's definition (non-predicated threads, an FMA counts 2,
// special functions apart in flop_count_sp_special): flop_count_dp,
// flop_count_sp, flop_count_hp, or when a total is missing its per-operation
// metrics _add + _mul + 2 x _fma. fp64 and fp32 are required, fp16 read when
// present. Bytes: dram_read_bytes + dram_write_bytes, else
// (dram_read_transactions + dram_write_transactions) x 32, and
// (l2_read_transactions + l2_write_transactions) x 32.
//
// nvprof's default units: counts are plain, grouped by thousands or, from
// 10^10 on, in exponent notation ("8.1962e+11"); bytes may be scaled in steps
// of 1024 ("1.5000MB", or a unit in the units row), converted back with the
// table of ProfilerUnits.h. Exponent notation and scaled bytes keep only
// the digits printed and are marked approximate; a unit that is not one of
// bytes, or any unit on a count, is refused with its line. Throughputs
// ("616.07MB/s") and percentages ("21.88%") are of metrics roof does not
// read.
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
