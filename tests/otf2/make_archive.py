#!/usr/bin/python3
"""Writes a small 2-rank OTF2 archive of an MPI run with Debian's python3-otf2 (run it with /usr/bin/python3),
either well formed or with one defect, for otf2ti's tests (tests/otf2/bad_archives.sh).

The run, timestamps in ns (1 tick = 1 ns): each rank computes 1 ms after MPI_Init, then rank 0 sends 1000 bytes
(tag 5) to rank 1 and receives 2000 bytes (tag 6) from it, both allreduce 8 bytes, and MPI_Finalize.
With --flop-rate 1e9, otf2ti must give each rank `compute 1000000` once.

Defects (the second argument):
  good             none
  out_of_order     rank 1's MPI_Recv event is stamped 500 ns before the MPI_Recv region it is in
  undefined_comm   rank 1 receives on communicator 7, which the definitions do not hold
  peer_outside     rank 0 sends to rank 5 of a 2-rank MPI_COMM_WORLD
  undefined_region rank 0 enters region 99, which the definitions do not hold
  receive_unmatched rank 1 posts an MPI_Irecv that no wait or test ever completes
  polling          not a defect: rank 1 receives its message with MPI_Irecv, then polls with MPI_Test: 4 tests fail,
                   each followed by 0.5 ms of computation, the 5th completes the request
  completed_twice  rank 1 receives with MPI_Irecv (request 42) and two MPI_Waits each complete request 42
  isend_uncompleted not a defect: rank 0 sends with an MPI_Isend (request 60) that nothing completes (as after
                   MPI_Request_free)
  patterns         not a defect (its own run, write_patterns): MPI_Sendrecv with two tags, MPI_Sendrecv with an
                   MPI_PROC_NULL half, and MPI_PROC_NULL in a send, an isend, an irecv and a sendrecv, between
                   computations

usage: make_archive.py DIRECTORY DEFECT"""
import struct
import sys
import types

import otf2
from otf2.enums import CollectiveOp, GroupType, Paradigm, RegionRole

NO_ROOT = 0xFFFFFFFF  # OTF2_UNDEFINED_UINT32: no root
DEFECTS = ("good", "out_of_order", "undefined_comm", "peer_outside", "undefined_region", "receive_unmatched",
           "polling", "completed_twice", "isend_uncompleted", "patterns")
PROC_NULL = 0xFFFFFFFE  # -2 as OTF2's uint32, as Open MPI's tracer writes it
ANY_TAG = 0xFFFFFFFF


def define_ranks(defs):
    """Two MPI ranks (a location each) and their MPI_COMM_WORLD."""
    node = defs.system_tree_node("machine")
    locations = [defs.location("Master thread", group=defs.location_group(f"MPI Rank {r}", system_tree_parent=node))
                 for r in range(2)]
    defs.group("MPI", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locations)
    world = defs.comm("MPI_COMM_WORLD", group=defs.group("", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                            members=[0, 1]))
    return locations, world


def caller(w, regions):
    """call(name, after, *events) for event writer `w`: `after` ns after the previous call left (the first at 1000
    ns), a call of `name` (a key of `regions`) holding `events` (writer method, arguments, and keyword arguments in
    a dict at the end, such as {"attributes": {...}}), 20 ns long."""
    clock = [1000]

    def call(name, after, *events):
        t = clock[0] + after
        w.enter(t, regions[name])
        for k, (event, *arguments) in enumerate(events):
            options = arguments.pop() if arguments and isinstance(arguments[-1], dict) else {}
            getattr(w, event)(t + 1 + k, *arguments, **options)
        w.leave(t + 20, regions[name])
        clock[0] = t + 20
    return call


