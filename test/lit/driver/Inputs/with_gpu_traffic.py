#!/usr/bin/env python3
"""Writes a census as a traffic-mode CUDA build would have it: a GPU model
(docs/schema.md, "The GPU's traffic") and one kernel's modelled bytes.

    with_gpu_traffic.py IN.json OUT.json KERNEL L2_LOADED L2_STORED \\
        DRAM_LOADED DRAM_STORED

KERNEL is the kernel's mangled name; its launch records get no traffic (the
kernel's is then only compared where its totals are)."""
import json
import sys

source, target, kernel = sys.argv[1:4]
l2_loaded, l2_stored, dram_loaded, dram_stored = map(int, sys.argv[4:8])
with open(source) as f:
    census = json.load(f)
census["gpu"]["traffic"] = {
    "model": "sampled-lru", "line_bytes": 32, "sampling_rate": 0.03125,
    "levels": [{"name": "L1", "bytes": 262144, "from": "CUDA"},
               {"name": "L2", "bytes": 52428800, "from": "CUDA"}],
    "memory": "DRAM", "sampled_accesses": 1000, "dropped_accesses": 0}
for k in census["kernels"]:
    if k["name"] == kernel:
        k["traffic"] = {"L2": {"loaded": l2_loaded, "stored": l2_stored},
                        "DRAM": {"loaded": dram_loaded, "stored": dram_stored}}
with open(target, "w") as f:
    json.dump(census, f)
