#!/usr/bin/env bash
# tireplay replay --otf2-out (docs/timed-outputs.md, "OTF2"): otf2-print reads the archive, and check_otf2.py finds
# in it, per rank, Enter/Leave pairs whose states, durations by category (compute; comm; wait) and last Leave agree
# with the --json summary, and whose "line" attributes point at the trace's actions:
#  1. the recorded stencil trace (4 ranks, collectives by name), twice: the two archives are bit-identical;
#  2. a hand-written trace on one_link.xml whose every event time is computed by hand, into the stencil's
#     directory: the 2-rank archive replaces the 4-rank one and leaves the directory's other files alone;
#  3. paths that cannot hold the archive fail with exit status 2 and a message naming them.
# Usage: timed_otf2.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -euo pipefail
tireplay=$1
src=$2
scratch=$3
rm -rf "$scratch"
mkdir -p "$scratch"
failures=0
ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
command -v otf2-print > /dev/null || { echo "FAIL otf2-print missing (tools/setup.sh installs otf2-tools)"; exit 1; }

# checked NAME ARCHIVE_DIR [check_otf2.py options]: otf2-print reads the archive and check_otf2.py agrees.
checked() {
  local name=$1 dir=$2
  shift 2
  if ! otf2-print "$dir/traces.otf2" > "$scratch/$name.events" 2> "$scratch/$name.print_err" ||
     ! otf2-print -G "$dir/traces.otf2" > "$scratch/$name.defs" 2>> "$scratch/$name.print_err"; then
    fail "$name: otf2-print cannot read $dir/traces.otf2: $(head -3 "$scratch/$name.print_err")"
    return
  fi
  if python3 "$src/tests/engine/check_otf2.py" "$scratch/$name.events" "$scratch/$name.defs" "$scratch/$name.json" \
      "$@"; then ok "$name: the archive matches the summary"; else fail "$name: the archive does not match"; fi
}

# 1. The stencil, as traces/recorded/reference_times.tsv replays it.
stencil=$src/traces/recorded/stencil
replay_stencil() {
  "$tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --hostfile "$src/platforms/hosts_figure5.txt" \
    --trace "$stencil/index.txt" --quiet --json "$scratch/stencil.json" --otf2-out "$1"
}
replay_stencil "$scratch/out"
checked stencil "$scratch/out" --trace "$stencil"/rank{0,1,2,3}.txt
for state in bcast allreduce alltoall reduce gather compute send receive wait; do
  grep -q "^REGION .*Name: \"$state\"" "$scratch/stencil.defs" || fail "stencil: no region $state"
done
replay_stencil "$scratch/again"
if diff -r "$scratch/out" "$scratch/again" > /dev/null; then ok "stencil: two replays write the same bytes"
else fail "stencil: two replays write different archives"; fi

# 2. By hand, as in engine_times.sh: without SMPI's factors a lone message of S bytes takes T(S) = 1 ms + (S + 16)
# / 100 MB/s: T(1e6) = 0.01100016 s, T(1000) = 0.00101016 s. Rank 1 computes 0.5 s and receives the rendezvous
# message rank 0 sends after its 1 s of compute (1 -> 1.01100016); rank 1 sleeps 0.25 s (a zero-flop compute is
# a zero-length state), sends 1000 bytes at 1.26100016 without blocking, which rank 0, waiting since 1.01100016,
# gets at 1.26201032; rank 0 then sends 1000 bytes to the receive rank 1 posted first and waits for at
# 1.26100016: 1.26201032 + T(1000) = 1.26302048.
printf '%s\n' "0 compute 1e9" "0 send 1 0 1000000" "0 recv 1 1 1000" "0 send 1 2 1000" "1 irecv 0 2 1000" \
  "1 compute 5e8" "1 recv 0 0 1000000" "1 compute 0" "1 sleep 0.25" "1 send 0 1 1000" "1 wait 0 1 2" > "$scratch/hand.txt"
