//===- driver/unittests/GpuToolOutputTest.cpp - ncu and nvprof parsers ----===//
//
// The lit test test/lit/driver/compare-gpu.test reads realistic files end to
// end; these check the corners: both pages of ncu and of nvprof, units,
// several processes, and files that are not what they should be, each
// refused with one line.
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

//===----------------------------------------------------------------------===//
// nvprof's default units
//===----------------------------------------------------------------------===//

// The same kernel "k", 2 invocations, with `dram` as every printed
// dram_read_bytes value and `dp` as every flop_count_dp value.
GpuProfile nvprofInUnits(const char *dram, const char *dp) {
  return parseNvprofCsv(
      std::string(kNvprofHeader) + "\n" +
      nvprofRow("k", 2, "dram_read_bytes", dram, dram, dram) +
      nvprofRow("k", 2, "dram_write_bytes", "0", "0", "0") +
      nvprofRow("k", 2, "flop_count_dp", dp, dp, dp) +
      nvprofRow("k", 2, "flop_count_sp", "\"1,234\"", "\"1,234\"",
                "\"1,234\"") +
      // Metrics roof does not read, in the units nvprof prints them.
      nvprofRow("k", 2, "dram_read_throughput", "616.07MB/s", "616.07MB/s",
                "616.07MB/s") +
      nvprofRow("k", 2, "gld_efficiency", "21.88%", "21.88%", "21.88%") +
      nvprofRow("k", 2, "dram_utilization", "\"Low (1)\"", "\"Low (1)\"",
                "\"Low (1)\""));
}

double dramBytes(const GpuProfile &profile) {
  return *profile.kernels[0].bytes[static_cast<int>(ProfiledLevel::Dram)];
}

TEST(NvprofUnitsTest, BytesInSteps) {
  // nvprof's memory sizes are powers of 1024: its 4 KiB pages print as
  // "4.0000KB" (unified memory summaries), 1020 KiB as "0.9961MB".
  const std::pair<const char *, double> kBytes[] = {
      {"512", 512},
      {"512B", 512},
      {"4.0000KB", 4096},
      {"1.5000MB", 1.5 * 1048576},
      {"2.0000GB", 2.0 * 1073741824},
      {"1TB", 1099511627776.0}};
  for (auto [printed, bytes] : kBytes)
    EXPECT_EQ(dramBytes(nvprofInUnits(printed, "1")), 2 * bytes) << printed;
}

TEST(NvprofUnitsTest, CountsInExponentNotationAreApproximate) {
  GpuProfile exact = nvprofInUnits("0", "9877961505");
  EXPECT_EQ(exact.kernels[0].flops[ROOF_FP64], 2 * 9877961505.0);
  EXPECT_FALSE(exact.kernels[0].approximateFlops[ROOF_FP64]);
  EXPECT_EQ(exact.kernels[0].flops[ROOF_FP32], 2 * 1234.0); // grouped
  // From 10^10 on nvprof keeps five digits (Summit's V100: flop_count_dp_fma
  // "8.1962e+11").
  GpuProfile rounded = nvprofInUnits("0", "8.1962e+11");
  EXPECT_EQ(rounded.kernels[0].flops[ROOF_FP64], 2 * 8.1962e11);
  EXPECT_TRUE(rounded.kernels[0].approximateFlops[ROOF_FP64]);
  EXPECT_FALSE(rounded.kernels[0].approximateFlops[ROOF_FP32]);
}

TEST(NvprofUnitsTest, AnUnknownUnitIsRefusedWithItsLineAndValue) {
  std::string header = std::string(kNvprofHeader) + "\n";
  EXPECT_EQ(nvprofRefusal(header + nvprofRow("k", 1, "dram_read_bytes", "1.5XB",
                                             "1.5XB", "1.5XB")),
            "line 2: dram_read_bytes Min is \"1.5XB\": \"XB\" is not a unit "
            "of bytes roof knows (B, KB, MB, GB, TB, PB)");
  for (const char *bad : {"1.5KiB", "1.5kB", "1.5uB", "1.5e"})
    EXPECT_NE(nvprofRefusal(
                  header + nvprofRow("k", 1, "dram_write_bytes", "1", "1", bad))
                  .find("is not a unit of bytes"),
              std::string::npos)
        << bad;
  EXPECT_EQ(
      nvprofRefusal(header +
                    nvprofRow("k", 1, "flop_count_dp", "1", "1", "12%")),
      "line 2: flop_count_dp Avg is \"12%\": \"%\" is not a unit of a count");
  EXPECT_EQ(nvprofRefusal(header + nvprofRow("k", 1, "dram_read_transactions",
                                             "1", "1", "1KB")),
            "line 2: dram_read_transactions Avg is \"1KB\": \"KB\" is not a "
            "unit of a count");
  EXPECT_EQ(nvprofRefusal(header + nvprofRow("k", 1, "dram_read_bytes", "1",
                                             "1", "1e300PB")),
            "line 2: dram_read_bytes Avg is \"1e300PB\", more than a number "
            "holds");
}

