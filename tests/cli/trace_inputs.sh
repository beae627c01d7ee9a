#!/usr/bin/env bash
# Traces as users keep them (issue "Traces as users keep them"):
#  - a recorded trace replayed plain and compressed (gzip, zstd, xz, bzip2: rank files, index, shared file) gives
#    the same predicted time, smpirun's; truncated, corrupt and unread formats are errors naming the file;
#  - otf2ti --compress, and otf2ti's output directory given as it is to --trace; ambiguous directories;
#  - the point-to-point form decided per trace: a mix of tagged and tag-less lines is an error naming both.
# Usage: trace_inputs.sh BUILD_DIR SOURCE_DIR SCRATCH_DIR
set -uo pipefail
build=$1 src=$2 scratch=$3
tireplay=$build/tireplay otf2ti=$build/otf2ti
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
source "$src/tests/cli/expect.sh"

cp "$src/platforms/cluster_figure5.xml" platform.xml
cp "$src/platforms/hosts_figure5.txt" hosts.txt
R=(replay --platform platform.xml --hostfile hosts.txt -q)
time_of() {  # TRACE [options]: the predicted time, or the error
  local t=$1; shift
  "$tireplay" "${R[@]}" --trace "$t" "$@" --json out.json 2>&1 >/dev/null &&
    python3 -c 'import json; print(repr(json.load(open("out.json"))["simulated_time"]))'
}

# 1. Compressed traces: every variant gives the plain trace's time, which is smpirun's (traces/recorded).
cp -r "$src/traces/recorded/coll_alltoall" plain
smpirun=$(awk -F'\t' '$1 == "coll_alltoall" { print $6 }' "$src/traces/recorded/reference_times.tsv")
plain=$(time_of plain/index.txt)
python3 -c "import sys; sys.exit(abs($plain - $smpirun) > 1e-9 * $smpirun)" ||
  fail "plain: $plain, smpirun $smpirun"
