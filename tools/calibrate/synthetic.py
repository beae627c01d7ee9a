#!/usr/bin/env python3
"""Synthetic calibration tables generated from known parameter values, so that `tireplay calibrate` can be checked
to recover them (tests/cli/calibrate.sh; docs/calibration.md). Plain Python 3, no module beyond the standard library.

  synthetic.py pingpong --latency 16.67us --bandwidth 125MBps [--lat-factor SPEC --bw-factor SPEC] [--sizes ...]
      A ping-pong table "SIZE ROUND_TRIP_SECONDS" as tireplay's replay gives it on the cluster that
      `calibrate pingpong` writes: each link and the switch of latency L, links of bandwidth B, SMPI's factors:
        T(m) = 2 (3 L lat_factor(p) + p / (min(B, TCP_gamma / (6 L)) bw_factor(p))),  p = m + 16
      (a factor applies to payloads above its threshold; SimGrid's smpi/lat-factor, smpi/bw-factor syntax).
      --levels L2,L3,... adds the hierarchy: the table of level k (--level k) is that of two nodes whose nearest
      common switch is at level k: one way 4 sum_{j<k} L_j + 3 L_k, factors and bandwidth alike.
  synthetic.py alltoall --gamma G --delta D --threshold M --alpha A --bandwidth B [--processes 40] [--sizes ...]
      An all-to-all table "PROCESSES SIZE SECONDS" from equation 5 of the all-to-all contention paper:
        T = (n - 1) (alpha + m beta gamma [+ delta if m >= M]),  beta = 1 / B
  synthetic.py bursts --rates R0,R1,... [--bursts 20] [--run-factor F] [--seed S]
      A bursts table "RANK FLOPS SECONDS" (as otf2ti --bursts writes it): rank r computes at R_r x F flop/s.

Times and rates take units: 16.67us, 4.93ms, 125MBps, 1Gbps. Sizes: a comma-separated list of bytes."""
import argparse
import random
import sys

TIME = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1}
RATE = {"Bps": 1, "kBps": 1e3, "MBps": 1e6, "GBps": 1e9, "bps": 0.125, "kbps": 125, "Mbps": 1.25e5, "Gbps": 1.25e8}
ENVELOPE = 16  # bytes SMPI adds to every message (models/point_to_point.hpp)
TCP_GAMMA = 4194304  # SimGrid's network/TCP-gamma


def quantity(units):
    def parse(text):
        for unit in sorted(units, key=len, reverse=True):
            if text.endswith(unit):
                return float(text[: -len(unit)]) * units[unit]
        return float(text)
    return parse


def factors(spec):
    """SimGrid's "threshold:value;..." as a sorted list of (threshold, value)."""
    steps = [chunk.split(":") for chunk in spec.split(";") if chunk]
    return sorted((int(t), float(v)) for t, v in steps)


def factor_at(steps, payload):
    value = 1.0
    for threshold, v in steps:
        if payload <= threshold:
            return value
        value = v
    return value


def sizes_of(text, steps):
    if text:
        return [int(s) for s in text.split(",")]
    sizes = {0, 1} | {2 ** k for k in range(24)}
    for threshold, _ in steps:  # both sides of each segment boundary, and a point inside
        for m in (threshold - ENVELOPE, threshold - ENVELOPE + 1, threshold - ENVELOPE - 1):
            if m >= 0:
                sizes.add(m)
    return sorted(sizes)


def pingpong(a):
    lat, bw = factors(a.lat_factor), factors(a.bw_factor)
    latencies = [a.latency] + [quantity(TIME)(x) for x in a.levels.split(",") if x]
    k = a.level
    one_way_latency = 4 * sum(latencies[: k - 1]) + 3 * latencies[k - 1]
    rate = min(a.bandwidth, TCP_GAMMA / (2 * one_way_latency))
    print(f"# synthetic ping-pong, level {k}: one-way latency {one_way_latency:.9g} s, rate {rate:.9g} B/s")
    print("# size round_trip_seconds")
    for m in sizes_of(a.sizes, lat + bw):
        p = m + ENVELOPE
        one_way = one_way_latency * factor_at(lat, p) + p / (rate * factor_at(bw, p))
        print(f"{m} {2 * one_way:.12g}")


def alltoall(a):
    beta = 1 / a.bandwidth
    sizes = [int(s) for s in a.sizes.split(",")] if a.sizes else [2 ** k for k in range(8, 21)]
    print(f"# synthetic all-to-all: gamma {a.gamma}, delta {a.delta} s from M = {a.threshold} bytes, alpha {a.alpha} s")
    print("# processes size seconds")
    for n in [int(x) for x in a.processes.split(",")]:
        for m in sizes:
            T = (n - 1) * (a.alpha + m * beta * a.gamma + (a.delta if m >= a.threshold else 0))
            print(f"{n} {m} {T:.12g}")


def bursts(a):
    rng = random.Random(a.seed)
    rates = [float(r) for r in a.rates.split(",")]
    print(f"# synthetic bursts: ranks at {a.rates} flop/s x {a.run_factor}")
    print("# rank flops seconds")
    for rank, rate in enumerate(rates):
        for _ in range(a.bursts):
            flops = rng.randint(10 ** 5, 10 ** 8)
            print(f"{rank} {flops} {flops / (rate * a.run_factor):.12g}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("pingpong")
    p.add_argument("--latency", type=quantity(TIME), required=True, help="each link's and the switch's latency")
    p.add_argument("--bandwidth", type=quantity(RATE), required=True)
    p.add_argument("--lat-factor", default="0:1")
    p.add_argument("--bw-factor", default="0:1")
    p.add_argument("--levels", default="", help="latencies of levels 2, 3...")
    p.add_argument("--level", type=int, default=1)
    p.add_argument("--sizes", default="")
    p.set_defaults(run=pingpong)
    p = sub.add_parser("alltoall")
    p.add_argument("--gamma", type=float, required=True)
    p.add_argument("--delta", type=quantity(TIME), required=True)
    p.add_argument("--threshold", type=int, required=True)
    p.add_argument("--alpha", type=quantity(TIME), required=True)
    p.add_argument("--bandwidth", type=quantity(RATE), required=True)
    p.add_argument("--processes", default="40")
    p.add_argument("--sizes", default="")
    p.set_defaults(run=alltoall)
    p = sub.add_parser("bursts")
    p.add_argument("--rates", required=True)
    p.add_argument("--bursts", type=int, default=20)
    p.add_argument("--run-factor", type=float, default=1.0)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=bursts)
    a = parser.parse_args()
    a.run(a)


if __name__ == "__main__":
    sys.exit(main())
