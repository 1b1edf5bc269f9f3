#!/usr/bin/env python3
"""The roofline end of scripts/demo.sh: what it says about the ceilings, the
cache hierarchy it gives the traffic model, and the placement table.

    demo_roofline.py summary ROOFLINE.json
        one line: the compute and bandwidth ceilings (and the working sets of
        each bandwidth level); a second line, a warning, when the sweep went
        on past the level named DRAM and was much slower there (the quick
        sweep then took a cache for DRAM)
    demo_roofline.py hierarchy ROOFLINE.json
        two lines: the ROOF_CACHES value for the traffic-mode runs (empty:
        the runtime's own choice), then one line saying which and why
    demo_roofline.py table NAME=REPORT.csv ...
        the regions of each example at every level (empirical FLOPs), from
        `roof report --ceilings ... --traffic ... --csv`

Python 3 standard library only. Errors: one line on stderr, exit status 1.
"""
import csv
import json
import math
import os
import subprocess
import sys

MAX_CACHE_LEVELS = 4  # ROOF_MAX_CACHE_LEVELS, include/roof/abi.h
NEW_LEVEL_DROP = 0.15  # roof-ert: a level is more than 15% below the last


class DemoError(Exception):
    pass


def load_ceilings(path):
    try:
        with open(path) as file:
            empirical = json.load(file)["empirical"]
        return (empirical, empirical["gflops"]["data"],
                empirical["gbytes"]["data"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise DemoError(f"{path}: not an ERT roofline.json ({error})")


def size_text(bytes_):
    """1024 -> '1 KiB', 1536 -> '1.5 KiB', as a person reads a size."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if bytes_ >= scale:
            return f"{bytes_ / scale:.3g} {unit}"
    return f"{bytes_} B"


def caches_text(sizes):
    """ROOF_CACHES syntax: whole KiB, in MiB when exact ('48K,1M,32M')."""
    parts = []
    for bytes_ in sizes:
        kib = max(1, round(bytes_ / 1024))
        parts.append(f"{kib // 1024}M" if kib % 1024 == 0 else f"{kib}K")
    return ",".join(parts)


def level_ranges(empirical):
    """[(name, smallest, largest working set)] of roof-ert's gbytes levels,
    or [] when the file does not record them (ERT itself does not)."""
    meta = empirical["gbytes"].get("metadata") or {}
    ranges = []
    for level in meta.get("LEVELS") or []:
        try:
            low, high = level["working_set_bytes"]
            ranges.append((str(level["name"]), int(low), int(high)))
        except (KeyError, TypeError, ValueError):
            return []
    return ranges


def threads_of(empirical):
    for meta in (empirical["gbytes"].get("metadata") or {},
                 empirical.get("metadata") or {}):
        if isinstance(meta.get("OPENMP_THREADS"), int) and meta["OPENMP_THREADS"] > 0:
            return meta["OPENMP_THREADS"]
    return 1


def summary(path):
    empirical, gflops, gbytes = load_ceilings(path)
    by_precision = {}
    for name, value in gflops:
        words = name.replace("GFLOPs", "").split()
        precision = words[0] if words and words[0].startswith(("FP", "BF")) else ""
        kernel = " ".join(words[1:] if precision else words) or "FMA"
        by_precision.setdefault(precision, []).append(f"{kernel} {value:.1f}")
    compute = "; ".join(f"{p + ' ' if p else ''}{', '.join(k)}"
                        for p, k in by_precision.items())
    ranges = {name: (low, high) for name, low, high in level_ranges(empirical)}
    memory = []
    for name, value in gbytes:
        where = ""
        if name in ranges:
            low, high = ranges[name]
            where = f" ({size_text(low)}-{size_text(high)})"
        memory.append(f"{name} {value:.0f}{where}")
    threads = threads_of(empirical)
    print(f"compute GFLOP/s: {compute}; bandwidth GB/s "
          f"({'working sets, ' if ranges else ''}{threads} "
          f"thread{'s' if threads > 1 else ''}): {', '.join(memory)}")
    warning = missed_memory(path, empirical, gbytes)
    if warning:
        print(warning)


def missed_memory(path, empirical, gbytes):
    """The warning when the sweep's largest working sets lie well below the
    last level, which then cannot be DRAM."""
    ranges = level_ranges(empirical)
    meta = empirical.get("metadata") or {}
    sweep = os.path.join(os.path.dirname(path),
                         str(meta.get("SWEEP_FILE", "roofline-sweep.csv")))
    if not ranges or not gbytes or not os.path.exists(sweep):
        return None
    precision = (empirical["gbytes"].get("metadata") or {}).get("PRECISION")
    points = []
    with open(sweep) as file:
        for row in csv.DictReader(file):
            if row.get("phase") == "memory" and row.get("precision") == precision:
                points.append((int(row["working_set_bytes"]),
                               float(row["gbytes_per_s"])))
    if not points:
        return None
    largest, bandwidth = max(points)
    name, _, high = ranges[-1]
    last = dict(gbytes).get(name)
    if largest > high and last and bandwidth < (1 - NEW_LEVEL_DROP) * last:
        return (f"warning: the sweep measured {bandwidth:.0f} GB/s at "
                f"{size_text(largest)}, far below its last level {name} "
                f"({last:.0f} GB/s, up to {size_text(high)}): that level is "
                f"a cache and the quick sweep missed memory, so what is placed "
                f"at {name} is placed against a cache's bandwidth; measure "
                f"again, or give a thorough run's roofline.json as "
                f"ROOF_DEMO_CEILINGS")
    return None


def sysfs_caches():
    """The data and unified caches of CPU 0, one per level, as the runtime
    reads them; [] when sysfs has none."""
    sizes = {}
    base = "/sys/devices/system/cpu/cpu0/cache"
    try:
        indices = sorted(d for d in os.listdir(base) if d.startswith("index"))
    except OSError:
        return []
    for index in indices:
        try:
            def read(name):
                with open(os.path.join(base, index, name)) as file:
                    return file.read().strip()
            if read("type") == "Instruction":
                continue
            level, text = int(read("level")), read("size")
        except (OSError, ValueError):
            continue
        scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:], 1)
        digits = text.rstrip("KMG")
        if digits.isdigit():
            sizes[level] = int(digits) * scale
    if not sizes or sorted(sizes) != list(range(1, len(sizes) + 1)):
        return []
    ordered = [sizes[level] for level in sorted(sizes)]
    if any(b <= a for a, b in zip(ordered, ordered[1:])):
        return []
    return ordered


def cpuid_caches():
    """What the C library reads from cpuid (the runtime's last resort)."""
    sizes = []
    for name in ("LEVEL1_DCACHE_SIZE", "LEVEL2_CACHE_SIZE",
                 "LEVEL3_CACHE_SIZE", "LEVEL4_CACHE_SIZE"):
        try:
            value = int(subprocess.run(["getconf", name], capture_output=True,
                                       text=True).stdout.strip() or 0)
        except (OSError, ValueError):
            value = 0
        if value <= 0 or (sizes and value <= sizes[-1]):
            break
        sizes.append(value)
    return sizes


def hierarchy(path):
    empirical, _, gbytes = load_ceilings(path)
    machine = sysfs_caches()
    context = (f"sysfs: {caches_text(machine)}" if machine else
               f"no caches in sysfs; cpuid: {caches_text(cpuid_caches()) or '-'}")
    given = os.environ.get("ROOF_CACHES", "")
    if given:
        print(given)
        print(f"ROOF_CACHES={given} from your environment ({context}); the "
              f"model's levels are named L2, L3, ... and DRAM, the ceilings' "
              f"{', '.join(name for name, _ in gbytes)}")
        return
    ranges = level_ranges(empirical)
    caches = []
    if len(ranges) >= 2 and ranges[-1][0] == "DRAM" and all(
            name == f"L{i + 1}" for i, (name, _, _) in enumerate(ranges[:-1])):
        threads = threads_of(empirical)
        # Cache k ends between the largest working set still at level k's
        # bandwidth and the smallest at level k+1's: the geometric mean, per
        # thread, since each ERT thread works on its own slice.
        caches = [math.sqrt(ranges[k][2] * ranges[k + 1][1]) / threads
                  for k in range(len(ranges) - 1)]
        text = caches_text(caches)
        sizes = [int(s[:-1]) * (1 << 20 if s[-1] == "M" else 1 << 10)
                 for s in text.split(",")]
        if (len(caches) <= MAX_CACHE_LEVELS
                and all(b > a for a, b in zip(sizes, sizes[1:]))):
            bounds = ", ".join(
                f"{ranges[k][0]} {size_text(ranges[k][2])}-"
                f"{size_text(ranges[k + 1][1])}"
                for k in range(len(ranges) - 1))
            below = ", ".join(name for name, _, _ in ranges[1:])
            print(text)
            print(f"ROOF_CACHES={text}, from the ceilings' bandwidth levels "
                  f"(each ends between its largest working set and the next "
                  f"level's smallest: {bounds}; per thread of {threads}), so "
                  f"the modelled {below} {'are' if ',' in below else 'is'} "
                  f"the ceilings' {below} "
                  f"({context})")
            # Two caches may share a plateau (Zen 4's L1 and L2, docs/ert.md),
            # so fewer levels than caches is normal; more are noise.
            known = machine or cpuid_caches()
            if known and len(caches) > len(known):
                print(f"warning: the ceilings have {len(caches)} cache levels, "
                      f"the machine {len(known)} caches: a level is noise (a "
                      f"busy machine), and so are the caches derived from it")
            return
    if machine:
        text = caches_text(machine)
        print(text)
        print(f"ROOF_CACHES={text} from sysfs: the ceilings record no usable "
              f"level working sets; the model's levels below L1 are matched "
              f"with the ceilings' {', '.join(n for n, _ in gbytes)} by name "
              f"only")
        return
    print("")
    print(f"the runtime's own choice (cpuid: "
          f"{caches_text(cpuid_caches()) or '-'}): neither the ceilings nor "
          f"sysfs give cache levels; check the DRAM bytes, or set ROOF_CACHES")


def number(text):
    return float(text) if text not in ("", None) else None


def si(value, unit):
    for prefix, scale in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:.1f} {prefix}{unit}"
    return f"{value:.0f} {unit}"


def ai_text(ai):
    if ai is None:
        return "-"
    return f"{ai:.0f}" if ai >= 100 else f"{ai:.1f}" if ai >= 10 else f"{ai:.3f}"


def table(arguments):
    header = (f"{'example: region':<34} {'ceiling':<20} {'level':<5} "
              f"{'bytes':>9} {'source':<8} {'AI':>6} {'GFLOP/s':>8} "
              f"{'roof':>7} {'e':>7}")
    print(header)
    over = False
    for argument in arguments:
        name, _, path = argument.partition("=")
        try:
            with open(path) as file:
                rows = [r for r in csv.DictReader(file)
                        if r["scope"] == "region" and r["flops_kind"] == "empirical"]
        except (OSError, KeyError) as error:
            raise DemoError(f"{path}: not a roof report --csv ({error})")
        scopes = {}
        for row in rows:
            scopes.setdefault((row["name"], row["precision"]), []).append(row)
        for (region, _), levels in scopes.items():
            first = levels[0]
            ceiling = f"{first['compute_ceiling']} {float(first['compute_gflops']):.0f}"
            title = f"{name}: {region}"
            for row in levels:
                ai, bound, e = (number(row["ai"]), number(row["bound_gflops"]),
                                number(row["efficiency"]))
                over |= e is not None and e > 1
                note = ""
                if row["binding"] == "true":
                    note = "  <- binds" + (" (compute)" if row["compute_bound"] == "true" else "")
                elif row["bandwidth_gbytes"] == "":
                    note = "  (no such ceiling)"
                print(f"{title:<34} {ceiling:<20} {row['level']:<5} "
                      f"{si(float(row['bytes']), 'B'):>9} {row['source']:<8} "
                      f"{ai_text(ai):>6} "
                      f"{float(row['gflops']):>8.2f} "
                      f"{f'{bound:.1f}' if bound is not None else '-':>7} "
                      f"{f'{100 * e:.1f}%' if e is not None else '-':>7}{note}")
                title, ceiling = "", ""
    if over:
        print("e above 100%: the point lies above that roof: the ceiling was "
              "measured low (a busy machine,\nthe quick sweep), or the model "
              "moved more bytes at that level than the machine did")


def main(argv):
    if len(argv) < 3 or argv[1] not in ("summary", "hierarchy", "table"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        if argv[1] == "summary":
            summary(argv[2])
        elif argv[1] == "hierarchy":
            hierarchy(argv[2])
        else:
            table(argv[2:])
    except DemoError as error:
        print(f"demo_roofline.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
