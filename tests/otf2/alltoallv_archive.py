#!/usr/bin/python3
"""Writes a 2-rank OTF2 archive of alltoallv calls as a writer that records each rank's totals only (Score-P) would,
with Debian's python3-otf2 (run it with /usr/bin/python3), for tests/otf2/alltoallv_counts.sh: each rank sends 100
bytes to the other and none to itself, in one MPI_Alltoallv and one MPI_Alltoallw. otf2ti estimates the per-pair
counts from the totals (sent_i x received_j / total: 50 bytes to each rank) and says so for the 2 calls.

usage: alltoallv_archive.py DIRECTORY"""
import sys

import otf2
from otf2.enums import CollectiveOp, Paradigm, RegionRole

from make_archive import NO_ROOT, define_ranks


def write(directory):
    with otf2.writer.open(directory, timer_resolution=1000000000) as trace:
        defs = trace.definitions
        locations, world = define_ranks(defs)
        regions = {name: defs.region(name, paradigm=Paradigm.MPI, region_role=role) for name, role in (
            ("MPI_Init", RegionRole.FUNCTION), ("MPI_Finalize", RegionRole.FUNCTION),
            ("MPI_Alltoallv", RegionRole.COLL_ALL2ALL), ("MPI_Alltoallw", RegionRole.COLL_ALL2ALL))}
        for location in locations:
            w = trace.event_writer_from_location(location)
            t = 1000
            w.enter(t, regions["MPI_Init"])
            w.leave(t + 10, regions["MPI_Init"])
            for name, op in (("MPI_Alltoallv", CollectiveOp.ALLTOALLV), ("MPI_Alltoallw", CollectiveOp.ALLTOALLW)):
                t += 100
                w.enter(t, regions[name])
                w.mpi_collective_begin(t + 1)
                w.mpi_collective_end(t + 10, op, world, NO_ROOT, 100, 100)
                w.leave(t + 20, regions[name])
            t += 100
            w.enter(t, regions["MPI_Finalize"])
            w.leave(t + 10, regions["MPI_Finalize"])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    write(sys.argv[1])
