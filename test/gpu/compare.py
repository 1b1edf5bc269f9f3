#!/usr/bin/env python3
"""Step 3 of 3 of the GPU validation: roof against Nsight Compute, from RESULTS.

Reads the folder that DIR/run.sh wrote on the GPU machine (docs/validation.md)
and prints, in markdown for docs/validation.md:

- the device (RESULTS/device.csv, nvidia-smi's name and driver) and the steps
  that failed (RESULTS/status.tsv);
- per program, `roof compare NAME.json --ncu NAME.ncu.csv` (ncu's default
  units) and a row per kernel of its FLOPs, roof's empirical count beside
  ncu's; where NAME.ncu-base.csv (the same profile with --print-units base)
  exists, any value in which the two files disagree;
- roof's modelled traffic against ncu's: per kernel of a traffic-mode run
  (NAME.traffic.json), its bytes at DRAM and L2 beside ncu's dram__bytes.sum
  and lts__t_bytes.sum of the same launches (roof compare, with
  NAME.ncu-base.csv where it exists), and how many kernels are within 15% at
  DRAM;
- the overhead of roof's device counters: per kernel, the median
  gpu__time_duration of the plain and of the instrumented build
  (NAME.time-plain.csv, NAME.time-roof.csv: ncu, ROOF_CUDA=total) and the
  median of the per-launch ratios, launches paired in launch order; flagged
  above 1.10x for kernels of 50 us or more, above 1.5x for any kernel; and
  that of traffic mode (NAME.time-traffic.csv: ROOF_CUDA=launch), flagged
  above 2x.

    compare.py RESULTS [--roof PATH] [--only flops|overhead|traffic]

Python 3 standard library only. The roof driver is DIR/bin/roof next to this
script when it runs from the folder of test/gpu/build.sh, else build/bin/roof
of the repository; --roof chooses another.
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TIME_METRIC = "gpu__time_duration.sum"
# Overhead flags: ratio limits, the first for kernels of at least LONG_NS.
LONG_NS = 50e3
LONG_LIMIT = 1.10
ANY_LIMIT = 1.5
# The modelled DRAM bytes' target: within TRAFFIC_LIMIT of ncu's on
# TRAFFIC_SHARE of the kernels (issue 12).
TRAFFIC_LIMIT = 0.15
TRAFFIC_SHARE = 0.8
# Seconds in one of ncu's time units: its default output abbreviates them
# (Nsight Compute 2025: "ns", "us"), --print-units base and older versions
# spell them out.
TIME_UNITS = {"ns": 1e-9, "nsecond": 1e-9, "us": 1e-6, "usecond": 1e-6,
              "ms": 1e-3, "msecond": 1e-3, "s": 1.0, "second": 1.0}


class InputError(Exception):
    """A results file this script cannot use: one line for the user."""


#===----------------------------------------------------------------------===#
# ncu's CSV
#===----------------------------------------------------------------------===#

def ncu_rows(path):
    """The rows of an `ncu --csv` file (details page) as dicts.

    The program's own output and ncu's ==PROF== lines surround the table;
    only the lines that start with a quote, from the header on, are CSV."""
    with open(path, newline="", errors="replace") as f:
        lines = [line for line in f if line.startswith('"')]
    header = None
    rows = []
    for fields in csv.reader(lines):
        if "ID" in fields and "Kernel Name" in fields:
            header = fields
            continue
        if header is None or len(fields) != len(header):
            continue
        rows.append(dict(zip(header, fields)))
    if header is None:
        raise InputError(f"{path}: no ncu CSV header (\"ID\", \"Kernel Name\")")
    return rows


def seconds(unit, value, path):
    """A gpu__time_duration value in seconds; "243,652" is 243652."""
    if unit not in TIME_UNITS:
        raise InputError(f"{path}: {TIME_METRIC} in unit {unit!r}")
    try:
        return float(value.replace(",", "")) * TIME_UNITS[unit]
    except ValueError:
        raise InputError(f"{path}: {TIME_METRIC} value {value!r} is not a number")


def kernel_durations(path):
    """{kernel name: [seconds per launch, in launch order]}, kernels in the
    order of their first launch."""
    durations = {}
    for row in ncu_rows(path):
        if row.get("Metric Name") != TIME_METRIC:
            continue
        durations.setdefault(row["Kernel Name"], []).append(
            seconds(row.get("Metric Unit", "nsecond"), row["Metric Value"], path))
    return durations


#===----------------------------------------------------------------------===#
# Overhead of the device counters
#===----------------------------------------------------------------------===#

def short_name(kernel):
    """`daxpy(long, double, ...)` -> `daxpy`; `void f<double>(...)` -> `f<double>`."""
    name = kernel.split("(", 1)[0].strip()
    return name[5:] if name.startswith("void ") else name


# The instrumented builds whose kernel times are compared with the plain
# build's: NAME.time-BUILD.csv, how it ran, and the limits of its flags
# (the first for kernels of at least LONG_NS).
BUILDS = {
    "roof": ("the instrumented build ran with ROOF_CUDA=total", LONG_LIMIT,
             ANY_LIMIT),
    "traffic": ("the traffic-mode build ran with ROOF_CUDA=launch, the only "
                "mode that samples", 2.0, 2.0),
}


def overhead_rows(results, programs, build="roof"):
    """Per program and kernel: (program, kernel, launches, plain median s,
    BUILD's median s, median ratio, flag), or (program, None, why, ...) for
    a program whose timings are missing."""
    _, long_limit, any_limit = BUILDS[build]
    rows = []
    for program in programs:
        files = [os.path.join(results, f"{program}.time-{which}.csv")
                 for which in ("plain", build)]
        try:
            plain, counted = (kernel_durations(f) for f in files)
        except (OSError, InputError) as e:
            why = e.strerror + ": " + os.path.basename(e.filename) \
                if isinstance(e, OSError) else str(e).split(": ", 1)[-1]
            rows.append((program, None, why, None, None, None, ""))
            continue
        for kernel, base in plain.items():
            pairs = [(p, r) for p, r in zip(base, counted.get(kernel, []))
                     if p > 0]
            if not pairs:
                rows.append((program, short_name(kernel),
                             "no instrumented launches", None, None, None, ""))
                continue
            p_med = statistics.median(p for p, _ in pairs)
            r_med = statistics.median(r for _, r in pairs)
            ratio = statistics.median(r / p for p, r in pairs)
            flag = ""
            if ratio > any_limit:
                flag = f"**> {any_limit:g}x**"
            elif ratio > long_limit and p_med >= LONG_NS * 1e-9:
                flag = f"**> {long_limit:.2f}x**"
            rows.append((program, short_name(kernel), len(pairs), p_med,
                         r_med, ratio, flag))
    return rows


def print_overhead(results, programs, build="roof"):
    how, long_limit, any_limit = BUILDS[build]
    print(f"| program | kernel | launches | plain median (us) | {build} median "
          "(us) | median ratio | flag |")
    print("|---|---|---|---|---|---|---|")
    for program, kernel, launches, p_med, r_med, ratio, flag in \
            overhead_rows(results, programs, build):
        if p_med is None:
            print(f"| {program} | {kernel or '-'} | {launches} | | | | |")
            continue
        print(f"| {program} | `{kernel}` | {launches} | {p_med * 1e6:.1f} "
              f"| {r_med * 1e6:.1f} | {ratio:.3f} | {flag} |")
    if long_limit == any_limit:
        limits = f"median ratio above {any_limit:g}x"
    else:
        limits = (f"median ratio above {long_limit:.2f}x for kernels of "
                  f"{LONG_NS / 1e3:g} us or more (plain median), above "
                  f"{any_limit:g}x for any kernel")
    print(f"\nFlagged: {limits}. Times: ncu's gpu__time_duration.sum, each "
          f"launch alone; {how}.")


#===----------------------------------------------------------------------===#
# roof compare --ncu
#===----------------------------------------------------------------------===#

def roof_compare(roof, census, ncu_csv, as_json=False):
    """(exit status, output) of `roof compare CENSUS --ncu NCU_CSV`."""
    command = [roof, "compare", census, "--ncu", ncu_csv]
    if as_json:
        command.append("--json")
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        return 2, f"{roof}: {e}"
    return done.returncode, done.stdout + done.stderr


def flop_rows(program, comparison, suffix=""):
    """Rows of the FLOP table, a kernel each."""
    rows = []
    for kernel in comparison.get("kernels", []):
        flops = kernel.get("flops", {})

        def cell(precision, key):
            value = flops.get(precision, {}).get(key)
            if value is None:
                return "-"
            if key == "difference":
                return f"{value * 100:+.2f}%"
            return f"{value:,.0f}"
        note = kernel.get("compared_with", "") + suffix
        rows.append(f"| {program} | `{short_name(kernel.get('demangled') or kernel['name'])}` "
                    f"| {cell('fp64', 'roof_empirical')} | {cell('fp64', 'profiler')} "
                    f"| {cell('fp64', 'difference')} | {cell('fp32', 'roof_empirical')} "
                    f"| {cell('fp32', 'profiler')} | {cell('fp32', 'difference')} "
                    f"| {kernel.get('profiled_launches', '')} | {note} |")
    return rows


def profiler_values(comparison):
    """{(kernel, quantity): the profiler's value} of one comparison."""
    values = {}
    for kernel in comparison.get("kernels", []):
        name = short_name(kernel.get("demangled") or kernel["name"])
        for precision, counts in kernel.get("flops", {}).items():
            values[(name, precision + " FLOPs")] = counts.get("profiler")
        for level in ("profiler_l1", "profiler_l2", "profiler_dram"):
            values[(name, level[9:] + " bytes")] = \
                kernel.get("bytes", {}).get(level)
        values[(name, "time s")] = kernel.get("time_s", {}).get("profiler")
    return values


def number(value):
    """4.0 -> "4", 1.5e-05 -> "1.5e-05", None -> "none"."""
    if value is None:
        return "none"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def unit_differences(default, base):
    """The values of the default-unit comparison off the base-unit one's by
    more than display rounding (0.5%; FLOPs exactly)."""
    a, b = profiler_values(default), profiler_values(base)
    differences = []
    for key in sorted(set(a) | set(b)):
        x, y = a.get(key), b.get(key)
        if x == y:
            continue
        exact = key[1].endswith("FLOPs")
        if x is None or y is None or (exact and x != y) or \
                abs(x - y) > 0.005 * max(abs(x), abs(y)):
            differences.append((key, x, y))
    return differences


def compared(roof, census, profile):
    """The first comparison of `roof compare --json`, or (None, its last
    line of output) when roof refused the files."""
    status, output = roof_compare(roof, census, profile, as_json=True)
    if status != 0:
        lines = output.strip().splitlines()
        return None, (lines[-1] if lines else f"exit status {status}")
    return json.loads(output)["comparisons"][0], None


def print_program(results, program, roof):
    """Prints roof compare's report of PROGRAM; its FLOP table rows."""
    census = os.path.join(results, program + ".json")
    profiles = [os.path.join(results, program + suffix)
                for suffix in (".ncu.csv", ".ncu-base.csv")]
    print(f"### {program}\n")
    missing = [os.path.basename(f) for f in (census, profiles[0])
               if not os.path.exists(f)]
    if missing:
        print(f"not compared: no {', '.join(missing)} (see status.tsv)\n")
        return []
    default, refused = compared(roof, census, profiles[0])
    base, base_refused = compared(roof, census, profiles[1]) \
        if os.path.exists(profiles[1]) else (None, None)
    # The report of the default-unit profile, or of the base-unit one where
    # roof cannot read ncu's default units.
    shown = profiles[1] if refused and base else profiles[0]
    status, output = roof_compare(roof, census, shown)
    print(f"```\n$ roof compare {program}.json --ncu {os.path.basename(shown)}\n"
          + output.rstrip("\n") + "\n```\n")
    if refused:
        print(f"{program}.ncu.csv (ncu's default units): roof refused it: "
              f"{refused}\n")
    if base_refused:
        print(f"{program}.ncu-base.csv (--print-units base): roof refused it: "
              f"{base_refused}\n")
    if default and base:
        differences = unit_differences(default, base)
        if not differences:
            print("ncu's default units and --print-units base give the same "
                  "values.\n")
        for (kernel, quantity), x, y in differences:
            print(f"- units differ: {kernel} {quantity}: "
                  f"default {number(x)}, base {number(y)}")
        if differences:
            print()
    if default or base:
        return flop_rows(program, default or base,
                         "" if default else " (base units)")
    return [f"| {program} | (roof compare refused the profile) "
            "| | | | | | | | |"]


def print_flops(results, programs, roof):
    table = []
    for program in programs:
        table.extend(print_program(results, program, roof))
    print("### FLOPs, roof empirical against ncu\n")
    print("| program | kernel | roof empirical DP | ncu DP | difference "
          "| roof empirical SP | ncu SP | difference | ncu launches "
          "| compared with |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in table:
        print(row)
    print()


#===----------------------------------------------------------------------===#
# Traffic
#===----------------------------------------------------------------------===#

def traffic_rows(program, comparison):
    """(DRAM difference or None, table row) per kernel whose traffic roof
    modelled."""
    rows = []
    for kernel in comparison.get("kernels", []):
        data = kernel.get("bytes", {})
        if not any(key.startswith("roof_modelled_") for key in data):
            continue

        def cells(level):
            roof = data.get("roof_modelled_" + level)
            tool = data.get("profiler_" + level)
            change = data.get("modelled_difference_" + level)
            return ["-" if roof is None else f"{roof:,.0f}",
                    "-" if tool is None else f"{tool:,.0f}",
                    "-" if change is None else f"{change * 100:+.2f}%"]
        name = short_name(kernel.get("demangled") or kernel["name"])
        row = " | ".join([program, f"`{name}`"] + cells("dram") +
                         cells("l2") + [str(kernel.get("profiled_launches", ""))])
        rows.append((data.get("modelled_difference_dram"), f"| {row} |"))
    return rows


def print_traffic(results, programs, roof):
    print("### Traffic, roof's model against ncu\n")
    print("| program | kernel | roof DRAM | ncu DRAM | difference | roof L2 "
          "| ncu L2 | difference | ncu launches |")
    print("|---|---|---|---|---|---|---|---|---|")
    rows = []
    for program in programs:
        census = os.path.join(results, program + ".traffic.json")
        # Bytes to the byte where ncu printed them in base units.
        profile = os.path.join(results, program + ".ncu-base.csv")
        if not os.path.exists(profile):
            profile = os.path.join(results, program + ".ncu.csv")
        missing = [os.path.basename(f) for f in (census, profile)
                   if not os.path.exists(f)]
        if missing:
            rows.append((None, f"| {program} | - | no {', '.join(missing)} "
                         "| | | | | | |"))
            continue
        comparison, refused = compared(roof, census, profile)
        if refused:
            rows.append((None, f"| {program} | - | roof compare refused it: "
                         f"{refused} | | | | | | |"))
            continue
        rows.extend(traffic_rows(program, comparison))
    for _, row in rows:
        print(row)
    differences = [d for d, _ in rows if d is not None]
    within = sum(abs(d) <= TRAFFIC_LIMIT for d in differences)
    share = within / len(differences) if differences else 0.0
    print(f"\nDRAM within {TRAFFIC_LIMIT:.0%} of ncu: {within} of "
          f"{len(differences)} kernels ({share:.0%}; the target is "
          f"{TRAFFIC_SHARE:.0%}).")


#===----------------------------------------------------------------------===#
# Folder
#===----------------------------------------------------------------------===#

def programs_of(results):
    """The programs of RESULTS/manifest.tsv, else those with a NAME.json."""
    manifest = os.path.join(results, "manifest.tsv")
    if os.path.exists(manifest):
        with open(manifest, newline="") as f:
            rows = list(csv.reader(f, delimiter="\t"))
        return [row[0] for row in rows[1:] if row]
    return sorted(name[:-5] for name in os.listdir(results)
                  if name.endswith(".json") and
                  not name.endswith((".total.json", ".traffic.json")))


def print_header(results):
    device = "unknown (no device.csv)"
    path = os.path.join(results, "device.csv")
    if os.path.exists(path):
        with open(path, newline="") as f:
            rows = [r for r in csv.reader(f, skipinitialspace=True) if r]
        if len(rows) > 1:
            device = "; ".join(", driver ".join(r[:2]) for r in rows[1:])
    print(f"Device: {device}")
    path = os.path.join(results, "versions.txt")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith(("date:", "launch count")) or "Version" in line:
                    print(line.strip().replace("date:", "Run:", 1))
    path = os.path.join(results, "status.tsv")
    if os.path.exists(path):
        with open(path, newline="") as f:
            rows = list(csv.reader(f, delimiter="\t"))[1:]
        failed = [r for r in rows if len(r) == 4 and r[2] != "0"]
        total = sum(int(r[3]) for r in rows if len(r) == 4 and r[3].isdigit())
        print(f"Steps: {len(rows)}, {len(failed)} failed, {total} s in all")
        for program, step, rc, secs in failed:
            why = {"124": "timed out", "skipped": "skipped: past run.sh's "
                   "deadline"}.get(rc, f"exit status {rc}")
            print(f"- {program}: {step} failed ({why}, {secs} s)")
    print()


def default_roof():
    for path in (os.path.join(HERE, "bin", "roof"),
                 os.path.join(HERE, "..", "..", "build", "bin", "roof")):
        if os.access(path, os.X_OK):
            return os.path.normpath(path)
    return "roof"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="the folder DIR/run.sh wrote")
    parser.add_argument("--roof", default=None, help="the roof driver")
    parser.add_argument("--only", choices=("flops", "overhead", "traffic"),
                        help="print one part only")
    args = parser.parse_args()
    if not os.path.isdir(args.results):
        sys.exit(f"compare.py: {args.results}: no such folder")
    programs = programs_of(args.results)
    roof = args.roof or default_roof()
    try:
        print_header(args.results)
        if args.only in (None, "flops"):
            print_flops(args.results, programs, roof)
        if args.only in (None, "overhead"):
            print("### Overhead of the device counters\n")
            print_overhead(args.results, programs)
        if args.only in (None, "traffic"):
            print()
            print_traffic(args.results, programs, roof)
            print("\n### Overhead of traffic mode\n")
            print_overhead(args.results, programs, "traffic")
    except InputError as e:
        sys.exit(f"compare.py: {e}")


if __name__ == "__main__":
    main()
