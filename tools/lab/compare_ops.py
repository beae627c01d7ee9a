#!/usr/bin/env python3
"""Where does a replay lose or gain time against the traced run, operation by operation?

usage: tools/lab/compare_ops.py ARCHIVE/traces.otf2 EVENTS.csv [RANK...]

ARCHIVE: a run traced with tireplay's tracer (tools/lab/lab_trace.sh leaves one per run); EVENTS.csv: the replay of
its conversion (`tireplay replay ... --events-csv EVENTS.csv`). The k-th call of each kind on a rank (MPI_Sendrecv,
MPI_Allreduce, ...) is matched with the k-th action of that kind in the replay. Prints per rank (all, or those
given) and per kind: the calls and their mean duration traced and replayed; then per step (the previous call's kind
-> this call's kind) the time from the end of the previous call to the end of this one, whose sum over steps is the
rank's time, and the part of it before the call (the computation: traced, wall time between the calls; replayed, the
time since the previous action ended): the steps that differ most are where the model misses. Reads the archive with otf2-print (Debian's
otf2-tools).
"""
import collections
import csv
import re
import subprocess
import sys

SKIPPED = {'init', 'finalize', 'comm_dup', 'comm_free', 'comm_split', 'comm_create', 'comm_rank', 'comm_size',
           'wtime', 'type_commit', 'type_free', 'op_create', 'op_free'}


def traced_calls(archive):
    """Per rank, the list of (kind, enter, leave) in seconds, from otf2-print."""
    out = subprocess.run(['otf2-print', archive], capture_output=True, text=True, check=True).stdout
    calls, entered = collections.defaultdict(list), {}
    region = re.compile(r'Region: "([^"]+)"')
    for line in out.splitlines():
        f = line.split()
        if len(f) < 3 or f[0] not in ('ENTER', 'LEAVE'):
            continue
        rank, t = int(f[1]), int(f[2]) * 1e-9
        m = region.search(line)
        if m is None or not m.group(1).startswith('MPI_'):
            continue
        kind = m.group(1)[4:].lower()
        if f[0] == 'ENTER':
            entered[rank] = t
        elif kind not in SKIPPED and rank in entered:
            calls[rank].append((kind, entered.pop(rank), t))
    return calls


def replayed_actions(events):
    actions = collections.defaultdict(list)
    for row in csv.DictReader(open(events)):
        kind = row['action'].lower()
        if kind in SKIPPED or kind == 'compute' or kind == 'poll':
            continue
        actions[int(row['rank'])].append((kind, float(row['start']), float(row['end'])))
    return actions


def by_kind(calls):
    table = collections.defaultdict(list)
    for c in calls:
        table[c[0]].append(c)
    return table


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    traced, replayed = traced_calls(argv[0]), replayed_actions(argv[1])
    ranks = [int(r) for r in argv[2:]] or sorted(traced)
    for rank in ranks:
        lab, rep = traced.get(rank, []), replayed.get(rank, [])
        lab_kinds, rep_kinds = by_kind(lab), by_kind(rep)
        print(f"rank {rank}: traced {lab[-1][2] - lab[0][1] if lab else 0:.3f} s of calls, "
              f"replayed {rep[-1][2] - rep[0][1] if rep else 0:.3f} s")
        print(f"  {'kind':<14} {'calls':>7} {'traced us':>10} {'replayed':>10}")
        for kind in sorted(set(lab_kinds) | set(rep_kinds)):
            a, b = lab_kinds.get(kind, []), rep_kinds.get(kind, [])
            if len(a) != len(b):
                print(f"  {kind:<14} traced {len(a)} calls, replayed {len(b)}: not compared")
                continue
            mean = lambda xs: 1e6 * sum(xs) / len(xs) if xs else 0
            print(f"  {kind:<14} {len(a):>7} {mean([c[2] - c[1] for c in a]):>10.1f} "
                  f"{mean([c[2] - c[1] for c in b]):>10.1f}")
        if len(lab) != len(rep) or any(x[0] != y[0] for x, y in zip(lab, rep)):
            print("  (the call sequences differ: no steps)")
            continue
        steps = collections.defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0])
        for k in range(1, len(lab)):
            s = steps[(lab[k - 1][0], lab[k][0])]
            s[0] += 1
            s[1] += lab[k][2] - lab[k - 1][2]
            s[2] += rep[k][2] - rep[k - 1][2]
            s[3] += lab[k][1] - lab[k - 1][2]
            s[4] += rep[k][1] - rep[k - 1][2]
        print(f"  {'step':<28} {'count':>7} {'traced s':>9} {'replayed':>9} {'per step us':>12} {'replayed':>9}"
              f" {'before us':>10} {'replayed':>9}")
        for (a, b), s in sorted(steps.items(), key=lambda kv: -abs(kv[1][1] - kv[1][2])):
            print(f"  {a + ' -> ' + b:<28} {s[0]:>7} {s[1]:>9.3f} {s[2]:>9.3f} {1e6 * s[1] / s[0]:>12.1f} "
                  f"{1e6 * s[2] / s[0]:>9.1f} {1e6 * s[3] / s[0]:>10.1f} {1e6 * s[4] / s[0]:>9.1f}")


if __name__ == '__main__':
    main(sys.argv[1:])
