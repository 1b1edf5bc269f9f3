#!/usr/bin/env bash
# The main job: set roof up (scripts/setup.sh), build the bundled examples
# with the roof driver, run each one, and print its census with
# `roof report`. The JSON files are left in build/demo/.
#
#   scripts/demo.sh                 # everything, from a clean checkout
#   scripts/demo.sh --skip-setup    # reuse an existing build/
#
# Environment:
#   ROOF_DEMO_ARCH    target flags (default: -march=x86-64-v4
#                     -mprefer-vector-width=512 where the CPU has AVX-512,
#                     -march=x86-64-v3 otherwise)
#   OMP_NUM_THREADS   threads for the OpenMP examples (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

skip_setup=0
for arg in "$@"; do
  case "$arg" in
    --skip-setup) skip_setup=1 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "demo.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

if [ -t 1 ]; then bold=$(printf "\033[1m") plain=$(printf "\033[0m"); else bold="" plain=""; fi
heading() { printf "\n%s==> %s%s\n" "$bold" "$*" "$plain"; }

if [ "$skip_setup" = 0 ]; then
  heading "Setting up roof (scripts/setup.sh)"
  scripts/setup.sh
fi

roof=$root/build/bin/roof
for f in "$roof" "$root/build/lib/libroofpass.so" "$root/build/lib/libroofrt.a"; do
  if [ ! -e "$f" ]; then
    echo "demo.sh: $f is missing; run scripts/setup.sh" >&2
    exit 1
  fi
done

if [ -n "${ROOF_DEMO_ARCH:-}" ]; then
  read -r -a arch <<<"$ROOF_DEMO_ARCH"
elif grep -qw avx512f /proc/cpuinfo; then
  arch=(-march=x86-64-v4 -mprefer-vector-width=512)
else
  arch=(-march=x86-64-v3)
fi
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}

out=$root/build/demo
mkdir -p "$out"

# name | source | extra flags. Every example is built with -fopenmp (the
# ones without OpenMP pragmas are unaffected); complex_divsqrt is built
# twice, to show what -ffast-math does to divides.
examples=(
  "stream_triad|stream_triad.c|"
  "daxpy|daxpy.c|"
  "stencil7|stencil7.c|"
  "dgemm_blocked|dgemm_blocked.c|"
  "complex_divsqrt|complex_divsqrt.c|"
  "complex_divsqrt-fastmath|complex_divsqrt.c|-ffast-math"
)

heading "Target: ${arch[*]}; OMP_NUM_THREADS=$OMP_NUM_THREADS; output in build/demo/"

i=0
for entry in "${examples[@]}"; do
  i=$((i + 1))
  IFS='|' read -r name src extra <<<"$entry"
  read -r -a extra_flags <<<"$extra"
  cmd=("$roof" cc -O3 "${arch[@]}" -fopenmp ${extra_flags[@]+"${extra_flags[@]}"}
       "examples/$src" -o "$out/$name" -lm)

  heading "[$i/${#examples[@]}] $name: build"
  echo "${cmd[*]#$root/}"
  "${cmd[@]}"

  heading "[$i/${#examples[@]}] $name: run"
  echo "ROOF_OUTPUT=build/demo/$name.json build/demo/$name"
  rm -f "$out/$name.json"
  ROOF_OUTPUT=$out/$name.json "$out/$name"

  heading "[$i/${#examples[@]}] $name: roof report build/demo/$name.json"
  "$roof" report "$out/$name.json"
done

heading "Done: ${#examples[@]} censuses in build/demo/*.json"
ls -1 "$out"/*.json | sed "s|^$root/||"
