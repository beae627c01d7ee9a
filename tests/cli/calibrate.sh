#!/usr/bin/env bash
# `tireplay calibrate`: synthetic tables generated from known values (tools/calibrate/synthetic.py) give the values
# back within 1%, and the platform and replay options it writes make `tireplay replay` reproduce the ping-pong table
# it was fitted on:
#  - pingpong: the latency of the "/ 6" rule, the bandwidth, the hierarchy-aware latency of a second level and the
#    two-level platform that replays both levels' tables;
#  - factors: SimGrid's own default factors (9 segments) recovered from the table they give, thresholds included;
#  - the replay of each ping-pong on the calibrated platform, or with the --cfg options, against the table;
#  - contention: the Gigabit Ethernet signature of the all-to-all paper (4.3628, 4.93 ms from 8 kB), from times that
#    `tireplay predict` gives with it (the model that consumes it), and from constant alpha, beta;
#  - flops: five synthetic OTF2 runs with a PAPI_FP_OPS counter (otf2ti --bursts), or bursts tables without
#    python3-otf2;
#  - bad tables and options: exit 2 and the exact message.
# Usage: calibrate.sh BUILD_DIR SOURCE_DIR SCRATCH_DIR
set -uo pipefail
build=$1 src=$2 scratch=$3
tireplay=$build/tireplay
synthetic="python3 $src/tools/calibrate/synthetic.py"
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
check() {  # NAME, then a command that must succeed
  local name=$1
  shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
# within VALUE EXPECTED [TOLERANCE]: |VALUE / EXPECTED - 1| <= TOLERANCE (default 1%)
within() {
  python3 -c "import sys; v, e, t = float('$1'), float('$2'), float('${3:-0.01}'); sys.exit(abs(v / e - 1) > t)"
}
field() { sed -n "s/.*$1 *\([0-9.e+-]*\).*/\1/p" "$2" | head -1; }  # the number after a label
# replays PLATFORM TABLE MAX_ERROR [--hosts A,B] [-- replay options]: each ping-pong of TABLE replayed within
# MAX_ERROR (the comparison goes to TABLE.check)
replays() {
  python3 "$src/tools/calibrate/check_pingpong.py" "$tireplay" "$1" "$2" --max-error "$3" "${@:4}" > "$2.check"
}

# ---- pingpong: links of 16.67 us and 125 MB/s, no factors (Hockney's line) ----
$synthetic pingpong --latency 16.67us --bandwidth 125MBps > flat.txt
"$tireplay" calibrate pingpong flat.txt --platform-out flat.xml --options-out flat.opt > flat.out 2>&1
check "pingpong: latency of each link and switch 16.67 us (1-byte round trip / 6)" \
  within "$(field 'latency of each link and switch:' flat.out)" 16.67
check "pingpong: bandwidth 125 MB/s, fitted" within "$(field 'bandwidth:' flat.out)" 125
check "pingpong: the platform replays the table (0.01%)" replays flat.xml flat.txt 1e-4

# ---- one-sided calls' CPU time: pingpong.c's comment lines become replay options; a malformed one names its line ----
{ cat flat.txt; printf '%s\n' "# win-create 8192 9.7e-05" "# win-free 8192 1.7e-05" "# win-create 1048576 8.8e-04" \
  "# win-free 1048576 2.9e-04" "# rma-call 3.8e-08"; } > rma.txt
"$tireplay" calibrate pingpong rma.txt --platform-out rma.xml --options-out rma.opt > rma.out 2>&1
check "pingpong: one-sided costs as options" test "$(grep -e tireplay/win -e tireplay/rma rma.opt | paste -sd' ')" = \
  "--cfg=tireplay/win-create-cpu:8192:9.7e-05;1048576:0.00088 --cfg=tireplay/win-free-cpu:8192:1.7e-05;1048576:0.00029 --cfg=tireplay/rma-call-cpu:3.8e-08"
# ... in any order of sizes (the option wants them increasing: replay refused what calibrate wrote); a size twice
# is two runs' tables in one file (a hostile trial's)
{ cat flat.txt; printf '%s\n' "# win-create 1048576 8.8e-04" "# win-create 8192 9.7e-05"; } > rma_unsorted.txt
"$tireplay" calibrate pingpong rma_unsorted.txt --platform-out rma_unsorted.xml --options-out rma_unsorted.opt \
  > /dev/null 2>&1
check "pingpong: one-sided costs sorted by size" \
  grep -qx -- "--cfg=tireplay/win-create-cpu:8192:9.7e-05;1048576:0.00088" rma_unsorted.opt
{ cat rma_unsorted.txt; echo "# win-create 8192 9.9e-05"; } > rma_twice.txt
got=$("$tireplay" calibrate pingpong rma_twice.txt 2>&1); rc=$?
check "pingpong: a one-sided cost's size twice is refused (exit 2)" test "$rc:$got" = \
  "2:rma_twice.txt:$(wc -l < rma_twice.txt): '# win-create' repeats the size 8192: the tables of two runs in one file?"
{ cat rma.txt; echo "# rma-target-progress yes"; } > rma_progress.txt
"$tireplay" calibrate pingpong rma_progress.txt --platform-out rma_progress.xml --options-out rma_progress.opt \
  > rma_progress.out 2>&1
check "pingpong: a flush that waited for its computing target: tireplay/rma-target-progress" \
  grep -qx -- "--cfg=tireplay/rma-target-progress:yes" rma_progress.opt
{ cat flat.txt; echo "# rma-target-progress maybe"; } > rma_progress_bad.txt
"$tireplay" calibrate pingpong rma_progress_bad.txt --platform-out rma_progress_bad.xml > rma_progress_bad.out 2>&1
check "pingpong: a malformed target-progress line is refused" grep -q \
  "rma_progress_bad.txt:$(($(wc -l < flat.txt) + 1)): '# rma-target-progress maybe' is not '# rma-target-progress yes|no'" \
  rma_progress_bad.out
{ cat flat.txt; echo "# rma-call soon"; } > rma_bad.txt
"$tireplay" calibrate pingpong rma_bad.txt --platform-out rma_bad.xml > rma_bad.out 2>&1
check "pingpong: a malformed one-sided line is refused" \
  grep -q "rma_bad.txt:$(($(wc -l < flat.txt) + 1)): '# rma-call soon' is not '# rma-call SECONDS' (tools/accuracy/pingpong.c)" rma_bad.out

# ---- pingpong.c's other comment lines: '# async-progress no' and '# test' become options, '# exchange' lines a note
# (a table of their own: --exchange), an unknown '# KEY VALUE' line a warning with its file and line (ignored: the
# table of another pingpong.c version still calibrates), a sentence nothing ----
{ cat flat.txt; printf '%s\n' "# exchange 1 3e-05" "# a receiver computing after MPI_Irecv waits 8.1e-05 s" \
  "# async-progress no" "# polling-share 0.011" "# test 4.1e-08"; } > comments.txt
"$tireplay" calibrate pingpong comments.txt --platform-out comments.xml --options-out comments.opt \
  > comments.out 2> comments.err
rc=$? line=$(($(wc -l < flat.txt) + 4))
check "pingpong: '# async-progress no' and '# test' as options" test "$(tail -2 comments.opt | paste -sd' ')" = \
  "--cfg=tireplay/async-progress:no --cfg=smpi/test:4.1e-08"
check "pingpong: an unknown '# KEY VALUE' line is a warning naming its line, '# exchange' lines a note (exit 0)" \
  test "$rc:$(cat comments.err)" = "0:tireplay calibrate pingpong: warning: comments.txt:$line: unknown \
'# polling-share' line (not one that tools/accuracy/pingpong.c writes): ignored
tireplay calibrate pingpong: note: comments.txt holds pingpong.c's '# exchange' lines, tables that calibrate reads \
only as files of their own: --exchange FILE (sed -n 's/^# exchange //p' comments.txt > FILE)"
sed -n 's/^# exchange //p' comments.txt > comments_exchange.txt
"$tireplay" calibrate pingpong comments.txt --exchange comments_exchange.txt --platform-out comments.xml > /dev/null \
  2> comments_given.err
check "pingpong: with --exchange given, no note on the '# exchange' lines" \
  test "$?:$(cat comments_given.err)" = "0:$(head -1 comments.err)"

# ---- a second level of switches: 8 us per link and switch; SMPI factors on both levels ----
for level in 1 2; do
  $synthetic pingpong --latency 16.67us --levels 8us --level $level --bandwidth 125MBps \
    --lat-factor '0:1;65536:4' --bw-factor '0:0.6;65536:0.9' > level$level.txt
done
"$tireplay" calibrate pingpong level1.txt level2.txt --bandwidth 125MBps --hosts 4 --switches 3 \
  --platform-out levels.xml > levels.out 2>&1
check "pingpong: level 2's links and switches 8 us (hierarchy-aware rule)" \
  within "$(sed -n 's/.*latency of each of its links and switches \([0-9.]*\) us/\1/p' levels.out)" 8
check "pingpong: the two-level platform replays the level-1 table (0.01%)" \
  replays levels.xml level1.txt 1e-4 --hosts node-0,node-3
check "pingpong: and the level-2 table between two switches (0.5%)" \
  replays levels.xml level2.txt 5e-3 --hosts node-0,node-9

# ---- factors: SimGrid's defaults, recovered from the table they give on a known route ----
lat='0:2.01467;257:1.95341;732:1.9503;1426:1.61075;3484:1.88101;5776:2.18796;9376:2.59299;15424:3.48845;65472:11.6436'
bw='0:0.812084;257:0.338112;732:0.341987;1426:0.608902;3484:0.77493;5776:1.08739;9376:0.58729;15424:0.697866;65472:0.940694'
$synthetic pingpong --latency 16.67us --bandwidth 125MBps --lat-factor "$lat" --bw-factor "$bw" > smpi.txt
cat > truth.xml <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="truth" prefix="node-" suffix="" radical="0-3" speed="1Gf" bw="125MBps" lat="16.67us"
           bb_bw="125MBps" bb_lat="16.67us" bb_sharing_policy="FATPIPE"/>
</platform>
XML
for how in "--segments 9" "--max-error 1e-4"; do
  "$tireplay" calibrate factors --pingpong smpi.txt --platform truth.xml $how --options-out truth.opt > truth.out 2>&1
  check "factors ($how): SimGrid's 9 default latency factors and thresholds" \
    test "$(sed -n 1p truth.opt)" = "--cfg=smpi/lat-factor:$lat"
  check "factors ($how): SimGrid's 9 default bandwidth factors" \
    test "$(sed -n 2p truth.opt)" = "--cfg=smpi/bw-factor:$bw"
done

# ---- factors from 3,000 distinct sizes (log-uniform, seeded): bounded time (the cuts between all sizes took 20 s),
# still within 2% at every size ----
python3 -c '
import random
random.seed(1)
sizes = set()
while len(sizes) < 3000:
    sizes.add(int(2 ** random.uniform(0, 22)))
print(",".join(map(str, sorted(sizes))))' > many_sizes.txt
$synthetic pingpong --latency 16.67us --bandwidth 125MBps --lat-factor "$lat" --bw-factor "$bw" \
  --sizes "$(cat many_sizes.txt)" > many.txt
timeout 60 "$tireplay" calibrate factors --pingpong many.txt --platform truth.xml > many.out 2> many.err
check "factors: 3,000 distinct sizes fitted (within 60 s), every point within 2%" \
  test "$?:$(cat many.err)" = "0:" -a -n "$(grep '3000 rows' many.out)"

# ---- pingpong with factors: its platform, or its --cfg options on a platform without them, replay the table ----
"$tireplay" calibrate pingpong smpi.txt --bandwidth 125MBps --max-error 1e-3 --platform-out smpi.xml \
  --options-out smpi.opt > smpi.out 2>&1
check "pingpong: 9 segments within 0.1%" grep -q '9 segments:' smpi.out
check "pingpong: its platform replays the table (0.1%)" replays smpi.xml smpi.txt 1e-3
grep -v '<prop\|config>' smpi.xml > bare.xml
check "pingpong: the platform without <config> and the --cfg options replay the table (0.1%)" \
  replays bare.xml smpi.txt 1e-3 -- $(cat smpi.opt)
check "pingpong: without them, the table is not replayed" \
  test "$(replays bare.xml smpi.txt 1e-3 -- --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1; echo $?)" = 1

# ---- a loopback: two ranks of one host (shared memory) with factors of their own, beside the network's ----
$synthetic pingpong --latency 0.1us --bandwidth 5GBps --lat-factor '0:1;4096:3' --bw-factor '0:0.5;4096:0.8' \
  > shm.txt
"$tireplay" calibrate pingpong smpi.txt --loopback shm.txt --bandwidth 125MBps --max-error 1e-3 \
  --platform-out loop.xml --options-out loop.opt > loop.out 2>&1
check "loopback: the cluster has a loopback and its factors" \
  test "$(grep -c 'loopback_bw=\|tireplay/loopback-lat-factor\|tireplay/loopback-bw-factor' loop.xml)" = 3
for fidelity in full fast; do
  check "loopback ($fidelity): two ranks of node-0 replay the shared-memory table (0.1%)" \
    replays loop.xml shm.txt 1e-3 --hosts node-0,node-0 -- --fidelity $fidelity
  check "loopback ($fidelity): node-0 and node-1 still replay the network's table (0.1%)" \
    replays loop.xml smpi.txt 1e-3 -- --fidelity $fidelity
done
check "loopback: without its factors, the shared-memory table is not replayed" \
  test "$(grep -v 'tireplay/loopback' loop.xml | sed 's|">$|"/>|; /<\/cluster>/d; 1,2s|"/>$|">|; s|<platform version="4.1"/>|<platform version="4.1">|' \
          > loop_bare.xml; replays loop_bare.xml shm.txt 1e-3 --hosts node-0,node-0; echo $?)" = 1
printf '0 init\n1 init\n0 send 1 0 1000\n1 recv 0 0 1000\n0 finalize\n1 finalize\n' > pair.txt
got=$("$tireplay" replay --platform loop.xml --trace pair.txt -q --cfg network/latency-factor:2 2>&1); rc=$?
check "loopback: --cfg network/latency-factor is refused beside loopback factors (exit 2)" \
  test "$rc:$got" = "2:loop.xml: loopback factors (tireplay/loopback-lat-factor, tireplay/loopback-bw-factor) exclude --cfg network/latency-factor (SimGrid takes factors from a callback or from that option, not both)"
sed 's|tireplay/loopback-bw-factor" value="|&x|' loop.xml > loop_bad.xml
got=$("$tireplay" replay --platform loop_bad.xml --trace pair.txt -q 2>&1); rc=$?
check "loopback: a malformed loopback factor names the zone and property (exit 2)" \
  test "$rc:${got%%:*}" = "2:loop_bad.xml" -a -n "$(echo "$got" | grep "zone 'calibrated': tireplay/loopback-bw-factor")"

# ---- a table of one host as the network's: refused (exit 2), from its '# hosts' line, else from its numbers; taken
# with --one-host, without the columns warning ----
hint="  measure across two nodes (mpirun -np 2 --host NODE_A,NODE_B pingpong) and give this table as --loopback beside \
that one, for messages within a host; or give --one-host to make the host's memory the cluster's links"
got=$("$tireplay" calibrate pingpong shm.txt --platform-out shm_refused.xml 2>&1); rc=$?
check "one host: a 1-byte round trip under 1 us is refused, nothing written (exit 2)" \
  test "$rc:$got:$(ls shm_refused.xml 2> /dev/null)" = "2:shm.txt: a ping-pong between two ranks of one host (its \
1-byte round trip, 0.614 us, is under 1 us, faster than any network's MPI): it measures that host's memory, not a \
network
$hint:"
{ echo "# hosts node7 node7"; cat flat.txt; } > flat_one_host.txt
got=$("$tireplay" calibrate pingpong flat_one_host.txt 2>&1); rc=$?
check "one host: pingpong.c's '# hosts' line naming one host twice is refused (exit 2)" \
  test "$rc:$got" = "2:flat_one_host.txt: a ping-pong between two ranks of one host (its '# hosts node7 node7' line): \
it measures that host's memory, not a network
$hint"
$synthetic pingpong --latency 1us --bandwidth 5GBps > fast.txt
got=$("$tireplay" calibrate pingpong fast.txt --bandwidth 125MBps 2>&1); rc=$?
check "one host: messages 40 times faster than --bandwidth are refused (exit 2)" \
  test "$rc:$got" = "2:fast.txt: a ping-pong between two ranks of one host (its 8388608-byte messages move at 4991.07 \
MB/s, 40 times the links' --bandwidth): it measures that host's memory, not a network
$hint"
{ echo "# hosts node7 node7"; cat flat.txt; echo "# hosts node7 node8"; } > hosts_twice.txt
got=$("$tireplay" calibrate pingpong hosts_twice.txt 2>&1); rc=$?
check "one host: two '# hosts' lines that disagree are refused (exit 2; the last one won)" test "$rc:$got" = \
  "2:hosts_twice.txt:$(wc -l < hosts_twice.txt): a second '# hosts' line names other hosts (node7 node8, not node7 \
node7): the tables of two runs in one file?"
{ echo "# hosts node7 node8"; cat shm.txt; } > shm_two_hosts.txt
"$tireplay" calibrate pingpong shm_two_hosts.txt --platform-out shm_two_hosts.xml > /dev/null 2>&1
check "one host: a '# hosts' line of two hosts is a network's, whatever its numbers (exit 0)" test $? = 0
"$tireplay" calibrate pingpong shm.txt --one-host --max-error 1e-3 --platform-out shm_one_host.xml > /dev/null \
  2> shm_one_host.err
check "one host: --one-host takes it as the links, which replay it (0.1%)" \
  test "$?:$(cat shm_one_host.err)" = "0:" -a -n "$(replays shm_one_host.xml shm.txt 1e-3 && echo yes)"
printf '1 5e-7\n1000 2e-7\n100000 2e-5\n' > one_host_falls.txt
got=$("$tireplay" calibrate pingpong one_host_falls.txt --one-host --no-factors 2>&1 > /dev/null); rc=$?
check "one host: with --one-host, times that fall as sizes grow are no 'columns mixed up?' (exit 0)" \
  test "$rc:$got" = "0:"

# ---- exchanges: tireplay/both-ways-factor, (exchange / one way) - 1 per size, nothing below the eager limit ----
# One way is half the round trip: exchanges of 32768 at one way (0), 65536 at 1.5 x (0.5), 131072 and up at 2 x (1);
# 1024 at 2 x, but below --eager-limit 65536 (0).
awk '$1 == 1024 || $1 == 32768 || $1 >= 65536 && $1 <= 1048576 { f = $1 >= 131072 || $1 == 1024 ? 1 : $1 == 65536 ? 0.75 : 0.5;
                                                  printf "%d %.9e\n", $1, f * $2 }' smpi.txt > exchange.txt
