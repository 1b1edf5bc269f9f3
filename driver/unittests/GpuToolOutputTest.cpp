//===- driver/unittests/GpuToolOutputTest.cpp - ncu and nvprof parsers ----===//
//
// The lit test test/lit/driver/compare-gpu.test reads realistic files end to
// end; these check the corners: both ncu pages, units, several processes,
// and files that are not what they should be, each refused with one line.
//
//===----------------------------------------------------------------------===//
#include "InputFile.h"
#include "NcuOutput.h"
#include "NvprofOutput.h"

#include <gtest/gtest.h>

namespace roof {
namespace {

//===----------------------------------------------------------------------===//
// Numbers and CSV records
//===----------------------------------------------------------------------===//

TEST(GroupedNumberTest, ReadsThousandsSeparators) {
  EXPECT_EQ(parseGroupedNumber("837,859,712"), 837859712.0);
  EXPECT_EQ(parseGroupedNumber("1,708,634.20"), 1708634.20);
  EXPECT_EQ(parseGroupedNumber("-1,000"), -1000.0);
  EXPECT_EQ(parseGroupedNumber("42"), 42.0);
  EXPECT_EQ(parseGroupedNumber("1.5e9"), 1.5e9);
  for (const char *bad : {"1,5", "1234,567", ",123", "1,2345", "1,,000",
                          "1,000.5,0", "n/a", "", "12 MB"})
    EXPECT_FALSE(parseGroupedNumber(bad)) << bad;
}

TEST(CsvRecordTest, KeepsCommasAndQuotesInQuotedFields) {
  EXPECT_EQ(csvRecord(R"("a","b,c",3,"say ""hi""")"),
            (std::vector<std::string>{"a", "b,c", "3", "say \"hi\""}));
  EXPECT_EQ(csvRecord(""), (std::vector<std::string>{""}));
  EXPECT_EQ(csvRecord("a,,b"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_FALSE(csvRecord(R"("open,field)"));
}

//===----------------------------------------------------------------------===//
// Nsight Compute
//===----------------------------------------------------------------------===//

const char *const kLongHeader =
    R"("ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value")";

// One long-page row of launch `id` of `kernel` in process `pid`.
std::string longRow(int id, const std::string &kernel, const char *metric,
                    const char *unit, const char *value, int pid = 7,
                    const char *grid = "(64, 1, 1)") {
  return "\"" + std::to_string(id) + "\",\"" + std::to_string(pid) +
         "\",\"app\",\"127.0.0.1\",\"" + kernel +
         "\",\"1\",\"7\",\"(128, 1, 1)\",\"" + grid +
         "\",\"0\",\"8.0\",\"Command line profiler metrics\",\"" + metric +
         "\",\"" + unit + "\",\"" + value + "\"\n";
}

// The six FLOP metrics of fp64 and fp32 of one launch: `dfma` FMAs.
std::string flopRows(int id, const std::string &kernel, const char *dfma,
                     int pid = 7, const char *grid = "(64, 1, 1)") {
  std::string rows;
  for (const char *op : {"dadd", "dmul", "fadd", "fmul", "ffma"})
    rows += longRow(
        id, kernel,
        (std::string("sm__sass_thread_inst_executed_op_") + op + "_pred_on.sum")
            .c_str(),
        "inst", "0", pid, grid);
  rows +=
      longRow(id, kernel, "sm__sass_thread_inst_executed_op_dfma_pred_on.sum",
              "inst", dfma, pid, grid);
  return rows;
}

std::string ncuRefusal(const std::string &text,
                       std::optional<std::uint64_t> pid = std::nullopt) {
  try {
    parseNcuCsv(text, pid);
  } catch (const InputError &error) {
    return error.what();
  }
  return "";
}

TEST(NcuTest, SumsLaunchesPerKernel) {
  std::string text =
      "==PROF== Connected to process 7 (/app)\n" + std::string(kLongHeader) +
      "\n" + flopRows(0, "k(double *)", "1,000") +
      longRow(0, "k(double *)", "dram__bytes.sum", "Mbyte", "1.50") +
      longRow(0, "k(double *)", "gpu__time_duration.sum", "usecond", "2.50") +
      "==PROF== Disconnected from process 7\n" +
      flopRows(1, "k(double *)", "2,000", 7, "(32, 2, 1)") +
      longRow(1, "k(double *)", "dram__bytes.sum", "byte", "500,000") +
      longRow(1, "k(double *)", "gpu__time_duration.sum", "nsecond", "1,500");
  GpuProfile profile = parseNcuCsv(text, std::nullopt);
  ASSERT_EQ(profile.kernels.size(), 1u);
  const ProfiledKernel &kernel = profile.kernels[0];
  EXPECT_EQ(kernel.name, "k(double *)");
  EXPECT_EQ(kernel.launches, 2u);
  EXPECT_EQ(kernel.flops[ROOF_FP64], 6000.0); // 2 x (1000 + 2000)
  EXPECT_EQ(kernel.flops[ROOF_FP32], 0.0);
  EXPECT_FALSE(kernel.flops[ROOF_FP16]); // not collected
  EXPECT_EQ(kernel.bytes[static_cast<int>(ProfiledLevel::Dram)], 2000000.0);
  EXPECT_FALSE(kernel.bytes[static_cast<int>(ProfiledLevel::L2)]);
  EXPECT_DOUBLE_EQ(*kernel.timeS, 4e-6);
  ASSERT_EQ(profile.launches.size(), 2u);
  EXPECT_EQ(profile.launches[1].grid, (Dim3{32, 2, 1}));
  EXPECT_EQ(profile.launches[1].block, (Dim3{128, 1, 1}));
  EXPECT_EQ(profile.device, "compute capability 8.0");
  EXPECT_EQ(profile.processId, 7u);
}

TEST(NcuTest, ReadsTheRawPageAndSmspMetrics) {
  std::string text =
      R"("ID","Kernel Name","dram__bytes.sum","smsp__sass_thread_inst_executed_op_dadd_pred_on.sum","smsp__sass_thread_inst_executed_op_dmul_pred_on.sum","smsp__sass_thread_inst_executed_op_dfma_pred_on.sum","smsp__sass_thread_inst_executed_op_fadd_pred_on.sum","smsp__sass_thread_inst_executed_op_fmul_pred_on.sum","smsp__sass_thread_inst_executed_op_ffma_pred_on.sum","sm__cycles_elapsed.avg","sm__cycles_elapsed.avg.per_second"
"","","Kbyte","inst","inst","inst","inst","inst","inst","cycle","cycle/usecond"
"0","k","2","1","2","3","4","5","6","1,500","1,500"
)";
  GpuProfile profile = parseNcuCsv(text, std::nullopt);
  ASSERT_EQ(profile.kernels.size(), 1u);
  const ProfiledKernel &kernel = profile.kernels[0];
  EXPECT_EQ(kernel.flops[ROOF_FP64], 1 + 2 + 2 * 3.0);
  EXPECT_EQ(kernel.flops[ROOF_FP32], 4 + 5 + 2 * 6.0);
  EXPECT_EQ(kernel.bytes[static_cast<int>(ProfiledLevel::Dram)], 2000.0);
  // 1500 cycles at 1500 cycles per microsecond.
  EXPECT_DOUBLE_EQ(*kernel.timeS, 1e-6);
  EXPECT_FALSE(profile.launches[0].grid); // no Grid Size column
}

TEST(NcuTest, ReadsTheCensussProcessOfSeveral) {
  std::string text = std::string(kLongHeader) + "\n" +
                     flopRows(0, "k", "1", 7) + flopRows(1, "k", "10", 8) +
                     flopRows(2, "k", "100", 7);
  GpuProfile profile = parseNcuCsv(text, 7);
  EXPECT_EQ(profile.kernels[0].launches, 2u);
  EXPECT_EQ(profile.kernels[0].flops[ROOF_FP64], 202.0);
  EXPECT_EQ(ncuRefusal(text, 9), "the file profiles processes 7, 8, none of "
                                 "them the census's (pid 9)");
}

TEST(NcuTest, RefusesWhatIsNotItsOutput) {
  EXPECT_EQ(ncuRefusal("==PROF== Connected to process 7\nhello\n"),
            "no CSV header with \"ID\" and \"Kernel Name\" (not the output of "
            "ncu --csv?)");
  EXPECT_EQ(ncuRefusal(std::string(kLongHeader) + "\n==PROF== done\n"),
            "no profiled launch after the CSV header (ncu profiled no "
            "kernel?)");
  std::string header = std::string(kLongHeader) + "\n";
  EXPECT_EQ(ncuRefusal(header + "\"0\",\"7\"\n"),
            "line 2: 2 fields, the header has 15");
  EXPECT_EQ(ncuRefusal(header + "\"0\",\"7\",\"open\n"),
            "line 2: a quoted field is not closed");
  EXPECT_EQ(ncuRefusal(header + longRow(0, "k", "dram__bytes.sum", "byte", "1")
                                    .replace(0, 3, "\"x\"")),
            "line 2: ID \"x\" is not a launch number");
  EXPECT_EQ(ncuRefusal(header + longRow(0, "k", "dram__bytes.sum", "byte", "1",
                                        7, "(64, 1)")),
            "line 2: Grid Size \"(64, 1)\" is not (x, y, z)");
  EXPECT_EQ(
      ncuRefusal(header + longRow(0, "k", "dram__bytes.sum", "byte", "1,5")),
      "line 2: dram__bytes.sum is \"1,5\", not a number");
  EXPECT_EQ(
      ncuRefusal(header + longRow(0, "k", "dram__bytes.sum", "inst", "15")),
      "line 2: dram__bytes.sum in \"inst\", not a unit of byte roof "
      "knows: collect with ncu --print-units base");
}

TEST(NcuTest, RefusesMissingFlopMetricsWithTheCommandThatCollectsThem) {
  std::string text = std::string(kLongHeader) + "\n" +
                     longRow(0, "k", "dram__bytes.sum", "byte", "1");
  std::string message = ncuRefusal(text);
  EXPECT_EQ(message.rfind("launch 0 (k) has no "
                          "sm__sass_thread_inst_executed_op_dadd_pred_on.sum: "
                          "roof needs fp64 FLOPs = add + mul + 2 x fma; "
                          "collect with ncu --csv --print-units base",
                          0),
            0u)
      << message;
  EXPECT_NE(message.find(kNcuCommand), std::string::npos);

  // fp16 is optional, but all or nothing.
  text = std::string(kLongHeader) + "\n" + flopRows(0, "k", "1") +
         longRow(0, "k", "sm__sass_thread_inst_executed_op_hfma_pred_on.sum",
                 "inst", "1");
  EXPECT_NE(ncuRefusal(text).find("has no "
                                  "sm__sass_thread_inst_executed_op_hadd_pred_"
                                  "on.sum: roof needs fp16 FLOPs"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// nvprof
//===----------------------------------------------------------------------===//

const char *const kNvprofHeader =
    R"("Device","Kernel","Invocations","Metric Name","Metric Description","Min","Max","Avg")";

std::string nvprofRow(const char *kernel, int invocations, const char *metric,
                      const char *min, const char *max, const char *avg,
                      const char *device = "Tesla K20c (0)") {
  return std::string("\"") + device + "\",\"" + kernel + "\"," +
         std::to_string(invocations) + ",\"" + metric + "\",\"text\"," + min +
         "," + max + "," + avg + "\n";
}

std::string nvprofRefusal(const std::string &text) {
  try {
    parseNvprofCsv(text);
  } catch (const InputError &error) {
    return error.what();
  }
  return "";
}

TEST(NvprofTest, TotalsAreInvocationsTimesAverage) {
  std::string text =
      "==7== NVPROF is profiling process 7, command: ./app\n"
      "==7== Event result:\n"
      "\"Device\",\"Kernel\",\"Invocations\",\"Event Name\",\"Min\",\"Max\","
      "\"Avg\",\"Total\"\n"
      "\"Tesla K20c (0)\",\"kern(float*, int)\",3,\"inst_executed\",1,1,1,3\n"
      "==7== Metric result:\n" +
      std::string(kNvprofHeader) + "\n" +
      nvprofRow("kern(float*, int)", 3, "flop_count_sp", "10", "30", "20") +
      nvprofRow("kern(float*, int)", 3, "flop_count_dp", "4", "4", "4") +
      nvprofRow("kern(float*, int)", 3, "dram_read_throughput", "1.5GB/s",
                "2.0GB/s", "1.7GB/s") +
      nvprofRow("kern(float*, int)", 3, "dram_read_transactions", "1", "1",
                "1") +
      nvprofRow("kern(float*, int)", 3, "dram_write_transactions", "2", "2",
                "2") +
      nvprofRow("kern(float*, int)", 1, "flop_count_sp", "5", "5", "5",
                "Tesla K20c (1)") +
      nvprofRow("kern(float*, int)", 1, "flop_count_dp", "0", "0", "0",
                "Tesla K20c (1)");
  GpuProfile profile = parseNvprofCsv(text);
  ASSERT_EQ(profile.kernels.size(), 1u);
  const ProfiledKernel &kernel = profile.kernels[0];
  EXPECT_EQ(kernel.launches, 4u); // on two devices
  EXPECT_EQ(kernel.flops[ROOF_FP32], 3 * 20.0 + 5);
  EXPECT_TRUE(kernel.approximateFlops[ROOF_FP32]); // Min != Max
  EXPECT_EQ(kernel.flops[ROOF_FP64], 12.0);
  EXPECT_FALSE(kernel.approximateFlops[ROOF_FP64]);
  // Only device 0 measured DRAM: 3 x (1 + 2) transactions of 32 bytes.
  EXPECT_EQ(kernel.bytes[static_cast<int>(ProfiledLevel::Dram)], 288.0);
  EXPECT_FALSE(kernel.timeS);
  EXPECT_TRUE(profile.launches.empty());
  EXPECT_EQ(profile.device, "Tesla K20c (0)");
}

TEST(NvprofTest, AddsPerOperationMetricsWhenTheTotalIsMissing) {
  std::string text = std::string(kNvprofHeader) + "\n" +
                     nvprofRow("k", 2, "flop_count_dp_add", "1", "1", "1") +
                     nvprofRow("k", 2, "flop_count_dp_mul", "2", "2", "2") +
                     nvprofRow("k", 2, "flop_count_dp_fma", "3", "3", "3") +
                     nvprofRow("k", 2, "flop_count_sp", "0", "0", "0");
  EXPECT_EQ(parseNvprofCsv(text).kernels[0].flops[ROOF_FP64],
            2 * (1 + 2 + 2 * 3.0));
}

TEST(NvprofTest, RefusesWhatIsNotItsOutput) {
  EXPECT_NE(nvprofRefusal("==7== Profiling result:\nnothing\n")
                .find("no metric table"),
            std::string::npos);
  std::string header = std::string(kNvprofHeader) + "\n";
  EXPECT_NE(nvprofRefusal(header + nvprofRow("k", 1, "ipc", "1", "1", "1"))
                .find("the metric table has no FLOP or byte metric; collect "
                      "with nvprof --csv"),
            std::string::npos);
  EXPECT_EQ(
      nvprofRefusal(header + nvprofRow("k", 1, "flop_count_dp", "x", "1", "1")),
      "line 2: flop_count_dp Min is \"x\", not a number");
  EXPECT_EQ(nvprofRefusal(header + nvprofRow("k", 1, "dram_write_transactions",
                                             "4", "4", "-4")),
            "line 2: dram_write_transactions Avg is \"-4\", negative");
  EXPECT_EQ(nvprofRefusal(header + "\"Tesla K20c (0)\",\"k\",1\n"),
            "line 2: 3 fields, fewer than the header's");
  EXPECT_EQ(
      nvprofRefusal(header + nvprofRow("k", 1, "flop_count_dp", "1", "1", "1")),
      std::string("no flop_count_sp (nor flop_count_sp_add, _mul, "
                  "_fma) for k: roof needs fp64 and fp32 FLOPs; "
                  "collect with ") +
          kNvprofCommand);
}

} // namespace
} // namespace roof

namespace roof {
namespace {

//===----------------------------------------------------------------------===//
// ncu's default units (--print-units auto)
//===----------------------------------------------------------------------===//

// One launch whose dram__bytes.sum and gpu__time_duration.sum are printed in
// `bytesUnit` and `timeUnit`, and its dfma count in `instUnit`.
GpuProfile ncuInUnits(const char *bytesUnit, const char *bytes,
                      const char *timeUnit, const char *time,
                      const char *instUnit = "inst",
                      const char *dfma = "1,000") {
  std::string text = std::string(kLongHeader) + "\n";
  for (const char *op : {"dadd", "dmul", "fadd", "fmul", "ffma"})
    text += longRow(
        0, "k",
        (std::string("sm__sass_thread_inst_executed_op_") + op + "_pred_on.sum")
            .c_str(),
        "inst", "0");
  text += longRow(0, "k", "sm__sass_thread_inst_executed_op_dfma_pred_on.sum",
                  instUnit, dfma);
  text += longRow(0, "k", "dram__bytes.sum", bytesUnit, bytes);
  text += longRow(0, "k", "gpu__time_duration.sum", timeUnit, time);
  // Metrics roof does not read, in units it does not convert.
  text += longRow(0, "k", "sm__throughput.avg.pct_of_peak_sustained_elapsed",
                  "%", "12.34");
  text += longRow(0, "k", "sm__cycles_active.avg", "cycle", "1,234.5");
  return parseNcuCsv(text, std::nullopt);
}

TEST(NcuUnitsTest, TimesInEverySpelling) {
  // Nsight Compute 2025 abbreviates ("ns", "us", "ms", "s"), older versions
  // and --print-units base spell out ("nsecond", "usecond", ...).
  const std::pair<const char *, const char *> kTimes[] = {
      {"ns", "243,652,480"}, {"nsecond", "243,652,480"},
      {"us", "243,652.48"},  {"usecond", "243,652.48"},
      {"ms", "243.65248"},   {"msecond", "243.65248"},
      {"s", "0.24365248"},   {"second", "0.24365248"}};
  for (auto [unit, value] : kTimes) {
    GpuProfile profile = ncuInUnits("byte", "1", unit, value);
    EXPECT_NEAR(*profile.kernels[0].timeS, 0.24365248, 1e-15) << unit;
  }
}

TEST(NcuUnitsTest, BytesInSiMultiples) {
  // ncu's byte prefixes are powers of 1000: 8,392,704 bytes print as 8.39
  // Mbyte.
  const std::pair<const char *, double> kBytes[] = {{"byte", 1.5},
                                                    {"Kbyte", 1.5e3},
                                                    {"Mbyte", 1.5e6},
                                                    {"Gbyte", 1.5e9},
                                                    {"Tbyte", 1.5e12}};
  for (auto [unit, bytes] : kBytes) {
    GpuProfile profile = ncuInUnits(unit, "1.5", "ns", "1");
    EXPECT_DOUBLE_EQ(
        *profile.kernels[0].bytes[static_cast<int>(ProfiledLevel::Dram)], bytes)
        << unit;
  }
  GpuProfile grouped = ncuInUnits("Kbyte", "8,392.70", "ns", "1");
  EXPECT_DOUBLE_EQ(
      *grouped.kernels[0].bytes[static_cast<int>(ProfiledLevel::Dram)],
      8392700.0);
}

TEST(NcuUnitsTest, ScaledInstructionCountsAreApproximate) {
  GpuProfile exact = ncuInUnits("byte", "1", "ns", "1", "inst", "1,048,576");
  EXPECT_EQ(exact.kernels[0].flops[ROOF_FP64], 2097152.0);
  EXPECT_FALSE(exact.kernels[0].approximateFlops[ROOF_FP64]);
  const std::tuple<const char *, const char *, double> kCounts[] = {
      {"Kinst", "1,048.58", 1048580},
      {"Minst", "1.05", 1050000},
      {"Ginst", "0.00105", 1050000}};
  for (auto [unit, value, count] : kCounts) {
    GpuProfile profile = ncuInUnits("byte", "1", "ns", "1", unit, value);
    EXPECT_NEAR(*profile.kernels[0].flops[ROOF_FP64], 2 * count, 1e-6) << unit;
    EXPECT_TRUE(profile.kernels[0].approximateFlops[ROOF_FP64]) << unit;
    EXPECT_FALSE(profile.kernels[0].approximateFlops[ROOF_FP32]) << unit;
  }
}

TEST(NcuUnitsTest, AnUnknownUnitIsRefusedWithItsLine) {
  std::string text = std::string(kLongHeader) + "\n" + flopRows(0, "k", "1") +
                     longRow(0, "k", "dram__bytes.sum", "Kibyte", "8,196");
  EXPECT_EQ(ncuRefusal(text),
            "line 8: dram__bytes.sum in \"Kibyte\", not a unit of byte roof "
            "knows: collect with ncu --print-units base");
  text = std::string(kLongHeader) + "\n" + flopRows(0, "k", "1") +
         longRow(0, "k", "gpu__time_duration.sum", "cycle", "8,196");
  EXPECT_NE(ncuRefusal(text).find("line 8: gpu__time_duration.sum in "
                                  "\"cycle\", not a unit of second"),
            std::string::npos);
}

} // namespace
} // namespace roof
