#!/usr/bin/env bash
# The main job: set roof up (scripts/setup.sh), build the bundled examples
# with the roof driver, run each one, and print its census with
# `roof report`; then place them on this machine's hierarchical roofline:
# the ceilings of a quick `roof ert` (measured once, then reused), the bytes
# below L1 from a traffic-mode build of each example run on the same input,
# a table of every example's regions at every level and build/demo/roofline.svg.
# Everything is left in build/demo/.
#
#   scripts/demo.sh                 # everything, from a clean checkout
#   scripts/demo.sh --skip-setup    # reuse an existing build/
#   scripts/demo.sh --remeasure     # measure the ceilings again
#
# Environment:
#   ROOF_DEMO_ARCH      target flags (default: -march=x86-64-v4
#                       -mprefer-vector-width=512 where the CPU has AVX-512,
#                       -march=x86-64-v3 otherwise)
#   OMP_NUM_THREADS     threads for the OpenMP examples and roof ert (default 2)
#   ROOF_DEMO_CEILINGS  a roofline.json to use instead of the quick roof ert
#                       (a thorough `roof ert --out DIR` of this machine)
#   ROOF_CACHES         the caches of the traffic model (default: where the
#                       ceilings' bandwidth levels end; docs/roofline.md)
set -Eeuo pipefail
cd "$(dirname "$0")/.."
root=$PWD

skip_setup=0 remeasure=0
for arg in "$@"; do
  case "$arg" in
    --skip-setup) skip_setup=1 ;;
    --remeasure) remeasure=1 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "demo.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

# A failing step is one line on stderr (after the command's own message) and
# its exit status.
step="setting up"
on_error() {
  local status=$?
  # A command substitution's subshell leaves the line to the main shell.
  [ "$BASHPID" != "$$" ] ||
    echo "demo.sh: failed while $step (exit status $status)" >&2
  exit "$status"
}
trap on_error ERR
die() { echo "demo.sh: $*" >&2; exit 1; }

if [ -t 1 ]; then bold=$(printf "\033[1m") plain=$(printf "\033[0m"); else bold="" plain=""; fi
heading() { printf "\n%s==> %s%s\n" "$bold" "$*" "$plain"; }

if [ "$skip_setup" = 0 ]; then
  heading "Setting up roof (scripts/setup.sh)"
  scripts/setup.sh
fi

roof=$root/build/bin/roof
for f in "$roof" "$root/build/bin/roof-ert" "$root/build/lib/libroofpass.so" \
         "$root/build/lib/libroofrt.a"; do
  [ -e "$f" ] || die "$f is missing; run scripts/setup.sh"
done
command -v python3 >/dev/null || die "python3 is missing; run scripts/setup.sh"
helper=(python3 "$root/scripts/demo_roofline.py")

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
# twice, to show what -ffast-math does to divides. The .f90 ones are
# Fortran, built with roof fc (Flang).
examples=(
  "stream_triad|stream_triad.c|"
  "daxpy|daxpy.c|"
  "stencil7|stencil7.c|"
  "dgemm_blocked|dgemm_blocked.c|"
  "complex_divsqrt|complex_divsqrt.c|"
  "complex_divsqrt-fastmath|complex_divsqrt.c|-ffast-math"
  "heat2d|heat2d.f90|"
)

heading "Target: ${arch[*]}; OMP_NUM_THREADS=$OMP_NUM_THREADS; output in build/demo/"

# The ceilings: a quick roof ert in build/demo/ert/, measured again only when
# roof-ert, the processor or the thread count changed (or --remeasure), or
# when the last measurement was not to be trusted.
step="measuring the ceilings"
ert=$out/ert
measured=0 unkept=""
if [ -n "${ROOF_DEMO_CEILINGS:-}" ]; then
  heading "Ceilings: $ROOF_DEMO_CEILINGS (ROOF_DEMO_CEILINGS)"
  ceilings=$ROOF_DEMO_CEILINGS
  [ -f "$ceilings" ] || die "ROOF_DEMO_CEILINGS=$ceilings: no such file"
else
  ceilings=$ert/roofline.json
  # The examples' threads, but no more than there are processors (roof-ert
  # refuses to measure time sharing).
  ert_threads=$(( OMP_NUM_THREADS < $(nproc) ? OMP_NUM_THREADS : $(nproc) ))
  key=$(printf "roof-ert %s\nthreads %s\n" \
           "$(sha256sum <"$root/build/bin/roof-ert" | cut -d' ' -f1)" "$ert_threads"
         awk '/^$/ { exit } /^(vendor_id|cpu family|model|model name|stepping|flags)[ \t]*:/' \
           /proc/cpuinfo)
  if [ "$remeasure" = 0 ] && [ -f "$ceilings" ] && [ -f "$ert/key" ] &&
     [ "$(cat "$ert/key")" = "$key" ]; then
    heading "Ceilings: reusing build/demo/ert/roofline.json (same roof-ert, processor and threads; --remeasure to measure again)"
  else
    heading "Ceilings: roof ert --quick --threads $ert_threads --out build/demo/ert (a few seconds; keep the machine idle)"
    rm -rf "$ert"
    read -r load _ </proc/loadavg
    started=$SECONDS
    "$roof" ert --quick --threads "$ert_threads" --out "$ert" >"$out/ert-summary.txt"
    mv "$out/ert-summary.txt" "$ert/summary.txt"
    echo "measured in $((SECONDS - started)) s; roof-ert's summary: build/demo/ert/summary.txt"
    measured=1
    # As roof-ert warns, ceilings measured beside other work are low.
    if awk -v load="$load" -v n="$(nproc)" 'BEGIN { exit !(load > n / 2) }'; then
      unkept="the load average was $load on $(nproc) processors"
    fi
  fi
