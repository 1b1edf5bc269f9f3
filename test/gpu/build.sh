#!/usr/bin/env bash
# Step 1 of 3 of the GPU validation (docs/validation.md): build, on a machine
# with roof (clang 19, LLVM), the folder that the GPU machine runs.
#
# For each CUDA source: the instrumented binary (roof c++ -O3), the plain
# one (the same command with ROOF_DISABLE=1: the program as the user builds
# it) and the traffic-mode one (roof c++ -O3 --roof-traffic: the model of
# its bytes below L1), then manifest.tsv, the roof driver, libcudart and the
# scripts of steps
# 2 and 3 (run.sh, compare.py), so that DIR alone is the whole validation:
#
#   test/gpu/build.sh [--arch sm_90] [--out DIR] [SOURCE.cu ...]
#   DIR/run.sh [--out RESULTS]           # on the GPU machine: ncu, no clang
#   DIR/compare.py RESULTS               # anywhere: python3 stdlib only
#
# Defaults: DIR = build/gpu-validation, sources examples/cuda/*.cu and
# test/gpu/corpus/*.cu. A source may give its arguments on a line
# `gpu-validation args: ARGS` (e.g. in its header comment). ROOF=PATH builds
# with another roof driver than build/bin/roof. Exit status 0, or 2 with one
# line on stderr at the first failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)

arch=sm_90
out=$root/build/gpu-validation
while [ $# -gt 0 ]; do
  case $1 in
    --arch) arch=${2:?--arch needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a value}; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "build.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
sources=("$@")
[ ${#sources[@]} -gt 0 ] ||
  sources=("$root"/examples/cuda/*.cu "$root"/test/gpu/corpus/*.cu)

fail() { echo "build.sh: $*" >&2; exit 2; }
roof=${ROOF:-$root/build/bin/roof}
[ -x "$roof" ] || fail "no roof driver at $roof (build roof first: scripts/setup.sh)"

mkdir -p "$out/bin" "$out/lib"
out=$(cd "$out" && pwd)
manifest=$out/manifest.tsv
printf 'name\tinstrumented\tplain\ttraffic\targs\n' > "$manifest.tmp"
for source in "${sources[@]}"; do
  [ -f "$source" ] || fail "$source: no such file"
  name=$(basename "$source" .cu)
  case $name in *[!A-Za-z0-9_.-]*) fail "$source: name $name has odd characters" ;; esac
  args=$(sed -n 's/.*gpu-validation args: *//p' "$source" | head -n 1)
  # examples/cuda/gpp.cu checks every launch again on the host, a few
  # seconds a run at its default 40 launches: 10 are enough here.
  [ -n "$args" ] || [ "$name" != gpp ] || args="262144 10"
  echo "build.sh: $name"
  "$roof" c++ -O3 --cuda-gpu-arch="$arch" "$source" -o "$out/bin/$name" ||
    fail "$source: the instrumented build failed"
  ROOF_DISABLE=1 "$roof" c++ -O3 --cuda-gpu-arch="$arch" "$source" \
    -o "$out/bin/$name.plain" || fail "$source: the plain build failed"
  "$roof" c++ -O3 --roof-traffic --cuda-gpu-arch="$arch" "$source" \
    -o "$out/bin/$name.traffic" || fail "$source: the traffic-mode build failed"
  # args last: read splits on tabs as on blanks, and an empty field between
  # two others would vanish.
  printf '%s\tbin/%s\tbin/%s.plain\tbin/%s.traffic\t%s\n' "$name" "$name" \
    "$name" "$name" "$args" >> "$manifest.tmp"
done
mv "$manifest.tmp" "$manifest"

# The driver (roof compare) links only libstdc++ and libc.
cp "$roof" "$out/bin/roof"
cp "$root/test/gpu/run.sh" "$root/test/gpu/compare.py" "$out/"
chmod +x "$out/run.sh" "$out/compare.py"

# The programs link the shared CUDA runtime (roof c++ adds -lcudart, see
# docs/cuda.md); its copy travels in lib/, which run.sh puts first on
# LD_LIBRARY_PATH, so the GPU machine needs only the NVIDIA driver.
cudart=$(ldd "$out/bin/$name" | sed -n 's/^[[:space:]]*\(libcudart\.so[^ ]*\) => \([^ ]*\).*/\2/p' | head -n 1)
if [ -n "$cudart" ]; then
  cp -L "$cudart" "$out/lib/$(basename "$cudart")"
fi
# Anything else a binary needs that is not found here is a mistake.
for binary in "$out"/bin/*; do
  if ldd "$binary" 2>/dev/null | grep -q 'not found'; then
    fail "$binary: $(ldd "$binary" | grep 'not found' | head -n 1 | tr -s ' \t' ' ')"
  fi
done
echo "build.sh: $out ($(du -sh "$out" | cut -f1)), $(($(wc -l < "$manifest") - 1)) programs; next: $out/run.sh on the GPU machine"