//===----------------------------------------------------------------------===//
// nvprof --print-gpu-trace
//===----------------------------------------------------------------------===//

// As romnn/microgpusim's profile/tests/nvprof_vectoradd_100_32_metrics_all.txt
// (nvprof --csv --print-gpu-trace --metrics all on a GTX 1080): a row per
// launch, a column per metric, an unquoted row of units under the header.
const char *const kTraceHeader =
    R"("Device","Context","Stream","Kernel","Correlation_ID","gld_efficiency","dram_read_throughput","flop_count_dp","flop_count_sp","dram_read_transactions","dram_write_transactions")";
const char *const kTraceUnits = ",,,,,%,MB/s,,,,";

std::string traceRow(const char *kernel, int correlation, const char *dp,
                     const char *sp, const char *read, const char *write) {
  return std::string("\"Tesla K20c (0)\",\"1\",\"7\",\"") + kernel + "\"," +
         std::to_string(correlation) + ",96.153846,452.628083," + dp + "," +
         sp + "," + read + "," + write + "\n";
}

TEST(NvprofTraceTest, SumsEachKernelsLaunchesAsTheSummaryWould) {
  std::string trace =
      "==7== NVPROF is profiling process 7, command: ./app\n"
      "==7== Profiling result:\n" +
      std::string(kTraceHeader) + "\n" + kTraceUnits + "\n" +
      traceRow("kern(float*, int)", 117, "4", "20", "1", "2") +
      // Copies and sets: no metrics.
      "\"Tesla K20c (0)\",\"1\",\"7\",\"[CUDA memcpy HtoD]\",118,,,,,,\n" +
      traceRow("kern(float*, int)", 119, "4", "20", "1", "2") +
      traceRow("other(int)", 121, "0", "7", "0", "0") +
      traceRow("kern(float*, int)", 123, "4", "20", "1", "2");
  std::string summary =
      std::string(kNvprofHeader) + "\n" +
      nvprofRow("kern(float*, int)", 3, "flop_count_dp", "4", "4", "4") +
      nvprofRow("kern(float*, int)", 3, "flop_count_sp", "20", "20", "20") +
      nvprofRow("kern(float*, int)", 3, "dram_read_transactions", "1", "1",
                "1") +
      nvprofRow("kern(float*, int)", 3, "dram_write_transactions", "2", "2",
                "2") +
      nvprofRow("other(int)", 1, "flop_count_dp", "0", "0", "0") +
      nvprofRow("other(int)", 1, "flop_count_sp", "7", "7", "7") +
      nvprofRow("other(int)", 1, "dram_read_transactions", "0", "0", "0") +
      nvprofRow("other(int)", 1, "dram_write_transactions", "0", "0", "0");
  GpuProfile fromTrace = parseNvprofCsv(trace);
  GpuProfile fromSummary = parseNvprofCsv(summary);
  ASSERT_EQ(fromTrace.kernels.size(), 2u);
  ASSERT_EQ(fromSummary.kernels.size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    const ProfiledKernel &a = fromTrace.kernels[k];
    const ProfiledKernel &b = fromSummary.kernels[k];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.launches, b.launches) << a.name;
    EXPECT_EQ(a.flops, b.flops) << a.name;
    EXPECT_EQ(a.approximateFlops, b.approximateFlops) << a.name;
    EXPECT_EQ(a.bytes, b.bytes) << a.name;
    EXPECT_EQ(a.timeS, b.timeS) << a.name;
  }
  const ProfiledKernel &kern = fromTrace.kernels[0];
  EXPECT_EQ(kern.launches, 3u);
  EXPECT_EQ(kern.flops[ROOF_FP64], 12.0);
  EXPECT_EQ(kern.flops[ROOF_FP32], 60.0);
  EXPECT_EQ(kern.bytes[static_cast<int>(ProfiledLevel::Dram)], 288.0);
  EXPECT_EQ(fromTrace.device, fromSummary.device);
  EXPECT_TRUE(fromTrace.launches.empty());
}

