#!/usr/bin/env bash
# Builds a libFuzzer target (libFuzzer + ASan + UBSan, clang) in build-fuzz/ and runs it.
#   tests/fuzz/run_fuzzer.sh [TARGET] [seconds | -runs=N]     (TARGET: parse (default), trace_path, otf2_events;
#                                                              default 600 seconds)
# parse: the trace line parser; trace_path: the whole --trace path (index detection, files, directories, every rank's
# reader); otf2_events: otf2ti's event handling, on event files of a small archive made by tests/otf2/make_archive.py.
# The seeds in tests/fuzz/<target>_corpus/ (parse: corpus/) are read, not written: new inputs go to
# build-fuzz/<target>_work/. A crash leaves its input in build-fuzz/<target>-crash-<sha1>; replay it with
# build-fuzz/<target>_fuzzer FILE. Exit status: 0 if the run was clean, the fuzzer's status otherwise.
set -euo pipefail

target=${1:-parse}
limit=${2:-600}
case $limit in -runs=*) ;; *) limit=-max_total_time=$limit ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/build-fuzz"
fuzz="$root/tests/fuzz"
seeds=$fuzz/${target}_corpus
[ "$target" = parse ] && seeds=$fuzz/corpus
[ -d "$seeds" ] || { echo "run_fuzzer.sh: unknown target '$target' (parse, trace_path, otf2_events)" >&2; exit 1; }

cmake -S "$fuzz" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target "${target}_fuzzer" -j "$(nproc)" >/dev/null

options=(-max_len=4096 -timeout=20 -rss_limit_mb=6144 -malloc_limit_mb=2048)
case $target in
  parse) options+=(-dict="$fuzz/parse_fuzzer.dict") ;;
  trace_path) export TMPDIR=${TMPDIR:-/dev/shm} ;;  # each input is written as files: tmpfs is faster
  otf2_events)
    export OTF2TI_FUZZ_ARCHIVE=$build/otf2_events_archive
    rm -rf "$OTF2TI_FUZZ_ARCHIVE"
    /usr/bin/python3 "$root/tests/otf2/make_archive.py" "$OTF2TI_FUZZ_ARCHIVE" polling ;;
esac
mkdir -p "$build/${target}_work"
log="$build/${target}.log"
status=0
"$build/${target}_fuzzer" "$build/${target}_work" "$seeds" "${options[@]}" "$limit" \
  -artifact_prefix="$build/${target}-" -print_final_stats=1 >"$log" 2>&1 || status=$?

if [ "$status" -ne 0 ]; then
  echo "${target}_fuzzer failed (status $status); the report ends with:" >&2
  tail -n 60 "$log" >&2
  exit "$status"
fi
# The last status line (coverage, corpus, exec/s) and the final statistics.
grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1
grep -E '^(Done |stat::)' "$log"
echo "full log: $log"
