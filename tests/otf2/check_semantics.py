#!/usr/bin/env python3
"""Checks a converted trace (otf2ti --one-file) against what its program said it did (tests/otf2/semantics/*.c print
"expect RANK WHAT COUNT" lines), and that every request in it completes once:

- each isend, issend and irecv is stored under (communicator, src, dst, tag) as the replay stores it; each `wait`
  completes the oldest request stored under its key (a wait with none is a request completed twice, or never
  started); a request left at the end of the rank never completed;
- WHAT is an action name (its lines), `requests` (isend, issend and irecv lines), `completions` (wait lines),
  `proc_null MPI_Function` (the rank's `# proc_null` count for that function), or `consecutive computes` (two
  compute lines in a row, which otf2ti merges into one); a count not in the expectations is not checked, but
  consecutive computes must be 0 in every trace.

usage: check_semantics.py TRACE EXPECTATIONS     (exit 0: as expected, 1: not, with one line per difference)"""
import collections
import sys

from trace_requests import Requests


def read_trace(path):
    ranks = collections.defaultdict(lambda: {"counts": collections.Counter(), "problems": []})
    requests = {}
    previous = {}
    for number, line in enumerate(open(path), 1):
        f = line.split()
        if line.startswith("# proc_null") and len(f) == 5:
            ranks[int(f[2])]["counts"]["proc_null " + f[3]] += int(f[4])
            continue
        if not f or f[0].startswith("#"):
            continue
        rank, action = int(f[0]), f[1]
        counts = ranks[rank]["counts"]
        counts[action] += 1
        if action == "compute" and previous.get(rank) == "compute":
            counts["consecutive computes"] += 1
        previous[rank] = action
        requests.setdefault(rank, Requests(path)).line(number, rank, action, f[2:])
    for rank, r in requests.items():
        ranks[rank]["problems"] = r.end()
        ranks[rank]["counts"]["requests"] = r.started
        ranks[rank]["counts"]["completions"] = r.completed
    return ranks


def main(trace, expectations):
    ranks = read_trace(trace)
    problems = [p for r in ranks.values() for p in r["problems"]]
    checked = 0
    for line in open(expectations):
        f = line.split()
        if len(f) < 4 or f[0] != "expect":
            continue
        rank, what, want = int(f[1]), " ".join(f[2:-1]), int(f[-1])
        got = ranks[rank]["counts"][what] if rank in ranks else 0
        checked += 1
        if got != want:
            problems.append(f"rank {rank}: {got} {what}, expected {want}")
    for rank, r in sorted(ranks.items()):
        if r["counts"]["consecutive computes"]:
            problems.append(f"rank {rank}: {r['counts']['consecutive computes']} compute lines right after another")
    if checked == 0:
        problems.append(f"{expectations}: no expectation (the program printed none)")
    for p in problems:
        print(p)
    if not problems:
        total = sum(r["counts"]["requests"] for r in ranks.values())
        print(f"{checked} counts as expected; {total} requests, each completed once")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
