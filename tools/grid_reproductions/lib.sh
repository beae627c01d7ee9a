# Shared by the grid reproductions: the tireplay binary, replays and predictions of one collective call.
# Sourced; expects $root (the repository). TIREPLAY overrides the binary (default: build/tireplay).
tireplay=${TIREPLAY:-$root/build/tireplay}
[ -x "$tireplay" ] || { echo "${0##*/}: $tireplay not built (tools/setup.sh builds it)" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/grid_repro.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
mkdir -p "$root/docs/figures"

# one_call NP LINE: a trace where every rank runs `LINE` once.
one_call() {
  local np=$1 line=$2
  for r in $(seq 0 $((np - 1))); do echo "$r $line"; done > "$work/trace.txt"
}
# simulated PLATFORM HOSTFILE ALGORITHM_ASSIGNMENT: simulated time of $work/trace.txt
simulated() {
  "$tireplay" replay --platform "$root/platforms/$1" --hostfile "$2" --trace "$work/trace.txt" --quiet \
    --coll "$3" --json "$work/out.json"
  sed -n 's/.*"simulated_time": *\([0-9.eE+-]*\).*/\1/p' "$work/out.json"
}
# predicted OP BYTES NP PLATFORM HOSTFILE ALGORITHM: the model's time
predicted() {
  "$tireplay" predict --op "$1" --bytes "$2" --np "$3" --platform "$root/platforms/$4" --hostfile "$5" |
    awk -v alg="$6" '{ name = ($1 == "*") ? $2 : $1; t = ($1 == "*") ? $3 : $2 } name == alg { print t }'
}
have_gnuplot() { command -v gnuplot > /dev/null || { echo "${0##*/}: no gnuplot (apt-get install gnuplot-nox): data only" >&2; return 1; }; }
