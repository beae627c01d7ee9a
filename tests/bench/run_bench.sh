#!/usr/bin/env bash
# Benchmark tireplay against `smpirun -replay` (SimGrid 3.32) on synthetic TI traces.
#
# For each RANKS:ACTIONS size, a trace is generated with tireplay-gen-trace, then the two
# replayers are run alternately (smpirun, tireplay, smpirun, tireplay, ...) --runs times each.
# Wall time and peak RSS come from /usr/bin/time (Debian package `time`); simulated times are
# read from smpirun's log and tireplay's JSON report. A markdown table goes to stdout,
# progress and diagnostics to stderr.
#
# Dependencies: bash, coreutils, grep, sed, awk, /usr/bin/time, smpirun. No python/jq.

# Word splitting of ${res}, ${k}, ... is intended; cleanup() runs from a trap.
# shellcheck disable=SC2086,SC2317
set -u
set -o pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "${SCRIPT_DIR}/../.." && pwd)

PLATFORM="${SCRIPT_DIR}/platform_bench.xml"
HOSTFILE="${SCRIPT_DIR}/hosts_256.txt"
TIREPLAY="${REPO_ROOT}/build/tireplay"
GEN="${REPO_ROOT}/build/tests/bench/tireplay-gen-trace"
SMPIRUN="smpirun"
RUNS=5
SIZES="16:1000000 64:1000000 256:1000000 16:5000000 64:5000000 256:5000000"
GEN_ARGS=""
ONLY=""
TIMEOUT=""
KEEP=0
WORK_PARENT="${TMPDIR:-/tmp}"

usage() {
  cat <<EOF
Usage: $0 [options]
  --tireplay PATH   tireplay binary (default: build/tireplay)
  --gen PATH        trace generator (default: build/tests/bench/tireplay-gen-trace)
  --smpirun PATH    smpirun script (default: smpirun from PATH)
  --runs N          runs per tool and size, alternated A B A B (default: 5)
  --sizes "R:A ..." space-separated RANKS:ACTIONS list; ACTIONS accepts a k/M suffix
                    (default: "${SIZES}")
  --gen-args "..."  extra generator options, e.g. "--bytes 65536 --flops 2e6"
  --only TOOL       run only 'smpirun' or only 'tireplay'
  --timeout SEC     kill a run after SEC seconds (counted as a failure)
  --workdir DIR     where the temporary traces go (default: \$TMPDIR or /tmp)
  --keep            keep the generated traces and logs
  -h, --help        this help
EOF
}

die() { echo "run_bench.sh: $*" >&2; exit 1; }
log() { echo "$*" >&2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --tireplay) TIREPLAY="$2"; shift 2 ;;
    --gen) GEN="$2"; shift 2 ;;
    --smpirun) SMPIRUN="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --sizes) SIZES="$2"; shift 2 ;;
    --gen-args) GEN_ARGS="$2"; shift 2 ;;
    --only) ONLY="$2"; shift 2 ;;
    --timeout) TIMEOUT="$2"; shift 2 ;;
    --workdir) WORK_PARENT="$2"; shift 2 ;;
    --keep) KEEP=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

case "${RUNS}" in ''|*[!0-9]*) die "--runs must be a positive integer" ;; esac
[ "${RUNS}" -ge 1 ] || die "--runs must be >= 1"
case "${ONLY}" in ''|smpirun|tireplay) ;; *) die "--only must be 'smpirun' or 'tireplay'" ;; esac
if [ -n "${TIMEOUT}" ]; then
  command -v timeout >/dev/null || die "--timeout needs coreutils' timeout"
fi

DO_SMPI=1; DO_TIRE=1
[ "${ONLY}" = tireplay ] && DO_SMPI=0
[ "${ONLY}" = smpirun ] && DO_TIRE=0

[ -x /usr/bin/time ] || die "/usr/bin/time not found (Debian/Ubuntu: apt-get install time)"
[ -x "${GEN}" ] || die "trace generator not found: ${GEN} (build target tireplay-gen-trace, or pass --gen)"
[ -f "${PLATFORM}" ] || die "platform not found: ${PLATFORM}"
[ -f "${HOSTFILE}" ] || die "hostfile not found: ${HOSTFILE}"
if [ "${DO_SMPI}" = 1 ]; then
  command -v "${SMPIRUN}" >/dev/null || die "smpirun not found: ${SMPIRUN}"
  SMPIRUN=$(command -v "${SMPIRUN}")
