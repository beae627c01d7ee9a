#!/usr/bin/env bash
# The corpus of real applications (tests/corpus/apps/*.sh, Debian packages that tools/setup.sh installs): each is
# run on 4 ranks folded on this machine under the tracer, and under ltrace, which counts the MPI calls the
# application makes in that same run; then converted by otf2ti and replayed. Checks: the run, the conversion (no
# warning but the notes otf2ti always prints) and the replay all exit 0, and each rank's actions in the converted
# trace are as many as the calls that make them (compare_counts.py).
# usage: run_corpus.sh BUILD_DIR SOURCE_DIR WORK_DIR [APP...]     (exit 77 = skipped: no mpirun, ltrace or tracer)
set -uo pipefail
build=$(realpath "$1") src=$(realpath "$2") work=$3
shift 3
tracer=$build/libtireplay_tracer.so
if ! command -v mpirun >/dev/null || ! command -v ltrace >/dev/null || [ ! -f "$tracer" ]; then
  echo "corpus: SKIP (needs mpirun, ltrace and $tracer: tools/setup.sh installs them)"
  exit 77
fi
apps=("$@")
[ ${#apps[@]} -gt 0 ] || apps=($(cd "$src/tests/corpus/apps" && ls *.sh | sed 's/\.sh$//'))
rm -rf "$work" && mkdir -p "$work"
# ltrace's count of every call to an MPI function from any library, the tests and probes of polling loops aside
# (their number is the machine's timing; they are slow under ltrace).
calls='mpi_*@*+MPI_*@*-MPI_Test*@*-mpi_test*@*-MPI_Iprobe@*-mpi_iprobe*@*-MPI_Wtime@*-mpi_wtime*@*'
failures=0
for app in "${apps[@]}"; do
  dir=$work/$app
  mkdir -p "$dir"
  (
    set -e
    cd "$dir"
    app_stdin=/dev/null
    source "$src/tests/corpus/apps/$app.sh"
    app_prepare
    printf '#!/bin/sh\nexec ltrace -c -e "%s" -o "%s/ltrace.$OMPI_COMM_WORLD_RANK" "$@"\n' "$calls" "$dir" > counted.sh
    chmod +x counted.sh
    run() {
      rm -rf archive ltrace.*
      start=$(date +%s%N)
      TIREPLAY_TRACE_DIR=archive OMP_NUM_THREADS=1 timeout 600 mpirun --allow-run-as-root --oversubscribe \
        --mca mpi_yield_when_idle 1 -np 4 -x TIREPLAY_TRACE_DIR -x OMP_NUM_THREADS -x LD_PRELOAD="$tracer" \
        ./counted.sh "${app_command[@]}" < "$app_stdin" > run.log 2>&1
    }
    # Two retries, said in the report: under ltrace, a rank of MPB (Guile) now and then exits right after MPI_Init
    # and MPI_Comm_rank (its ltrace count holds those two calls only, MPI_Init having taken 29 s of breakpoint
    # setting on 4 ranks folded; Open MPI's message names no signal): once in about ten CI runs, twice in a row once
    # (2026-11-27, a clean clone's CI), cause not found.
    for attempt in 1 2 3; do
      run && break
      [ $attempt -lt 3 ] || { echo "the run failed three times:"; tail -20 run.log; exit 1; }
      echo "run $attempt failed (retried): $(grep -m1 -e 'exiting improperly' -e 'signal' -e 'rror' run.log)"
    done
    tenths=$((($(date +%s%N) - start) / 100000000))
    "$build/otf2ti" archive/traces.otf2 -o ti --threads 2 2> otf2ti.log || { cat otf2ti.log; exit 1; }
    if grep -v -e '^otf2ti: no flop counter' -e 'ranks$' -e '^otf2ti: 4 ranks' -e '^otf2ti: the traced run took' otf2ti.log |
       grep -q .; then
      echo "otf2ti said more than expected:"; cat otf2ti.log; exit 1
    fi
    "$build/tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --trace ti/trace.txt --json replay.json \
      > replay.log 2>&1 || { echo "the replay failed:"; cat replay.log; exit 1; }
    python3 "$src/tests/corpus/compare_counts.py" ti/trace.txt_files ltrace 4 > counts.log || { cat counts.log; exit 1; }
    predicted=$(python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["simulated_time"])' replay.json)
    printf '%-9s %-24s run %d.%d s, %s; replay %s s\n' "$app" "$app_language" $((tenths / 10)) $((tenths % 10)) \
      "$(cat counts.log)" "$predicted"
  ) > "$dir/report.txt" 2>&1
  if [ $? -eq 0 ]; then
    echo "ok   $(cat "$dir/report.txt")"
  else
    echo "FAIL $app:"; sed 's/^/  /' "$dir/report.txt"; failures=$((failures + 1))
  fi
done
[ "$failures" -eq 0 ] || { echo "corpus: $failures application(s) failed"; exit 1; }
echo "corpus: every application traced, converted, replayed, and its MPI calls counted the same"
