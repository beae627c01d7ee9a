# lib.sh — helpers shared by the end-to-end test scripts (sourced, not run).
#
#   e2e_abspath FILE            absolute path of an existing file or directory
#   e2e_json_time JSON          the "simulated_time" value of a tireplay --json summary
#   e2e_close A B REL FLOOR     true iff |A-B| <= max(REL*|B|, FLOOR)   (awk, double precision)
#   e2e_split_args ARGS...      sorts extra replay options into two arrays:
#                                 TI_ARGS    the options as tireplay takes them
#                                 SMPI_ARGS  their smpirun equivalents
#       --cfg key:value | --cfg=key:value  -> tireplay: --cfg key:value  smpirun: --cfg=key:value
#       --coll op=alg                      -> tireplay: --coll op=alg    smpirun: --cfg=smpi/op:alg
#       --oversubscribe                    -> tireplay only (smpirun wraps the hostfile by itself)
#   e2e_have_smpirun            true iff smpirun is on PATH
#
# Exit status convention of the test scripts: 0 pass, 1 fail, 2 usage error, 77 skip (CTest's
# SKIP_RETURN_CODE).

E2E_SKIP=77

e2e_abspath() {
  if [ -d "$1" ]; then
    (cd -- "$1" && pwd -P)
  else
    (cd -- "$(dirname -- "$1")" && printf '%s/%s\n' "$(pwd -P)" "$(basename -- "$1")")
  fi
}

e2e_json_time() {
  sed -n 's/.*"simulated_time"[[:space:]]*:[[:space:]]*\([-+0-9.eE]*\).*/\1/p' -- "$1" | head -n 1
}

# e2e_tireplay_time WORKDIR LOG JSON ARGS...: runs `tireplay replay ARGS --json JSON --quiet` in WORKDIR and prints
# the simulated time; on failure prints the log and a FAIL line on stdout and exits the calling script with 1.
e2e_tireplay_time() {
  local workdir=$1 log=$2 json=$3 status=0 time
  shift 3
  rm -f -- "$json"
  (cd "$workdir" && "$tireplay" replay "$@" --json "$json" --quiet) > "$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    cat "$log"
    echo "FAIL: tireplay exited with status $status"
    exit 1
  fi
  time=$(e2e_json_time "$json")
  if [ -z "$time" ]; then
    echo "FAIL: no simulated_time in $json"
    exit 1
  fi
  echo "$time"
}

e2e_close() {
  awk -v a="$1" -v b="$2" -v rel="$3" -v floor="$4" 'BEGIN {
    d = a - b; if (d < 0) d = -d
    m = b; if (m < 0) m = -m
    tol = rel * m; if (tol < floor) tol = floor
    exit !(d <= tol)
  }'
}

# relative difference |a-b|/|b| (for messages)
e2e_reldiff() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    d = a - b; if (d < 0) d = -d
    m = b; if (m < 0) m = -m
    if (m == 0) printf "%.3g (absolute)\n", d; else printf "%.3g\n", d / m
  }'
}

e2e_split_args() {
  TI_ARGS=()
  SMPI_ARGS=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --cfg=*)
        TI_ARGS+=(--cfg "${1#--cfg=}")
        SMPI_ARGS+=("$1")
        shift ;;
      --cfg)
        [ $# -ge 2 ] || { echo "missing value after --cfg" >&2; return 2; }
        TI_ARGS+=(--cfg "$2")
        SMPI_ARGS+=("--cfg=$2")
        shift 2 ;;
      --coll)
        [ $# -ge 2 ] || { echo "missing value after --coll" >&2; return 2; }
        case "$2" in
          *=*) ;;
          *) echo "--coll expects op=alg, got '$2'" >&2; return 2 ;;
        esac
        TI_ARGS+=(--coll "$2")
        SMPI_ARGS+=("--cfg=smpi/${2%%=*}:${2#*=}")
        shift 2 ;;
      --oversubscribe)
        TI_ARGS+=(--oversubscribe)
        shift ;;
      *)
        echo "unsupported extra option '$1'" >&2
        return 2 ;;
    esac
  done
}

e2e_have_smpirun() {
  command -v smpirun > /dev/null 2>&1
}
