//===- driver/read/ProfilerUnits.h - Profilers' units -----------*- C++ -*-===//
//
// Nsight Compute and nvprof scale what they print to a fitting magnitude:
// ncu's "Mbyte", "usecond" (or "us"), "cycle/nsecond", nvprof's "1.5000MB"
// and "4.0000KB". One table of prefixes converts them back to the base unit:
// K, M, G, T, P above it, m, u, n below, each one step of the radix: 1000
// for ncu's units and for seconds, 1024 for nvprof's memory sizes (its 4 KiB
// pages print as "4.0000KB", 1020 KiB as "0.9961MB").
//
//===----------------------------------------------------------------------===//
#ifndef ROOF_DRIVER_PROFILERUNITS_H
#define ROOF_DRIVER_PROFILERUNITS_H

#include <optional>
#include <string_view>

namespace roof {

// The radix of SI prefixes, and of nvprof's memory sizes.
inline constexpr double kDecimalRadix = 1000;
inline constexpr double kBinaryRadix = 1024;

// How many steps of the radix one `unit` is worth in `base`: "Mbyte" in
// "byte" is 2, "KB" in "B" 1, "usecond" and "us" in "second" -2,
// "cycle/nsecond" in "cycle/second" 3; nothing for a unit of another
// quantity. An empty unit (none printed) is the base.
std::optional<int> unitSteps(std::string_view unit, std::string_view base);

// `value` x radix^steps, dividing for negative steps so that 3968
// nanoseconds are 3.968e-6 seconds, not 3.9680000000000006e-6.
double scaledBySteps(double value, int steps, double radix);

} // namespace roof

#endif // ROOF_DRIVER_PROFILERUNITS_H
