#!/usr/bin/env python3
"""Whether a census's GPU has a traffic model, and which kernels have
modelled traffic (the key is absent from the others):

    has_traffic.py CENSUS.json
prints
    gpu.traffic: yes|no; kernels with traffic: NAME ...|none
"""
import json
import sys

with open(sys.argv[1]) as f:
    census = json.load(f)
gpu = census.get("gpu") or {}
names = [k["name"] for k in census["kernels"] if "traffic" in k]
print("gpu.traffic: %s; kernels with traffic: %s"
      % ("yes" if gpu.get("traffic") else "no", " ".join(names) or "none"))
