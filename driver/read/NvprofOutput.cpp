//===- driver/read/NvprofOutput.cpp - Counts from nvprof CSV --------------===//
#include "NvprofOutput.h"

#include "Census.h"
#include "InputFile.h"
#include "ProfilerUnits.h"
#include "Text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace roof {

const char *const kNvprofCommand =
    "nvprof --csv --log-file nvprof.csv --metrics "
    "flop_count_dp,flop_count_sp,flop_count_hp,dram_read_transactions,"
    "dram_write_transactions,l2_read_transactions,l2_write_transactions ./app";

namespace {

// Bytes per transaction of nvprof's *_transactions metrics.
constexpr double kTransactionBytes = 32;

//===----------------------------------------------------------------------===//
// The metrics roof reads, and their values
//===----------------------------------------------------------------------===//

// The metrics roof reads; others (throughputs, percentages, utilization
// levels, flop_count_sp_special) are not parsed.
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

// The metrics of bytes; every other one roof reads is a count of FLOPs or
// transactions, which nvprof prints without unit.
bool isBytesMetric(const std::string &name) {
  return name == "dram_read_bytes" || name == "dram_write_bytes";
}

std::string lineText(std::size_t line) {
  return "line " + std::to_string(line);
}

// A value as nvprof printed it.
struct PrintedValue {
  double value = 0;
  // Scaled ("1.5000MB") or in exponent notation ("8.1962e+11", as nvprof
  // prints counts past 10^10): only as exact as the digits printed.
  bool rounded = false;
};

// `text` (`what`: "flop_count_dp Avg") as a count, which has no unit, or as
// bytes in B, KB, MB, GB, TB, PB, steps of 1024: the unit appended to the
// number ("1.5000MB", the metric summary) or `columnUnit` (the units row of
// --print-gpu-trace).
PrintedValue printedValue(const std::string &text, std::string_view columnUnit,
                          bool bytes, const std::string &what,
                          std::size_t line) {
  std::string_view printed = trimmed(text);
  std::size_t end = printed.size(); // of the number: the unit has no digit
  while (end > 0 && !std::isdigit(static_cast<unsigned char>(printed[end - 1])))
    --end;
  std::string_view digits = printed.substr(0, end);
  std::string_view suffix = printed.substr(end);
  std::string shown = lineText(line) + ": " + what + " is \"" + text + "\"";
  std::optional<double> number = parseGroupedNumber(digits);
  if (!number)
    throw InputError(shown + ", not a number");
  // Every value roof reads is a count: of kernel runs, FLOPs, transactions
  // or bytes.
  if (*number < 0)
    throw InputError(shown + ", negative");
  std::string_view column = trimmed(columnUnit);
  if (!suffix.empty() && !column.empty())
    throw InputError(shown + " in a column of \"" + std::string(column) +
                     "\": two units");
  std::string_view unit = suffix.empty() ? column : suffix;
  std::optional<int> steps = bytes          ? unitSteps(unit, "B")
                             : unit.empty() ? std::optional(0)
                                            : std::nullopt;
  if (!steps || *steps < 0)
    throw InputError(
        shown + ": \"" + std::string(unit) + "\" is not a unit " +
        (bytes ? "of bytes roof knows (B, KB, MB, GB, TB, PB)" : "of a count"));
  double value = scaledBySteps(*number, *steps, kBinaryRadix);
  if (!std::isfinite(value))
    throw InputError(shown + ", more than a number holds");
  bool exponent = digits.find_first_of("eE") != std::string_view::npos;
  return {value, *steps != 0 || exponent};
}

//===----------------------------------------------------------------------===//
// The two pages: the metric summary and --print-gpu-trace
//===----------------------------------------------------------------------===//

// nvprof --csv --metrics prints a row per kernel and metric (the summary,
// Invocations x Avg); with --print-gpu-trace a row per launch and a column
// per metric. The header tells them apart.
enum class Page { Summary, GpuTrace };

// Where a page's header keeps what roof reads.
struct Header {
  Page page = Page::Summary;
  std::size_t line = 0; // index into the lines
  std::size_t fields = 0;
  std::size_t device = 0, kernel = 0;
  // Summary.
  std::size_t invocations = 0, metric = 0, min = 0, max = 0, avg = 0;
  // GpuTrace: each column of a metric roof reads, and the units row.
  std::vector<std::pair<std::size_t, std::string>> metrics;
  std::vector<std::string> units;
};

// The header of either page; nothing for another table (events, a summary
// of times).
std::optional<Header> headerOf(const std::vector<std::string> &names,
                               std::size_t line) {
  auto column = [&](const char *name) -> std::optional<std::size_t> {
    auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end())
      return std::nullopt;
    return static_cast<std::size_t>(found - names.begin());
  };
  Header header;
  header.line = line;
  header.fields = names.size();
  std::optional<std::size_t> device = column("Device");
  if (!device)
    return std::nullopt;
  header.device = *device;
  if (column("Metric Name")) {
    const std::pair<const char *, std::size_t *> kColumns[] = {
        {"Kernel", &header.kernel},
        {"Invocations", &header.invocations},
        {"Metric Name", &header.metric},
        {"Min", &header.min},
        {"Max", &header.max},
        {"Avg", &header.avg}};
    for (const auto &[name, index] : kColumns) {
      std::optional<std::size_t> found = column(name);
      if (!found)
        return std::nullopt;
      *index = *found;
    }
    return header;
  }
  // "Kernel" with --metrics or --events, "Name" without.
  std::optional<std::size_t> kernel = column("Kernel");
  if (!kernel)
    kernel = column("Name");
  if (!column("Correlation_ID") || !kernel)
    return std::nullopt;
  header.page = Page::GpuTrace;
  header.kernel = *kernel;
  for (std::size_t c = 0; c < names.size(); ++c)
    if (isReadMetric(names[c]))
      header.metrics.emplace_back(c, names[c]);
  return header;
}

