# Sourced by the otf2 tests that trace a program of theirs (build, src and work set): skips (exit 77) where mpicc
# or the tracer is missing, makes the work directory, and defines `trace_program NAME NP [MPICC_FLAGS...]`: builds
# tests/otf2/NAME.c, runs it on NP ranks under the tracer (run.log) and converts it with otf2ti into ti/
# (otf2ti.log), in place of those of an earlier call.
tracer=$build/libtireplay_tracer.so
if ! command -v mpicc >/dev/null || [ ! -f "$tracer" ]; then
  echo "$(basename "$0" .sh): SKIP (needs mpicc and $tracer: tools/setup.sh installs them)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work"
trace_program() {
  local name=$1 np=$2
  shift 2
  mpicc "$@" -o "$name" "$src/tests/otf2/$name.c"
  rm -rf archive ti
  TIREPLAY_TRACE_DIR=archive mpirun --allow-run-as-root --oversubscribe -np "$np" -x TIREPLAY_TRACE_DIR \
    -x LD_PRELOAD="$tracer" "./$name" > run.log 2>&1 || { cat run.log; exit 1; }
  "$build/otf2ti" archive/traces.otf2 -o ti 2> otf2ti.log || { cat otf2ti.log; exit 1; }
}
