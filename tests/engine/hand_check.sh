# The check of a hand-computed time, sourced by engine_times.sh and rma_times.sh: they set tireplay, here (this
# folder), scratch, every_run (options given to every replay) and failures. The SMPI bandwidth/latency factors and
# TCP cross-traffic are off, so that a message of S bytes alone on a link takes L + (S + 16) / B.
base_cfg=(--cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1 --cfg network/crosstraffic:0)

# check NAME EXPECTED PLATFORM [tireplay options...] -- trace lines (as printf arguments)
check() {
  local name=$1 expected=$2 platform=$3
  shift 3
  local opts=()
  while [ "$1" != "--" ]; do opts+=("$1"); shift; done
  shift
  printf '%s\n' "$@" > "$scratch/$name.txt"
  local got
  if ! "$tireplay" replay --platform "$here/$platform" --trace "$scratch/$name.txt" --quiet \
      --json "$scratch/$name.json" "${base_cfg[@]}" "${opts[@]}" ${every_run[@]+"${every_run[@]}"} 2> "$scratch/$name.err"; then
    echo "FAIL $name: tireplay failed: $(cat "$scratch/$name.err")"
    failures=$((failures + 1))
    return
  fi
  got=$(sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$scratch/$name.json")
  if awk -v g="$got" -v e="$expected" 'BEGIN { d = g - e; if (d < 0) d = -d; exit !(d <= 1e-9 * (e > 1 ? e : 1)) }'; then
    echo "ok   $name: $got"
  else
    echo "FAIL $name: expected $expected, got $got"
    failures=$((failures + 1))
  fi
}