fi
if [ "${DO_TIRE}" = 1 ]; then
  [ -x "${TIREPLAY}" ] || die "tireplay binary not found: ${TIREPLAY} (pass --tireplay)"
  TIREPLAY=$(cd "$(dirname "${TIREPLAY}")" && pwd)/$(basename "${TIREPLAY}")
fi
GEN=$(cd "$(dirname "${GEN}")" && pwd)/$(basename "${GEN}")
NHOSTS=$(grep -c . "${HOSTFILE}")

WORK=$(mktemp -d "${WORK_PARENT%/}/tireplay-bench.XXXXXX") || die "mktemp failed"
cleanup() {
  if [ "${KEEP}" = 1 ] || [ "${FAILURES:-0}" -gt 0 ]; then
    log "kept (logs of failed runs, traces with --keep): ${WORK}"
  else
    rm -rf "${WORK}"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- small numeric helpers (awk does the floating point) -------------------------------

# median of the numbers given as arguments ("-" when none)
median() {
  if [ $# -eq 0 ]; then echo "-"; return; fi
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
    if (NR % 2) printf "%.6g\n", v[(NR + 1) / 2]; else printf "%.6g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# a / b with a format, "-" if either is missing or b is 0
ratio() {
  awk -v a="$1" -v b="$2" -v f="${3:-%.2f}" 'BEGIN {
    if (a == "-" || b == "-" || a == "" || b == "" || b + 0 == 0) print "-"; else printf f "\n", a / b }'
}

fmt2() { awk -v x="$1" 'BEGIN { if (x == "-" || x == "") print "-"; else printf "%.2f\n", x }'; }

kib_to_mib() {
  awk -v k="$1" 'BEGIN { if (k == "-" || k == "") print "-"; else printf "%.1f\n", k / 1024 }'
}

# relative difference |b - a| / |a|
reldiff() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a == "-" || b == "-" || a == "" || b == "") { print "-"; exit }
    d = b - a; if (d < 0) d = -d; m = a; if (m < 0) m = -m
    if (m == 0) { if (d == 0) print "0"; else print "inf" } else printf "%.3g\n", d / m }'
}

# distinct values of the arguments, space-separated
distinct() { printf '%s\n' "$@" | sort -u | tr '\n' ' ' | sed 's/ $//'; }

to_count() {  # 1000000, 1e6 (left to the generator), 1M, 500k
  case "$1" in
    *[kK]) echo $(( ${1%[kK]} * 1000 )) ;;
    *M) echo $(( ${1%M} * 1000000 )) ;;
    *) echo "$1" ;;
  esac
}

# --- one timed run ---------------------------------------------------------------------
# run_timed LOG TIMEFILE DIR cmd...  -> prints "wall_seconds rss_kib", returns the command's status.
# Wall time is %e of /usr/bin/time (10 ms resolution), RSS is %M (peak of the largest process,
# i.e. smpimain under the smpirun script).
run_timed() {
  local logf="$1" timef="$2" dir="$3"; shift 3
  local status
  if [ -n "${TIMEOUT}" ]; then
    (cd "${dir}" && /usr/bin/time -o "${timef}" -f '%e %M' timeout "${TIMEOUT}" "$@") >"${logf}" 2>&1 </dev/null
  else
    (cd "${dir}" && /usr/bin/time -o "${timef}" -f '%e %M' "$@") >"${logf}" 2>&1 </dev/null
  fi
  status=$?
  # /usr/bin/time prepends "Command exited with non-zero status N" on failure: keep the last line.
  tail -n 1 "${timef}" 2>/dev/null
  return ${status}
}

smpirun_simtime() {  # number printed (by the %.15d log format) before "Simulation time"
  sed -n 's/^[[:space:]]*\([-+0-9.eE]*\) Simulation time.*/\1/p' "$1" | tail -n 1
}

tireplay_simtime() {
  grep -o '"simulated_time"[[:space:]]*:[[:space:]]*[-+0-9.eE]*' "$1" 2>/dev/null | head -n 1 | sed 's/.*:[[:space:]]*//'
}

