#!/usr/bin/env python3
"""Checks a converted trace (otf2ti's per-rank files) against an independent count of the MPI calls the application
made: `ltrace -c`, one file per rank, in a run with the same input, counting the calls into Open MPI's libraries:
`-l 'libmpi.so*'` counts MPI_X (from C and C++) and PMPI_X (from the mpif.h and `use mpi` bindings, which call the C
library); `-l 'libmpi_mpifh.so*'` counts ompi_x_f (from the `use mpi_f08` binding; ltrace does not count the
PMPI_X these make in turn). Names are compared without case: MPI_Bcast, PMPI_Bcast and ompi_bcast_f are bcast.

For each rank, each group of calls below must equal the number of its actions in the trace, plus the events otf2ti
left out because their peer was MPI_PROC_NULL (its `# proc_null RANK FUNCTION COUNT` lines) and the requests that
were cancelled (`# cancelled RANK ACTION COUNT`). Collectives count their
blocking and non-blocking forms together (otf2ti writes an MPI_Ibcast as a bcast). Persistent requests (MPI_Start,
MPI_Startall) make isend/irecv lines that no call count gives: when the application starts any, its isend and irecv
lines are checked to be at least the calls of MPI_Isend... and MPI_Irecv.

usage: compare_counts.py TRACE_FILES_DIR LTRACE_PREFIX RANKS    (files LTRACE_PREFIX.<rank>; exit 0 equal, 1 not)"""
import collections
import re
import sys

# trace actions -> the MPI functions (without MPI_, PMPI_ or ompi_ and _f) whose calls make them
GROUPS = {
    ("send", "ssend"): ["Send", "Ssend", "Rsend", "Bsend"],
    ("isend", "issend"): ["Isend", "Issend", "Irsend", "Ibsend"],
    ("recv",): ["Recv", "Mrecv"],
    ("irecv",): ["Irecv", "Imrecv"],
    ("sendrecv",): ["Sendrecv", "Sendrecv_replace"],
    ("barrier",): ["Barrier", "Ibarrier"],
    ("bcast",): ["Bcast", "Ibcast"],
    ("reduce",): ["Reduce", "Ireduce"],
    ("allreduce",): ["Allreduce", "Iallreduce"],
    ("scan",): ["Scan", "Iscan"],
    ("exscan",): ["Exscan", "Iexscan"],
    ("gather",): ["Gather", "Igather"],
    ("gatherv",): ["Gatherv", "Igatherv"],
    ("scatter",): ["Scatter", "Iscatter"],
    ("scatterv",): ["Scatterv", "Iscatterv"],
    ("allgather",): ["Allgather", "Iallgather"],
    ("allgatherv",): ["Allgatherv", "Iallgatherv"],
    ("alltoall",): ["Alltoall", "Ialltoall"],
    ("alltoallv",): ["Alltoallv", "Alltoallw", "Ialltoallv", "Ialltoallw"],
    ("reducescatter",): ["Reduce_scatter", "Reduce_scatter_block", "Ireduce_scatter", "Ireduce_scatter_block"],
}
PERSISTENT_STARTS = ("isend", "issend"), ("irecv",)


def read_trace(path):
    actions, proc_null = collections.Counter(), collections.Counter()
    for line in open(path):
        f = line.split()
        if line.startswith("# proc_null") and len(f) == 5:
            proc_null[re.sub(r"^P?MPI_", "", f[3]).lower()] += int(f[4])
        elif line.startswith("# cancelled") and len(f) == 5:
            actions[f[3]] += int(f[4])
        elif len(f) >= 2 and not f[0].startswith("#"):
            actions[f[1]] += 1
    return actions, proc_null


def read_ltrace(path):
    calls = collections.Counter()
    for line in open(path):
        f = line.split()
        name = f[4] if len(f) == 5 and f[3].isdigit() else ""
        m = re.fullmatch(r"P?MPI_(\w+)", name) or re.fullmatch(r"ompi_(\w+)_f", name)
        if m:
            calls[m.group(1).lower()] += int(f[3])
    return calls


def main(directory, prefix, ranks):
    problems, compared = [], 0
    for rank in range(int(ranks)):
        actions, proc_null = read_trace(f"{directory}/0.000000_rank-{rank + 1}.txt")
        calls = read_ltrace(f"{prefix}.{rank}")
        persistent = calls["start"] + calls["startall"] > 0
        for names, functions in GROUPS.items():
            functions = [f.lower() for f in functions]
            got = sum(actions[n] for n in names) + sum(proc_null[f] for f in functions)
            want = sum(calls[f] for f in functions)
            compared += want
            if got == want or (persistent and names in PERSISTENT_STARTS and got >= want):
                continue
            problems.append(f"rank {rank}: {got} {'/'.join(names)} in the trace (MPI_PROC_NULL and cancelled included), {want} "
                            f"calls of {'/'.join(functions)} counted by ltrace")
    for p in problems:
        print(p)
    if not problems:
        print(f"same counts as ltrace: {compared} communication calls on {ranks} ranks")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
