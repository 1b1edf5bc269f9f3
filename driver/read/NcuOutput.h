//===- driver/read/NcuOutput.h - Nsight Compute CSV -------------*- C++ -*-===//
//
// `ncu --csv --metrics M1,M2,... ./app` prints, after its ==PROF== lines and
// whatever the program prints, one CSV row per launch and metric (the
// details page, "long"):
//   "ID","Process ID","Process Name","Host Name","Kernel Name","Context",
//   "Stream","Block Size","Grid Size","Device","CC","Section Name",
//   "Metric Name","Metric Unit","Metric Value"
// with values quoted and grouped by thousands ("837,859,712"); `--page raw`
// prints one row per launch instead ("wide"), the metrics as columns after
// the same leading columns, and a second row of units. Columns are found by
// their names, so versions that add or drop some read the same.
//
// FLOPs, Nsight Compute's definition (per thread that executed, predicated-
// off threads not counted, MUFU approximations not counted), per precision
// d(ouble), f(loat), h(alf):
//   sm__sass_thread_inst_executed_op_{d,f,h}add_pred_on.sum
//   + ..._{d,f,h}mul_pred_on.sum + 2 x ..._{d,f,h}fma_pred_on.sum
// (smsp__ metrics are the same sums and read as well). fp64 and fp32 are
// required, fp16 read when present. Bytes: l1tex__t_bytes.sum,
// lts__t_bytes.sum, dram__bytes.sum; time: gpu__time_duration.sum, else
// sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second. ncu scales
// units unless run with --print-units base (the default, auto, "scales
// metrics to fitting magnitude"; Nsight Compute CLI guide, "Metrics and
// Units"): scaled bytes, times and counts are converted back with the table
// of SI prefixes of ProfilerUnits.h, scaled instruction counts (rounded to
// the digits printed) marked approximate like nvprof's averages; a unit of
// another quantity is refused with its line.
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_NCUOUTPUT_H
#define ROOF_DRIVER_NCUOUTPUT_H

#include "GpuProfile.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace roof {

// The command that collects everything roof compares, for messages and
// docs.
extern const char *const kNcuCommand;

// Parses either page. A file with several processes is read for the one
// whose Process ID is `processId` (the census's pid). Throws InputError
// (without a path).
GpuProfile parseNcuCsv(std::string_view text,
                       std::optional<std::uint64_t> processId);

} // namespace roof

#endif // ROOF_DRIVER_NCUOUTPUT_H