"$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --eager-limit 65536 --bandwidth 125MBps \
  --max-error 1e-3 --options-out exchange.opt > exchange.out 2>&1
check "exchanges: the fraction moved back per size, none below the eager limit" \
  test "$(sed -n 3p exchange.opt)" = "--cfg=tireplay/both-ways-factor:0:0;65551:0.5;65552:1;131088:1;262160:1;524304:1"
"$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --bandwidth 125MBps --max-error 1e-3 \
  --options-out exchange_all.opt > /dev/null 2>&1
# The first size (1024) covers the payloads above the ping-pong's size below it (717), not those down to 1 byte.
check "exchanges: without --eager-limit, every size measured, nothing below" \
  test "$(sed -n 3p exchange_all.opt)" = "--cfg=tireplay/both-ways-factor:0:0;733:1;1040:0;32784:0.5;65552:1;131088:1;262160:1;524304:1"
# Single exchanges after a pause at one way from 65536 up (0 moved back), back to back as above: the after-pause
# fraction, and the window (default 100 us, or --both-ways-window).
awk '$1 >= 65536 && $1 <= 1048576 { printf "%d %.9e\n", $1, 0.5 * $2 }' smpi.txt > paused.txt
"$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --exchange-after-pause paused.txt --eager-limit 65536 \
  --bandwidth 125MBps --max-error 1e-3 --options-out paused.opt > paused.out 2>&1