def write(directory, defect):
    with otf2.writer.open(directory, timer_resolution=1000000000) as trace:
        defs = trace.definitions
        locations, world = define_ranks(defs)
        # what the event writer takes from a definition is its id: these two have no definition
        undefined_comm, undefined_region = types.SimpleNamespace(_ref=7), types.SimpleNamespace(_ref=99)

        def region(name, role):
            return defs.region(name, paradigm=Paradigm.MPI, region_role=role)

        init, fin = region("MPI_Init", RegionRole.FUNCTION), region("MPI_Finalize", RegionRole.FUNCTION)
        send, recv = region("MPI_Send", RegionRole.POINT2POINT), region("MPI_Recv", RegionRole.POINT2POINT)
        irecv = region("MPI_Irecv", RegionRole.POINT2POINT)
        isend = region("MPI_Isend", RegionRole.POINT2POINT)
        test = region("MPI_Test", RegionRole.POINT2POINT)
        wait = region("MPI_Wait", RegionRole.POINT2POINT)
        allreduce = region("MPI_Allreduce", RegionRole.COLL_ALL2ALL)
        for rank, location in enumerate(locations):
            w = trace.event_writer_from_location(location)
            peer = 1 - rank
            t = 1000
            w.enter(t, init)
            w.leave(t + 1000, init)
            if rank == 0 and defect == "undefined_region":
                w.enter(t + 2000, undefined_region)
                w.leave(t + 3000, undefined_region)
            t += 1000 + 1000000  # the computation: 1 ms
            calls = [("send", peer, 5 + rank, 1000 * (rank + 1)), ("recv", peer, 5 + peer, 1000 * (peer + 1))]
            if rank == 1:
                calls.reverse()
            if rank == 1 and defect == "receive_unmatched":
                w.enter(t, irecv)
                w.mpi_irecv_request(t + 10, 77)
                w.leave(t + 20, irecv)
                t += 100
            if rank == 0 and defect == "isend_uncompleted":
                w.enter(t, isend)
                w.mpi_isend(t + 10, peer, world, 9, 10, 60)
                w.leave(t + 20, isend)
                t += 100
            for kind, to, tag, size in calls:
                if kind == "recv" and defect == "completed_twice":
                    w.enter(t, irecv)
                    w.mpi_irecv_request(t + 10, 42)
                    w.leave(t + 20, irecv)
                    for _ in range(2):
                        t += 100
                        w.enter(t, wait)
                        w.mpi_irecv(t + 10, to, world, tag, size, 42)
                        w.leave(t + 20, wait)
                elif kind == "recv" and defect == "polling":
                    w.enter(t, irecv)
                    w.mpi_irecv_request(t + 10, 42)
                    w.leave(t + 20, irecv)
                    for attempt in range(5):
                        t += 100 if attempt == 0 else 500020  # 0.5 ms after the previous test left
                        w.enter(t, test)
                        if attempt < 4:
                            w.mpi_request_test(t + 10, 42)
                        else:
                            w.mpi_irecv(t + 10, to, world, tag, size, 42)
                        w.leave(t + 20, test)
                elif kind == "send":
                    w.enter(t, send)
                    w.mpi_send(t + 10, 5 if defect == "peer_outside" and rank == 0 else to, world, tag, size)
                    w.leave(t + 20, send)
                else:
                    w.enter(t, recv)
                    comm = undefined_comm if defect == "undefined_comm" and rank == 1 else world
                    w.mpi_recv(t + 10, to, comm, tag, size)
                    w.leave(t + 20, recv)
                t += 100
            w.enter(t, allreduce)
            w.mpi_collective_begin(t + 1)
            w.mpi_collective_end(t + 10, CollectiveOp.ALLREDUCE, world, NO_ROOT, 8, 16)
            w.leave(t + 20, allreduce)
            t += 100
            w.enter(t, fin)
            w.leave(t + 10, fin)
    if defect == "out_of_order":
        backdate(f"{directory}/traces/1.evt", RANK1_RECV, RANK1_RECV - 510)


