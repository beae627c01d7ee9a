#!/usr/bin/env bash
# Timed outputs of a replay: the CSV event log, the Paje trace (read back by pajeng's pj_dump), the Gantt chart and
# the breakdown picture (SVG read back: box sizes against the logged durations and the summary). Times against a
# hand-computed trace on one link, consistency against the JSON summary on a bundled recorded trace.
# Usage: timed_outputs.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -euo pipefail
tireplay=$1
src=$2
scratch=$3
mkdir -p "$scratch"
rm -f "$scratch"/*
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# 1. By hand on one_link.xml (1 Gf/s hosts, 100 MB/s, 1 ms, factors off): T(1e6) = 0.001 + 1000016/1e8.
# (One shared trace file: `line` counts its lines.) Rank 0 sends in rendezvous, blocked until rank 1 posts its receive at 0.5 s, then computes 1 s.
printf '%s\n' "0 send 1 0 1000000" "0 compute 1e9" "1 compute 5e8" "1 recv 0 0 1000000" > "$scratch/hand.txt"
"$tireplay" replay --platform "$src/tests/engine/one_link.xml" --trace "$scratch/hand.txt" -q \
  --cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1 --cfg network/crosstraffic:0 \
  --events-csv "$scratch/hand.csv" --paje "$scratch/hand.paje"
expected="rank,action,state,start,end,bytes,flops,line
0,send,send,0.000000000,0.511000160,1000000,0,1
0,compute,compute,0.511000160,1.511000160,0,1000000000,2
1,compute,compute,0.000000000,0.500000000,0,500000000,3
1,recv,receive,0.500000000,0.511000160,1000000,0,4"
[ "$(cat "$scratch/hand.csv")" = "$expected" ] || fail "hand-computed event log: got
$(cat "$scratch/hand.csv")"
pj_dump "$scratch/hand.paje" > "$scratch/hand.dump" || fail "pj_dump cannot read the Paje trace"
states=$(grep '^State' "$scratch/hand.dump" | sed 's/, */,/g' | cut -d, -f2,4,5,8 | sort)
expected_states="rank 0,0.000000,0.511000,send
rank 0,0.511000,1.511000,compute
rank 1,0.000000,0.500000,compute
rank 1,0.500000,0.511000,receive"
[ "$states" = "$expected_states" ] || fail "hand-computed Paje states: got
$states"

# 2. A bundled recorded trace (4 ranks, collectives): every output, checked against the JSON summary.
"$tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --hostfile "$src/platforms/hosts_figure5.txt" \
  --trace "$src/traces/recorded/coll_basic/index.txt" -q --json "$scratch/run.json" \
  --events-csv "$scratch/run.csv" --paje "$scratch/run.paje" --gantt "$scratch/gantt.svg" \
  --breakdown "$scratch/breakdown.svg"
"$tireplay" replay --platform "$src/platforms/cluster_figure5.xml" --hostfile "$src/platforms/hosts_figure5.txt" \
  --trace "$src/traces/recorded/coll_basic/index.txt" -q --gantt "$scratch/gantt.png" --breakdown "$scratch/breakdown.png"
pj_dump "$scratch/run.paje" > "$scratch/run.dump" || fail "pj_dump cannot read the Paje trace of coll_basic"
python3 - "$scratch" <<'PY' || fail "coll_basic outputs disagree with the summary (above)"
import csv, json, re, sys, collections
d = sys.argv[1]
summary = json.load(open(f"{d}/run.json"))
events = list(csv.DictReader(open(f"{d}/run.csv")))
bucket = lambda s: "compute_seconds" if s == "compute" else "wait_seconds" if s == "wait" else "comm_seconds"
ok = True
def check(cond, what):
    global ok
    if not cond:
        print(what); ok = False
# The event log adds up to the per-rank breakdown; events follow each other; the last ends at the rank's finish.
sums = collections.defaultdict(float)
for e in events:
    sums[(int(e["rank"]), bucket(e["state"]))] += float(e["end"]) - float(e["start"])
for r in summary["per_rank"]:
    for b in ("compute_seconds", "comm_seconds", "wait_seconds"):
        check(abs(sums[(r["rank"], b)] - r[b]) < 1e-8, f"rank {r['rank']} {b}: log {sums[(r['rank'], b)]} summary {r[b]}")
    mine = [e for e in events if int(e["rank"]) == r["rank"]]
    for a, b in zip(mine, mine[1:]):
        check(float(a["end"]) <= float(b["start"]) + 1e-9, f"rank {r['rank']}: events overlap at line {b['line']}")
    check(abs(float(mine[-1]["end"]) - r["finish_time"]) < 1e-8, f"rank {r['rank']}: last event ends before finish")
check({e["state"] for e in events} == {"compute", "barrier", "bcast", "reduce", "allreduce"}, "states")
# pj_dump reads the same states, in the same order per rank.
dump = collections.defaultdict(list)
for line in open(f"{d}/run.dump"):
    f = [x.strip() for x in line.split(",")]
    if f[0] == "State":
        dump[int(f[1].split()[1])].append((float(f[3]), float(f[4]), f[7]))
for r in summary["per_rank"]:
    mine = [(float(e["start"]), float(e["end"]), e["state"]) for e in events if int(e["rank"]) == r["rank"]]
    check(len(mine) == len(dump[r["rank"]]), f"rank {r['rank']}: {len(mine)} events, {len(dump[r['rank']])} Paje states")
    for (s, e, st), (ps, pe, pst) in zip(mine, dump[r["rank"]]):
        check(st == pst and abs(s - ps) < 2e-6 and abs(e - pe) < 2e-6, f"rank {r['rank']}: {st} {s} {e} vs {pst} {ps} {pe}")
