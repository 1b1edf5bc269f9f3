"""Writes a roof census (docs/schema.md) from a short description, so that the
roofline tests state only the counts they are about.

usage: make_census.py SPEC.json > census.json

SPEC = {"program": PATH, "wall_time_s": S, "pid": N (default 1000),
        "mpi_rank": N (default null),
        "regions": [SCOPE, ...], "functions": [SCOPE, ...],
        "gpu": {"name", "compute_capability"}, "kernels": [KERNEL, ...],
        "traffic": MODEL}
SCOPE = {"name": NAME, "time_s": S (null for an untimed function),
         "bytes_loaded": N, "bytes_stored": N,
         "fp64": {CLASS: [canonical, empirical, full_width], ...}, "fp32": ...,
         "traffic": {LEVEL: [loaded, stored], ...}}
MODEL = {"levels": [[NAME, BYTES], ...] (from L1 down), "memory": NAME,
         "line_bytes": N (64), "sampling_rate": R (1/128),
         "sampled_accesses": N (1000), "replayed_accesses": N (0)}: the census of a traffic-mode build;
         every census object then has traffic at every level below L1
         (levels a scope does not give are zero).
KERNEL = {"name": MANGLED, "demangled": NAME, "launches": N (default: the
          records), "records": [LAUNCH, ...]}
LAUNCH = {"sequence": N, "grid": [X, Y, Z], "block": [X, Y, Z],
          "time_s": S, "global": [loaded, stored], "shared": [...], ...,
          "fp64": {CLASS: [...]}, ...}
Classes and spaces not given are zero. The totals are the sum of the
functions (of the regions when there are no functions); a kernel is the sum
of its launch records, and its bytes those of its spaces; every count is an
exact integer.
"""
import json
import sys

PRECISIONS = ["fp16", "bf16", "fp32", "fp64"]
CLASSES = ["add", "mul", "fma", "div", "sqrt", "transcendental",
           "minmax", "compare", "convert", "special"]
FLOP_CLASSES = CLASSES[:6]
KINDS = ["canonical", "empirical", "full_width"]
SPACES = ["global", "shared", "local", "constant", "generic"]


def census_object(scope, levels=None):
    """The census keys of `scope`; its traffic at `levels` when given."""
    result = {}
    for precision in PRECISIONS:
        given = scope.get(precision, {})
        classes = {}
        for cls in CLASSES:
            values = given.get(cls, [0, 0, 0])
            classes[cls] = dict(zip(KINDS, (int(v) for v in values)))
        entry = {kind: sum(classes[c][kind] for c in FLOP_CLASSES)
                 for kind in KINDS}
        entry["classes"] = classes
        result[precision] = entry
    result["bytes_loaded"] = int(scope.get("bytes_loaded", 0))
    result["bytes_stored"] = int(scope.get("bytes_stored", 0))
    if levels is not None:
        given = scope.get("traffic", {})
        result["traffic"] = {
            level: dict(zip(["loaded", "stored"],
                            (int(v) for v in given.get(level, [0, 0]))))
            for level in levels}
    return result


def summed(objects, levels=None):
    total = census_object({}, levels)
    for obj in objects:
        for precision in PRECISIONS:
            for kind in KINDS:
                total[precision][kind] += obj[precision][kind]
                for cls in CLASSES:
                    total[precision]["classes"][cls][kind] += \
                        obj[precision]["classes"][cls][kind]
        total["bytes_loaded"] += obj["bytes_loaded"]
        total["bytes_stored"] += obj["bytes_stored"]
        for level in levels or []:
            for direction in ["loaded", "stored"]:
                total["traffic"][level][direction] += \
                    obj["traffic"][level][direction]
    return total


def traffic_model(model):
    """The top-level traffic of a MODEL, and the levels below L1."""
    if model is None:
        return None, None
    levels = [dict(name=name, bytes=size, **{"from": "sysfs"})
              for name, size in model["levels"]]
    below = [level["name"] for level in levels[1:]] + [model["memory"]]
    return dict(model="sampled-lru", line_bytes=model.get("line_bytes", 64),
                sampling_rate=model.get("sampling_rate", 0.0078125),
                levels=levels, memory=model["memory"],
                sampled_accesses=model.get("sampled_accesses", 1000),
                replayed_accesses=model.get("replayed_accesses", 0)), below


def device_object(scope):
    """The census keys and bytes_by_space of a launch record."""
    spaces = {space: dict(zip(["loaded", "stored"], scope.get(space, [0, 0])))
              for space in SPACES}
    result = census_object(dict(
        scope, bytes_loaded=sum(s["loaded"] for s in spaces.values()),
        bytes_stored=sum(s["stored"] for s in spaces.values())))
    result["bytes_by_space"] = spaces
    return result


def launch_record(record):
    return dict(sequence=record["sequence"], grid=record["grid"],
                block=record["block"],
                shared_memory_bytes=record.get("shared_memory_bytes", 0),
                stream=record.get("stream", 0), time_s=record["time_s"],
                **device_object(record))


def kernel_object(kernel):
    records = [launch_record(r) for r in kernel["records"]]
    totals = summed(records)
    totals["bytes_by_space"] = {
        space: {direction: sum(r["bytes_by_space"][space][direction]
                               for r in records)
                for direction in ["loaded", "stored"]}
        for space in SPACES}
    return dict(name=kernel["name"], demangled=kernel["demangled"],
                module=kernel.get("module", "app.cu"),
                launches=kernel.get("launches", len(records)),
                counted_launches=len(records),
                # Written with 9 significant digits, as the runtime does.
                time_s=float("%.9g" % sum(r["time_s"] for r in records)),
                **totals,
                launch_records=records)


def main():
    with open(sys.argv[1]) as file:
        spec = json.load(file)
    traffic, levels = traffic_model(spec.get("traffic"))
    regions = [dict(name=r["name"], entries=1, time_s=r["time_s"],
                    **census_object(r, levels))
               for r in spec.get("regions", [])]
    functions = [dict(name=f["name"], demangled=f["name"], module="app.c",
                      calls=1, time_s=f.get("time_s"),
                      thread_time_s=f.get("time_s"),
                      **census_object(f, levels))
                 for f in spec.get("functions", [])]
    totals = summed(functions or regions, levels)
    target = {"triple": "x86_64-pc-linux-gnu", "cpu": "skylake-avx512",
              "features": "+avx512f,+fma"}
    census = {
        "schema": "roof", "schema_version": 2,
        "program": spec["program"], "command_line": [spec["program"]],
        "pid": spec.get("pid", 1000), "mpi_rank": spec.get("mpi_rank"),
        "start_time": "2025-01-01T12:00:00Z",
        "wall_time_s": spec["wall_time_s"], "timer_hz": 1e9,
        "target": target,
        "modules": [dict(source="app.c", functions=len(functions), **target)],
        "overflow": False, "totals": totals, "functions": functions,
        "regions": regions,
        "threads": [dict(index=0, tid=1000, **totals)],
        "gpu": spec.get("gpu"),
        "kernels": [kernel_object(k) for k in spec.get("kernels", [])],
    }
    if traffic is not None:
        census["traffic"] = traffic
    json.dump(census, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
