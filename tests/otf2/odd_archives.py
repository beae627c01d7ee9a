#!/usr/bin/python3
"""Writes a 2-rank OTF2 archive that real writers produce but that otf2ti once misread (the eleventh trial), with
Debian's python3-otf2 (run it with /usr/bin/python3). Each rank: MPI_Init, 1 ms, a computation of 1 ms around an
MPI_Comm_rank, then rank 0 sends 1000 bytes to rank 1 (tag 5), and MPI_Finalize.

Cases (the second argument):
  hybrid        Score-P's MPI + threads: the MPI ranks' COMM_LOCATIONS group, then one of every thread (paradigm
                MEASUREMENT_SYSTEM) listing the threads too; rank 0's second thread computes (events otf2ti does
                not read). otf2ti must find 2 ranks and warn about the thread's events.
  counter_back  a flop counter (PAPI_FP_OPS) that goes back: 5e6, 6e6, then 0 at MPI_Send. otf2ti must warn and write
                no negative computation.
  counter_nan   a flop counter of doubles that reads NaN at MPI_Send: the same.

usage: odd_archives.py DIRECTORY CASE"""
import sys

import otf2
from otf2.enums import GroupType, MetricMode, Paradigm, RegionRole, Type

CASES = ("hybrid", "counter_back", "counter_nan")


def write(directory, case):
    with otf2.writer.open(directory, timer_resolution=1000000000) as trace:
        defs = trace.definitions
        node = defs.system_tree_node("machine")
        groups = [defs.location_group(f"MPI Rank {r}", system_tree_parent=node) for r in range(2)]
        ranks = [defs.location("Master thread", group=g) for g in groups]
        defs.group("MPI", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=ranks)
        thread = None
        if case == "hybrid":
            thread = defs.location("OpenMP thread 1", group=groups[0])
            defs.group("PROCESSXTHREADS_GROUP_LOCATIONS", group_type=GroupType.COMM_LOCATIONS,
                       paradigm=Paradigm.MEASUREMENT_SYSTEM, members=[ranks[0], thread, ranks[1]])
        world = defs.comm("MPI_COMM_WORLD", group=defs.group("", group_type=GroupType.COMM_GROUP,
                                                                paradigm=Paradigm.MPI, members=[0, 1]))
        counter, values = None, None
        if case.startswith("counter"):
            kind = Type.UINT64 if case == "counter_back" else Type.DOUBLE
            counter = defs.metric("PAPI_FP_OPS", unit="flops", value_type=kind, metric_mode=MetricMode.ACCUMULATED_START)
            values = [5000000, 6000000, 0] if case == "counter_back" else [0.0, 1e6, float("nan")]

        def region(name, role=RegionRole.FUNCTION):
            return defs.region(name, paradigm=Paradigm.MPI, region_role=role)

        init, fin, comm_rank = region("MPI_Init"), region("MPI_Finalize"), region("MPI_Comm_rank")
        send, recv = region("MPI_Send", RegionRole.POINT2POINT), region("MPI_Recv", RegionRole.POINT2POINT)
        for rank, location in enumerate(ranks):
            w = trace.event_writer_from_location(location)
            t = 1000
            if counter:
                w.metric(t, counter, values[0])
            w.enter(t, init)
            w.leave(t + 1000, init)
            t += 1000 + 1000000
            if counter:
                w.metric(t, counter, values[1])
            w.enter(t, comm_rank)
            w.leave(t + 10, comm_rank)
            t += 10 + 1000000
            if counter:
                w.metric(t, counter, values[2])
            w.enter(t, send if rank == 0 else recv)
            if rank == 0:
                w.mpi_send(t + 10, 1, world, 5, 1000)
            else:
                w.mpi_recv(t + 10, 0, world, 5, 1000)
            w.leave(t + 20, send if rank == 0 else recv)
            w.enter(t + 100, fin)
            w.leave(t + 110, fin)
        if thread is not None:
            work = defs.region("parallel region", paradigm=Paradigm.OPENMP, region_role=RegionRole.FUNCTION)
            w = trace.event_writer_from_location(thread)
            w.enter(3000, work)
            w.leave(900000, work)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in CASES:
        sys.exit(__doc__)
    write(sys.argv[1], sys.argv[2])
