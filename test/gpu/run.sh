#!/usr/bin/env bash
# Step 2 of 3 of the GPU validation (docs/validation.md): run, on the GPU
# machine, what test/gpu/build.sh put in this folder. Needs only this
# folder, Nsight Compute (ncu) and an NVIDIA driver: no clang, no LLVM.
#
#   DIR/run.sh [--out RESULTS] [--launch-count N] [--timeout S]
#              [--deadline S] [NAME ...]
#
# Per program of DIR/manifest.tsv (all, or the NAMEs given), into RESULTS
# (default DIR/results), each step under `timeout S` (default 120), and no
# step past --deadline S seconds after the start (default 480: the steps
# left are recorded as skipped):
#   NAME.json            the instrumented binary, ROOF_CUDA=launch (roof's
#                        counts, launch by launch); NAME.roof.log its output
#   NAME.traffic.json    the traffic-mode binary, ROOF_CUDA=launch (the
#                        model's bytes at L2 and DRAM, launch by launch);
#                        NAME.traffic.log its output
#   NAME.ncu.csv         ncu --csv of the plain binary with the FLOP, byte
#                        and time metrics of `roof compare --ncu`, mangled
#                        kernel names, ncu's default units
#   NAME.ncu-base.csv    the same profile printed with --print-units base
#                        (from NAME.flops.ncu-rep, no second profiling run)
#   NAME.time-plain.csv  ncu --csv --metrics gpu__time_duration.sum of the
#   NAME.time-roof.csv   plain binary and of the instrumented one under
#                        ROOF_CUDA=total (no synchronisation added by roof)
#   NAME.time-traffic.csv  the same of the traffic-mode one, under
#                        ROOF_CUDA=launch (its census NAME.traffic-timed.json)
#   NAME.*.log           each step's other output
# and status.tsv (program, step, exit status, seconds; a failed step is
# recorded there and the others still run), device.csv (nvidia-smi's name
# and driver), versions.txt, manifest.tsv. ncu profiles the first N kernel
# launches of each program (default 20; roof compare compares the same
# launches, from roof's launch records). Then: DIR/compare.py RESULTS.
#
# Exit status: 0 when every step succeeded, 1 when one failed, 2 when the
# run could not start (one line on stderr).
set -u
here=$(cd "$(dirname "$0")" && pwd)

results=$here/results
launches=20
limit=120
deadline=480
while [ $# -gt 0 ]; do
  case $1 in
    --out) results=${2:?--out needs a value}; shift 2 ;;
    --launch-count) launches=${2:?--launch-count needs a value}; shift 2 ;;
    --timeout) limit=${2:?--timeout needs a value}; shift 2 ;;
    --deadline) deadline=${2:?--deadline needs a value}; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
only=" $* "

fail() { echo "run.sh: $*" >&2; exit 2; }
[ -f "$here/manifest.tsv" ] || fail "no manifest.tsv in $here (make the folder with test/gpu/build.sh)"
ncu=${NCU:-$(command -v ncu || true)}
[ -n "$ncu" ] || ncu=/usr/local/cuda/bin/ncu
[ -x "$ncu" ] || fail "ncu not found (on PATH, /usr/local/cuda/bin, or NCU=...)"
command -v timeout >/dev/null || fail "timeout (coreutils) not found"
mkdir -p "$results" || fail "cannot make $results"
results=$(cd "$results" && pwd)

# The CUDA runtime the programs were linked with travels in lib/.
export LD_LIBRARY_PATH=$here/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# The metrics of driver/read/NcuOutput.cpp's kNcuCommand.
metrics=$(printf 'sm__sass_thread_inst_executed_op_%s_pred_on.sum,' \
  dadd dmul dfma fadd fmul ffma hadd hmul hfma)
metrics+="l1tex__t_bytes.sum,lts__t_bytes.sum,dram__bytes.sum,gpu__time_duration.sum"

status=$results/status.tsv
printf 'program\tstep\texit\tseconds\n' > "$status"
failed=0
# step PROGRAM STEP LOG COMMAND...: runs COMMAND under the time limit with
# stderr appended to LOG (stdout goes where the caller sends it), and
# records its exit status and time in status.tsv.
step() {
  local program=$1 name=$2 log=$3 start rc left=$((deadline - SECONDS))
  shift 3
  if [ "$left" -le 0 ]; then
    [ "$failed" = skipped ] ||
      echo "run.sh: past the deadline of $deadline s: the steps left are skipped" >&2
    printf '%s\t%s\t%s\t%s\n' "$program" "$name" skipped 0 >> "$status"
    failed=skipped
    return 0
  fi
  [ "$left" -lt "$limit" ] || left=$limit
  start=$SECONDS
  timeout -k 10 "$left" "$@" 2>>"$log"
  rc=$?
  printf '%s\t%s\t%s\t%s\n' "$program" "$name" "$rc" $((SECONDS - start)) >> "$status"
  if [ "$rc" -ne 0 ]; then
    [ "$failed" = skipped ] || failed=1
    local why="exit status $rc"
    [ "$rc" -eq 124 ] && why="timed out after $((SECONDS - start)) s"
    echo "run.sh: $program: $name failed ($why; see ${log#"$here"/})" >&2
  fi
  return 0
}

