#!/usr/bin/env python3
"""Validates a roof report against docs/schema.md, then checks assertions.

usage: check_report.py REPORT.json [EXPRESSION ...]

The whole file must be strict UTF-8 JSON with exactly the keys of the schema,
in its order, every precision and class present, precision-level FLOPs equal
to the sum of the six FLOP classes, and totals equal to the sum over threads
and over functions (all saturating at 2^64-1, which requires "overflow").

Each EXPRESSION is Python evaluated with:
  r                     the report
  fn(name)              the function object named `name` (exactly one)
  region(name)          the region object named `name` (exactly one)
  names(list)           the "name" of each object of a list
  flops(obj, p, k)      obj[p][k], FLOPs of precision p, kind k (canonical)
  cls(obj, p, c, k)     obj[p]["classes"][c][k]
  near(a, b, rel)       |a - b| <= rel * |b| (rel defaults to 1e-6)
  MAX                   2^64 - 1
A comparison that fails prints both sides.
"""
import ast
import json
import re
import sys

MAX = 2**64 - 1
PRECISIONS = ["fp16", "bf16", "fp32", "fp64"]
CLASSES = ["add", "mul", "fma", "div", "sqrt", "transcendental", "minmax",
           "compare", "convert", "special"]
FLOP_CLASSES = CLASSES[:6]
KINDS = ["canonical", "empirical", "full_width"]
CENSUS_KEYS = PRECISIONS + ["bytes_loaded", "bytes_stored"]
TOP_KEYS = ["schema", "schema_version", "program", "command_line", "pid",
            "mpi_rank", "start_time", "wall_time_s", "ended_by", "timer_hz",
            "target", "modules", "overflow", "totals", "functions", "regions",
            "threads", "gpu", "kernels", "traffic"]
ENDINGS = ["exit", "quick_exit", "_exit", "exec", "SIGTERM", "SIGINT",
           "SIGHUP", "SIGXCPU", "SIGUSR1", "SIGUSR2", "SIGSEGV", "SIGBUS",
           "SIGFPE", "SIGILL", "SIGABRT"]
FUNCTION_KEYS = ["name", "demangled", "module", "line", "calls", "time_s",
                 "thread_time_s"]
REGION_KEYS = ["name", "entries", "time_s"]
THREAD_KEYS = ["index", "tid"]
TRAFFIC_KEYS = ["model", "line_bytes", "sampling_rate", "levels", "memory",
                "sampled_accesses", "replayed_accesses"]
LEVEL_KEYS = ["name", "bytes", "from"]
L1_SET_KEYS = ["ways", "sets", "sampled_sets"]
LEVEL_SOURCES = ["ROOF_CACHES", "sysfs", "cpuid", "default"]
# The levels below L1 of a traffic-mode census (validate() sets them).
traffic_levels = []
TARGET_KEYS = ["triple", "cpu", "features"]
MODULE_KEYS = ["source"] + TARGET_KEYS + ["functions"]


class Invalid(Exception):
    pass


def require(cond, where, what):
    if not cond:
        raise Invalid(f"{where}: {what}")


def keys(obj, expected, where):
    require(isinstance(obj, dict), where, "not an object")
    require(list(obj) == expected, where,
            f"keys {list(obj)}, expected {expected}")


