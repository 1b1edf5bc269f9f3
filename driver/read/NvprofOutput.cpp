//===- driver/read/NvprofOutput.cpp - Counts from nvprof CSV --------------===//
#include "NvprofOutput.h"

#include "Census.h"
#include "InputFile.h"

#include <algorithm>
#include <map>

namespace roof {

const char *const kNvprofCommand =
    "nvprof --csv --log-file nvprof.csv --metrics "
    "flop_count_dp,flop_count_sp,flop_count_hp,dram_read_transactions,"
    "dram_write_transactions,l2_read_transactions,l2_write_transactions ./app";

namespace {

// Bytes per transaction of nvprof's *_transactions metrics.
constexpr double kTransactionBytes = 32;

// Where the metric table keeps what roof reads.
struct MetricColumns {
  std::size_t device, kernel, invocations, metric, min, max, avg;
  std::size_t count; // fields a row needs
};

// The columns of a metric table's header; nothing for another table
// (events, a summary).
std::optional<MetricColumns>
metricColumns(const std::vector<std::string> &header) {
  std::size_t found[7];
  std::size_t count = 0;
  const char *const names[7] = {
      "Device", "Kernel", "Invocations", "Metric Name", "Min", "Max", "Avg"};
  for (std::size_t i = 0; i < 7; ++i) {
    auto column = std::find(header.begin(), header.end(), names[i]);
    if (column == header.end())
      return std::nullopt;
    found[i] = static_cast<std::size_t>(column - header.begin());
    count = std::max(count, found[i] + 1);
  }
  return MetricColumns{found[0], found[1], found[2], found[3],
                       found[4], found[5], found[6], count};
}

// One metric of one kernel, summed over devices.
struct MetricTotal {
  double total = 0;         // sum of Invocations x Avg
  double invocations = 0;   // sum of Invocations
  bool approximate = false; // Min != Max somewhere
};

using NvprofKernel = std::map<std::string, MetricTotal>; // by metric

std::string lineText(std::size_t line) {
  return "line " + std::to_string(line);
}

double numberIn(const std::string &text, const char *column,
                const std::string &metric, std::size_t line) {
  std::optional<double> number = parseGroupedNumber(trimmed(text));
  if (!number)
    throw InputError(lineText(line) + ": " + metric + " " + column + " is \"" +
                     text + "\", not a number");
  // Every column roof reads is a count: of kernel runs, of FLOPs or of
  // transactions.
  if (*number < 0)
    throw InputError(lineText(line) + ": " + metric + " " + column + " is \"" +
                     text + "\", negative");
  return *number;
}

// The metrics roof reads; others (throughputs with units, percentages,
// flop_count_sp_special) are not parsed.
bool isReadMetric(const std::string &name) {
  static const char *const kRead[] = {
      "dram_read_bytes",        "dram_write_bytes",
      "dram_read_transactions", "dram_write_transactions",
      "l2_read_transactions",   "l2_write_transactions"};
  if (std::find(std::begin(kRead), std::end(kRead), name) != std::end(kRead))
    return true;
  for (const char *precision : {"dp", "sp", "hp"}) {
    std::string total = std::string("flop_count_") + precision;
    if (name == total || name == total + "_add" || name == total + "_mul" ||
        name == total + "_fma")
      return true;
  }
  return false;
}

struct Table {
  std::map<std::string, NvprofKernel> kernels;
  std::vector<std::string> order; // kernels in order of first appearance
  std::string device;
};

Table readTable(std::string_view text) {
  std::vector<std::string_view> lines = textLines(text);
  Table table;
  std::optional<MetricColumns> columns; // while in a metric table
  bool anyMetricTable = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = trimmed(lines[i]);
    if (!startsWith(line, "\""))
      continue; // ==PID== lines, the program's own output
    std::size_t number = i + 1;
    std::optional<std::vector<std::string>> fields = csvRecord(line);
    if (!fields)
      throw InputError(lineText(number) + ": a quoted field is not closed");
    if (fields->front() == "Device") {
      columns = metricColumns(*fields);
      anyMetricTable = anyMetricTable || columns;
      continue;
    }
    if (!columns)
      continue;
    if (fields->size() < columns->count)
      throw InputError(lineText(number) + ": " +
                       std::to_string(fields->size()) +
                       " fields, fewer than the header's");
    const std::string &metric = (*fields)[columns->metric];
    if (!isReadMetric(metric))
      continue;
    const std::string &name = (*fields)[columns->kernel];
    auto [entry, added] = table.kernels.try_emplace(name);
    if (added)
      table.order.push_back(name);
    if (table.device.empty())
      table.device = (*fields)[columns->device];
    auto numberAt = [&](std::size_t column, const char *title) {
      return numberIn((*fields)[column], title, metric, number);
    };
    double invocations = numberAt(columns->invocations, "Invocations");
    double minimum = numberAt(columns->min, "Min");
    double maximum = numberAt(columns->max, "Max");
    MetricTotal &total = entry->second[metric];
    total.total += invocations * numberAt(columns->avg, "Avg");
    total.invocations += invocations;
    total.approximate = total.approximate || minimum != maximum;
  }
  if (!anyMetricTable)
    throw InputError("no metric table (\"Device\",\"Kernel\",\"Invocations\","
                     "\"Metric Name\",...): not the output of nvprof --csv "
                     "--metrics? Collect with " +
                     std::string(kNvprofCommand));
  if (table.order.empty())
    throw InputError("the metric table has no FLOP or byte metric; collect "
                     "with " +
                     std::string(kNvprofCommand));
  return table;
}

// The sum of `names`, each times its weight; absent unless all are there.
std::optional<MetricTotal>
weightedSum(const NvprofKernel &kernel,
            std::initializer_list<std::pair<std::string, double>> names) {
  MetricTotal sum;
  for (const auto &[name, weight] : names) {
    auto found = kernel.find(name);
    if (found == kernel.end())
      return std::nullopt;
    sum.total += weight * found->second.total;
    sum.approximate = sum.approximate || found->second.approximate;
  }
  return sum;
}

// The total of a precision, or its add + mul + 2 x fma.
std::optional<MetricTotal> flopsOf(const std::string &kernelName,
                                   const NvprofKernel &kernel,
                                   RoofPrecision precision) {
  std::string total =
      std::string("flop_count_") + (precision == ROOF_FP64   ? "dp"
                                    : precision == ROOF_FP32 ? "sp"
                                                             : "hp");
  if (std::optional<MetricTotal> flops = weightedSum(kernel, {{total, 1}}))
    return flops;
  if (std::optional<MetricTotal> flops = weightedSum(
          kernel,
          {{total + "_add", 1}, {total + "_mul", 1}, {total + "_fma", 2}}))
    return flops;
  if (precision == ROOF_FP16)
    return std::nullopt;
  throw InputError("no " + total + " (nor " + total + "_add, _mul, _fma) for " +
                   kernelName +
                   ": roof needs fp64 and fp32 FLOPs; collect "
                   "with " +
                   kNvprofCommand);
}

// Bytes are shown, not compared: whether they are exact does not matter.
std::optional<double>
bytesOf(const NvprofKernel &kernel,
        std::initializer_list<std::pair<std::string, double>> names) {
  std::optional<MetricTotal> sum = weightedSum(kernel, names);
  return sum ? std::optional(sum->total) : std::nullopt;
}

} // namespace

