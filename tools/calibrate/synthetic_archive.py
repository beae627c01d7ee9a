#!/usr/bin/python3
"""Writes the OTF2 archive of a synthetic instrumented run with a PAPI_FP_OPS flop counter, whose ranks compute at
known flop rates, for the flop-rate calibration test (tests/cli/calibrate.sh): `otf2ti ARCHIVE --bursts FILE`
then `tireplay calibrate flops FILE` must give back the rates. Needs Debian's python3-otf2 (run it with
/usr/bin/python3).

The run, timestamps in ns: each rank r enters and leaves MPI_Init, then BURSTS times computes a burst of f flops
(drawn from the seed) in f / (RATE_r x RUN_FACTOR) seconds and calls MPI_Allreduce (8 bytes) for 20 us, then
MPI_Finalize. The counter is sampled at each MPI call's entry and exit, as a tracer with PAPI does.

usage: synthetic_archive.py DIRECTORY RATE_0,RATE_1,... [BURSTS [RUN_FACTOR [SEED]]]"""
import random
import sys

import otf2
from otf2.enums import CollectiveOp, GroupType, MetricMode, Paradigm, RegionRole, Type

NO_ROOT = 0xFFFFFFFF


def write(directory, rates, bursts, run_factor, seed):
    rng = random.Random(seed)
    with otf2.writer.open(directory, timer_resolution=1000000000) as trace:
        defs = trace.definitions
        node = defs.system_tree_node("machine")
        locations = [defs.location("Master thread", group=defs.location_group(f"MPI Rank {r}", system_tree_parent=node))
                     for r in range(len(rates))]
        defs.group("MPI", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locations)
        world = defs.comm("MPI_COMM_WORLD", group=defs.group("", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                             members=list(range(len(rates)))))
        counter = defs.metric("PAPI_FP_OPS", unit="flops", value_type=Type.UINT64,
                              metric_mode=MetricMode.ACCUMULATED_START)

        def region(name, role):
            return defs.region(name, paradigm=Paradigm.MPI, region_role=role)

        init, fin = region("MPI_Init", RegionRole.FUNCTION), region("MPI_Finalize", RegionRole.FUNCTION)
        allreduce = region("MPI_Allreduce", RegionRole.COLL_ALL2ALL)
        for rank, location in enumerate(locations):
            w = trace.event_writer_from_location(location)
            flops, t = 0, 1000

            def call(reg, duration, collective=False):
                nonlocal t
                w.metric(t, counter, flops)
                w.enter(t, reg)
                if collective:
                    w.mpi_collective_begin(t + 1)
                    w.mpi_collective_end(t + duration - 1, CollectiveOp.ALLREDUCE, world, NO_ROOT, 8, 8)
                w.metric(t + duration, counter, flops)
                w.leave(t + duration, reg)
                t += duration

            call(init, 1000)
            for _ in range(bursts):
                burst = rng.randint(10 ** 5, 10 ** 7)
                flops += burst
                t += round(burst / (rates[rank] * run_factor) * 1e9)
                call(allreduce, 20000, collective=True)
            call(fin, 1000)


if __name__ == "__main__":
    if not 3 <= len(sys.argv) <= 6:
        sys.exit(__doc__)
    write(sys.argv[1], [float(r) for r in sys.argv[2].split(",")], int(sys.argv[3]) if len(sys.argv) > 3 else 20,
          float(sys.argv[4]) if len(sys.argv) > 4 else 1.0, int(sys.argv[5]) if len(sys.argv) > 5 else 1)