def is_count(v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def sat_sum(values):
    return min(sum(values), MAX)


def census(obj, where, overflow):
    for p in PRECISIONS:
        prec = obj[p]
        keys(prec, KINDS + ["classes"], f"{where}.{p}")
        keys(prec["classes"], CLASSES, f"{where}.{p}.classes")
        for c in CLASSES:
            keys(prec["classes"][c], KINDS, f"{where}.{p}.classes.{c}")
            for k in KINDS:
                require(is_count(prec["classes"][c][k]), where,
                        f"{p}.{c}.{k} is not a 64-bit count")
        for k in KINDS:
            total = sat_sum(prec["classes"][c][k] for c in FLOP_CLASSES)
            require(prec[k] == total, where,
                    f"{p}.{k} = {prec[k]}, sum of FLOP classes = {total}")
            require(total < MAX or overflow, where,
                    f"{p}.{k} saturated without overflow")
    for b in ("bytes_loaded", "bytes_stored"):
        require(is_count(obj[b]), where, f"{b} is not a 64-bit count")
    if traffic_levels:
        keys(obj["traffic"], traffic_levels, f"{where}.traffic")
        for level in traffic_levels:
            keys(obj["traffic"][level], ["loaded", "stored"],
                 f"{where}.traffic.{level}")
            require(all(is_count(v) for v in obj["traffic"][level].values()),
                    where, f"traffic.{level} is not 64-bit counts")


def census_keys():
    return CENSUS_KEYS + (["traffic"] if traffic_levels else [])


def traffic_model(t):
    """The top-level traffic object; sets traffic_levels."""
    global traffic_levels
    traffic_levels = []
    if t is None:
        return
    keys(t, TRAFFIC_KEYS, "traffic")
    require(t["model"] == "sampled-lru", "traffic", t["model"])
    require(t["line_bytes"] == 64, "traffic", "line_bytes")
    require(is_number(t["sampling_rate"]) and 0 < t["sampling_rate"] <= 1,
            "traffic", "sampling_rate")
    require(is_count(t["sampled_accesses"]), "traffic", "sampled_accesses")
    require(is_count(t["replayed_accesses"])
            and t["replayed_accesses"] <= t["sampled_accesses"],
            "traffic", "replayed_accesses")
    require(1 <= len(t["levels"]) <= 4, "traffic", "levels")
    for i, level in enumerate(t["levels"]):
        # The L1 simulated set-associative on a sample of its sets.
        l1_sets = i == 0 and "ways" in level
        keys(level, LEVEL_KEYS + (L1_SET_KEYS if l1_sets else []),
             f"traffic.levels[{i}]")
        require(not l1_sets or 1 <= level["sampled_sets"] <= level["sets"],
                "traffic.levels", "sampled_sets")
        require(level["name"] == f"L{i + 1}", "traffic.levels", level["name"])
        require(is_count(level["bytes"]) and level["bytes"] > 0,
                "traffic.levels", "bytes")
        require(level["from"] in LEVEL_SOURCES, "traffic.levels",
                level["from"])
    require(t["memory"] == "DRAM", "traffic", "memory")
    traffic_levels = [l["name"] for l in t["levels"][1:]] + [t["memory"]]


def metrics(obj):
    """Every count of a census, by path."""
    out = {}
    for p in PRECISIONS:
        for c in CLASSES:
            for k in KINDS:
                out[(p, c, k)] = obj[p]["classes"][c][k]
    out["bytes_loaded"] = obj["bytes_loaded"]
    out["bytes_stored"] = obj["bytes_stored"]
    for level in traffic_levels:
        for direction in ("loaded", "stored"):
            out[(level, direction)] = obj["traffic"][level][direction]
    return out


def same_as_sum(parts, total, where, overflow):
    tm = metrics(total)
    sums = {key: 0 for key in tm}
    for part in parts:
        for key, v in metrics(part).items():
            sums[key] += v
    for key, v in tm.items():
        if overflow and (v == MAX or sums[key] >= MAX):
            continue
        require(v == sums[key], where, f"{key}: total {v}, sum {sums[key]}")


def validate(r):
    keys(r, TOP_KEYS, "report")
    require(r["schema"] == "roof", "schema", r["schema"])
    require(r["schema_version"] == 3, "schema_version", r["schema_version"])
    require(isinstance(r["program"], str), "program", "not a string")
    require(isinstance(r["command_line"], list) and
            all(isinstance(a, str) for a in r["command_line"]),
            "command_line", "not a list of strings")
    require(is_count(r["pid"]) and r["pid"] > 0, "pid", r["pid"])
    require(r["mpi_rank"] is None or is_count(r["mpi_rank"]), "mpi_rank",
            r["mpi_rank"])
    require(isinstance(r["start_time"], str) and
            re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r["start_time"]),
            "start_time", r["start_time"])
    require(is_number(r["wall_time_s"]) and r["wall_time_s"] >= 0,
            "wall_time_s", r["wall_time_s"])
    require(r["ended_by"] is None or r["ended_by"] in ENDINGS,
            "ended_by", r["ended_by"])
    require(is_number(r["timer_hz"]) and r["timer_hz"] > 0, "timer_hz",
            r["timer_hz"])
    keys(r["target"], TARGET_KEYS, "target")
    for i, m in enumerate(r["modules"]):
        keys(m, MODULE_KEYS, f"modules[{i}]")
        require(is_count(m["functions"]), f"modules[{i}]", "functions")
    if r["modules"]:
        require(all(r["target"][k] == r["modules"][0][k]
                    for k in TARGET_KEYS), "target", "not the first module's")
    overflow = r["overflow"]
    require(isinstance(overflow, bool), "overflow", "not a bool")
    traffic_model(r["traffic"])

    keys(r["totals"], census_keys(), "totals")
    census(r["totals"], "totals", overflow)
    for i, f in enumerate(r["functions"]):
        where = f"functions[{i}]"
        keys(f, FUNCTION_KEYS + census_keys(), where)
        require(all(isinstance(f[k], str)
                    for k in ("name", "demangled", "module")), where, "names")
        require(is_count(f["line"]) and f["line"] < 2**32, where, "line")
        require(is_count(f["calls"]), where, "calls")
        require((f["time_s"] is None) == (f["thread_time_s"] is None), where,
                "time_s and thread_time_s disagree on null")
        if f["time_s"] is not None:
            require(is_number(f["time_s"]) and f["time_s"] >= 0, where,
                    "time_s")
            require(f["thread_time_s"] >= f["time_s"] * (1 - 1e-9), where,
                    "thread_time_s below time_s")
        census(f, where, overflow)
    for i, g in enumerate(r["regions"]):
        where = f"regions[{i}]"
        keys(g, REGION_KEYS + census_keys(), where)
        require(isinstance(g["name"], str), where, "name")
        require(is_count(g["entries"]) and g["entries"] > 0, where, "entries")
        require(is_number(g["time_s"]) and g["time_s"] >= 0, where, "time_s")
        census(g, where, overflow)
    for i, t in enumerate(r["threads"]):
        where = f"threads[{i}]"
        keys(t, THREAD_KEYS + census_keys(), where)
        require(t["index"] == i, where, f"index {t['index']}")
        require(is_count(t["tid"]) and t["tid"] > 0, where, "tid")
        census(t, where, overflow)
    require(len({t["tid"] for t in r["threads"]}) == len(r["threads"]),
            "threads", "duplicate tid")
    same_as_sum(r["threads"], r["totals"], "totals vs threads", overflow)
    same_as_sum(r["functions"], r["totals"], "totals vs functions", overflow)