cat > "$scratch/hand.expected" << 'EOF'
# rank state start_ns end_ns bytes flops line
0 compute 0 1000000000 0 1e+09 1
0 send 1000000000 1011000160 1000000 0 2
0 receive 1011000160 1262010320 1000 0 3
0 send 1262010320 1262010320 1000 0 4
1 receive 0 0 1000 0 5
1 compute 0 500000000 0 5e+08 6
1 receive 500000000 1011000160 1000000 0 7
1 compute 1011000160 1011000160 0 0 8
1 compute 1011000160 1261000160 0 0 9
1 send 1261000160 1261000160 1000 0 10
1 wait 1261000160 1263020480 0 0 11
EOF
echo "kept" > "$scratch/out/notes.txt"
"$tireplay" replay --platform "$src/tests/engine/one_link.xml" --trace "$scratch/hand.txt" --quiet \
  --cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1 --cfg network/crosstraffic:0 \
  --json "$scratch/hand.json" --otf2-out "$scratch/out"
checked hand "$scratch/out" --trace "$scratch/hand.txt" --expect "$scratch/hand.expected"
# (written whole in a hidden .traces.partPID beside it, then moved: nothing of it left)
if [ "$(ls "$scratch/out/traces")" = "$(printf '%s\n' 0.def 0.evt 1.def 1.evt)" ] &&
   [ "$(cat "$scratch/out/notes.txt")" = kept ] &&
   [ "$(ls -A "$scratch/out" | paste -sd' ')" = "notes.txt traces traces.def traces.otf2 traces.tireplay" ]; then
  ok "hand: replaced the 4-rank archive, kept notes.txt, no partial directory left"
else fail "hand: the 4-rank archive was not replaced cleanly: $(ls -R "$scratch/out" | tr '\n' ' ')"; fi

# 3. Paths that cannot hold the archive: under a regular file; beside a traces/ that is not an archive's.
# expect_refusal NAME DIR NAMED: exit status 2 and a message naming NAMED.
expect_refusal() {
  local status=0
  "$tireplay" replay --platform "$src/tests/engine/one_link.xml" --trace "$scratch/hand.txt" --quiet \
    --otf2-out "$2" 2> "$scratch/$1.err" || status=$?
  if [ "$status" = 2 ] && grep -qF "$3" "$scratch/$1.err"; then ok "$1: exit 2, $(cat "$scratch/$1.err")"
  else fail "$1: exit $status, expected 2 and a message naming $3: $(cat "$scratch/$1.err")"; fi
}
touch "$scratch/plain_file"
expect_refusal under_a_file "$scratch/plain_file/archive" "$scratch/plain_file/archive"
mkdir -p "$scratch/foreign/traces"
touch "$scratch/foreign/traces/keep"
expect_refusal foreign_traces "$scratch/foreign" "$scratch/foreign/traces"
[ -f "$scratch/foreign/traces/keep" ] || fail "foreign_traces: a traces/ that is not an archive's was removed"
# an archive without tireplay's mark beside it and made by another (a traced run's) is not replaced; a timeline of a
# tireplay older than the mark (its creator says so) is
cp -r "$scratch/again" "$scratch/traced_run" && rm "$scratch/traced_run/traces.tireplay"
sed -i 's/tireplay replay/scorep-tracer_x/' "$scratch/traced_run/traces.otf2"
cp "$scratch/traced_run/traces.otf2" "$scratch/traced_run.anchor"
expect_refusal traced_archive "$scratch/traced_run" "$scratch/traced_run/traces.otf2: an OTF2 archive that tireplay did not write"
cmp -s "$scratch/traced_run/traces.otf2" "$scratch/traced_run.anchor" || fail "traced_archive: it was replaced"
cp -r "$scratch/again" "$scratch/older" && rm "$scratch/older/traces.tireplay"
"$tireplay" replay --platform "$src/tests/engine/one_link.xml" --trace "$scratch/hand.txt" --quiet --otf2-out "$scratch/older" &&
  [ -f "$scratch/older/traces.tireplay" ] && ok "older_timeline: replaced, marked" || fail "older_timeline: not replaced"

if [ "$failures" -gt 0 ]; then
  echo "$failures OTF2 timeline checks failed"
  exit 1
fi
echo "all OTF2 timeline checks passed"