GpuProfile parseNvprofCsv(std::string_view text) {
  Table table = readTable(text);
  GpuProfile profile;
  profile.tool = "nvprof";
  profile.device = table.device;
  for (const std::string &name : table.order) {
    const NvprofKernel &source = table.kernels.at(name);
    // Every metric of a kernel is collected on the same invocations; the
    // most is taken in case a device missed one.
    double invocations = 0;
    for (const auto &[metric, total] : source)
      invocations = std::max(invocations, total.invocations);
    // Rows of one kernel add up their invocations: no more than a count
    // holds (2^64, exclusive).
    if (invocations >= 18446744073709551616.0)
      throw InputError(name + ": " + std::to_string(invocations) +
                       " invocations in all, more than a count holds");
    ProfiledKernel kernel;
    kernel.name = name;
    kernel.launches = static_cast<std::uint64_t>(invocations);
    for (RoofPrecision precision : {ROOF_FP64, ROOF_FP32, ROOF_FP16})
      if (std::optional<MetricTotal> flops = flopsOf(name, source, precision)) {
        kernel.flops[precision] = flops->total;
        kernel.approximateFlops[precision] = flops->approximate;
      }
    std::optional<double> dram =
        bytesOf(source, {{"dram_read_bytes", 1}, {"dram_write_bytes", 1}});
    if (!dram)
      dram = bytesOf(source, {{"dram_read_transactions", kTransactionBytes},
                              {"dram_write_transactions", kTransactionBytes}});
    kernel.bytes[static_cast<std::size_t>(ProfiledLevel::Dram)] = dram;
    kernel.bytes[static_cast<std::size_t>(ProfiledLevel::L2)] =
        bytesOf(source, {{"l2_read_transactions", kTransactionBytes},
                         {"l2_write_transactions", kTransactionBytes}});
    profile.kernels.push_back(kernel);
  }
  return profile;
}

} // namespace roof