cat plain/rank*.txt > shared.txt
for tool in gzip:gz zstd:zst xz:xz bzip2:bz2; do
  c=${tool%%:*} ext=${tool##*:}
  mkdir -p "$c"
  for r in 0 1 2 3; do "$c" -c "plain/rank$r.txt" > "$c/rank$r.txt.$ext"; echo "rank$r.txt.$ext"; done > "$c/index.txt"
  "$c" -c "$c/index.txt" > "$c/index.$ext"       # a compressed index
  "$c" -c shared.txt > "shared.txt.$ext"          # a compressed shared file
  "$c" -c shared.txt > "shared-$c.trace"          # whatever the name: the content decides
  for t in "$c/index.txt" "$c/index.$ext" "$c" "shared.txt.$ext" "shared-$c.trace"; do
    got=$(time_of "$t")
    if [ "$got" = "$plain" ]; then echo "ok   $t: $got"; else fail "$t: '$got', plain $plain"; fi
  done
done
got=$(time_of zstd/index.zst --fidelity fast)
[ "$got" = "$(time_of plain/index.txt --fidelity fast)" ] && echo "ok   fast level, zstd" || fail "fast level, zstd: $got"

# Cut and corrupt files are errors, never a shorter trace.
head -c 60 shared.txt.gz > cut.gz
head -c 60 shared.txt.zst > cut.zst
head -c 60 shared.txt.xz > cut.xz
expect cut_gzip 2 "cut.gz: corrupt or truncated gzip data (60 compressed bytes read)" -- "${R[@]}" --trace cut.gz
expect cut_zstd 2 "cut.zst: corrupt or truncated zstd data (60 compressed bytes read): the last zstd frame is cut short (a truncated file?)" -- "${R[@]}" --trace cut.zst
expect cut_xz 2 "cut.xz: corrupt or truncated xz data (60 compressed bytes read)" -- "${R[@]}" --trace cut.xz
python3 - <<'EOF'
b = bytearray(open("shared.txt.zst", "rb").read()); b[len(b) // 2] ^= 0xFF; open("bad.zst", "wb").write(b)
b = bytearray(open("shared.txt.gz", "rb").read()); b[-6] ^= 0xFF; open("bad.gz", "wb").write(b)  # its CRC
EOF
expect corrupt_zstd 2 "bad.zst: corrupt or truncated zstd data ($(stat -c %s bad.zst) compressed bytes read): Data corruption detected" -- "${R[@]}" --trace bad.zst
expect corrupt_gzip_crc 2 "bad.gz: corrupt or truncated gzip data ($(stat -c %s bad.gz) compressed bytes read) (bad gzip header, CRC or length)" -- "${R[@]}" --trace bad.gz
mkdir cut_rank && cp plain/rank[012].txt cut_rank/ && head -c 40 cut.zst > cut_rank/rank3.zst
printf 'rank0.txt\nrank1.txt\nrank2.txt\nrank3.zst\n' > cut_rank/index.txt
expect cut_rank_file 2 "cut_rank/rank3.zst: corrupt or truncated zstd data (40 compressed bytes read): the last zstd frame is cut short (a truncated file?)" -- "${R[@]}" --trace cut_rank/index.txt
# Found once the simulation runs (another rank computing, a transfer in flight): the same message at both levels,
# not a crash of SimGrid (it used to abort when the other ranks were killed in the middle of a wait).
python3 -c "
for r in range(2):
    open(f'long{r}.txt', 'w').write(''.join(f'{r} compute {100000 + i}\\n' for i in range(100000)))"
gzip -c long1.txt > long1.txt.gz
head -c $(( $(stat -c %s long1.txt.gz) * 9 / 10 )) long1.txt.gz > long1cut.gz
printf 'long0.txt\nlong1cut.gz\n' > long_cut.idx
printf '0 send 1 0 200\n0 compute 1e6\n1 compute 1e5\n1 recv 0 0 100\n1 compute abc\n' > late.txt
for fidelity in full fast; do
  expect "cut_rank_file_mid_replay_$fidelity" 2 "long1cut.gz: corrupt or truncated gzip data ($(stat -c %s long1cut.gz) compressed bytes read)" -- "${R[@]}" --trace long_cut.idx --fidelity $fidelity
  expect "truncated_receive_mid_replay_$fidelity" 2 "late.txt:4: the receive of rank 1 (100 bytes) matches a message of 200 bytes sent by rank 0 at late.txt:1: a receive smaller than its message is an error in MPI (MPI_ERR_TRUNCATE)" -- "${R[@]}" --trace late.txt --fidelity $fidelity
done
printf 'PK\003\004rest of a zip' > trace.zip
expect zip 2 "trace.zip: a zip archive: tireplay reads traces as plain text or compressed with gzip, zstd, xz or bzip2 (unpack it, or recompress it: zstd FILE)" -- "${R[@]}" --trace trace.zip

# 2. otf2ti's output directory, as it is, plain and compressed (a python3-otf2 archive of a 2-rank run).
if /usr/bin/python3 "$src/tests/otf2/make_archive.py" archive good >/dev/null 2>&1; then
  "$otf2ti" archive/traces.otf2 -o conv 2>/dev/null || fail "otf2ti"
  reference=$(time_of conv/trace.txt)
  [ -n "$reference" ] || fail "otf2ti's trace: no time"
  for c in gzip zstd xz; do
    "$otf2ti" archive/traces.otf2 -o "conv_$c" --compress "$c" 2>/dev/null || fail "otf2ti --compress $c"
    n=$(find "conv_$c/trace.txt_files" -type f | wc -l)
    magic_ok=$(python3 -c "
import glob, sys
m = {'gzip': b'\x1f\x8b', 'zstd': b'\x28\xb5\x2f\xfd', 'xz': b'\xfd7zXZ'}['$c']
files = glob.glob('conv_$c/trace.txt_files/*')
print(all(open(f, 'rb').read(len(m)) == m for f in files) and len(files) == 2)")
    [ "$magic_ok" = True ] || fail "otf2ti --compress $c: $n files, not all $c"
    got=$(time_of "conv_$c")
    [ "$got" = "$reference" ] && echo "ok   otf2ti --compress $c, --trace conv_$c: $got" || fail "conv_$c: '$got', $reference"
  done
  "$otf2ti" archive/traces.otf2 -o conv_one --one-file --compress zstd 2>/dev/null || fail "otf2ti --one-file"
  [ -f conv_one/trace.txt.zst ] || fail "otf2ti --one-file --compress zstd: no conv_one/trace.txt.zst"
  got=$(time_of conv_one)
  [ "$got" = "$reference" ] && echo "ok   --trace conv_one (trace.txt.zst)" || fail "conv_one: '$got'"
  got=$(time_of conv)
  [ "$got" = "$reference" ] && echo "ok   --trace conv (SimGrid's layout)" || fail "conv: '$got'"
  # A second conversion into the same directory replaces the first (no stale .zst rank files, no second trace.txt).
  "$otf2ti" archive/traces.otf2 -o conv_zstd --one-file 2>/dev/null || fail "otf2ti into conv_zstd again"
  [ "$(cd conv_zstd && ls)" = "trace.txt" ] && [ "$(time_of conv_zstd)" = "$reference" ] &&
    echo "ok   otf2ti replaces its earlier output" || fail "otf2ti again: $(cd conv_zstd && ls -R)"
  tireplay=$otf2ti expect otf2ti_compress_bad 2 "otf2ti: --compress: 'lz4' is not one of none, gzip, zstd, xz
(see otf2ti --help)" -- archive/traces.otf2 -o x --compress lz4
else
  echo "note: python3-otf2 missing: otf2ti cases skipped"
fi

# Ambiguous directories say what they found.
mkdir amb_index && cp plain/rank*.txt amb_index/ && printf 'rank0.txt\nrank1.txt\nrank2.txt\nrank3.txt\n' > amb_index/trace.txt
got=$(time_of amb_index)
[ "$got" = "$plain" ] && echo "ok   trace.txt listing the rank files beside it" || fail "amb_index: '$got'"
cp plain/rank0.txt amb_index/extra.txt
expect dir_extra_rank_file 2 "amb_index: holds the trace amb_index/trace.txt and 1 rank file it does not list (amb_index/extra.txt): give --trace amb_index/trace.txt to replay the first, or move the others apart" -- "${R[@]}" --trace amb_index
mkdir amb_two && cp amb_index/trace.txt amb_two/ && gzip -c amb_index/trace.txt > amb_two/trace.txt.gz
expect dir_two_names 2 "amb_two: holds 2 traces named trace.txt (amb_two/trace.txt, amb_two/trace.txt.gz): give --trace the one to replay" -- "${R[@]}" --trace amb_two
mkdir -p amb_idx/p && cp plain/rank*.txt amb_idx/p/ && printf 'p/rank0.txt\np/rank1.txt\np/rank2.txt\np/rank3.txt\n' > amb_idx/a.idx
got=$(time_of amb_idx)
[ "$got" = "$plain" ] && echo "ok   a directory with one index and no rank file" || fail "amb_idx: '$got'"
cp amb_idx/a.idx amb_idx/b.idx
expect dir_two_indexes 2 "amb_idx: no rank file in this directory, but 2 index files (amb_idx/a.idx, amb_idx/b.idx): give --trace the one to replay" -- "${R[@]}" --trace amb_idx

# 4. The point-to-point form is decided per trace.
printf '0 init\n0 send 1 0 100\n0 send 1 0\n' > mix0.txt
printf '1 init\n1 recv 0 0 100\n1 recv 0 0 100\n' > mix1.txt
printf 'mix0.txt\nmix1.txt\n' > mix.idx
expect mixed_in_a_file 2 "mix0.txt:3: a tag-less point-to-point line (\`partner count\`, SimGrid's pre-3.20 form) in a trace whose point-to-point lines have a tag (the first at mix0.txt:2): a trace uses one form; give this line its tag (\`partner tag count\`)
    0 send 1 0" -- "${R[@]}" --trace mix.idx
printf '0 compute 1\n0 send 1 0 100\n1 recv 0 0 100\n0 send 1 100\n' > mixed_shared.txt
expect mixed_in_a_shared_file 2 "mixed_shared.txt:4: a tag-less point-to-point line (\`partner count\`, SimGrid's pre-3.20 form) in a trace whose point-to-point lines have a tag (the first at mixed_shared.txt:2): a trace uses one form; give this line its tag (\`partner tag count\`)
    0 send 1 100" -- "${R[@]}" --trace mixed_shared.txt
printf '0 init\n0 send 1 100\n0 send 1 50\n' > old0.txt
printf '1 init\n1 recv 0 100\n1 recv 0 50\n' > old1.txt
printf 'old0.txt\nold1.txt\n' > old.idx
got=$(time_of old.idx)
[ -n "$got" ] && [ "${got#*:}" = "$got" ] && echo "ok   a pre-3.20 trace: $got" || fail "pre-3.20 trace: $got"
printf '1 init\n1 recv 0 100\n1 recv 0 0 50\n' > across1.txt
printf 'old0.txt\nacross1.txt\n' > across.idx
for fidelity in full fast; do
  expect "mixed_across_files_$fidelity" 2 "across1.txt:3: a point-to-point line with a tag in a trace of SimGrid's pre-3.20 tag-less form (\`partner count\`, the first at old0.txt:2): a trace uses one form
    1 recv 0 0 50" -- "${R[@]}" --trace across.idx --fidelity $fidelity
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
