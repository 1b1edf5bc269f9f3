#!/usr/bin/env python3
"""Fuzzes the readers of roof's driver with libFuzzer, or replays inputs.

Each reader's target (test/fuzz/fuzz_<reader>.cpp) runs for --seconds, as
many side by side as there are cores, seeded with the test fixtures of its
format (SEEDS) and with the inputs kept in test/fuzz/regressions/<reader>/,
with a dictionary of the format's tokens. The targets are built into --build
with clang-19, libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer;
there each reader's corpus grows from run to run (corpus/<reader>/), its
findings (crash-*, timeout-*, oom-*, leak-*) go to findings/<reader>/ and its
output to logs/<reader>.log. The script prints the executions per reader and
exits 1 when a reader has a finding, 77 when clang-19 cannot build or run a
libFuzzer target here (ctest counts the test as skipped), 2 on a usage or
build error.

    test/fuzz/run.py                           # every reader, 60 s each, in build-fuzz/
    test/fuzz/run.py --seconds 3600 ncu sde    # some readers, longer
    test/fuzz/run.py --replay --build build/test/fuzz

--replay runs the fixtures and the kept inputs once through the targets of
the normal build (ReplayMain.cpp, no sanitizers): ctest's fuzz-regressions.
See docs/development.md, "Fuzzing". Python 3 standard library only.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUZZ = os.path.join(ROOT, "test", "fuzz")

# The test fixtures of each reader's format (globs from the top of the tree).
SEEDS = {
    "census": ["test/lit/driver/Inputs/census.json",
               "test/lit/driver/Inputs/gpu-census.json",
               "test/lit/driver/Inputs/traffic-census.json"],
    "static_counts": ["test/lit/driver/Inputs/static-counts.json"],
    "ceilings": ["test/lit/roofline/Inputs/ert-*.json",
                 "docs/roofline-example-ceilings.json"],
    "measured_bytes": ["test/lit/roofline/Inputs/*-bytes.*"],
    "sde": ["test/lit/roofline/Inputs/sde-mix-out.txt"],
    "sde_mask": ["test/lit/roofline/Inputs/sde-dyn-mask-profile.txt"],
    "likwid": ["test/lit/roofline/Inputs/likwid-*.txt"],
    "ncu": ["test/lit/driver/Inputs/ncu-*.csv"],
    "nvprof": ["test/lit/driver/Inputs/nvprof-*.csv"],
}

# test/fuzz/dictionaries/FILE of each reader.
DICTIONARIES = {
    "census": "json.dict",
    "static_counts": "json.dict",
    "ceilings": "json.dict",
    "measured_bytes": "json.dict",
    "sde": "sde.dict",
    "sde_mask": "sde.dict",
    "likwid": "likwid.dict",
    "ncu": "ncu.dict",
    "nvprof": "nvprof.dict",
}

SKIPPED = 77


def fail(message):
    print("run.py: " + message, file=sys.stderr)
    sys.exit(2)


def seeds_of(reader):
    files = []
    for pattern in SEEDS[reader]:
        found = sorted(glob.glob(os.path.join(ROOT, pattern)))
        if not found:
            fail(f"no seed matches {pattern} (fixtures moved?)")
        files += found
    return files


def regressions_of(reader):
    """The folder of kept inputs, as a list: none for a reader without."""
    folder = os.path.join(FUZZ, "regressions", reader)
    return [folder] if os.path.isdir(folder) else []


def check_readers():
    """SEEDS names exactly the readers that have a target."""
    targets = sorted(name[len("fuzz_"):-len(".cpp")] for name in os.listdir(FUZZ)
                     if name.startswith("fuzz_") and name.endswith(".cpp"))
    if targets != sorted(SEEDS) or sorted(DICTIONARIES) != sorted(SEEDS):
        fail(f"the targets {targets} are not the readers of SEEDS and DICTIONARIES "
             f"{sorted(SEEDS)}")


def tail(text, lines=40):
    return "\n".join(text.rstrip().splitlines()[-lines:])


#===------------------------------------------------------------------------===#
# Replaying inputs (normal build)
#===------------------------------------------------------------------------===#

def replay(build, readers):
    failed = []
    for reader in readers:
        run = subprocess.run([os.path.join(build, "fuzz_" + reader)]
                             + seeds_of(reader) + regressions_of(reader),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if run.returncode != 0:
            failed.append(reader)
            print(f"{reader}: FAILED (exit status {run.returncode}) on the last input named:")
            print(tail(run.stdout))
        else:
            print(f"{reader}: {run.stdout.strip().splitlines()[-1]}, all read or refused cleanly")
    return 1 if failed else 0


#===------------------------------------------------------------------------===#
# Fuzzing (libFuzzer build)
#===------------------------------------------------------------------------===#

def libfuzzer_missing(compiler):
    """Why `compiler` cannot build and run a libFuzzer target here, or None."""
    if not shutil.which(compiler):
        return f"{compiler} not found"
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.cpp")
        with open(source, "w") as file:
            file.write('extern "C" int LLVMFuzzerTestOneInput(const unsigned char *, '
                       'unsigned long) { return 0; }\n')
        binary = os.path.join(tmp, "probe")
        for command, what in (
                ([compiler, "-fsanitize=fuzzer,address,undefined", source, "-o", binary],
                 "cannot build a libFuzzer target"),
                ([binary, "-runs=10"], "a libFuzzer target does not run here")):
            run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True)
            if run.returncode != 0:
                return f"{what}: {tail(run.stdout, 1)}"
    return None


def build_targets(build, compiler, readers, jobs):
    os.makedirs(build, exist_ok=True)
    log = os.path.join(build, "build.log")
    with open(log, "w") as out:
        steps = []
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            steps.append(["cmake", "-S", FUZZ, "-B", build, *generator,
                          "-DCMAKE_CXX_COMPILER=" + compiler])
        steps.append(["cmake", "--build", build, "--parallel", str(jobs), "--target",
                      *("fuzz_" + reader for reader in readers)])
        for step in steps:
            if subprocess.run(step, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
                with open(log) as text:
                    print(tail(text.read()))
                fail(f"the build failed (log: {log})")


def fuzz(build, reader, seconds):
    """Runs one reader's target; returns (executions, finding or None)."""
    corpus = os.path.join(build, "corpus", reader)
    findings = os.path.join(build, "findings", reader)
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(findings, exist_ok=True)
    command = [os.path.join(build, "fuzz_" + reader),
               f"-max_total_time={seconds}", "-rss_limit_mb=2048", "-timeout=60",
               "-print_final_stats=1", "-artifact_prefix=" + findings + os.sep,
               "-dict=" + os.path.join(FUZZ, "dictionaries", DICTIONARIES[reader]),
               "-seed_inputs=" + ",".join(seeds_of(reader)),
               corpus] + regressions_of(reader)
    environment = dict(os.environ, UBSAN_OPTIONS="print_stacktrace=1")
    run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, errors="replace", env=environment)
    os.makedirs(os.path.join(build, "logs"), exist_ok=True)
    with open(os.path.join(build, "logs", reader + ".log"), "w") as log:
        log.write(run.stdout)
    executions = re.search(r"stat::number_of_executed_units:\s*(\d+)", run.stdout)
    executions = int(executions.group(1)) if executions else 0
    if run.returncode == 0:
        return executions, None
    saved = re.findall(r"Test unit written to (\S+)", run.stdout)
    where = saved[-1] if saved else "no input saved"
    return executions, f"{tail(run.stdout)}\n=> {where}"