def unique_keys(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise Invalid(f"duplicate key in {[k for k, _ in pairs]}")
    return obj


def one(objs, name, kind):
    found = [o for o in objs if o["name"] == name]
    if len(found) != 1:
        raise Invalid(f"{len(found)} {kind} named {name!r} in "
                      f"{[o['name'] for o in objs]}")
    return found[0]


def check(r, expression):
    env = {
        "r": r,
        "fn": lambda name: one(r["functions"], name, "functions"),
        "region": lambda name: one(r["regions"], name, "regions"),
        "names": lambda objs: [o["name"] for o in objs],
        "flops": lambda obj, p, k="canonical": obj[p][k],
        "cls": lambda obj, p, c, k="canonical": obj[p]["classes"][c][k],
        "near": lambda a, b, rel=1e-6: abs(a - b) <= rel * abs(b),
        "MAX": MAX,
    }
    if eval(compile(expression, "<check>", "eval"), env):
        return True
    tree = ast.parse(expression, mode="eval").body
    detail = ""
    if isinstance(tree, ast.Compare) and len(tree.comparators) == 1:
        left = eval(compile(ast.Expression(tree.left), "<left>", "eval"), env)
        right = eval(compile(ast.Expression(tree.comparators[0]), "<right>",
                             "eval"), env)
        detail = f"\n  left:  {left!r}\n  right: {right!r}"
    print(f"FAILED: {expression}{detail}", file=sys.stderr)
    return False


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    try:
        # Strict UTF-8, no raw control characters, no duplicate keys.
        r = json.loads(data.decode("utf-8"), object_pairs_hook=unique_keys)
        validate(r)
    except (UnicodeDecodeError, ValueError, Invalid, KeyError) as e:
        sys.exit(f"{sys.argv[1]}: invalid report: {e}")
    ok = True
    for expression in sys.argv[2:]:
        try:
            ok &= check(r, expression)
        except Exception as e:  # a missing key reads better than a trace
            print(f"FAILED: {expression}\n  {type(e).__name__}: {e}",
                  file=sys.stderr)
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
