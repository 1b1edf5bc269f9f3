"""Checks the shape of roof-static JSON (schema roof-static, version 2).

Prints one line per function, "NAME FLOPS", after checking what the driver
relies on: every precision with every class, the precision's canonical FLOPs
equal to the sum of its six FLOP classes whenever all of them have a value,
and the keys that match the runtime JSON (name, demangled).
"""
import json
import sys

PRECISIONS = ["fp16", "bf16", "fp32", "fp64"]
CLASSES = ["add", "mul", "fma", "div", "sqrt", "transcendental", "minmax",
           "compare", "convert", "special"]
FLOP_CLASSES = CLASSES[:6]


def quantity(q, where):
    assert set(q) == {"polynomial", "value"}, where
    assert isinstance(q["polynomial"], str), where
    assert q["value"] is None or isinstance(q["value"], int), where
    return q["value"]


def census(c, where):
    for p in PRECISIONS:
        prec = c[p]
        canonical = quantity(prec["canonical"], where + "." + p)
        values = [quantity(prec["classes"][k], where + "." + p + "." + k)
                  for k in CLASSES]
        flops = values[:len(FLOP_CLASSES)]
        if canonical is not None and None not in flops:
            assert canonical == sum(flops), where + "." + p
        quantity(prec["bytes_loaded"], where)
        quantity(prec["bytes_stored"], where)
    quantity(c["bytes_loaded"], where)
    quantity(c["bytes_stored"], where)


report = json.load(open(sys.argv[1]))
assert report["schema"] == "roof-static", report["schema"]
assert report["schema_version"] == 2
for f in report["functions"]:
    assert isinstance(f["name"], str) and isinstance(f["demangled"], str)
    census(f["totals"], f["name"])
    census(f["totals"]["mask_dependent"], f["name"] + ".mask_dependent")
    flops = [f["totals"][p]["canonical"]["polynomial"] for p in PRECISIONS
             if f["totals"][p]["canonical"]["polynomial"] != "0"]
    print(f["name"], " ".join(flops))
print("ok", len(report["functions"]), "functions")