def fuzz_all(build, readers, seconds, jobs):
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = dict(zip(readers, pool.map(lambda r: fuzz(build, r, seconds), readers)))
    print(f"{'reader':<16}{'executions':>12}{'per second':>12}  result")
    for reader in readers:
        executions, finding = results[reader]
        print(f"{reader:<16}{executions:>12}{executions // seconds:>12}  "
              f"{'FINDING' if finding else 'ok'}")
    print(f"{'total':<16}{sum(e for e, _ in results.values()):>12}")
    found = [reader for reader in readers if results[reader][1]]
    for reader in found:
        print(f"\n{reader}:\n{results[reader][1]}")
    if found:
        print("\nA finding is a bug of the reader: fix it and keep the input in "
              "test/fuzz/regressions/<reader>/ (docs/development.md).")
    return 1 if found else 0


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("readers", nargs="*",
                        help="the readers to fuzz (default: all): " + ", ".join(sorted(SEEDS)))
    parser.add_argument("--build", default=os.path.join(ROOT, "build-fuzz"),
                        help="the folder of the targets (default: build-fuzz/)")
    parser.add_argument("--seconds", type=int, default=60,
                        help="how long each reader is fuzzed (default: 60)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="readers fuzzed side by side (default: the cores)")
    parser.add_argument("--compiler", default="clang++-19")
    parser.add_argument("--replay", action="store_true",
                        help="run the seeds and kept inputs once through the "
                             "targets of the normal build in --build")
    args = parser.parse_args()
    check_readers()
    readers = args.readers or sorted(SEEDS)
    unknown = sorted(set(readers) - set(SEEDS))
    if unknown:
        fail(f"no reader {', '.join(unknown)} (readers: {', '.join(sorted(SEEDS))})")
    if args.replay:
        return replay(args.build, readers)
    missing = libfuzzer_missing(args.compiler)
    if missing:
        print(f"run.py: skipped: {missing}")
        return SKIPPED
    build_targets(args.build, args.compiler, readers, args.jobs)
    return fuzz_all(args.build, readers, max(args.seconds, 1), args.jobs)


if __name__ == "__main__":
    sys.exit(main())