TEST(NvprofTraceTest, AppliesTheUnitsRowWhereAColumnHasOne) {
  const char *header =
      R"("Device","Context","Stream","Name","Correlation_ID","flop_count_dp","flop_count_sp","dram_read_bytes","dram_write_bytes")";
  auto bytesOf = [&](const std::string &units, const char *read) {
    return dramBytes(parseNvprofCsv(std::string(header) + "\n" + units +
                                    "\"GTX 1080 (0)\",\"1\",\"7\",\"k\",1,"
                                    "8,2," +
                                    read + ",0\n"));
  };
  EXPECT_EQ(bytesOf(",,,,,,,KB,B\n", "1.5"), 1536.0);
  EXPECT_EQ(bytesOf(",,,,,,,MB,\n", "2"), 2.0 * 1048576);
  EXPECT_EQ(bytesOf(",,,,,,,,\n", "7136"), 7136.0);
  // Without a units row, or a unit printed with the value.
  EXPECT_EQ(bytesOf("", "7136"), 7136.0);
  EXPECT_EQ(bytesOf("", "1.5000MB"), 1.5 * 1048576);
}

std::string traceRefusal(const std::string &rows) {
  return nvprofRefusal(std::string(kTraceHeader) + "\n" + rows);
}

TEST(NvprofTraceTest, RefusesWhatIsNotItsOutput) {
  std::string row = traceRow("k", 1, "4", "20", "1", "2");
  EXPECT_EQ(traceRefusal(",,,,%,MB/s,,,,\n" + row),
            "line 2: the units row has 10 fields, the header has 11");
  EXPECT_EQ(traceRefusal(std::string(kTraceUnits) + "\n" +
                         "\"Tesla K20c (0)\",\"1\",\"7\",\"k\",1\n"),
            "line 3: 5 fields, the header has 11");
  EXPECT_EQ(traceRefusal(",,,,,%,MB/s,XB,,,\n" + row),
            "line 3: flop_count_dp is \"4\": \"XB\" is not a unit of a count");
  EXPECT_EQ(traceRefusal(std::string(kTraceUnits) + "\n" +
                         traceRow("k", 1, "4", "20", "1", "2%")),
            "line 3: dram_write_transactions is \"2%\": \"%\" is not a unit of "
            "a count");
  EXPECT_EQ(traceRefusal(std::string(kTraceUnits) + "\n" + row + row +
                         traceRow("", 3, "4", "20", "1", "2")),
            "line 5: a launch without a kernel name");
  // A metric roof needs without its column.
  std::string noSp =
      R"("Device","Context","Stream","Kernel","Correlation_ID","flop_count_dp")"
      "\n\"Tesla K20c (0)\",\"1\",\"7\",\"k\",1,4\n";
  EXPECT_EQ(nvprofRefusal(noSp),
            std::string("no flop_count_sp (nor flop_count_sp_add, _mul, "
                        "_fma) for k: roof needs fp64 and fp32 FLOPs; "
                        "collect with ") +
                kNvprofCommand);
  // --print-gpu-trace without --metrics: times and sizes, no metric.
  std::string timesOnly =
      R"("Start","Duration","Grid X","Size","Throughput","Device","Context","Stream","Name","Correlation_ID")"
      "\nus,us,,B,MB/s,,,,,\n"
      "245729.104000,1.088000,,400,350.615557,\"GTX 1080 (0)\",\"1\",\"7\","
      "\"[CUDA memcpy HtoD]\",117\n"
      "245767.824000,3.264000,1,,,\"GTX 1080 (0)\",\"1\",\"7\",\"k\",123\n";
  EXPECT_NE(nvprofRefusal(timesOnly).find("has no FLOP or byte metric"),
            std::string::npos);
  // Both pages in one file would count every launch twice.
  EXPECT_EQ(nvprofRefusal(std::string(kNvprofHeader) + "\n" +
                          nvprofRow("k", 1, "flop_count_dp", "1", "1", "1") +
                          kTraceHeader + "\n" + row),
            "both a metric summary and a --print-gpu-trace page: collect them "
            "in two files");
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
