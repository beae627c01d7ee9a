#!/usr/bin/env python3
"""Checks a converted trace (otf2ti's per-rank files) against an independent count of the MPI calls the application
made in the same run: `ltrace -c -e 'mpi_*@*+MPI_*@*-...'` around each rank (one file per rank), which counts the
calls any library or the program makes through its PLT to a function named MPI_X (C, C++) or mpi_x_, mpi_x_f08_
(Fortran), wherever the call resolves (the tracer's wrapper included). Names are compared without case and without
those decorations: MPI_Bcast, mpi_bcast_ and mpi_bcast_f08_ are bcast.

For each rank, each group of calls below must equal the number of its actions in the trace, plus the events otf2ti
left out because their peer was MPI_PROC_NULL (its `# proc_null RANK FUNCTION COUNT` lines) and the requests that
were cancelled (`# cancelled RANK ACTION COUNT`). Collectives count their blocking and non-blocking forms together
(otf2ti writes an MPI_Ibcast as a bcast). Persistent requests (MPI_Start, MPI_Startall) make isend/irecv lines that
no call count gives: when the application starts any, its isend and irecv lines are checked to be at least the
calls of MPI_Isend... and MPI_Irecv.

Completions too: each isend, issend and irecv of the trace is completed by exactly one `wait` (tests/otf2/
trace_requests.py follows them as the replay stores them), so each rank has as many waits as requests, but for its
ibsends (MPI_Ibsend and the starts of MPI_Bsend_init requests), whose requests a program may free (MPI_Request_free:
otf2ti then writes no wait of their own), which may stay pending.

usage: compare_counts.py TRACE_FILES_DIR LTRACE_PREFIX RANKS    (files LTRACE_PREFIX.<rank>; exit 0 equal, 1 not)"""
import collections
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "otf2"))
from trace_requests import Requests  # noqa: E402

# trace actions -> the MPI functions (names as normalized by function()) whose calls make them
GROUPS = {
    ("send", "ssend"): ["Send", "Ssend", "Rsend"],
    ("bsend",): ["Bsend"],
    ("isend", "issend", "ibsend"): ["Isend", "Issend", "Irsend", "Ibsend"],
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
    # one-sided (docs/trace-format.md section 12; MPI_Win_test's successful calls are win_wait lines: not counted)
    ("win_create",): ["Win_create", "Win_allocate", "Win_allocate_shared", "Win_create_dynamic"],
    ("win_free",): ["Win_free"],
    ("put",): ["Put"],
    ("get",): ["Get"],
    ("accumulate",): ["Accumulate"],
    ("get_accumulate",): ["Get_accumulate", "Fetch_and_op", "Compare_and_swap"],
    ("rput",): ["Rput"],
    ("rget",): ["Rget"],
    ("raccumulate",): ["Raccumulate"],
    ("rget_accumulate",): ["Rget_accumulate"],
    ("win_fence",): ["Win_fence"],
    ("win_post",): ["Win_post"],
    ("win_start",): ["Win_start"],
    ("win_complete",): ["Win_complete"],
    ("win_lock",): ["Win_lock"],
    ("win_unlock",): ["Win_unlock"],
    ("win_lock_all",): ["Win_lock_all"],
    ("win_unlock_all",): ["Win_unlock_all"],
    ("win_flush",): ["Win_flush"],
    ("win_flush_all",): ["Win_flush_all"],
    ("win_flush_local",): ["Win_flush_local"],
    ("win_flush_local_all",): ["Win_flush_local_all"],
    ("win_sync",): ["Win_sync"],
}
PERSISTENT_STARTS = ("isend", "issend", "ibsend"), ("irecv",)


def function(name):
    """MPI_Bcast, PMPI_Bcast, mpi_bcast_, mpi_bcast__, mpi_bcast_f08_, ompi_bcast_f -> bcast; None if not MPI."""
    name = name.lower()
    for prefix in ("pmpi_", "mpi_", "ompi_"):
        if name.startswith(prefix):
            name = name[len(prefix):].rstrip("_")
            for suffix in ("_f08", "_f"):
                if name.endswith(suffix):
                    name = name[:-len(suffix)]
            return name
    return None


def read_trace(path):
    actions, proc_null = collections.Counter(), collections.Counter()
    requests = Requests(path)
    for number, line in enumerate(open(path), 1):
        f = line.split()
        if line.startswith("# proc_null") and len(f) == 5:
            proc_null[function(f[3])] += int(f[4])
        elif line.startswith("# cancelled") and len(f) == 5:
            actions[f[3]] += int(f[4])
        elif len(f) >= 2 and not f[0].startswith("#"):
            actions[f[1]] += 1
            requests.line(number, int(f[0]), f[1], f[2:])
    return actions, proc_null, requests


def read_ltrace(path):
    calls = collections.Counter()
    for line in open(path):
        f = line.split()
        name = function(f[4]) if len(f) == 5 and f[3].isdigit() else None
        if name:
            calls[name] += int(f[3])
    return calls


def main(directory, prefix, ranks):
    problems, compared, completed = [], 0, 0
    for rank in range(int(ranks)):
        actions, proc_null, requests = read_trace(f"{directory}/0.000000_rank-{rank + 1}.txt")
        calls = read_ltrace(f"{prefix}.{rank}")
        buffered = calls["ibsend"] - proc_null["ibsend"]
        if calls["bsend_init"] > 0:  # its starts are buffered sends too, how many no call count says
            buffered = float("inf")
        shown = requests.end(rank, buffered)
        problems += shown[:5] + ([f"... and {len(shown) - 5} more"] if len(shown) > 5 else [])
        if requests.started != requests.completed + requests.unwaited:
            problems.append(f"rank {rank}: {requests.started} requests (isend, issend, irecv) but {requests.completed} "
                            f"completions (wait) and {requests.unwaited} buffered sends left pending")
        completed += requests.completed
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
        print(f"same counts as ltrace: {compared} communication calls on {ranks} ranks; {completed} requests, each "
              f"completed once")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
