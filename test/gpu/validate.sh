#!/usr/bin/env bash
# roof vs Nsight Compute on a machine that has both roof (clang 19) and a GPU
# with ncu: the three steps of docs/validation.md in a row.
#
#   test/gpu/validate.sh [--arch sm_90] [SOURCE.cu ...]
#
# build.sh makes build/gpu-validation/, its run.sh writes
# build/gpu-validation/results/, compare.py prints the tables. Where the GPU
# machine has no clang, run the steps apart (build here, carry the folder).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/gpu-validation
test/gpu/build.sh --out "$out" "$@"
status=0
"$out/run.sh" --out "$out/results" || status=$?
"$out/compare.py" "$out/results"
exit "$status"
