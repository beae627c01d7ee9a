#!/usr/bin/env bash
# otf2ti on damaged and inconsistent archives. Each must exit 2 with a message naming the location (and the event
# where there is one) and write no output.
# - python3-otf2 archives (make_archive.py): the well-formed one, a polling loop and the point-to-point patterns
#   (sendrecv tags, MPI_PROC_NULL) convert to the hand-computed actions, an isend never completed is named; events
#   out of order, an undefined communicator or region, a peer outside its communicator, a receive never completed,
#   a request completed twice are refused;
# - a 2-rank tracer archive of p2p_blocking with one event file cut in half, or missing; one local definition file
#   emptied, cut in half, or missing;
# - a FIFO as the anchor file, the global definitions, an event file or a local definition file (nobody writes it:
#   the OTF2 library's read of it blocked otf2ti for ever), and as the directory of the events.
# usage: bad_archives.sh BUILD_DIR SOURCE_DIR WORK_DIR     (exit 77 = skipped: neither python3-otf2 nor mpirun)
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
ran=0

expect_refusal() {  # name, archive, text the message must hold
  local status=0  # timeout: a refusal that blocks (a FIFO read) fails the test with 124, not hangs it
  timeout 60 "$build/otf2ti" "$2/traces.otf2" -o "$work/$1.ti" 2> "$work/$1.err" || status=$?
  if [ "$status" -ne 2 ] || ! grep -q -- "$3" "$work/$1.err" || [ -e "$work/$1.ti" ]; then
    echo "FAIL $1: exit $status, output $( [ -e "$work/$1.ti" ] && echo written || echo none ), message:"
    cat "$work/$1.err"; exit 1
  fi
  echo "ok $1: $(tail -n 1 "$work/$1.err")"
}

