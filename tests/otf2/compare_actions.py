#!/usr/bin/env python3
"""Compares the communication of two traces, as `tireplay actions` prints them: for each rank, the same sequence
of communication actions (point-to-point posts with peer, tag and bytes; collectives with root and bytes;
communicator creations).

Left out of the sequence, on purpose: compute (measured differently), tests (their number depends on timing) and
waits (SimGrid writes one `waitall` where otf2ti writes a wait per request). A wildcard
peer (`peer=any`, SimGrid's -333) matches any peer; a sendrecv's tags are compared only where the reference has them
(SimGrid writes none). A receive's size in the reference may exceed the candidate's
(SimGrid writes the buffer's capacity, the tracer what arrived). gatherv/scatterv counts are compared at the root
only (SimGrid writes zeros elsewhere). alltoallv's per-peer counts are compared too: the tracer records them
(OTF2's records hold totals only, which otf2ti once spread).

usage: compare_actions.py REFERENCE.txt CANDIDATE.txt   (exit 0 same, 1 different)"""
import sys

SKIPPED = {"compute", "sleep", "poll", "test", "wait", "waitall", "waitany"}
# Receives: SimGrid writes the buffer's capacity (the count argument), the tracer the bytes that arrived.
RECEIVED = {("recv", "bytes"), ("irecv", "bytes"), ("sendrecv", "received")}


def read(path):
    ranks = {}
    for line in open(path):
        rank, name, *fields = line.split()
        ranks.setdefault(int(rank), []).append((name, dict(f.split("=", 1) for f in fields)))
    return ranks


def same(rank, ref, cand):
    (rn, rf), (cn, cf) = ref, cand
    if rn != cn:
        return False
    for key in set(rf) | set(cf):
        a, b = rf.get(key), cf.get(key)
        if a == b:
            continue
        if key == "peer" and "any" in (a, b):
            continue
        if rn == "sendrecv" and key in ("sendtag", "recvtag") and a is None:
            continue  # SimGrid's sendRecv has no tags (its replay uses 0): the reference cannot say
        if key in ("send_counts", "recv_counts") and rn in ("gatherv", "scatterv") and rf.get("root") != str(rank):
            continue  # only the root's counts mean something
        if (rn, key) in RECEIVED and int(a) >= int(b):
            continue
        if rn == "reducescatter" and key == "recv_counts" and set(a.split(",")) == {"0"}:
            continue  # SimGrid 3.32 writes MPI_Reduce_scatter_block's counts as zeros (traces/recorded/README.md)
        return False
    return True


def main(reference, candidate):
    ref, cand = read(reference), read(candidate)
    problems = []
    if sorted(ref) != sorted(cand):
        problems.append(f"ranks differ: {sorted(ref)} vs {sorted(cand)}")
    for rank in sorted(set(ref) & set(cand)):
        r = [a for a in ref[rank] if a[0] not in SKIPPED]
        c = [a for a in cand[rank] if a[0] not in SKIPPED]
        for i, (x, y) in enumerate(zip(r, c)):
            if not same(rank, x, y):
                problems.append(f"rank {rank}, communication action {i + 1}: {x} vs {y}")
                break
        else:
            if len(r) != len(c):
                problems.append(f"rank {rank}: {len(r)} communication actions vs {len(c)}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