# --- main loop -------------------------------------------------------------------------
ROWS=()         # markdown rows
RSS_KEYS=()     # "ranks actions tire_rss smpi_rss" per size, for the scaling summary
FAILURES=0

log "# tireplay benchmark: runs=${RUNS} sizes='${SIZES}' work=${WORK}"
[ "${DO_SMPI}" = 1 ] && log "#   smpirun:  ${SMPIRUN}"
[ "${DO_TIRE}" = 1 ] && log "#   tireplay: ${TIREPLAY}"

for size in ${SIZES}; do
  ranks=${size%%:*}
  actions=${size#*:}
  [ "${ranks}" != "${size}" ] || die "bad size '${size}' (expected RANKS:ACTIONS)"
  actions=$(to_count "${actions}")
  if [ "${ranks}" -gt "${NHOSTS}" ] 2>/dev/null; then
    log "warning: ${ranks} ranks > ${NHOSTS} hosts in ${HOSTFILE}; several ranks share a host"
  fi

  sdir="${WORK}/${ranks}_${actions}"
  mkdir -p "${sdir}/trace" "${sdir}/scratch"
  log "== ${ranks} ranks, ${actions} actions: generating trace"
  # shellcheck disable=SC2086
  if ! "${GEN}" --ranks "${ranks}" --actions "${actions}" --out "${sdir}/trace" ${GEN_ARGS} 2>"${sdir}/gen.log"; then
    cat "${sdir}/gen.log" >&2
    die "trace generation failed for ${size}"
  fi
  sed 's/^/   /' "${sdir}/gen.log" >&2
  index="${sdir}/trace/index.txt"
  real_actions=$(sed -n 's/.* \([0-9][0-9]*\) actions,.*/\1/p' "${sdir}/gen.log")
  [ -n "${real_actions}" ] || real_actions=${actions}

  s_wall=(); s_rss=(); s_sim=(); t_wall=(); t_rss=(); t_sim=(); pair_ratio=()
  for run in $(seq 1 "${RUNS}"); do
    sw=""; tw=""
    if [ "${DO_SMPI}" = 1 ]; then
      lf="${sdir}/smpirun.${run}.log"
      if res=$(run_timed "${lf}" "${sdir}/smpirun.${run}.time" "${sdir}/scratch" \
                 "${SMPIRUN}" -np "${ranks}" -platform "${PLATFORM}" -hostfile "${HOSTFILE}" -replay "${index}" \
                 --cfg=smpi/host-speed:1f --log=replay.thresh:critical '--log=smpi_replay.fmt:%.15d%e%m%n'); then
        sim=$(smpirun_simtime "${lf}")
        set -- ${res}; sw=$1
        s_wall+=("$1"); s_rss+=("$2")
        if [ -n "${sim}" ]; then s_sim+=("${sim}"); else log "   smpirun run ${run}: no 'Simulation time' line in ${lf}"; FAILURES=$((FAILURES + 1)); fi
        log "   smpirun  run ${run}: wall ${1} s, rss $(kib_to_mib "$2") MiB, simulated ${sim:-?}"
      else
        log "   smpirun  run ${run}: FAILED (status $?), last lines of ${lf}:"
        tail -n 5 "${lf}" | sed 's/^/     /' >&2
        FAILURES=$((FAILURES + 1))
      fi
    fi
    if [ "${DO_TIRE}" = 1 ]; then
      lf="${sdir}/tireplay.${run}.log"
      jf="${sdir}/tireplay.${run}.json"
      rm -f "${jf}"
      if res=$(run_timed "${lf}" "${sdir}/tireplay.${run}.time" "${sdir}/scratch" \
                 "${TIREPLAY}" replay --platform "${PLATFORM}" --hostfile "${HOSTFILE}" --np "${ranks}" \
                 --trace "${index}" --quiet --json "${jf}"); then
        sim=$(tireplay_simtime "${jf}")
        set -- ${res}; tw=$1
        t_wall+=("$1"); t_rss+=("$2")
        if [ -n "${sim}" ]; then t_sim+=("${sim}"); else log "   tireplay run ${run}: no simulated_time in ${jf}"; FAILURES=$((FAILURES + 1)); fi
        log "   tireplay run ${run}: wall ${1} s, rss $(kib_to_mib "$2") MiB, simulated ${sim:-?}"
      else
        log "   tireplay run ${run}: FAILED (status $?), last lines of ${lf}:"
        tail -n 5 "${lf}" | sed 's/^/     /' >&2
        FAILURES=$((FAILURES + 1))
      fi
    fi
    if [ -n "${sw}" ] && [ -n "${tw}" ]; then
      r=$(ratio "${sw}" "${tw}" "%.6g")
      [ "${r}" != "-" ] && pair_ratio+=("${r}")
    fi
  done

  # Simulated times must not vary between runs of a deterministic simulator.
  if [ ${#s_sim[@]} -gt 0 ] && [ "$(distinct "${s_sim[@]}" | wc -w)" -gt 1 ]; then
    log "   warning: smpirun simulated times differ between runs: $(distinct "${s_sim[@]}")"
  fi
  if [ ${#t_sim[@]} -gt 0 ] && [ "$(distinct "${t_sim[@]}" | wc -w)" -gt 1 ]; then
    log "   warning: tireplay simulated times differ between runs: $(distinct "${t_sim[@]}")"
  fi

  sm_wall=$(fmt2 "$(median ${s_wall[@]+"${s_wall[@]}"})")
  tm_wall=$(fmt2 "$(median ${t_wall[@]+"${t_wall[@]}"})")
  sm_rss=$(median ${s_rss[@]+"${s_rss[@]}"})
  tm_rss=$(median ${t_rss[@]+"${t_rss[@]}"})
  s_simv=${s_sim[0]:--}
  t_simv=${t_sim[0]:--}
  rat=$(median ${pair_ratio[@]+"${pair_ratio[@]}"})
  [ "${rat}" != "-" ] && rat=$(awk -v r="${rat}" 'BEGIN { printf "%.2f\n", r }')
  ROWS+=("| ${ranks} | ${real_actions} | ${sm_wall} | ${tm_wall} | ${rat} | $(kib_to_mib "${sm_rss}") | $(kib_to_mib "${tm_rss}") | ${s_simv} | ${t_simv} | $(reldiff "${s_simv}" "${t_simv}") |")
  RSS_KEYS+=("${ranks} ${actions} ${tm_rss} ${sm_rss}")

  [ "${KEEP}" = 1 ] || rm -rf "${sdir}/trace"
done

# --- report ----------------------------------------------------------------------------
echo
echo "| ranks | actions | smpirun wall (s) | tireplay wall (s) | speedup (smpirun/tireplay) | smpirun RSS (MiB) | tireplay RSS (MiB) | smpirun simulated (s) | tireplay simulated (s) | rel. diff |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for row in ${ROWS[@]+"${ROWS[@]}"}; do echo "${row}"; done
echo
echo "Walls are medians over ${RUNS} runs; speedup is the median of per-pair ratios (runs alternate smpirun, tireplay)."

# RSS scaling: for each rank count, largest vs smallest action count measured (5M vs 1M by default).
printf '%s\n' ${RSS_KEYS[@]+"${RSS_KEYS[@]}"} | awk '
  function r(a, b) { return (a == "-" || b == "-" || b + 0 == 0) ? "-" : sprintf("%.2f", a / b) }
  NF == 4 {
    k = $1
    if (!(k in lo) || $2 + 0 < lo[k]) { lo[k] = $2 + 0; lo_t[k] = $3; lo_s[k] = $4 }
    if (!(k in hi) || $2 + 0 > hi[k]) { hi[k] = $2 + 0; hi_t[k] = $3; hi_s[k] = $4 }
    if (!(k in seen)) { seen[k] = 1; order[++n] = k }
  }
  END {
    hdr = 0
    for (i = 1; i <= n; i++) {
      k = order[i]
      if (lo[k] == hi[k]) continue
      if (!hdr) {
        print ""
        print "| ranks | actions (big vs small) | tireplay RSS ratio | smpirun RSS ratio |"
        print "|---:|---:|---:|---:|"
        hdr = 1
      }
      printf "| %s | %d vs %d | %s | %s |\n", k, hi[k], lo[k], r(hi_t[k], lo_t[k]), r(hi_s[k], lo_s[k])
    }
  }'

if [ "${FAILURES}" -gt 0 ]; then
  log "run_bench.sh: ${FAILURES} failed run(s)"
  exit 1
fi
exit 0
