#!/usr/bin/env bash
# Builds a libFuzzer target (libFuzzer + ASan + UBSan, clang) in build-fuzz/ and runs it.
#   tests/fuzz/run_fuzzer.sh [TARGET] [seconds | -runs=N]     (TARGET: parse (default), trace_path, packed, otf2_events,
#                                                              options; default 600 seconds)
# parse: the trace line parser; trace_path: the whole --trace path (index detection, files, directories, every rank's
# reader); packed: the packed form's reader, on files as they are and on files made from fuzzed records with valid
# checksums; otf2_events: otf2ti's event handling, on event files of a small archive made by tests/otf2/make_archive.py;
# options: every command's options (random argument lists, up to where a simulation would start), in a scratch
# directory holding a platform, a trace, a hostfile and calibration tables (built in build-fuzz-options/: the whole
# library with the sanitizers).
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
[ -d "$seeds" ] || { echo "run_fuzzer.sh: unknown target '$target' (parse, trace_path, packed, otf2_events, options)" >&2; exit 1; }

if [ "$target" = options ]; then
  mkdir -p "$build"
  cmake -S "$root" -B "$root/build-fuzz-options" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang \
    -DTIREPLAY_FUZZ_OPTIONS=ON -DTIREPLAY_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$root/build-fuzz-options" --target options_fuzzer -j "$(nproc)" >/dev/null
  ln -sf "$root/build-fuzz-options/options_fuzzer" "$build/options_fuzzer"
else
  cmake -S "$fuzz" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$build" --target "${target}_fuzzer" -j "$(nproc)" >/dev/null
fi

options=(-max_len=4096 -timeout=20 -rss_limit_mb=6144 -malloc_limit_mb=2048)
case $target in
  parse) options+=(-dict="$fuzz/parse_fuzzer.dict") ;;
  trace_path|packed) export TMPDIR=${TMPDIR:-/dev/shm} ;;  # each input is written as files: tmpfs is faster
  options)
    # -close_fd_mask=3: the commands' messages are not the fuzzer's; a scratch directory with inputs to name
    options+=(-dict="$fuzz/options_fuzzer.dict" -close_fd_mask=3)
    scratch=$build/options_scratch
    rm -rf "$scratch" && mkdir -p "$scratch"
    cp "$root/platforms/cluster_figure5.xml" "$scratch/platform.xml"
    cp "$root/platforms/hosts_figure5.txt" "$scratch/hosts.txt"
    printf '%s\n' "0 init" "0 send 1 0 10" "1 init" "1 recv 0 0 10" "0 finalize" "1 finalize" > "$scratch/t.txt"
    printf '0 1e9 1\n1 2e9 1\n' > "$scratch/bursts.txt"
    printf '1 1e-6\n1000 2e-6\n100000 1e-4\n1000000 1e-3\n' > "$scratch/pingpong.txt"
    cd "$scratch" ;;
  otf2_events)
    export OTF2TI_FUZZ_ARCHIVE=$build/otf2_events_archive
    rm -rf "$OTF2TI_FUZZ_ARCHIVE"
    /usr/bin/python3 "$root/tests/otf2/make_archive.py" "$OTF2TI_FUZZ_ARCHIVE" patterns
    # The OTF2 library sizes a buffer from a corrupt record's length field before it finds the record bad: a
    # malloc of 6.4 GB that it never touches (otf2ti: 10 MB peak RSS, exit 2; bad_archives.sh library_malloc).
    # The RSS limit still catches memory really used.
    options+=(-malloc_limit_mb=16384) ;;
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