if /usr/bin/python3 -c 'import otf2' 2> /dev/null; then
  archive() { /usr/bin/python3 "$src/tests/otf2/make_archive.py" "$work/$1" "$1"; }
  archive good
  "$build/otf2ti" "$work/good/traces.otf2" -o "$work/good.ti" --flop-rate 1e9 --one-file 2> "$work/good.err" ||
    { echo "FAIL good: $(cat "$work/good.err")"; exit 1; }
  expected='0 init|0 compute 1000000|0 send 1 5 1000|0 recv 1 6 2000|0 allreduce 8 0|0 finalize|1 init|1 compute 1000000|1 recv 0 5 1000|1 send 0 6 2000|1 allreduce 8 0|1 finalize'
  got=$(grep -v '^#' "$work/good.ti/trace.txt" | paste -sd '|')
  [ "$got" = "$expected" ] || { echo "FAIL good: got $got"; exit 1; }
  echo "ok good: the hand-computed actions"
  # --packed: the same actions from OUTDIR/trace.tipack, which replaces an earlier text conversion there (and back)
  "$build/otf2ti" "$work/good/traces.otf2" -o "$work/good.ti" --flop-rate 1e9 --packed 2> "$work/good_packed.err" ||
    { echo "FAIL good, packed: $(cat "$work/good_packed.err")"; exit 1; }
  [ -f "$work/good.ti/trace.tipack" ] && [ ! -e "$work/good.ti/trace.txt" ] && [ ! -e "$work/good.ti/.otf2ti-text" ] ||
    { echo "FAIL good, packed: $(ls -a "$work/good.ti")"; exit 1; }
  got=$("$build/tireplay" actions "$work/good.ti" | paste -sd '|')
  "$build/otf2ti" "$work/good/traces.otf2" -o "$work/good_text.ti" --flop-rate 1e9 2> /dev/null
  [ "$got" = "$("$build/tireplay" actions "$work/good_text.ti" | paste -sd '|')" ] ||
    { echo "FAIL good, packed: actions $got"; exit 1; }
  "$build/otf2ti" "$work/good/traces.otf2" -o "$work/good.ti" --flop-rate 1e9 2> /dev/null
  [ ! -e "$work/good.ti/trace.tipack" ] || { echo "FAIL good: the packed trace left beside the text"; exit 1; }
  status=0
  "$build/otf2ti" "$work/good/traces.otf2" -o "$work/good.ti" --packed --one-file 2> "$work/packed_one.err" || status=$?
  [ "$status" = 2 ] && grep -q -- "--packed writes one binary file: --one-file does not apply to it" \
    "$work/packed_one.err" || { echo "FAIL --packed --one-file: exit $status, $(cat "$work/packed_one.err")"; exit 1; }
  echo "ok good: --packed, the same actions"

  # A polling loop: by default one failed test (its computations merged), and the completing test is a test
  # then a wait; with --keep-tests every failed test, each with its own computation.
  archive polling
  rank1() { grep '^1 ' "$1/trace.txt" | paste -sd '|'; }
  "$build/otf2ti" "$work/polling/traces.otf2" -o "$work/polling.ti" --flop-rate 1e9 --one-file 2> /dev/null
  expected="1 init|1 compute 1000000|1 irecv 0 5 1000|1 test 0 1 5|1 compute 2000000|1 test 0 1 5|1 wait 0 1 5|1 send 0 6 2000|1 allreduce 8 0|1 finalize"
  [ "$(rank1 "$work/polling.ti")" = "$expected" ] || { echo "FAIL polling: got $(rank1 "$work/polling.ti")"; exit 1; }
  "$build/otf2ti" "$work/polling/traces.otf2" -o "$work/polling_kept.ti" --flop-rate 1e9 --one-file --keep-tests \
    2> /dev/null
  expected="1 init|1 compute 1000000|1 irecv 0 5 1000|1 test 0 1 5|1 compute 500000|1 test 0 1 5|1 compute 500000|1 test 0 1 5|1 compute 500000|1 test 0 1 5|1 compute 500000|1 test 0 1 5|1 wait 0 1 5|1 send 0 6 2000|1 allreduce 8 0|1 finalize"
  [ "$(rank1 "$work/polling_kept.ti")" = "$expected" ] ||
    { echo "FAIL polling --keep-tests: got $(rank1 "$work/polling_kept.ti")"; exit 1; }
  echo "ok polling: one test per polling loop, every test with --keep-tests"

  # Sendrecv keeps both tags, a PROC_NULL half is `null`, and the MPI_PROC_NULL operations leave no line: counted
  # once under their own call, with no warning, the four 0.5 ms computations around them one compute.
  archive patterns
  "$build/otf2ti" "$work/patterns/traces.otf2" -o "$work/patterns.ti" --flop-rate 1e9 --one-file 2> "$work/patterns.err"
  expected="0 init|0 compute 1000000|0 sendrecv 100 1 200 1 sendtag=3 recvtag=4|0 compute 1000000|0 sendrecv 50 1 0 null sendtag=1|0 compute 2000000|0 allreduce 8 0|0 finalize|# proc_null 0 MPI_Irecv 1|# proc_null 0 MPI_Isend 1|# proc_null 0 MPI_Send 1|# proc_null 0 MPI_Sendrecv 1"
  got=$(grep -v '^# tireplay' "$work/patterns.ti/trace.txt" | grep '^0 \|^# proc_null 0' | paste -sd '|')
  [ "$got" = "$expected" ] || { echo "FAIL patterns: got $got"; exit 1; }
  expected="1 init|1 compute 1000000|1 sendrecv 200 0 100 0 sendtag=4 recvtag=3|1 compute 1000000|1 sendrecv 0 null 50 0 recvtag=1|1 compute 2000000|1 allreduce 8 0|1 finalize"
  got=$(grep '^1 ' "$work/patterns.ti/trace.txt" | paste -sd '|')
  [ "$got" = "$expected" ] || { echo "FAIL patterns (rank 1): got $got"; exit 1; }
  if grep -q warning "$work/patterns.err" || ! grep -q '2 ranks, 66 events, 16 actions ->' "$work/patterns.err"; then
    echo "FAIL patterns: a warning, or not the 16 actions written:"; cat "$work/patterns.err"; exit 1
  fi
  echo "ok patterns: sendrecv tags and null halves, MPI_PROC_NULL counted once, computations merged, 16 actions said"

  # An isend nothing completes is kept (the replay waits for it at the end), and named with its line.
  archive isend_uncompleted
  "$build/otf2ti" "$work/isend_uncompleted/traces.otf2" -o "$work/isend_uncompleted.ti" 2> "$work/isend_uncompleted.err"
  grep -q "^  $work/isend_uncompleted.ti/trace.txt_files/0.000000_rank-1.txt:4: 0 isend 1 9 10 (MPI_Isend, event 4)\$" \
    "$work/isend_uncompleted.err" || { echo "FAIL isend_uncompleted:"; cat "$work/isend_uncompleted.err"; exit 1; }
  echo "ok isend_uncompleted: $(grep -c warning "$work/isend_uncompleted.err") warning, naming its line"

  # An event file that made the OTF2 library read past its end (found by tests/fuzz's otf2_events target; the
  # seed's first byte picks the location): refused with exit 2, whether OTF2 reports it or crashes (crash_guard).
  cp -r "$work/polling" "$work/library_crash"
  tail -c +2 "$src/tests/fuzz/otf2_events_corpus/otf2_library_crash.bin" > "$work/library_crash/traces/0.evt"
  expect_refusal library_crash "$work/library_crash" "library_crash/traces.otf2"
  # A corrupt record whose length field makes the OTF2 library allocate 6.4 GB (found by otf2_events on the
  # patterns archive): refused, without the memory being used.
  cp -r "$work/patterns" "$work/library_malloc"
  tail -c +2 "$src/tests/fuzz/otf2_events_corpus/otf2_library_huge_malloc.bin" > "$work/library_malloc/traces/0.evt"
  expect_refusal library_malloc "$work/library_malloc" "library_malloc/traces.otf2: location 0 (rank 0): reading its events failed"
  # A sendrecv whose receive half from MPI_PROC_NULL names a communicator the definitions lack (otf2_events):
  # refused, where its line's communicator once came from that receive and aborted otf2ti.
  cp -r "$work/patterns" "$work/sendrecv_bad_comm"
  tail -c +2 "$src/tests/fuzz/otf2_events_corpus/sendrecv_null_receive_bad_comm.bin" > "$work/sendrecv_bad_comm/traces/0.evt"
  expect_refusal sendrecv_bad_comm "$work/sendrecv_bad_comm" "sendrecv_bad_comm/traces.otf2: location 0 (rank 0)"
  peak=$( { /usr/bin/time -f %M "$build/otf2ti" "$work/library_malloc/traces.otf2" -o "$work/library_malloc.ti" 2>&1 >/dev/null || true; } | tail -1)
  [ "$peak" -lt 200000 ] || { echo "FAIL library_malloc: $peak KB peak RSS"; exit 1; }
  echo "ok library_malloc: peak RSS $peak KB"
  archive out_of_order && expect_refusal out_of_order "$work/out_of_order" \
    "location 1 (rank 1), event 4: timestamp 1001500 before the previous event's 1002000 (events out of order)"
  archive undefined_comm && expect_refusal undefined_comm "$work/undefined_comm" \
    "location 1 (rank 1), event 4: communicator 7 is not defined"
  archive undefined_region && expect_refusal undefined_region "$work/undefined_region" \
    "location 0 (rank 0), event 3: region 99 is not defined"
  archive peer_outside && expect_refusal peer_outside "$work/peer_outside" \
    "location 0 (rank 0), event 4: MPI_Send with rank 5 of communicator 0, which has 2 members"
  archive receive_unmatched && expect_refusal receive_unmatched "$work/receive_unmatched" \
    "location 1 (rank 1): receive request 77, started by MPI_Irecv (event 4), never completes"
  archive completed_twice && expect_refusal completed_twice "$work/completed_twice" \
    "location 0 (rank 0), event 13: MpiIrecv in MPI_Wait completes request 42, which no event started, or an earlier event completed already"

  # FIFOs in place of the archive's files: refused by name before the OTF2 library opens any
  mkdir "$work/fifo_anchor" && mkfifo "$work/fifo_anchor/traces.otf2"
  expect_refusal fifo_anchor "$work/fifo_anchor" "otf2ti: $work/fifo_anchor/traces.otf2: is not a regular file (a \
FIFO, device or socket cannot be the archive's anchor file)"
  for file in traces.def traces/0.evt traces/1.def; do
    name=fifo_$(basename "$file" | tr . _)
    cp -r "$work/good" "$work/$name" && rm -f "$work/$name/$file" && mkfifo "$work/$name/$file"
    expect_refusal "$name" "$work/$name" "otf2ti: $work/$name/$file: is not a regular file (a FIFO, device or socket"
  done
  cp -r "$work/good" "$work/fifo_dir" && rm -r "$work/fifo_dir/traces" && mkfifo "$work/fifo_dir/traces"
  expect_refusal fifo_dir "$work/fifo_dir" "otf2ti: $work/fifo_dir/traces: is not a directory"
  ran=1