# ncu_errors PROGRAM FILE...: ncu's ==ERROR== lines (counters not
# readable, ERR_NVGPUCTRPERM, ...) and "No kernels were profiled" on stderr,
# once per program; the run then fails.
ncu_errors() {
  local program=$1 line
  shift
  line=$(grep -h -m 1 -e '^==ERROR==' -e 'No kernels were profiled' "$@" 2>/dev/null | head -n 1)
  if [ -n "$line" ]; then
    [ "$failed" = skipped ] || failed=1
    echo "run.sh: $program: ncu said: $line" >&2
  fi
}

{
  date -u +'date: %Y-%m-%dT%H:%M:%SZ'
  echo "host: $(uname -n) $(uname -r)"
  echo "ncu: $ncu"; "$ncu" --version 2>&1 | tail -n 1
  echo "launch count: $launches, time limit per step: $limit s, deadline: $deadline s"
} > "$results/versions.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv > "$results/device.csv" 2>"$results/device.log" ||
  echo "run.sh: nvidia-smi failed (see device.log)" >&2
cp "$here/manifest.tsv" "$results/manifest.tsv"

begin=$SECONDS
while IFS=$'\t' read -r name instrumented plain traffic args; do
  [ "$name" = name ] && continue
  [ "$only" = "  " ] || case $only in *" $name "*) ;; *) continue ;; esac
  echo "run.sh: $name"
  read -r -a argv <<< "$args"
  inst=$here/$instrumented plain=$here/$plain r=$results/$name
  rm -f "$r".*

  # (a) roof's counts, per launch.
  step "$name" roof "$r.roof.log" \
    env ROOF_CUDA=launch ROOF_OUTPUT="$r.json" "$inst" ${argv[@]+"${argv[@]}"} >>"$r.roof.log"

  # (a') the traffic model's bytes, per launch.
  step "$name" traffic "$r.traffic.log" \
    env ROOF_CUDA=launch ROOF_OUTPUT="$r.traffic.json" "$here/$traffic" \
    ${argv[@]+"${argv[@]}"} >>"$r.traffic.log"

  # (b) ncu's FLOPs, bytes and times of the plain build; the report is kept
  # so that the base-unit print needs no second profiling run.
  step "$name" ncu "$r.ncu.log" \
    "$ncu" --csv --print-kernel-base mangled --launch-count "$launches" \
    --metrics "$metrics" --export "$r.flops" --force-overwrite \
    "$plain" ${argv[@]+"${argv[@]}"} >"$r.ncu.csv"
  if [ -f "$r.flops.ncu-rep" ]; then
    # ncu prints no table to stdout when it exports: print it from the report.
    if ! grep -q '^"ID"' "$r.ncu.csv"; then
      step "$name" ncu-print "$r.ncu.log" \
        "$ncu" --import "$r.flops.ncu-rep" --csv --print-kernel-base mangled >"$r.ncu.csv"
    fi
    step "$name" ncu-print-base "$r.ncu.log" \
      "$ncu" --import "$r.flops.ncu-rep" --csv --print-kernel-base mangled \
      --print-units base >"$r.ncu-base.csv"
  fi

  # (c) kernel times alone, plain and instrumented (ROOF_CUDA=total).
  step "$name" time-plain "$r.time.log" \
    "$ncu" --csv --launch-count "$launches" --metrics gpu__time_duration.sum \
    "$plain" ${argv[@]+"${argv[@]}"} >"$r.time-plain.csv"
  step "$name" time-roof "$r.time.log" \
    env ROOF_CUDA=total ROOF_OUTPUT="$r.total.json" \
    "$ncu" --csv --launch-count "$launches" --metrics gpu__time_duration.sum \
    "$inst" ${argv[@]+"${argv[@]}"} >"$r.time-roof.csv"
  # (d) kernel times of the traffic-mode build, in launch mode (the only one
  # that samples).
  step "$name" time-traffic "$r.time.log" \
    env ROOF_CUDA=launch ROOF_OUTPUT="$r.traffic-timed.json" \
    "$ncu" --csv --launch-count "$launches" --metrics gpu__time_duration.sum \
    "$here/$traffic" ${argv[@]+"${argv[@]}"} >"$r.time-traffic.csv"
  ncu_errors "$name" "$r.ncu.csv" "$r.ncu.log" "$r.time-plain.csv" \
    "$r.time-roof.csv" "$r.time-traffic.csv" "$r.time.log"
done < "$here/manifest.tsv"

echo "run.sh: $((SECONDS - begin)) s; results in $results; next: $here/compare.py $results"
[ "$failed" = 0 ] || exit 1
