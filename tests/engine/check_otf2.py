#!/usr/bin/env python3
"""Checks a replay's OTF2 archive (as otf2-print prints it) against the replay's JSON summary and its trace.

usage: check_otf2.py EVENTS DEFINITIONS SUMMARY.json [--trace FILE...] [--expect FILE]
  EVENTS       otf2-print ARCHIVE          DEFINITIONS  otf2-print -G ARCHIVE
  --trace      the ranks' trace files (one file: shared by every rank): each Enter's "line" attribute must name a
               line whose action shows as the Enter's state, and every timed action of the trace must show once
  --expect     "rank state start_ns end_ns bytes flops line" per event, in order: the exact events of each rank
Prints ok/FAIL lines; exit status 1 when a check fails.
"""
import json
import re
import sys

COLLECTIVES = {"barrier", "bcast", "reduce", "allreduce", "alltoall", "alltoallv", "gather", "gatherv", "scatter",
               "scatterv", "allgather", "allgatherv", "reducescatter", "scan", "exscan"}
STATE_OF_ACTION = {"compute": "compute", "sleep": "compute", "send": "send", "isend": "send", "ssend": "send",
                   "issend": "send", "recv": "receive", "irecv": "receive", "wait": "wait", "test": "wait",
                   "waitall": "wait", "waitany": "wait", "sendrecv": "sendrecv", "reduce_scatter": "reducescatter"}
UNTIMED = {"init", "finalize", "comm_size", "comm_split", "comm_dup", "location"}
CATEGORY = {"compute": "compute_seconds", "wait": "wait_seconds"}  # the rest: comm_seconds

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL " + what)
    return condition


def parse_definitions(path):
    text = open(path).read()
    clock = re.search(r"CLOCK_PROPERTIES\s+Ticks per Seconds: (\d+)", text)
    regions = {int(m[1]): (m[2], m[3], m[4]) for m in re.finditer(
        r'^REGION\s+(\d+)\s+Name: "([^"]*)".*Role: (\w+), Paradigm: (\w+)', text, re.M)}
    nodes = {int(m[1]): (m[2], m[3]) for m in re.finditer(
        r'^SYSTEM_TREE_NODE\s+(\d+)\s+Name: "([^"]*)".*Parent: (\S+)', text, re.M)}
    groups = {int(m[1]): (m[2], int(m[3])) for m in re.finditer(
        r'^LOCATION_GROUP\s+(\d+)\s+Name: .*Type: (\w+), Parent: "[^"]*" <(\d+)>', text, re.M)}
    locations = {int(m[1]): (int(m[2]), int(m[3])) for m in re.finditer(
        r'^LOCATION\s+(\d+)\s+Name: .*# Events: (\d+), Group: "[^"]*" <(\d+)>', text, re.M)}
    attributes = {m[1]: m[2] for m in re.finditer(r'^ATTRIBUTE\s+\d+\s+Name: "(\w+)".*Type: (\w+)', text, re.M)}
    return clock and int(clock[1]), regions, nodes, groups, locations, attributes


def parse_events(path):
    """Per location: [kind, ticks, region name, {attribute: text}] in the archive's order."""
    events = {}
    last = None
    for line in open(path):
        m = re.match(r'(ENTER|LEAVE)\s+(\d+)\s+(\d+)\s+Region: "([^"]*)"', line)
        if m:
            last = [m[1], int(m[3]), m[4], {}]
            events.setdefault(int(m[2]), []).append(last)
        elif "ADDITIONAL ATTRIBUTES" in line and last is not None:
            last[3] = {a: v for a, v in re.findall(r'\("(\w+)" <\d+>; \w+; ([^)]*)\)', line)}
        elif re.match(r"[A-Z_]+\s+\d+\s+\d+", line):
            check(False, "an event that is not an Enter or a Leave: " + line.strip())
    return events


def intervals(rank, events):
    """Pairs each Enter with its Leave: [(state, start, end, attributes)], checking nesting and time order."""
    pairs = []
    previous_end = 0
    for i in range(0, len(events), 2):
        enter, leave = events[i], events[i + 1] if i + 1 < len(events) else None
        if not check(enter[0] == "ENTER" and leave is not None and leave[0] == "LEAVE" and leave[2] == enter[2],
                     f"rank {rank}: event {i} is not an Enter followed by the Leave of its region"):
            return pairs
        check(previous_end <= enter[1] <= leave[1], f"rank {rank}: event {i} goes back in time")
        previous_end = leave[1]
        pairs.append((enter[2], enter[1], leave[1], enter[3]))
    return pairs


def trace_lines(paths, rank):
    """The rank's trace as {line number: (action, fields)}."""
    path = paths[0] if len(paths) == 1 else paths[rank]
    lines = {}
    for number, text in enumerate(open(path), 1):
        fields = text.split()
        if len(fields) >= 2 and fields[0] == str(rank):
            lines[number] = (fields[1].lower(), fields[2:])
    return lines


