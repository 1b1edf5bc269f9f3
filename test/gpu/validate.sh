#!/usr/bin/env bash
# roof vs Nsight Compute on a GPU machine (docs/validation.md).
#
# Builds each CUDA example with `roof c++`, runs it once under roof (counts
# per kernel in build/gpu-validation/NAME.json) and once under ncu with the
# FLOP metrics Nsight Compute's roofline uses (NAME.ncu.csv, instrumentation
# disabled with ROOF_DISABLE so ncu profiles the program as the user would
# build it), and prints `roof compare --ncu` per kernel. Exit status: that
# of the first failing step.
#
# usage: test/gpu/validate.sh [--arch sm_90] [EXAMPLE.cu ...]
set -euo pipefail
cd "$(dirname "$0")/../.."

arch=sm_90
if [ "${1:-}" = "--arch" ]; then
  arch=$2
  shift 2
fi
examples=("$@")
[ ${#examples[@]} -gt 0 ] || examples=(examples/cuda/*.cu)

command -v ncu >/dev/null || { echo "validate.sh: ncu not found (needs a GPU machine with Nsight Compute)" >&2; exit 2; }
roof=build/bin/roof
[ -x "$roof" ] || { echo "validate.sh: build roof first (scripts/setup.sh)" >&2; exit 2; }

metrics=$(printf 'sm__sass_thread_inst_executed_op_%s_pred_on.sum,' \
  dadd dmul dfma fadd fmul ffma hadd hmul hfma)
metrics+="dram__bytes.sum,gpu__time_duration.sum"

out=build/gpu-validation
mkdir -p "$out"
for source in "${examples[@]}"; do
  name=$(basename "$source" .cu)
  echo "== $name"
  "$roof" c++ -O3 --cuda-gpu-arch="$arch" "$source" -o "$out/$name"
  ROOF_DISABLE=1 "$roof" c++ -O3 --cuda-gpu-arch="$arch" "$source" -o "$out/$name.plain"
  ROOF_OUTPUT="$out/$name.json" "$out/$name"
  ncu --csv --print-units base --metrics "$metrics" "$out/$name.plain" > "$out/$name.ncu.csv"
  "$roof" compare "$out/$name.json" --ncu "$out/$name.ncu.csv"
done
