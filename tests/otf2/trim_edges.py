#!/usr/bin/env python3
"""Writes a copy of a per-rank TI trace (its index and rank files) without each rank's computations before its first
communication and after its last one: what a program does to set up and tear down (allocate and first touch its
buffers, free them) is in a native trace's computations but not in SimGrid's traces recorded with
smpi/simulate-computation:no, so tests/otf2/round_trip.sh compares the two replays without them.

usage: trim_edges.py INDEX OUTDIR     (writes OUTDIR/index.txt and OUTDIR/rank<N>.txt)"""
import os
import sys

NOT_COMMUNICATION = {"compute", "sleep", "poll", "init", "finalize", "comm_size", "comm_split", "comm_dup", "location"}


def trim(lines):
    actions = [(i, line.split()) for i, line in enumerate(lines) if line.strip() and not line.startswith("#")]
    talking = [i for i, f in actions if len(f) > 1 and f[1].lower() not in NOT_COMMUNICATION]
    first, last = (talking[0], talking[-1]) if talking else (len(lines), -1)
    return [line for i, line in enumerate(lines)
            if not (line.split()[1:2] == ["compute"] and (i < first or i > last))]


def main(index, outdir):
    os.makedirs(outdir, exist_ok=True)
    entries = [line.strip() for line in open(index) if line.strip() and not line.startswith("#")]
    with open(os.path.join(outdir, "index.txt"), "w") as out:
        for n, entry in enumerate(entries):
            lines = open(os.path.join(os.path.dirname(index), entry)).read().splitlines(keepends=True)
            open(os.path.join(outdir, f"rank{n}.txt"), "w").writelines(trim(lines))
            out.write(f"rank{n}.txt\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