# Pictures: SVG polygons by colour. Breakdown: bar heights proportional to the summary's seconds.
def polygons(path):
    out = collections.defaultdict(list)
    for m in re.finditer(r"fill = 'rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\)' points = '([^']*)'", open(path).read()):
        xy = [tuple(map(float, p.split(","))) for p in m.group(4).split()]
        xs, ys = [p[0] for p in xy], [p[1] for p in xy]
        out["%02x%02x%02x" % tuple(map(int, m.group(1, 2, 3)))].append((max(xs) - min(xs), max(ys) - min(ys)))
    return out
bars = polygons(f"{d}/breakdown.svg")
for colour, key in (("4daf4a", "compute_seconds"), ("377eb8", "comm_seconds")):
    heights = [h for w, h in bars[colour][1:]]  # the first one is the legend's sample
    values = [r[key] for r in summary["per_rank"]]
    check(len(heights) == len(values), f"breakdown: {len(heights)} {key} bars for {len(values)} ranks")
    scale = [h / v for h, v in zip(heights, values)]
    check(max(scale) - min(scale) < 0.01 * max(scale), f"breakdown {key}: heights {heights} not proportional to {values}")
# Gantt: the boxes of each state (legend samples are smaller) are as wide as the state's logged time.
boxes = polygons(f"{d}/gantt.svg")
colours = {"compute": "4daf4a", "barrier": "ff7f00", "bcast": "ffd92f", "reduce": "a65628", "allreduce": "f781bf"}
ratios = []
for state, colour in colours.items():
    width = sum(w for w, h in boxes[colour] if h > 20)
    time = sum(float(e["end"]) - float(e["start"]) for e in events if e["state"] == state)
    ratios.append(width / time)
check(max(ratios) - min(ratios) < 0.01 * max(ratios), f"gantt: box widths per state not proportional to time: {ratios}")
sys.exit(0 if ok else 1)
PY
for png in gantt.png breakdown.png; do
  [ "$(head -c 8 "$scratch/$png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$png is not a PNG"
done

# 3. 1,024 ranks: the pictures aggregate rows (64 rows of 16 ranks).
python3 -c '
for r in range(1024):
    print(r, "init")
    for it in range(3):
        print(r, "compute", 1e6 * (1 + (r * 7 + it) % 13))
        print(r, "allreduce 1000 1000000")
    print(r, "finalize")' > "$scratch/big.txt"
"$tireplay" replay --platform "$src/platforms/gdx.xml" --oversubscribe --trace "$scratch/big.txt" -q \
  --gantt "$scratch/big_gantt.svg" --breakdown "$scratch/big_breakdown.svg"
grep -q '>992-1007<' "$scratch/big_gantt.svg" || fail "1024-rank Gantt chart: no grouped row labels"
[ "$(grep -c "fill = 'rgb( 77, 175,  74)'" "$scratch/big_breakdown.svg")" -eq 65 ] ||
  fail "1024-rank breakdown: expected 64 grouped compute bars and a legend sample"

# 4. Errors.
if out=$("$tireplay" replay --platform "$src/tests/engine/one_link.xml" --trace "$scratch/hand.txt" \
    --gantt "$scratch/g.pdf" 2>&1); then fail "a .pdf Gantt chart was accepted"; fi
echo "$out" | grep -q "g.pdf: a picture is written as .svg or .png" || fail "bad picture extension message: $out"
if out=$("$tireplay" replay --platform "$src/tests/engine/one_link.xml" --trace "$scratch/hand.txt" -q \
    --events-csv /nonexistent/dir/e.csv 2>&1); then fail "an unwritable event log was accepted"; fi
echo "$out" | grep -qx -- "--events-csv /nonexistent/dir/e.csv: directory /nonexistent/dir does not exist" ||
  fail "unwritable log message (checked before the replay): $out"

# 5. Every state is declared in the Paje trace and named in the Gantt chart's legend: poll (tireplay/poll-cpu) was
# neither, drawn in the grey of an unknown state; one-sided is drawn in a colour of its own.
printf '%s\n' "0 win_create 1" "0 compute 1e6" "0 poll 100" "0 win_lock_all 1" "0 put 1 1 1000" "0 win_unlock_all 1" \
  "0 win_free 1" "1 win_create 1" "1 win_free 1" > "$scratch/states.txt"
"$tireplay" replay --platform "$src/tests/engine/one_link.xml" --trace "$scratch/states.txt" -q \
  --cfg tireplay/poll-cpu:1e-4 --paje "$scratch/states.paje" --gantt "$scratch/states.svg"
pj_dump "$scratch/states.paje" > /dev/null || fail "pj_dump cannot read the Paje trace of poll and one-sided states"
pushed=$(awk '$1 == 5 { print $5 }' "$scratch/states.paje" | sort -u | paste -sd' ')
[ "$pushed" = "compute one-sided poll" ] || fail "states.paje: pushed states '$pushed'"
for state in $pushed; do
  grep -q "^2 $state STATE \"$state\" " "$scratch/states.paje" || fail "states.paje: state $state not declared"
  grep -q ">$state<" "$scratch/states.svg" || fail "states.svg: no legend entry for $state"
done
if grep -q "fill = 'rgb(153, 153, 153)'" "$scratch/states.svg"; then fail "states.svg: a state in the unknown's grey"; fi

[ "$failures" -eq 0 ] && echo "timed outputs: all checks passed"
exit $((failures > 0))
