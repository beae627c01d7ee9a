#!/usr/bin/env bash
# The packed form (tireplay pack / unpack, docs/trace-format.md section 13):
#  1. every bundled trace (traces/recorded) and every SimGrid replay case (../shared/data/simgrid-replay, when
#     present), packed and then unpacked: the three read as the same actions (`tireplay actions`) and replay to the
#     same results, bit for bit (simulated time, per-rank times, unreplayed calls), at both levels;
#  2. a trace with every binary record and its rarer fields (a wait's index, comm=, any source and tag, MPE's
#     default datatype, unreplayed calls) beside text-kept ones (communicators, sendrecv, one-sided): the same;
#  3. packed traces wherever a trace goes: check, sweep, a jobs file, an index naming a packed file, --np;
#  4. corrupt, truncated, foreign or misused files: one message naming the file, exit 2.
# Usage: pack.sh TIREPLAY SOURCE_DIR SCRATCH_DIR [SIMGRID_REPLAY_DATA]
set -uo pipefail
tireplay=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") src=$2 scratch=$3 sgdata=${4:-}
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
scratch=$(pwd)
failures=0
source "$src/tests/cli/expect.sh"


# same_everywhere NAME WORKDIR TRACE NP PLATFORM HOSTFILE: packs TRACE (from WORKDIR, where its index's relative
# names resolve), unpacks it, and compares the three forms' actions and replays at both levels.
same_everywhere() {
  local name=$1 workdir=$2 trace=$3 np=$4 platform=$5 hostfile=$6
  local packed=$scratch/$name.tipack unpacked=$scratch/$name.text
  if ! (cd "$workdir" && "$tireplay" pack -q --np "$np" "$trace" "$packed") > "$name.log" 2>&1 ||
     ! "$tireplay" unpack -q "$packed" "$unpacked" >> "$name.log" 2>&1; then
    fail "$name: pack or unpack failed: $(cat "$name.log")"
    return
  fi
  (cd "$workdir" && "$tireplay" actions --np "$np" "$trace") > "$name.actions.text" 2>&1
  "$tireplay" actions "$packed" > "$name.actions.packed" 2>&1
  "$tireplay" actions "$unpacked" > "$name.actions.unpacked" 2>&1
  if cmp -s "$name.actions.text" "$name.actions.packed" && cmp -s "$name.actions.text" "$name.actions.unpacked" &&
     [ -s "$name.actions.text" ]; then
    ok "$name: the same $(wc -l < "$name.actions.text") actions"
  else
    fail "$name: actions differ (diff $scratch/$name.actions.text $scratch/$name.actions.packed)"
  fi
  local level form
  for level in full fast; do
    for form in text packed unpacked; do
      local t=$trace
      [ "$form" = packed ] && t=$packed
      [ "$form" = unpacked ] && t=$unpacked
      (cd "$workdir" && "$tireplay" replay -q --fidelity "$level" --oversubscribe --platform "$platform" \
        ${hostfile:+--hostfile "$hostfile"} --np "$np" --trace "$t" --json "$scratch/$name.$level.$form.json") \
        > "$name.$level.$form.log" 2>&1
      echo "$?" >> "$name.$level.$form.log"
    done
    if [ "$(tail -1 "$name.$level.text.log")" != 0 ]; then
      ok "$name: does not replay at the $level level as text: not compared ($(head -1 "$name.$level.text.log"))"
    elif [ "$(replay_results "$name.$level.text.json")" = "$(replay_results "$name.$level.packed.json" 2>&1)" ] &&
         [ "$(replay_results "$name.$level.text.json")" = "$(replay_results "$name.$level.unpacked.json" 2>&1)" ]; then
      ok "$name: the same results at the $level level ($(replay_results "$name.$level.text.json" | cut -d' ' -f1) s)"
    else
      fail "$name: the $level level's results differ: $(replay_results "$name.$level.text.json" | head -c 300) vs" \
        "$(replay_results "$name.$level.packed.json" 2>&1 | head -c 300)"
    fi
  done
}