def write_patterns(directory):
    """Each rank: MPI_Init, 1 ms, MPI_Sendrecv (rank 0 sends 100 bytes with tag 3 and receives 200 with tag 4; rank 1
    the other way), 1 ms, MPI_Sendrecv with an MPI_PROC_NULL half (rank 0 sends 50 bytes to rank 1 with tag 1, rank 1
    receives them), then 0.5 ms before each of MPI_Send to MPI_PROC_NULL, MPI_Isend to MPI_PROC_NULL and MPI_Irecv
    from it (request 50 and 51, at once), MPI_Waitall completing both, MPI_Sendrecv with MPI_PROC_NULL both ways,
    then MPI_Allreduce and MPI_Finalize. otf2ti must write one `compute 2000000` between the sendrecv and the
    allreduce, and count the MPI_PROC_NULL operations under MPI_Send, MPI_Isend, MPI_Irecv and MPI_Sendrecv."""
    with otf2.writer.open(directory, timer_resolution=1000000000) as trace:
        defs = trace.definitions
        locations, world = define_ranks(defs)
        regions = {name: defs.region(name, paradigm=Paradigm.MPI, region_role=role) for name, role in (
            ("MPI_Init", RegionRole.FUNCTION), ("MPI_Finalize", RegionRole.FUNCTION),
            ("MPI_Sendrecv", RegionRole.POINT2POINT), ("MPI_Send", RegionRole.POINT2POINT),
            ("MPI_Isend", RegionRole.POINT2POINT), ("MPI_Irecv", RegionRole.POINT2POINT),
            ("MPI_Waitall", RegionRole.POINT2POINT), ("MPI_Allreduce", RegionRole.COLL_ALL2ALL))}
        for rank, location in enumerate(locations):
            w = trace.event_writer_from_location(location)
            peer = 1 - rank
            call = caller(w, regions)

            call("MPI_Init", 0)
            sent, received = (100, 200) if rank == 0 else (200, 100)
            call("MPI_Sendrecv", 1000000, ("mpi_send", peer, world, 3 + rank, sent),
                 ("mpi_recv", peer, world, 4 - rank, received))
            if rank == 0:
                call("MPI_Sendrecv", 1000000, ("mpi_send", peer, world, 1, 50), ("mpi_recv", PROC_NULL, world, ANY_TAG, 0))
            else:
                call("MPI_Sendrecv", 1000000, ("mpi_send", PROC_NULL, world, 1, 50), ("mpi_recv", peer, world, 1, 50))
            call("MPI_Send", 500000, ("mpi_send", PROC_NULL, world, 2, 8))
            call("MPI_Isend", 500000, ("mpi_isend", PROC_NULL, world, 2, 8, 50))
            call("MPI_Irecv", 0, ("mpi_irecv_request", 51))
            call("MPI_Waitall", 500000, ("mpi_isend_complete", 50), ("mpi_irecv", PROC_NULL, world, ANY_TAG, 0, 51))
            call("MPI_Sendrecv", 500000, ("mpi_send", PROC_NULL, world, 2, 8), ("mpi_recv", PROC_NULL, world, ANY_TAG, 0))
            call("MPI_Allreduce", 0, ("mpi_collective_begin",),
                 ("mpi_collective_end", CollectiveOp.ALLREDUCE, world, NO_ROOT, 8, 16))
            call("MPI_Finalize", 100)


# Rank 1's MPI_Recv event: MPI_Init 1000..2000, 1 ms of computation, MPI_Recv entered at 1002000, its event 10 later.
RANK1_RECV = 1002010


def backdate(path, stamp, earlier):
    """Rewrites timestamp `stamp` as `earlier` in an event file (OTF2 stores each new timestamp as 8 little-endian
    bytes after a timestamp record): python3-otf2's writer itself refuses to go back in time."""
    data = open(path, "rb").read()
    old, new = struct.pack("<Q", stamp), struct.pack("<Q", earlier)
    if data.count(old) != 1:
        sys.exit(f"{path}: timestamp {stamp} found {data.count(old)} times, expected once")
    open(path, "wb").write(data.replace(old, new))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in DEFECTS:
        sys.exit(__doc__)
    if sys.argv[2] == "patterns":
        write_patterns(sys.argv[1])
    else:
        write(sys.argv[1], sys.argv[2])
