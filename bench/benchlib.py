"""What the benchmark scripts of bench/ share: the target flags, the
machine's description, timed runs and the results table with its flags.

Python 3 standard library only.
"""
import platform
import re
import resource
import subprocess
import time


def default_arch():
    try:
        with open("/proc/cpuinfo") as f:
            flags = f.read()
    except OSError:
        flags = ""
    if re.search(r"\bavx512f\b", flags):
        return ["-march=x86-64-v4", "-mprefer-vector-width=512"]
    return ["-march=x86-64-v3"]


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return float("nan")


def run(cmd, env=None, quiet=True):
    """Runs cmd; returns its wall time in seconds; raises on failure."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE if quiet else None,
                         stderr=subprocess.PIPE, text=True)
    out, err = p.communicate()
    t = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError("command failed (exit %d): %s\n%s%s" % (
            p.returncode, " ".join(cmd), out or "", err or ""))
    return t


def run_timed(cmd, env=None):
    """(wall seconds, CPU seconds: user + system of cmd and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = run(cmd, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def count_instructions(cmd, env=None):
    """Instructions cmd executes, counted by valgrind (callgrind): the same
    number on a loaded machine as on a quiet one. Raises on failure."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                        "--trace-children=yes"] + cmd, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    counts = [int(n) for n in re.findall(r"Collected : (\d+)", p.stderr)]
    if p.returncode != 0 or not counts:
        raise RuntimeError("command failed under valgrind (exit %d): %s\n%s" % (
            p.returncode, " ".join(cmd), p.stderr[-2000:]))
    return sum(counts)


def fmt_ratio(r, limit):
    return "%.3f%s" % (r, " **(> %.2f)**" % limit if r > limit else "")


def clang_version(clang):
    return subprocess.run([clang, "--version"], stdout=subprocess.PIPE,
                          text=True).stdout.splitlines()[0]


def report(table, flagged, targets, markdown=None):
    """Prints the markdown table and what is above its targets (a list of
    lines; targets names them, None where nothing is checked), and writes
    the table to markdown."""
    print("\n" + table + "\n")
    if targets is not None and flagged:
        print("FLAGGED (%s):" % targets)
        for f in flagged:
            print("  " + f)
    elif targets is not None:
        print("All within the targets (%s)." % targets)
    if markdown:
        with open(markdown, "w") as f:
            f.write(table + "\n")
