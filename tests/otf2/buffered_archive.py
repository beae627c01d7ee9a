#!/usr/bin/python3
"""Writes a 2-rank OTF2 archive of buffered sends with Debian's python3-otf2 (run it with /usr/bin/python3), for
tests/otf2/buffered_sends.sh. Timestamps in ns (1 tick = 1 ns); with --flop-rate 1e9 a computation of 0.3 s is
`compute 300000000`.

Rank 0: MPI_Bsend of 1 MiB to rank 1 (tag 0), 0.3 s of computation, MPI_Isend of 1000 bytes with the same tag
(request 7) and its MPI_Wait, MPI_Ibsend of 2000 bytes with tag 1 (request 8) and its MPI_Wait, MPI_Finalize.
Rank 1: 0.3 s of computation, then MPI_Recv of the three messages in order.

With `persistent`, a persistent buffered send as tireplay's tracer records it: rank 0 makes an MPI_Bsend_init
request of 1 MiB to rank 1 (tag 2), then MPI_Start (its MpiIsend, request 9, carries the attribute
tireplay::send_mode = 1, buffered) and MPI_Wait, 0.3 s of computation, MPI_Startall (request 10) and an MPI_Test that
completes it, MPI_Request_free; rank 1 computes 0.3 s, then receives the two messages. With `persistent old`, the
same as earlier tracers recorded it: the attribute is tireplay::buffered_send = 1. With `persistent mode4`,
tireplay::send_mode = 4, which is no send mode.

With `freed`, rank 0 makes an MPI_Ibsend of 1 MiB to rank 1 (tag 0, request 11) and frees its request
(MPI_Request_free, no event), then an MPI_Isend of 1000 bytes with the same tag (request 12) and its MPI_Wait; rank 1
computes 0.3 s, then receives the two messages.

usage: buffered_archive.py DIRECTORY [persistent [old|mode4]|freed]"""
import sys

import otf2
from otf2.enums import Paradigm, RegionRole, Type

from make_archive import caller, define_ranks

MIB = 1 << 20


def archive(directory, calls, rank_calls, attribute=None, value=1):
    """Writes the archive: MPI_Init, rank_calls(rank, call, world, mark), MPI_Finalize on each rank; `calls` are the
    regions it names (point-to-point); mark: the attributes of a buffered start (`attribute` = `value`)."""
    with otf2.writer.open(directory, timer_resolution=1000000000) as trace:
        defs = trace.definitions
        locations, world = define_ranks(defs)
        mark = None
        if attribute:
            mode = defs.attribute(attribute, "the mode of the send started: 1 buffered (MPI_Bsend_init)", Type.UINT8)
            mark = {"attributes": {mode: value}}
        regions = {name: defs.region(name, paradigm=Paradigm.MPI, region_role=RegionRole.FUNCTION)
                   for name in ("MPI_Init", "MPI_Finalize")}
        regions.update({name: defs.region(name, paradigm=Paradigm.MPI, region_role=RegionRole.POINT2POINT)
                        for name in calls})
        for rank, location in enumerate(locations):
            call = caller(trace.event_writer_from_location(location), regions)
            call("MPI_Init", 0)
            rank_calls(rank, call, world, mark)
            call("MPI_Finalize", 0)


def write(directory):
    def rank_calls(rank, call, world, mark):
        if rank == 0:
            call("MPI_Bsend", 0, ("mpi_send", 1, world, 0, MIB))
            call("MPI_Isend", 300000000, ("mpi_isend", 1, world, 0, 1000, 7))
            call("MPI_Wait", 0, ("mpi_isend_complete", 7))
            call("MPI_Ibsend", 0, ("mpi_isend", 1, world, 1, 2000, 8))
            call("MPI_Wait", 0, ("mpi_isend_complete", 8))
        else:
            call("MPI_Recv", 300000000, ("mpi_recv", 0, world, 0, MIB))
            call("MPI_Recv", 0, ("mpi_recv", 0, world, 0, 1000))
            call("MPI_Recv", 0, ("mpi_recv", 0, world, 1, 2000))
    archive(directory, ("MPI_Bsend", "MPI_Ibsend", "MPI_Isend", "MPI_Wait", "MPI_Recv"), rank_calls)


def write_persistent(directory, attribute="tireplay::send_mode", value=1):
    def rank_calls(rank, call, world, mark):
        if rank == 0:
            call("MPI_Bsend_init", 0)
            call("MPI_Start", 0, ("mpi_isend", 1, world, 2, MIB, 9, mark))
            call("MPI_Wait", 0, ("mpi_isend_complete", 9))
            call("MPI_Startall", 300000000, ("mpi_isend", 1, world, 2, MIB, 10, mark))
            call("MPI_Test", 0, ("mpi_isend_complete", 10))
            call("MPI_Request_free", 0)
        else:
            call("MPI_Recv", 300000000, ("mpi_recv", 0, world, 2, MIB))
            call("MPI_Recv", 0, ("mpi_recv", 0, world, 2, MIB))
    archive(directory, ("MPI_Bsend_init", "MPI_Start", "MPI_Startall", "MPI_Wait", "MPI_Test", "MPI_Request_free",
                        "MPI_Recv"), rank_calls, attribute, value)


def write_freed(directory):
    def rank_calls(rank, call, world, mark):
        if rank == 0:
            call("MPI_Ibsend", 0, ("mpi_isend", 1, world, 0, MIB, 11))
            call("MPI_Request_free", 0)
            call("MPI_Isend", 0, ("mpi_isend", 1, world, 0, 1000, 12))
            call("MPI_Wait", 0, ("mpi_isend_complete", 12))
        else:
            call("MPI_Recv", 300000000, ("mpi_recv", 0, world, 0, MIB))
            call("MPI_Recv", 0, ("mpi_recv", 0, world, 0, 1000))
    archive(directory, ("MPI_Ibsend", "MPI_Request_free", "MPI_Isend", "MPI_Wait", "MPI_Recv"), rank_calls)


if __name__ == "__main__":
    writers = {(): write, ("persistent",): write_persistent, ("freed",): write_freed,
               ("persistent", "old"): lambda d: write_persistent(d, "tireplay::buffered_send"),
               ("persistent", "mode4"): lambda d: write_persistent(d, value=4)}
    if len(sys.argv) < 2 or tuple(sys.argv[2:]) not in writers:
        sys.exit(__doc__)
    writers[tuple(sys.argv[2:])](sys.argv[1])