def check_against_trace(rank, pairs, lines):
    shown = {}
    for state, _, _, attributes in pairs:
        number = int(attributes.get("line", 0))
        action, fields = lines.get(number, ("?", []))
        expected = STATE_OF_ACTION.get(action, action)
        reduction = state == "compute" and expected in COLLECTIVES
        if not check(state == expected or reduction,
                     f"rank {rank}: a {state} event points at line {number}, a {action}"):
            continue
        if not reduction:
            shown[number] = shown.get(number, 0) + 1
        if action == "compute":
            flops, stated = float(attributes["flops"]), float(fields[0])
            check(abs(flops - stated) <= 1e-5 * stated, f"rank {rank} line {number}: flops {flops}, trace {stated}")
    timed = [n for n, (action, _) in lines.items() if action not in UNTIMED]
    check(all(shown.get(n) == 1 for n in timed) and len(shown) == len(timed),
          f"rank {rank}: not every timed action of the trace shows exactly once")


def main(argv):
    events_path, definitions_path, summary_path = argv[1:4]
    traces, expect = [], None
    rest = argv[4:]
    while rest:
        if rest[0] == "--expect":
            expect, rest = rest[1], rest[2:]
        elif rest[0] == "--trace":
            rest = rest[1:]
            while rest and not rest[0].startswith("--"):
                traces.append(rest.pop(0))
        else:
            sys.exit("check_otf2.py: unknown argument " + rest[0])

    summary = json.load(open(summary_path))
    per_rank = summary["per_rank"]
    resolution, regions, nodes, groups, locations, attributes = parse_definitions(definitions_path)
    events = parse_events(events_path)
    check(resolution == 10**9, f"clock resolution {resolution}, not 1e9 ticks per second")
    check(attributes == {"bytes": "UINT64", "flops": "DOUBLE", "line": "UINT64"}, f"attributes {attributes}")
    check(sorted(locations) == list(range(len(per_rank))), f"locations {sorted(locations)}, ranks {len(per_rank)}")
    for name, role, paradigm in regions.values():
        check(name in COLLECTIVES | {"compute", "send", "receive", "wait", "sendrecv"}, f"region {name}")
        check(paradigm == ("USER" if name == "compute" else "MPI"), f"region {name}: paradigm {paradigm}")

    expected_events = {}
    if expect:
        for line in open(expect):
            if line.strip() and not line.startswith("#"):
                r, state, start, end, nbytes, flops, number = line.split()
                expected_events.setdefault(int(r), []).append((state, int(start), int(end), nbytes, flops, number))

    for r, stats in enumerate(per_rank):
        count, group = locations.get(r, (0, -1))
        host_node = groups.get(group, ("", -1))[1]
        check(groups.get(group, ("",))[0] == "PROCESS" and nodes.get(host_node, ("",))[0] == stats["host"]
              and nodes[host_node][1] == '"machine::machine"', f"rank {r}: not a process on node {stats['host']}")
        mine = events.get(r, [])
        check(len(mine) == count, f"rank {r}: {len(mine)} events, the definitions say {count}")
        pairs = intervals(r, mine)
        sums = {"compute_seconds": 0, "comm_seconds": 0, "wait_seconds": 0}
        for state, start, end, _ in pairs:
            sums[CATEGORY.get(state, "comm_seconds")] += end - start
        for key, ticks in sums.items():
            check(abs(ticks / 1e9 - stats[key]) <= 1e-9 * len(pairs) + 1e-12,
                  f"rank {r}: {key} {ticks / 1e9:.9f} s in the archive, {stats[key]:.9f} s in the summary")
        last_leave = pairs[-1][2] if pairs else 0
        check(last_leave / 1e9 <= stats["finish_time"] + 0.5e-9,
              f"rank {r}: last Leave at {last_leave} ns, after the rank's finish {stats['finish_time']} s")
        if traces:
            check_against_trace(r, pairs, trace_lines(traces, r))
        if expect:
            got = [(s, a, b, t.get("bytes"), t.get("flops"), t.get("line")) for s, a, b, t in pairs]
            wanted = expected_events.get(r, [])
            if not check(got == wanted, f"rank {r}: {len(got)} events differ from the {len(wanted)} of {expect}"):
                first = next(i for i in range(len(got) + 1) if i == len(got) or i == len(wanted) or got[i] != wanted[i])
                print(f"     event {first}: got {got[first:first + 1]}, expected {wanted[first:first + 1]}")
        if not failures:
            print(f"ok   rank {r}: {len(pairs)} states; compute {stats['compute_seconds']:.9f} s, "
                  f"comm {stats['comm_seconds']:.9f} s, wait {stats['wait_seconds']:.9f} s as in the summary")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