// One metric of one kernel, summed over devices and launches.
struct MetricTotal {
  double total = 0;         // sum of Invocations x Avg, or of the launches
  double invocations = 0;   // sum of Invocations, or the launches counted
  bool approximate = false; // Min != Max somewhere, or digits rounded
};

using NvprofKernel = std::map<std::string, MetricTotal>; // by metric

struct Table {
  std::map<std::string, NvprofKernel> kernels;
  std::vector<std::string> order; // kernels in order of first appearance
  std::string device;
};

class NvprofReader {
public:
  explicit NvprofReader(std::string_view text) : lines_(textLines(text)) {}

  Table read() {
    bool anyMetricTable = false;
    std::optional<Page> page;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      std::string_view line = trimmed(lines_[i]);
      // --print-gpu-trace's units row, right after the header, quotes
      // nothing.
      bool unitsPlace = header_ && header_->page == Page::GpuTrace &&
                        i == header_->line + 1 && !line.empty() &&
                        !startsWith(line, "==");
      if (!startsWith(line, "\"") && !unitsPlace)
        continue; // ==PID== lines, the program's own output
      std::size_t number = i + 1;
      std::optional<std::vector<std::string>> fields = csvRecord(line);
      if (!fields)
        throw InputError(lineText(number) + ": a quoted field is not closed");
      if (fields->front() == "Device" || fields->front() == "Start") {
        header_ = headerOf(*fields, i);
        if (!header_)
          continue;
        if (page && *page != header_->page)
          throw InputError("both a metric summary and a --print-gpu-trace "
                           "page: collect them in two files");
        page = header_->page;
        anyMetricTable = true;
        continue;
      }
      if (!header_)
        continue;
      if (header_->page == Page::Summary)
        readSummaryRow(*fields, number);
      else if (unitsPlace && isUnitsRow(line, *fields))
        readUnitsRow(*fields, number);
      else
        readTraceRow(*fields, number);
    }
    if (!anyMetricTable)
      throw InputError("no metric table (\"Device\",\"Kernel\",\"Invocations\","
                       "\"Metric Name\",...): not the output of nvprof --csv "
                       "--metrics? Collect with " +
                       std::string(kNvprofCommand));
    if (table_.order.empty())
      throw InputError("the metric table has no FLOP or byte metric; collect "
                       "with " +
                       std::string(kNvprofCommand));
    return std::move(table_);
  }

