#!/usr/bin/env bash
# Builds the trace-parser fuzzer (libFuzzer + ASan + UBSan, clang) in build-fuzz/ and runs it.
#   tests/fuzz/run_fuzzer.sh [seconds]     (default 600)
# The seeds in tests/fuzz/corpus/ are read, not written: new inputs go to build-fuzz/corpus/.
# A crash leaves its input in build-fuzz/crash-<sha1>; replay it with: build-fuzz/parse_fuzzer build-fuzz/crash-<sha1>
# Exit status: 0 if the run was clean, the fuzzer's status otherwise.
set -euo pipefail

seconds=${1:-600}
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/build-fuzz"
fuzz="$root/tests/fuzz"

cmake -S "$fuzz" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target parse_fuzzer -j "$(nproc)" >/dev/null

mkdir -p "$build/corpus"
log="$build/fuzz.log"
status=0
"$build/parse_fuzzer" "$build/corpus" "$fuzz/corpus" \
  -dict="$fuzz/parse_fuzzer.dict" -max_len=4096 -max_total_time="$seconds" \
  -artifact_prefix="$build/" -print_final_stats=1 >"$log" 2>&1 || status=$?

if [ "$status" -ne 0 ]; then
  echo "parse_fuzzer failed (status $status); the report ends with:" >&2
  tail -n 60 "$log" >&2
  exit "$status"
fi
# The last status line (coverage, corpus, exec/s) and the final statistics.
grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1
grep -E '^(Done |stat::)' "$log"
echo "full log: $log"