# 1. The bundled traces and SimGrid's cases.
figure5=$src/platforms/cluster_figure5.xml
for index in "$src"/traces/recorded/*/index.txt; do
  dir=$(dirname "$index")
  same_everywhere "recorded_$(basename "$dir")" "$src" "$index" "$(grep -c . "$index")" "$figure5" \
    "$src/platforms/hosts_figure5.txt"
done
if [ -n "$sgdata" ] && [ -f "$sgdata/expected_replay_times.tsv" ]; then
  sgdata=$(cd "$sgdata" && pwd)
  while IFS=$'\t' read -r _ key np platform hostfile _; do
    key=${key%% *}
    case $np in ''|*[!0-9]*) continue ;; esac  # the two-job case: section 3 replays packed jobs
    map() {
      case $1 in
        examples/smpi/replay/*) echo "replay/${1#examples/smpi/replay/}" ;;
        examples/smpi/replay_multiple/*) echo "replay_multiple/${1#examples/smpi/replay_multiple/}" ;;
        examples/platforms/*) echo "platforms/${1#examples/platforms/}" ;;
        examples/smpi/hostfile) echo hostfile ;;
        teshsuite/smpi/hostfile_coll) echo hostfile_coll ;;
        teshsuite/smpi/hostfile) echo hostfile_teshsuite ;;
        *) echo "$1" ;;
      esac
    }
    trace=$sgdata/$(map "$key")
    workdir=$(dirname "$trace")
    case $key in examples/smpi/replay/*) workdir=$sgdata ;; esac
    same_everywhere "simgrid_$(basename "$trace" .txt)" "$workdir" "$trace" "$np" "$sgdata/$(map "$platform")" \
      "$sgdata/$(map "$hostfile")"
  done < <(tail -n +2 "$sgdata/expected_replay_times.tsv")
else
  echo "skip SimGrid's cases: no reference data (${sgdata:-not given})"
fi

# 2. Every binary record and its rare fields, the others kept as lines.
mkdir -p rich
cp "$src/tests/cli/pack_rich/"rank*.txt rich/
printf 'rank0.txt\nrank1.txt\n' > rich/index.txt
same_everywhere rich "$scratch/rich" index.txt 2 "$src/tests/engine/one_link.xml" ""
if grep -q '"MPI_File_write"' rich.full.packed.json && grep -q '^# unreplayed 1 MPI_File_write 2 0.25$' \
     rich.text/rank1.txt; then
  ok "rich: unreplayed calls kept"
else
  fail "rich: unreplayed calls lost"
fi

# 3. Wherever a trace goes.
P=$src/platforms/cluster_figure5.xml H=$src/platforms/hosts_figure5.txt
text=$src/traces/recorded/stencil/index.txt packed=$scratch/recorded_stencil.tipack
"$tireplay" replay -q --platform "$P" --hostfile "$H" --trace "$text" --json base.json
"$tireplay" check -q --platform "$P" --hostfile "$H" --trace "$packed" --baseline base.json --tolerance 0 > check.log \
  2>&1 && ok "check: a packed trace against its text's baseline" || fail "check: exit $? ($(cat check.log))"
echo "$packed" > named.txt
"$tireplay" replay -q --platform "$P" --hostfile "$H" --trace named.txt --json named.json
[ "$(replay_results named.json)" = "$(replay_results base.json)" ] && ok "an index naming a packed trace" ||
  fail "an index naming a packed trace: $(replay_results named.json | head -c 200)"
"$tireplay" replay -q --platform "$P" --hostfile "$H" --trace "$packed" --np 4 --json np.json &&
  [ "$(replay_results np.json)" = "$(replay_results base.json)" ] && ok "--np 4, as packed" || fail "--np 4 on the packed trace"
"$tireplay" sweep -q --trace "$packed" --platform "$P" --vary bw=1x,2x -o sweep_packed -- --hostfile "$H" \
  > sweep_packed.log 2>&1
"$tireplay" sweep -q --trace "$text" --platform "$P" --vary bw=1x,2x -o sweep_text -- --hostfile "$H" \
  > sweep_text.log 2>&1
if [ -s sweep_text/results.csv ] && cut -d, -f1-4 sweep_text/results.csv | cmp -s - <(cut -d, -f1-4 sweep_packed/results.csv)
then ok "sweep: the same replay_results from the packed trace"
else fail "sweep: $(cat sweep_packed.log | head -5)"; fi
A=$src/traces/recorded/coll_basic/index.txt B=$src/traces/recorded/p2p_nonblocking/index.txt
"$tireplay" pack -q "$A" a.tipack && "$tireplay" pack -q "$B" b.tipack
printf 'first %s 4 0\nsecond %s 4 1e6\n' "$A" "$B" > text.jobs
printf 'first a.tipack 4 0\nsecond b.tipack 4 1e6\n' > packed.jobs
for level in full fast; do
  "$tireplay" replay -q --fidelity $level --platform "$src/platforms/cluster_16.xml" --jobs-file text.jobs \
    --json jobs_text.json
  "$tireplay" replay -q --fidelity $level --platform "$src/platforms/cluster_16.xml" --jobs-file packed.jobs \
    --json jobs_packed.json
  [ "$(replay_results jobs_text.json)" = "$(replay_results jobs_packed.json 2>&1)" ] && ok "jobs of packed traces ($level)" ||
    fail "jobs of packed traces ($level): $(replay_results jobs_packed.json 2>&1 | head -c 300)"
done

# 4. Errors.
cp "$packed" corrupt.tipack
printf 'X' | dd of=corrupt.tipack bs=1 seek=100 conv=notrunc 2> /dev/null
expect corrupt_block 2 "corrupt.tipack[rank 0]: not a readable packed trace: block 0 is corrupt (checksum)" \
  -- replay -q --platform "$P" --hostfile "$H" --trace corrupt.tipack
head -c 1000 "$packed" > truncated.tipack
size=$(stat -c %s "$packed")
expect truncated 2 "truncated.tipack: not a readable packed trace: truncated (1000 bytes of the $size it \
was written with)" -- replay -q --platform "$P" --hostfile "$H" --trace truncated.tipack
cp "$packed" header.tipack
printf '\002' | dd of=header.tipack bs=1 seek=12 conv=notrunc 2> /dev/null
expect corrupt_header 2 "header.tipack: not a readable packed trace: its header is corrupt (checksum)" \
  -- actions header.tipack
head -c 30 "$packed" > short.tipack
expect shorter_than_header 2 "short.tipack: not a readable packed trace: truncated (30 bytes, fewer than its \
48-byte header)" -- actions short.tipack
expect np_more 2 "$packed: the packed trace has 4 ranks, fewer than --np 8" \
  -- replay -q --platform "$P" --hostfile "$H" --trace "$packed" --np 8
expect np_fewer 2 "$packed: the trace has 4 ranks, more than --np 2" \
  -- replay -q --platform "$P" --hostfile "$H" --trace "$packed" --np 2
expect pack_onto_input 2 "$packed: a file of the trace $packed (packing would replace it): give the \
packed trace another name" -- pack "$packed" "$packed"
expect pack_to_stdout 2 "-: a packed trace is written to a file (it is binary, and its header is \
written last)" -- pack "$text" -
mkdir -p full_dir && touch full_dir/x
expect unpack_not_empty 2 "full_dir: a directory that is not empty: unpack writes a new trace \
directory (rankR.txt files and trace.txt)" -- unpack "$packed" full_dir
zstd -q -c "$packed" > compressed.tipack.zst
expect compressed_packed 2 "compressed.tipack.zst: a packed trace compressed with zstd: decompress it (a \
packed trace is read in place, by blocks)" -- actions compressed.tipack.zst
printf '0 init\n0 compute 1e6\n0 compute x\n' > bad.txt
expect pack_bad_trace 2 "bad.txt:3: compute: field 'flops' is not a number: 'x' (expected: compute <flops>)
    0 compute x" -- pack bad.txt one.tipack
[ ! -e one.tipack ] && ok "no packed file left by a failed pack" || fail "a failed pack left one.tipack"

printf '%s\n' "$packed" "$src/traces/recorded/stencil/rank1.txt" > two_entries.txt
expect packed_among_entries 2 "two_entries.txt:1: '$packed' is a packed trace, which holds every rank: an index \
names it alone, or give it as the trace" -- actions two_entries.txt
echo compressed.tipack.zst > named_zst.txt
expect index_names_compressed_packed 2 "compressed.tipack.zst: a packed trace compressed with zstd: decompress it (a \
packed trace is read in place, by blocks)" -- actions named_zst.txt
mkdir -p dir_trace && cp "$src/traces/recorded/stencil/"rank*.txt dir_trace/
expect pack_into_its_directory 2 "dir_trace/t.tipack: inside the trace's directory dir_trace, which would then hold \
two traces: give the packed trace another place" -- pack dir_trace dir_trace/t.tipack
# a failed unpack leaves nothing (the rank 1 block corrupt: ranks 0 written, then the error)
python3 - "$packed" corrupt_rank1.tipack <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
index = struct.unpack_from('<Q', data, 16)[0]
offset = struct.unpack_from('<Q', data, index + 24)[0]  # rank 1's first block
data[offset + 16] ^= 0xff
open(sys.argv[2], 'wb').write(data)
PY
expect unpack_fails_midway 2 "corrupt_rank1.tipack[rank 1]: not a readable packed trace: block 0 is corrupt (checksum)" \
  -- unpack corrupt_rank1.tipack half
[ ! -e half ] && [ -z "$(ls -A . | grep '^\.half')" ] && ok "a failed unpack leaves no directory" ||
  fail "a failed unpack left $(ls -d half .half* 2> /dev/null)"
# a rank without actions: the unpacked directory is still the trace
printf '2 compute 1e6\n' > only2.txt
"$tireplay" pack -q only2.txt only2.tipack && "$tireplay" unpack -q only2.tipack only2_text &&
  [ "$("$tireplay" actions only2_text)" = "2 compute flops=1000000" ] && ok "unpacked with empty ranks: DIR reads" ||
  fail "unpacked with empty ranks: $("$tireplay" actions only2_text 2>&1 | head -2)"

echo "$failures failures"
[ "$failures" -eq 0 ]
