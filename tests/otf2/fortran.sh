#!/usr/bin/env bash
# The tracer's Fortran bindings: traces/programs/fortran/features.F90 built with `include 'mpif.h'` and with
# `use mpi`, and features_f08.f90 with `use mpi_f08` (Debian's gfortran and Open MPI), each run on 4 ranks under
# the tracer, converted by otf2ti and replayed. Each rank's actions (computations aside) must be those the program
# makes (tests/otf2/expected, written from the program: bytes of derived datatypes as transferred, no action for a
# cancelled receive or an MPI_PROC_NULL peer, a probed message's receive, persistent requests as isend/irecv at
# each start), in the program's order (the two completions of one waitany/waitsome pair may swap; `test` lines,
# which a polling loop writes or not as the messages happen to arrive, are left out: its completions' waits are
# not), every communicator defined before its first use, and MPI-IO calls reported as `# unreplayed`. The mpi_f08
# program's MPI_Testall loop, Cartesian communicator and MPI_Improbe go through Open MPI's pmpi_*_ names. A program
# calling PMPI_Init directly leaves no trace, and the tracer says so.
# usage: fortran.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpif90 or no tracer)
set -euo pipefail
build=$1 src=$2 work=$3
tracer=$build/libtireplay_tracer.so
if ! command -v mpif90 >/dev/null || ! command -v gfortran >/dev/null || [ ! -f "$tracer" ]; then
  echo "fortran: SKIP (needs mpif90, gfortran and $tracer: tools/setup.sh installs them)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work"
programs=$src/traces/programs/fortran
mpif90 -O1 -o features_usempi "$programs/features.F90"
mpif90 -O1 -DUSE_MPIF_H -fallow-argument-mismatch -o features_mpifh "$programs/features.F90"
mpif90 -O1 -o features_f08 "$programs/features_f08.f90"
mpicc -o pmpi_only "$src/tests/otf2/pmpi_only.c"
run() {  # run NAME BINARY: trace, convert, replay
  TIREPLAY_TRACE_DIR=$1.otf2 mpirun --allow-run-as-root --oversubscribe --mca mpi_yield_when_idle 1 -np 4 \
    -x TIREPLAY_TRACE_DIR -x LD_PRELOAD="$tracer" "./$2" > "$1.log" 2>&1 || { cat "$1.log"; exit 1; }
  "$build/otf2ti" "$1.otf2/traces.otf2" -o "$1.ti" 2> "$1.otf2ti.log" || { cat "$1.otf2ti.log"; exit 1; }
  "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace "$1.ti/trace.txt" -q \
    --json "$1.json" 2> "$1.replay.log" ||
    { echo "FAIL $1: the replay failed"; exit 1; }
}
failures=0
check() {  # check NAME EXPECTED_PREFIX
  if python3 - "$1.ti/trace.txt_files" "$src/tests/otf2/expected/$2" <<'PY'
import re, sys
files, expected = sys.argv[1], sys.argv[2]
ok = True
for rank in range(4):
    got = [l.rstrip("\n") for l in open(f"{files}/0.000000_rank-{rank + 1}.txt")
           if not re.search(r" (compute|test|poll) ", l) and not l.startswith("# tireplay")]
    got = [re.sub(r"^(# unreplayed \d+ \w+ \d+) .*", r"\1", l) for l in got]
    want = [l.rstrip("\n") for l in open(f"{expected}_rank{rank}.txt")]
    # the two waits of one waitany + waitsome pair complete in either order
    def canonical(lines):
        out, i = [], 0
        while i < len(lines):
            if lines[i].split()[1:2] == ["wait"] and i + 1 < len(lines) and lines[i + 1].split()[1:2] == ["wait"]:
                out += sorted(lines[i:i + 2]); i += 2
            else:
                out.append(lines[i]); i += 1
        return out
    if canonical(got) != canonical(want):
        ok = False
        print(f"rank {rank}: got\n  " + "\n  ".join(got) + "\nexpected\n  " + "\n  ".join(want))
    defined = set()
    for line in got:
        f = line.split()
        if len(f) > 2 and f[1] == "comm_split":
            defined.add(f[2])
        m = re.search(r" comm=(\d+)$", line)
        if m and m.group(1) not in defined:
            ok = False
            print(f"rank {rank}: communicator {m.group(1)} used before its comm_split: {line}")
sys.exit(0 if ok else 1)
PY
  then echo "ok   $1: actions as the program makes them"; else echo "FAIL $1"; failures=$((failures + 1)); fi
}
run mpifh features_mpifh && check mpifh features
run usempi features_usempi && check usempi features
run f08 features_f08 && check f08 features_f08
# The MPI-IO calls are reported by the replay: its message and, per rank, its JSON summary.
if python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["per_rank"]:
    u = r["unreplayed"]
    assert sorted(u) == ["MPI_File_close", "MPI_File_open", "MPI_File_write_at"], u
    assert all(c["calls"] == 1 and c["seconds"] > 0 for c in u.values()), u' usempi.json &&
   grep -q "  MPI_File_open: 4 calls" usempi.replay.log; then
  echo "ok   usempi: the replay reports the MPI-IO calls"
else
  echo "FAIL usempi: the replay does not report the MPI-IO calls"; failures=$((failures + 1))
fi
# one-sided calls are replayed: otf2ti's warning no longer names them among those it cannot replay
grep -q "warning: calls tireplay cannot replay (MPI-IO, neighbourhood collectives) are reported" usempi.otf2ti.log ||
  { echo "FAIL: otf2ti did not warn of the MPI-IO calls in those words"; failures=$((failures + 1)); }
grep -q "MPI_PROC_NULL as peer left no action" usempi.otf2ti.log || { echo "FAIL: otf2ti did not report the MPI_PROC_NULL send"; failures=$((failures + 1)); }

# A process whose MPI_Init the tracer does not see: no archive, and a message instead of silence.
TIREPLAY_TRACE_DIR=pmpi.otf2 mpirun --allow-run-as-root --oversubscribe -np 2 -x TIREPLAY_TRACE_DIR \
  -x LD_PRELOAD="$tracer" ./pmpi_only > pmpi.log 2>&1
if [ ! -e pmpi.otf2 ] && grep -q "the tracer never saw its MPI_Init or MPI_Init_thread" pmpi.log; then
  echo "ok   pmpi_only: no trace, and the tracer says why"
else
  echo "FAIL pmpi_only:"; cat pmpi.log; failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || { echo "fortran: $failures check(s) failed"; exit 1; }
echo "fortran: every check passed"