private:
  NvprofKernel &kernelOf(const std::vector<std::string> &fields) {
    const std::string &name = fields[header_->kernel];
    auto [entry, added] = table_.kernels.try_emplace(name);
    if (added)
      table_.order.push_back(name);
    if (table_.device.empty())
      table_.device = fields[header_->device];
    return entry->second;
  }

  // Adds what `launches` launches measured of `metric` to its total.
  static void add(MetricTotal &total, const std::string &metric, double value,
                  double launches, bool approximate, std::size_t line) {
    total.total += value;
    total.invocations += launches;
    total.approximate = total.approximate || approximate;
    if (!std::isfinite(total.total))
      throw InputError(lineText(line) + ": " + metric +
                       " adds up to more than a number holds");
  }

  void readSummaryRow(const std::vector<std::string> &fields,
                      std::size_t line) {
    std::size_t needed =
        std::max({header_->device, header_->kernel, header_->invocations,
                  header_->metric, header_->min, header_->max, header_->avg}) +
        1;
    if (fields.size() < needed)
      throw InputError(lineText(line) + ": " + std::to_string(fields.size()) +
                       " fields, fewer than the header's");
    const std::string &metric = fields[header_->metric];
    if (!isReadMetric(metric))
      return;
    NvprofKernel &kernel = kernelOf(fields);
    auto valueAt = [&](std::size_t column, const char *title, bool bytes) {
      return printedValue(fields[column], "", bytes, metric + " " + title,
                          line);
    };
    bool bytes = isBytesMetric(metric);
    PrintedValue invocations =
        valueAt(header_->invocations, "Invocations", false);
    PrintedValue minimum = valueAt(header_->min, "Min", bytes);
    PrintedValue maximum = valueAt(header_->max, "Max", bytes);
    PrintedValue average = valueAt(header_->avg, "Avg", bytes);
    add(kernel[metric], metric, invocations.value * average.value,
        invocations.value,
        minimum.value != maximum.value || invocations.rounded ||
            average.rounded,
        line);
  }

  // The units row has no kernel name; a launch's row always has one.
  bool isUnitsRow(std::string_view line,
                  const std::vector<std::string> &fields) const {
    return !startsWith(line, "\"") || fields.size() <= header_->kernel ||
           fields[header_->kernel].empty();
  }

  void readUnitsRow(const std::vector<std::string> &fields, std::size_t line) {
    if (fields.size() != header_->fields)
      throw InputError(lineText(line) + ": the units row has " +
                       std::to_string(fields.size()) +
                       " fields, the header has " +
                       std::to_string(header_->fields));
    header_->units = fields;
  }

  void readTraceRow(const std::vector<std::string> &fields, std::size_t line) {
    if (fields.size() != header_->fields)
      throw InputError(lineText(line) + ": " + std::to_string(fields.size()) +
                       " fields, the header has " +
                       std::to_string(header_->fields));
    const std::string &name = fields[header_->kernel];
    if (name.empty())
      throw InputError(lineText(line) + ": a launch without a kernel name");
    // Memory copies and sets ("[CUDA memcpy HtoD]", "[CUDA memset]") have
    // no metrics.
    if (startsWith(name, "[CUDA "))
      return;
    std::vector<std::pair<const std::string *, PrintedValue>> values;
    for (const auto &[column, metric] : header_->metrics) {
      if (trimmed(fields[column]).empty())
        continue; // not collected for this launch
      std::string_view unit;
      if (!header_->units.empty())
        unit = header_->units[column];
      values.emplace_back(&metric,
                          printedValue(fields[column], unit,
                                       isBytesMetric(metric), metric, line));
    }
    if (values.empty())
      return; // a row of no metric roof reads
    NvprofKernel &kernel = kernelOf(fields);
    for (const auto &[metric, value] : values)
      add(kernel[*metric], *metric, value.value, 1, value.rounded, line);
  }

  std::vector<std::string_view> lines_;
  std::optional<Header> header_; // of the table being read
  Table table_;
};

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
    if (!std::isfinite(sum.total))
      throw InputError(name + " (x " + exactDecimal(weight) +
                       ") adds up to more than a number holds");
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
  Table table = NvprofReader(text).read();
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