fi
step="reading the ceilings"
summary=$("${helper[@]}" summary "$ceilings")
printf "%s\n" "$summary"

# The traffic model's caches, chosen to agree with the ceilings' levels.
step="choosing the cache hierarchy"
hierarchy=$("${helper[@]}" hierarchy "$ceilings")
caches=$(sed -n 1p <<<"$hierarchy")
echo "hierarchy: $(sed -n 2p <<<"$hierarchy")"
sed -n '3,$p' <<<"$hierarchy"
traffic_env=(env -u ROOF_CACHES)
[ -z "$caches" ] || traffic_env=(env "ROOF_CACHES=$caches")
if [ "$measured" = 1 ]; then
  if [ -z "$unkept" ] && grep -q '^warning:' <<<"$summary"$'\n'"$hierarchy"; then
    unkept="see the warning above"
  fi
  if [ -n "$unkept" ]; then
    echo "These ceilings serve this demo only; the next one measures again: $unkept."
  else
    printf "%s\n" "$key" >"$ert/key"
  fi
fi

i=0
for entry in "${examples[@]}"; do
  i=$((i + 1))
  IFS='|' read -r name src extra <<<"$entry"
  read -r -a extra_flags <<<"$extra"
  # Flang 19 has no -mprefer-vector-width: Fortran gets the rest, and
  # writes its .mod files into build/demo/.
  wrapper=cc target=("${arch[@]}")
  if [[ $src == *.f90 ]]; then
    wrapper=fc target=(-module-dir "$out")
    for flag in "${arch[@]}"; do
      [[ $flag == -mprefer-vector-width=* ]] || target+=("$flag")
    done
  fi
  flags=(-O3 "${target[@]}" -fopenmp ${extra_flags[@]+"${extra_flags[@]}"}
         "examples/$src" -lm)
  cmd=("$roof" "$wrapper" "${flags[@]}" -o "$out/$name")
  traffic_cmd=("$roof" "$wrapper" --roof-traffic "${flags[@]}" -o "$out/$name-traffic")

  heading "[$i/${#examples[@]}] $name: build (default, and traffic mode for the bytes below L1)"
  step="building $name"
  echo "${cmd[*]#"$root"/}"
  "${cmd[@]}"
  echo "${traffic_cmd[*]#"$root"/}"
  "${traffic_cmd[@]}"

  heading "[$i/${#examples[@]}] $name: run"
  step="running $name"
  echo "ROOF_OUTPUT=build/demo/$name.json build/demo/$name"
  rm -f "$out/$name.json" "$out/$name-traffic.json"
  ROOF_OUTPUT=$out/$name.json "$out/$name"

  heading "[$i/${#examples[@]}] $name: roof report build/demo/$name.json"
  step="reporting $name"
  "$roof" report "$out/$name.json"

  # Same arguments: the report takes the traffic only from a run that
  # loaded and stored the same bytes in every scope.
  heading "[$i/${#examples[@]}] $name: traffic-mode run (same input; the cache model slows it)"
  step="running $name in traffic mode"
  echo "${caches:+ROOF_CACHES=$caches }ROOF_OUTPUT=build/demo/$name-traffic.json build/demo/$name-traffic"
  "${traffic_env[@]}" ROOF_OUTPUT="$out/$name-traffic.json" "$out/$name-traffic"
done

heading "Roofline: each example's regions at every level (empirical FLOPs; times of the default run, bytes below L1 of the traffic-mode run)"
step="placing the examples on the roofline"
tables=() plot_runs=() plot_traffic=()
for entry in "${examples[@]}"; do
  IFS='|' read -r name _ <<<"$entry"
  report=("$roof" report "$out/$name.json" --ceilings "$ceilings"
          --traffic "$out/$name-traffic.json")
  "${report[@]}" >"$out/$name-roofline.txt"
  "${report[@]}" --csv >"$out/$name-roofline.csv"
  tables+=("$name=$out/$name-roofline.csv")
  plot_runs+=("$out/$name.json")
  plot_traffic+=(--traffic "$out/$name-traffic.json")
done
"${helper[@]}" table "${tables[@]}"
echo "Full reports (the program, regions and top functions, canonical FLOPs"
echo "beside, the ceiling each one is bound by and why): build/demo/*-roofline.txt"

step="plotting the roofline"
"$roof" plot "${plot_runs[@]}" "${plot_traffic[@]}" --ceilings "$ceilings" \
  --precision fp64 --no-program --title "roof demo: the examples' regions, fp64" \
  -o "$out/roofline.svg"

heading "Done"
echo "censuses: build/demo/NAME.json (default builds), build/demo/NAME-traffic.json (traffic mode)"
echo "roofline reports: build/demo/NAME-roofline.txt and .csv; ceilings: ${ceilings#"$root"/}"
echo "roofline plot (the fp64 regions, a marker per level): ${out#"$root"/}/roofline.svg"
