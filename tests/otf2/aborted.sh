#!/usr/bin/env bash
# A run that ends in MPI_Abort (tests/otf2/aborted.c on 2 ranks) leaves the archive's directory without its anchor
# file, which the tracer writes at MPI_Finalize: otf2ti, given the anchor or the directory, says that the run may not
# have reached MPI_Finalize, instead of the OTF2 library's bare "POSIX" error.
# usage: aborted.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: no mpicc or no tracer)
set -uo pipefail
build=$1 src=$2 work=$3
source "$src/tests/otf2/trace_program.sh"
mpicc -o aborted "$src/tests/otf2/aborted.c" || exit 1
TIREPLAY_TRACE_DIR=archive mpirun --allow-run-as-root --oversubscribe -np 2 -x TIREPLAY_TRACE_DIR \
  -x LD_PRELOAD="$tracer" ./aborted > run.log 2>&1 && { echo "FAIL: the run did not abort"; exit 1; }
failures=0
hint="archive/traces.otf2 is missing, though its directory archive/traces is there: the tireplay tracer writes it at"
hint+=" MPI_Finalize, which the run may not have reached (MPI_Abort, a crash, a signal)"
for given in archive/traces.otf2 archive; do
  status=0
  "$build/otf2ti" "$given" -o ti 2> otf2ti.log || status=$?
  if [ "$status" -eq 2 ] && grep -qF -- "$hint" otf2ti.log; then
    echo "ok   otf2ti $given: exit 2, the run may not have reached MPI_Finalize"
  else
    echo "FAIL otf2ti $given: exit $status:"; cat otf2ti.log; failures=$((failures + 1))
  fi
done
[ "$failures" -eq 0 ] || exit 1
echo "aborted: every check passed"