else
  echo "bad_archives: python3-otf2 missing (tools/setup.sh installs it): its cases skipped"
fi

if command -v mpirun > /dev/null && [ -f "$build/libtireplay_tracer.so" ]; then
  TIREPLAY_TRACE_DIR=$work/traced mpirun --allow-run-as-root --oversubscribe -np 2 -x TIREPLAY_TRACE_DIR \
    -x LD_PRELOAD="$build/libtireplay_tracer.so" "$build/native/p2p_blocking" > "$work/run.log" 2>&1
  cp -r "$work/traced" "$work/truncated"
  size=$(stat -c %s "$work/truncated/traces/1.evt")
  truncate -s $((size / 2)) "$work/truncated/traces/1.evt"
  expect_refusal truncated "$work/truncated" "location 1 (rank 1)"
  cp -r "$work/traced" "$work/missing"
  rm "$work/missing/traces/0.evt"
  expect_refusal missing "$work/missing" "location 0 (rank 0)"
  # a local definition file emptied, cut short or removed: ids left unmapped made other actions (ninth trial)
  cp -r "$work/traced" "$work/defs_empty" && : > "$work/defs_empty/traces/0.def"
  expect_refusal defs_empty "$work/defs_empty" "location 0 (rank 0): its local definitions .*0.def cannot be read (empty)"
  cp -r "$work/traced" "$work/defs_cut" && truncate -s $(($(stat -c %s "$work/traced/traces/1.def") / 2)) "$work/defs_cut/traces/1.def"
  expect_refusal defs_cut "$work/defs_cut" "location 1 (rank 1): its local definitions .*1.def cannot be read"
  cp -r "$work/traced" "$work/defs_missing" && rm "$work/defs_missing/traces/1.def"
  expect_refusal defs_missing "$work/defs_missing" "location 1 (rank 1): its local definitions .*1.def are missing"
  ran=1
else
  echo "bad_archives: mpirun or the tracer missing: the damaged tracer archives skipped"
fi
[ "$ran" = 1 ] || exit 77
