//===- driver/read/NcuOutput.cpp - Counts from Nsight Compute CSV ---------===//
#include "NcuOutput.h"

#include "Census.h"
#include "InputFile.h"
#include "ProfilerUnits.h"

#include <algorithm>
#include <map>
#include <set>

namespace roof {

const char *const kNcuCommand =
    "ncu --csv --print-units base --print-kernel-base mangled --metrics "
    "sm__sass_thread_inst_executed_op_dadd_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_dmul_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_dfma_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_fadd_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_fmul_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_ffma_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_hadd_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_hmul_pred_on.sum,"
    "sm__sass_thread_inst_executed_op_hfma_pred_on.sum,"
    "l1tex__t_bytes.sum,lts__t_bytes.sum,dram__bytes.sum,"
    "gpu__time_duration.sum ./app > ncu.csv";

namespace {

//===----------------------------------------------------------------------===//
// The metrics roof reads
//===----------------------------------------------------------------------===//

// A metric and the base unit its values are converted to.
struct KnownMetric {
  std::string name;
  const char *unit;
};

struct FlopMetrics {
  RoofPrecision precision;
  bool required;
  std::string add, mul, fma;
};

std::string flopMetric(char letter, const char *operation) {
  return std::string("sm__sass_thread_inst_executed_op_") + letter + operation +
         "_pred_on.sum";
}

const std::vector<FlopMetrics> &flopMetrics() {
  static const std::vector<FlopMetrics> metrics = [] {
    std::vector<FlopMetrics> list;
    for (auto [precision, letter, required] :
         {std::tuple(ROOF_FP64, 'd', true), std::tuple(ROOF_FP32, 'f', true),
          std::tuple(ROOF_FP16, 'h', false)})
      list.push_back({precision, required, flopMetric(letter, "add"),
                      flopMetric(letter, "mul"), flopMetric(letter, "fma")});
    return list;
  }();
  return metrics;
}

const char *const kBytesMetrics[kNumProfiledLevels] = {
    "l1tex__t_bytes.sum", "lts__t_bytes.sum", "dram__bytes.sum"};
const char *const kTimeMetric = "gpu__time_duration.sum";
const char *const kCyclesMetric = "sm__cycles_elapsed.avg";
const char *const kClockMetric = "sm__cycles_elapsed.avg.per_second";

// The smsp__ sums are the sm__ sums over the sub-partitions: the same value.
std::string canonicalMetricName(const std::string &name) {
  return startsWith(name, "smsp__sass_") ? "sm__" + name.substr(6) : name;
}

// The base unit of a metric roof reads, or null for one it ignores.
const char *baseUnitOf(const std::string &name) {
  if (startsWith(name, "sm__sass_thread_inst_executed_op_"))
    return "inst";
  for (const char *bytes : kBytesMetrics)
    if (name == bytes)
      return "byte";
  if (name == kTimeMetric)
    return "second";
  if (name == kCyclesMetric)
    return "cycle";
  if (name == kClockMetric)
    return "cycle/second";
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

struct NcuLaunch {
  std::uint64_t id = 0;
  std::string kernel;
  std::optional<std::uint64_t> processId;
  std::optional<Dim3> grid;
  std::optional<Dim3> block;
  std::string computeCapability;
  std::map<std::string, double> metrics; // in base units
  // Metrics ncu printed scaled ("Minst", "4.19"): only as exact as the digits
  // it kept.
  std::set<std::string> rounded;
};

std::string lineText(std::size_t line) {
  return "line " + std::to_string(line);
}

// "(256, 1, 1)", as ncu prints block and grid sizes.
Dim3 dim3In(const std::string &text, const char *column, std::size_t line) {
  std::string_view inner = trimmed(text);
  std::vector<std::string_view> parts;
  if (inner.size() > 2 && inner.front() == '(' && inner.back() == ')') {
    inner = inner.substr(1, inner.size() - 2);
    for (std::size_t start = 0;;) {
      std::size_t comma = inner.find(',', start);
      parts.push_back(trimmed(inner.substr(start, comma - start)));
      if (comma == std::string_view::npos)
        break;
      start = comma + 1;
    }
  }
  Dim3 dim{};
  for (std::size_t i = 0; i < parts.size() && parts.size() == 3; ++i) {
    std::optional<std::uint64_t> value = parseUnsigned(parts[i]);
    if (!value)
      break;
    dim[i] = *value;
    if (i == 2)
      return dim;
  }
  throw InputError(lineText(line) + ": " + column + " \"" + text +
                   "\" is not (x, y, z)");
}

// The columns of the header row, by name.
class Columns {
public:
  explicit Columns(std::vector<std::string> names) : names_(std::move(names)) {}

  std::optional<std::size_t> find(std::string_view name) const {
    auto found = std::find(names_.begin(), names_.end(), name);
    if (found == names_.end())
      return std::nullopt;
    return static_cast<std::size_t>(found - names_.begin());
  }
  const std::vector<std::string> &names() const { return names_; }
  std::size_t size() const { return names_.size(); }

private:
  std::vector<std::string> names_;
};

class NcuReader {
public:
  explicit NcuReader(std::string_view text) : lines_(textLines(text)) {}

  std::map<std::uint64_t, NcuLaunch> read() {
    std::size_t header = findHeader();
    bool wide =
        !(columns_->find("Metric Name") && columns_->find("Metric Value"));
    for (std::size_t i = header + 1; i < lines_.size(); ++i) {
      std::string_view line = trimmed(lines_[i]);
      if (!startsWith(line, "\""))
        continue; // ==PROF== lines, the program's own output
      std::optional<std::vector<std::string>> fields = csvRecord(line);
      std::size_t number = i + 1;
      if (!fields)
        throw InputError(lineText(number) + ": a quoted field is not closed");
      if (*fields == columns_->names())
        continue; // the header again
      if (fields->size() != columns_->size())
        throw InputError(
            lineText(number) + ": " + std::to_string(fields->size()) +
            " fields, the header has " + std::to_string(columns_->size()));
      const std::string &id = (*fields)[*columns_->find("ID")];
      if (id.empty() && wide && units_.empty()) {
        units_ = *fields; // --page raw: the row of units
        continue;
      }
      std::optional<std::uint64_t> launchId = parseUnsigned(id);
      if (!launchId)
        throw InputError(lineText(number) + ": ID \"" + id +
                         "\" is not a launch number");
      NcuLaunch &launch = launchOf(*launchId, *fields, number);
      if (wide)
        readWideRow(launch, *fields, number);
      else
        readLongRow(launch, *fields, number);
    }
    if (launches_.empty())
      throw InputError("no profiled launch after the CSV header (ncu "
                       "profiled no kernel?)");
    return std::move(launches_);
  }

private:
  std::size_t findHeader() {
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      std::string_view line = trimmed(lines_[i]);
      if (!startsWith(line, "\""))
        continue;
      std::optional<std::vector<std::string>> fields = csvRecord(line);
      if (!fields)
        continue;
      columns_.emplace(*fields);
      if (columns_->find("ID") && columns_->find("Kernel Name"))
        return i;
    }
    throw InputError("no CSV header with \"ID\" and \"Kernel Name\" (not the "
                     "output of ncu --csv?)");
  }

  const std::string &field(const std::vector<std::string> &fields,
                           const char *column) const {
    static const std::string kNone;
    std::optional<std::size_t> index = columns_->find(column);
    return index ? fields[*index] : kNone;
  }

  NcuLaunch &launchOf(std::uint64_t id, const std::vector<std::string> &fields,
                      std::size_t line) {
    auto [entry, added] = launches_.try_emplace(id);
    NcuLaunch &launch = entry->second;
    if (!added)
      return launch;
    launch.id = id;
    launch.kernel = field(fields, "Kernel Name");
    launch.processId = parseUnsigned(field(fields, "Process ID"));
    if (columns_->find("Grid Size"))
      launch.grid = dim3In(field(fields, "Grid Size"), "Grid Size", line);
    if (columns_->find("Block Size"))
      launch.block = dim3In(field(fields, "Block Size"), "Block Size", line);
    launch.computeCapability = field(fields, "CC");
    return launch;
  }

  void readLongRow(NcuLaunch &launch, const std::vector<std::string> &fields,
                   std::size_t line) {
    addMetric(launch, field(fields, "Metric Name"),
              field(fields, "Metric Value"), field(fields, "Metric Unit"),
              line);
  }

  // Every column that names a metric roof reads; the leading ones (ID,
  // Kernel Name, ...) name none.
  void readWideRow(NcuLaunch &launch, const std::vector<std::string> &fields,
                   std::size_t line) {
    for (std::size_t c = 0; c < fields.size(); ++c)
      addMetric(launch, columns_->names()[c], fields[c],
                units_.empty() ? "" : units_[c], line);
  }

  static void addMetric(NcuLaunch &launch, const std::string &shownName,
                        const std::string &value, const std::string &unit,
                        std::size_t line) {
    std::string name = canonicalMetricName(shownName);
    const char *base = baseUnitOf(name);
    if (!base || value.empty() || value == "n/a")
      return; // not a metric roof reads, or not collected for this launch
    std::optional<double> number = parseGroupedNumber(trimmed(value));
    if (!number)
      throw InputError(lineText(line) + ": " + shownName + " is \"" + value +
                       "\", not a number");
    // Every metric roof reads is a count of instructions, bytes or time.
    if (*number < 0)
      throw InputError(lineText(line) + ": " + shownName + " is \"" + value +
                       "\", negative");
    std::optional<int> steps = unitSteps(unit, base);
    if (!steps)
      throw InputError(lineText(line) + ": " + shownName + " in \"" + unit +
                       "\", not a unit of " + base +
                       " roof knows: collect with ncu --print-units base");
    // ncu's default units (--print-units auto) scale counts too ("Kinst",
    // "Minst") and keep a few digits: read, and marked approximate.
    if (std::string_view(base) == "inst" && *steps != 0)
      launch.rounded.insert(name);
    launch.metrics[name] = scaledBySteps(*number, *steps, kDecimalRadix);
  }

  std::vector<std::string_view> lines_;
  std::optional<Columns> columns_;
  std::vector<std::string> units_;
  std::map<std::uint64_t, NcuLaunch> launches_;
};

//===----------------------------------------------------------------------===//
// From launches to kernels
//===----------------------------------------------------------------------===//

// The launches of one process: the census's when the file holds several.
std::vector<const NcuLaunch *>
launchesOfOneProcess(const std::map<std::uint64_t, NcuLaunch> &launches,
                     std::optional<std::uint64_t> processId) {
  std::set<std::uint64_t> processes;
  for (const auto &[id, launch] : launches)
    if (launch.processId)
      processes.insert(*launch.processId);
  bool choose = processes.size() > 1;
  if (choose && (!processId || !processes.count(*processId))) {
    std::string list;
    for (std::uint64_t process : processes)
      list += (list.empty() ? "" : ", ") + std::to_string(process);
    throw InputError(
        "the file profiles processes " + list + ", none of them " +
        (processId ? "the census's (pid " + std::to_string(*processId) + ")"
                   : std::string("chosen")));
  }
  std::vector<const NcuLaunch *> kept;
  for (const auto &[id, launch] : launches)
    if (!choose || launch.processId == processId)
      kept.push_back(&launch);
  return kept;
}

std::optional<double> metricOf(const NcuLaunch &launch,
                               const std::string &name) {
  auto found = launch.metrics.find(name);
  if (found == launch.metrics.end())
    return std::nullopt;
  return found->second;
}

// Whether ncu printed any of the precision's metrics scaled and rounded.
bool roundedFlops(const NcuLaunch &launch, const FlopMetrics &metrics) {
  for (const std::string *name : {&metrics.add, &metrics.mul, &metrics.fma})
    if (launch.rounded.count(*name))
      return true;
  return false;
}

// add + mul + 2 x fma of one precision; absent when the file has none of the
// three, refused when it has only some or a required precision is missing.
std::optional<double> flopsOf(const NcuLaunch &launch,
                              const FlopMetrics &metrics) {
  std::optional<double> add = metricOf(launch, metrics.add);
  std::optional<double> mul = metricOf(launch, metrics.mul);
  std::optional<double> fma = metricOf(launch, metrics.fma);
  if (add && mul && fma)
    return *add + *mul + 2 * *fma;
  if (!metrics.required && !add && !mul && !fma)
    return std::nullopt;
  const std::string &missing = !add   ? metrics.add
                               : !mul ? metrics.mul
                                      : metrics.fma;
  throw InputError("launch " + std::to_string(launch.id) + " (" +
                   launch.kernel + ") has no " + missing + ": roof needs " +
                   kPrecisionNames[metrics.precision] +
                   " FLOPs = add + mul + "
                   "2 x fma; collect with " +
                   kNcuCommand);
}

std::optional<double> timeOf(const NcuLaunch &launch) {
  if (std::optional<double> time = metricOf(launch, kTimeMetric))
    return time;
  std::optional<double> cycles = metricOf(launch, kCyclesMetric);
  std::optional<double> clock = metricOf(launch, kClockMetric);
  if (cycles && clock && *clock > 0)
    return *cycles / *clock;
  return std::nullopt;
}

// `sum` + `value`, absent as soon as one launch lacks the value.
void accumulate(std::optional<double> &sum, std::optional<double> value,
                bool first) {
  if (first)
    sum = value;
  else if (sum && value)
    *sum += *value;
  else
    sum.reset();
}

} // namespace

GpuProfile parseNcuCsv(std::string_view text,
                       std::optional<std::uint64_t> processId) {
  std::map<std::uint64_t, NcuLaunch> launches = NcuReader(text).read();
  GpuProfile profile;
  profile.tool = "ncu";
  std::map<std::string, std::size_t> kernelIndex;
  for (const NcuLaunch *launch : launchesOfOneProcess(launches, processId)) {
    auto [entry, added] =
        kernelIndex.try_emplace(launch->kernel, profile.kernels.size());
    if (added) {
      profile.kernels.emplace_back();
      profile.kernels.back().name = launch->kernel;
    }
    ProfiledKernel &kernel = profile.kernels[entry->second];
    bool first = kernel.launches++ == 0;
    for (const FlopMetrics &metrics : flopMetrics()) {
      accumulate(kernel.flops[metrics.precision], flopsOf(*launch, metrics),
                 first);
      kernel.approximateFlops[metrics.precision] =
          kernel.approximateFlops[metrics.precision] ||
          roundedFlops(*launch, metrics);
    }
    for (std::size_t level = 0; level < kNumProfiledLevels; ++level)
      accumulate(kernel.bytes[level], metricOf(*launch, kBytesMetrics[level]),
                 first);
    accumulate(kernel.timeS, timeOf(*launch), first);
    profile.launches.push_back({entry->second, launch->grid, launch->block});
    if (profile.device.empty() && !launch->computeCapability.empty())
      profile.device = "compute capability " + launch->computeCapability;
    if (!profile.processId)
      profile.processId = launch->processId;
  }
  return profile;
}

} // namespace roof