check "exchanges after a pause: nothing moved back after a pause, back to back within 100 us" \
  test "$(sed -n 4,5p paused.opt | paste -sd' ')" = "--cfg=tireplay/both-ways-factor-after-pause:0:0;65551:0;65552:0;131088:0;262160:0;524304:0 --cfg=tireplay/both-ways-window:0.0001"
# pingpong.c's single exchanges start at 32 KiB: the after-pause fraction measured there applied to 1-byte messages
# (0:0.705 in a trial's table). A fraction more than 0.5 below (or above) both its neighbours' is a warning: such a
# table measured noise.
awk '$1 >= 32768 && $1 <= 1048576 { printf "%d %.9e\n", $1, ($1 == 131072 ? 0.6 : 1) * $2 }' smpi.txt > paused32k.txt
got=$("$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --exchange-after-pause paused32k.txt \
        --bandwidth 125MBps --max-error 1e-3 --options-out paused32k.opt 2>&1 > /dev/null); rc=$?
check "exchanges after a pause: from 32 KiB, nothing moved back below the size under it, noise a warning (exit 0)" \
  test "$rc:$(sed -n 4p paused32k.opt):$got" = "0:--cfg=tireplay/both-ways-factor-after-pause:0:0;16400:1;32784:1;65471:1;65472:1;65473:1;65552:0.2;131088:1;262160:1;524304:1:tireplay calibrate pingpong: warning: paused32k.txt: the fraction moved back is 1 at 65536 bytes, 0.2 at 131072 and 1 at 262144: the exchanges are noisy (measure more of them per size)"
"$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --exchange-after-pause paused.txt --eager-limit 65536 \
  --both-ways-window 1ms --bandwidth 125MBps --max-error 1e-3 --options-out paused_1ms.opt > /dev/null 2>&1
check "exchanges after a pause: --both-ways-window 1ms" test "$(sed -n 5p paused_1ms.opt)" = "--cfg=tireplay/both-ways-window:0.001"
# The window per size from a table of gaps (pingpong.c's '# exchange-window' lines): a size's gap covers the payloads
# above the size below it, the first one those below.
printf '65536 0.005\n131072 17ms\n1048576 0\n' > windows.txt
"$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --exchange-after-pause paused.txt --eager-limit 65536 \
  --exchange-windows windows.txt --bandwidth 125MBps --max-error 1e-3 --options-out windows.opt > /dev/null 2>&1
check "exchanges after a pause: --exchange-windows gives the window per size" \
  test "$(sed -n 5p windows.opt)" = "--cfg=tireplay/both-ways-window:0:0.005;65552:0.017;131088:0"
printf '65536 0.005\n32768 1ms\n' > windows_bad.txt
got=$("$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --exchange-after-pause paused.txt \
        --exchange-windows windows_bad.txt 2>&1); rc=$?
check "exchanges after a pause: a window table whose sizes do not increase names its line (exit 2)" \
  test "$rc:${got%%$'\n'*}" = "2:windows_bad.txt:2: sizes must increase from one line to the next"
got=$("$tireplay" calibrate pingpong smpi.txt --exchange exchange.txt --exchange-after-pause paused.txt \
        --exchange-windows windows.txt --both-ways-window 1ms 2>&1); rc=$?
check "exchanges after a pause: --exchange-windows and --both-ways-window together, refused (exit 2)" \
  test "$rc:${got%%$'\n'*}" = "2:tireplay calibrate pingpong: --exchange-windows and --both-ways-window both give the window: give one"
got=$("$tireplay" calibrate pingpong smpi.txt --exchange-after-pause paused.txt 2>&1); rc=$?
check "exchanges after a pause: without --exchange, refused (exit 2)" \
  test "$rc:${got%%$'\n'*}" = "2:tireplay calibrate pingpong: --exchange-after-pause needs --exchange (the back-to-back exchanges)"
# ---- contention: the Gigabit Ethernet signature, against the model that consumes it ----
"$tireplay" calibrate pingpong flat.txt --hosts 64 --platform-out cluster64.xml > /dev/null 2>&1
{
  echo "# processes size seconds: tireplay predict --op alltoall (linear) --contention-signature gigabit-ethernet"
  for n in 24 40; do
    for m in 1024 2048 4096 8192 16384 65536 262144 1048576; do
      echo "$n $m $("$tireplay" predict --op alltoall --bytes $m --np $n --platform cluster64.xml \
                      --contention-signature gigabit-ethernet | awk '$1 == "linear" {print $2}')"
    done
  done
} > alltoall.txt
"$tireplay" calibrate contention --alltoall alltoall.txt --platform cluster64.xml --options-out a2a.opt > a2a.out 2>&1
check "contention: gamma 4.3628, delta 4.93 ms from M = 8192 back from the replay's model" \
  test "$(cat a2a.opt)" = "--contention-signature=4.3628,0.00493,8192"
n=40 m=65536
expected=$(awk -v n=$n -v m=$m '$1 == n && $2 == m {print $3}' alltoall.txt)
got=$("$tireplay" predict --op alltoall --bytes $m --np $n --platform cluster64.xml $(cat a2a.opt) |
      awk '$1 == "linear" {print $2}')
check "contention: the fitted signature predicts the table again" within "$got" "$expected" 1e-6
$synthetic alltoall --gamma 4.3628 --delta 4.93ms --threshold 8192 --alpha 50us --bandwidth 125MBps \
  --processes 8,40 > constants.txt
"$tireplay" calibrate contention --alltoall constants.txt --alpha 50us --bandwidth 125MBps > constants.out 2>&1
check "contention: the same from constant alpha and beta" grep -q -- '--contention-signature 4.3628,0.00493,8192' \
  constants.out

# ---- flops: five runs at 1, 2, 1.5, 3 Gflop/s per rank, 2% faster or slower each (mean 1.875 Gflop/s) ----
runs=()
factors=(0.98 1.02 1.0 0.99 1.01)
if /usr/bin/python3 -c 'import otf2' 2> /dev/null; then
  source="OTF2 archives through otf2ti --bursts"
  for i in 0 1 2 3 4; do
    /usr/bin/python3 "$src/tools/calibrate/synthetic_archive.py" run$i 1e9,2e9,1.5e9,3e9 20 ${factors[$i]} $i
    "$build/otf2ti" run$i/traces.otf2 --bursts run$i.bursts 2> /dev/null
    runs+=(run$i.bursts)
  done
else
  source="bursts tables (python3-otf2 missing: no OTF2 archive)"
  for i in 0 1 2 3 4; do
    $synthetic bursts --rates 1e9,2e9,1.5e9,3e9 --run-factor ${factors[$i]} --seed $i > run$i.bursts
    runs+=(run$i.bursts)
  done
fi
"$tireplay" calibrate flops "${runs[@]}" > flops.out 2>&1
check "flops: 1.875 Gflop/s from $source" within "$(field 'mean over the runs:' flops.out)" 1.875e9 1e-4
shared=$src/../shared/data/otf2
if [ -d "$shared/synthetic_mpi_4" ]; then  # the shared archives: 1 ms bursts of 1e6 flops; no flop counter
  "$build/otf2ti" "$shared/synthetic_mpi_4/traces.otf2" --bursts shared.bursts 2> /dev/null
  "$tireplay" calibrate flops shared.bursts > shared.out 2>&1
  check "flops: ../shared's synthetic_mpi_4 archive, 1 Gflop/s" \
    within "$(field 'mean over the runs:' shared.out)" 1e9 1e-9
  "$build/otf2ti" "$shared/pipit/ping-pong-otf2/traces.otf2" --bursts none.bursts 2> none.err
  check "otf2ti --bursts refuses an archive without a flop counter (exit 2)" \
    test "$?:$(cat none.err)" = "2:otf2ti: $shared/pipit/ping-pong-otf2/traces.otf2: no flop counter (PAPI_FP_OPS, \
PAPI_DP_OPS, PAPI_SP_OPS, or --flop-metric): the bursts' flops are unknown (--bursts)"
fi

# ---- bad tables and options: exit 2, the message to the letter ----
expect() {  # NAME, EXPECTED MESSAGE, then the tireplay arguments
  local name=$1 expected=$2 got rc
  shift 2
  got=$("$tireplay" "$@" 2>&1 > /dev/null)
  rc=$?
  check "$name" test "$rc:$got" = "2:$expected"
  [ "$rc:$got" = "2:$expected" ] || printf '  got:      %s\n  expected: %s\n' "$rc:$got" "2:$expected"
}
printf '1 100us\n1024 fast\n' > bad_time.txt
expect "bad time: file, line, field" "bad_time.txt:2: field 2 (time) 'fast' is not a time (seconds, or a number with ns, us, ms or s)
    1024 fast" calibrate pingpong bad_time.txt
printf '2 1e-4\n4 2e-4\n' > no_byte.txt
expect "no 1-byte row" "no_byte.txt: no 1-byte row (the latency rule takes the 1-byte ping-pong time)" \
  calibrate pingpong no_byte.txt
printf '40 1024 1e-2\n40 2048 2e-2\n40 4096 3e-2\n' > three.txt
expect "three all-to-all measurements" \
  "three.txt: the table holds 3 measurement(s): the fit compares at least four (section V)" \
  calibrate contention --alltoall three.txt --alpha 50us --bandwidth 125MBps
printf '4 1000 1ms\n4 1000 1ms\n8 1000 2ms\n4 1000 1ms\n' > one_size.txt
expect "all-to-all measurements of one size" \
  "one_size.txt: every measurement has m = 1000 bytes: the signature's slope in m needs measurements at two sizes at least" \
  calibrate contention --alltoall one_size.txt --alpha 50us --bandwidth 125MBps
printf '0 1e6 1ms\n0 1e6\n' > short.bursts
expect "bursts line without its duration" "short.bursts:2: expected 'RANK FLOPS SECONDS' (3 fields), got 2 fields
    0 1e6" calibrate flops short.bursts
printf '0 0 1ms\n' > idle.bursts
expect "bursts without flops" "idle.bursts: no burst with both flops and a duration: nothing to take a rate from" \
  calibrate flops idle.bursts
expect "unknown calibration" "tireplay calibrate: unknown calibration 'latency'
usage: tireplay calibrate <what> [options]   (tireplay calibrate <what> --help)

Fits the platform's parameters to measurements (docs/calibration.md):
  flops        the hosts' flop rate from the bursts of instrumented runs (otf2ti --bursts)
  pingpong     a cluster platform from a ping-pong table: latency (/ 6 rule), bandwidth, SMPI factors
  factors      SMPI's piecewise latency and bandwidth factors of a platform's route from a ping-pong table
  contention   the all-to-all contention signature (gamma, delta, M) from all-to-all timings" calibrate latency
expect "both segment options" "tireplay calibrate factors: --segments and --boundaries exclude each other
(see tireplay calibrate factors --help)" calibrate factors --pingpong smpi.txt --platform truth.xml --segments 2 \
  --boundaries 1000
expect "no segment" "tireplay calibrate factors: --segments must be between 1 and 64
(see tireplay calibrate factors --help)" calibrate factors --pingpong smpi.txt --platform truth.xml --segments 0
expect "boundaries out of order" "tireplay calibrate factors: --boundaries: '1024' after 65536: the segments' last sizes must increase
(see tireplay calibrate factors --help)" calibrate factors --pingpong smpi.txt --platform truth.xml --boundaries 65536,1024
expect "a segment of one size" "smpi.txt: segment 1 (sizes up to 0 bytes) holds 1 distinct size: a line needs two" \
  calibrate factors --pingpong smpi.txt --platform truth.xml --boundaries 0
expect "unknown route host" "truth.xml: no host 'node-9' (--route)" \
  calibrate factors --pingpong smpi.txt --platform truth.xml --route node-0,node-9
printf '1000 1ms\n' > odd_exchange.txt
expect "an exchange size the ping-pong lacks" "odd_exchange.txt: size 1000 is not in the ping-pong table smpi.txt (an exchange is compared with one way at the same size)" \
  calibrate pingpong smpi.txt --exchange odd_exchange.txt --bandwidth 125MBps
expect "--eager-limit alone" "tireplay calibrate pingpong: --eager-limit needs --exchange (it says which exchanges count)
(see tireplay calibrate pingpong --help)" calibrate pingpong smpi.txt --eager-limit 65536 --bandwidth 125MBps
expect "a negative eager limit" "tireplay calibrate pingpong: --eager-limit: -1 is out of range (0 to 1099511627776 bytes)
(see tireplay calibrate pingpong --help)" calibrate pingpong smpi.txt --exchange exchange.txt --eager-limit -1 --bandwidth 125MBps
expect "bad bandwidth" "tireplay calibrate pingpong: --bandwidth: '1 Gbit' is not a rate (bytes/s, or with Bps, kBps, MBps, GBps, bps, kbps, Mbps, Gbps)
(see tireplay calibrate pingpong --help)" calibrate pingpong flat.txt --bandwidth "1 Gbit"
{ cat flat.txt; echo "# async-progress maybe"; } > async_bad.txt
expect "a malformed '# async-progress' line: file and line" "async_bad.txt:$(($(wc -l < flat.txt) + 1)): \
'# async-progress maybe' is not '# async-progress yes|no' (tools/accuracy/pingpong.c)" calibrate pingpong async_bad.txt
time="a non-negative time (a number, optionally with a unit: ps ns us ms s m h d w)"
{ cat flat.txt; echo "# test -1e-08"; } > test_bad.txt
expect "a malformed '# test' line: file and line" "test_bad.txt:$(($(wc -l < flat.txt) + 1)): '# test -1e-08' is not \
'# test SECONDS' (tools/accuracy/pingpong.c): SECONDS '-1e-08': --cfg smpi/test: '-1e-08' is not $time" \
  calibrate pingpong test_bad.txt
# One-sided lines are checked as the replay checks the options they become (calibrate wrote options that the replay
# refused, exit 0; a hostile trial's): LINES ('|' between them) after flat.txt, the first one refused.
refused() {  # NAME, LINES, EXPECTED MESSAGE after 'FILE:LINE: '
  { cat flat.txt; tr '|' '\n' <<< "$2"; } > "$1.txt"
  expect "pingpong: a one-sided line refused, its file, line and field: $1" \
    "$1.txt:$(($(wc -l < flat.txt) + 1)): $3" calibrate pingpong "$1.txt"
}
step="is not a step 'threshold:time' (whole bytes, then seconds or a time with its unit)"
refused create_fraction "# win-create 8192.2 1e-5|# win-create 8192.4 2e-5" "'# win-create 8192.2 1e-5' is not \
'# win-create SIZE SECONDS' (tools/accuracy/pingpong.c): SIZE '8192.2': --cfg tireplay/win-create-cpu: \
'8192.2:1e-5' $step"
refused free_fraction "# win-free 0.4 1e-5|# win-free 0.2 2e-5" "'# win-free 0.4 1e-5' is not \
'# win-free SIZE SECONDS' (tools/accuracy/pingpong.c): SIZE '0.4': --cfg tireplay/win-free-cpu: '0.4:1e-5' $step"
refused call_slow "# rma-call 0.5" "'# rma-call 0.5' is not '# rma-call SECONDS' (tools/accuracy/pingpong.c): \
SECONDS '0.5': tireplay/rma-call-cpu must not exceed 1 ms (a one-sided call costs microseconds)"
refused create_subnormal "# win-create 8192 1e-320" "'# win-create 8192 1e-320' is not '# win-create SIZE SECONDS' \
(tools/accuracy/pingpong.c): SECONDS '1e-320': --cfg tireplay/win-create-cpu: '1e-320' is not $time"
refused create_extra "# win-create 8192 1e-5 extra" "'# win-create 8192 1e-5 extra' is not \
'# win-create SIZE SECONDS' (tools/accuracy/pingpong.c): 'extra' is a field too many"
refused create_short "# win-create 8192" "'# win-create 8192' is not '# win-create SIZE SECONDS' \
(tools/accuracy/pingpong.c): no SECONDS"
refused progress_extra "# async-progress no 1" "'# async-progress no 1' is not '# async-progress yes|no' \
(tools/accuracy/pingpong.c): '1' is a field too many"
{ printf '\xEF\xBB\xBF'; grep -v '^#' flat.txt; } > bom.txt
expect "a table starting with a byte-order mark: said (it was: field 1 (size) is not a whole number of bytes)" \
  "bom.txt:1: the file starts with a UTF-8 byte-order mark: remove it (sed -i '1s/^\\xEF\\xBB\\xBF//' bom.txt)" \
  calibrate pingpong bom.txt
# A noisy table (each size 0.7 to 1.3 times its time, seeded) is fitted size by size: said.
python3 -c '
import random
random.seed(3)
for k in range(23):
    s = 2 ** k
    print(s, (2e-5 + 2 * s / 1e9) * random.uniform(0.7, 1.3))' > noisy.txt
"$tireplay" calibrate pingpong noisy.txt --platform-out noisy.xml > /dev/null 2> noisy.err
check "a noisy table is said to be fitted size by size" grep -q "segments for the 23 sizes of noisy.txt: a table this noisy" noisy.err
# Each row twice (46 rows of 23 sizes): the same fit, said with its distinct sizes (rows were counted: 16 segments
# are not two thirds of 46, and nothing was said).
awk '{ print; print }' noisy.txt > noisy_twice.txt
"$tireplay" calibrate pingpong noisy_twice.txt --platform-out noisy_twice.xml > /dev/null 2> noisy_twice.err
check "a noisy table measured twice: fitted size by size, its 23 distinct sizes counted, not its 46 rows (exit 0)" \
  test "$?:$(cat noisy_twice.err)" = "0:tireplay calibrate: warning: 16 segments for the 23 sizes of noisy_twice.txt: \
a table this noisy is fitted size by size, with factors that mean nothing between them; measure more repetitions \
(the median of each size), or allow a larger --max-error"
# 5% noise on one line (latency factor 1, bandwidth factor 0.88), 200 repeats of each size, seeded: no segmentation
# is within 2%, and the most accurate, 9 segments (by 0.05%), fits the noise (bandwidth factors 0.04 to 1e6); the
# fewest within a point of it is one segment, the true factors.
$synthetic pingpong --latency 16.67us --bandwidth 125MBps --bw-factor '0:0.88' \
  --sizes "$(python3 -c 'print(",".join(str(2 ** k) for k in range(23)))')" > line.txt
python3 -c '
import random
random.seed(6)
rows = [line.split() for line in open("line.txt") if not line.startswith("#")]
for _ in range(200):
    for m, t in rows:
        print(m, float(t) * random.gauss(1, 0.05))' > repeats.txt
"$tireplay" calibrate factors --pingpong repeats.txt --platform truth.xml --options-out repeats.opt > repeats.out 2>&1
check "factors: a noisy table of repeats, fitted with few segments of the true factors (3%)" python3 -c '
import sys
lat, bw = ([float(s.split(":")[1]) for s in line.split(":", 1)[1].split(";")] for line in open("repeats.opt"))
sys.exit(not (len(lat) <= 2 and all(abs(f - 1) < 0.03 for f in lat) and all(abs(f / 0.88 - 1) < 0.03 for f in bw)))'
[ "$failures" -eq 0 ]
