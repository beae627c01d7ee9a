#!/usr/bin/env python3
"""Writes a random one-sided trace of 2 to 4 ranks (docs/trace-format.md section 12) for tools/fidelity/lock_fuzz.sh:
passive-target epochs (win_lock of a random target, shared or exclusive; win_lock_all), transfers, flushes,
requests and their wait_rma, computations of dates that tie on tests/engine/private_links.xml. The same seed gives
the same trace.

usage: lock_traces.py SEED"""
import random
import sys


def rank_lines(r, n, rng):
    lines = [f"{r} win_create 1"]
    in_flight = {}  # target -> requests not waited (wait_rma names one of them)
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["lock", "lock_all", "compute", "lock"])
        if kind == "compute":
            lines.append(f"{r} compute {rng.choice([1e6, 2000320, 1000160, 5e6, 0])}")
        elif kind == "lock":
            t = rng.randrange(n)
            lines.append(f"{r} win_lock 1 {t} {rng.choice(['exclusive', 'shared'])}")
            for _ in range(rng.randint(0, 3)):
                op = rng.choice(["put", "get", "accumulate", "compute", "flush", "rput", "wait"])
                if op == "compute":
                    lines.append(f"{r} compute {rng.choice([1e6, 1000160, 3e6])}")
                elif op == "flush":
                    lines.append(f"{r} win_flush 1 {t}")
                elif op == "wait":
                    if in_flight.get(t, 0) > 0:
                        lines.append(f"{r} wait_rma 1 {t} {rng.randrange(in_flight[t])}")
                        in_flight[t] -= 1
                else:
                    lines.append(f"{r} {op} 1 {t} {rng.choice([0, 8, 1000, 100000])}")
                    in_flight[t] = in_flight.get(t, 0) + (op == "rput")
            lines.append(f"{r} win_unlock 1 {t}")
        else:
            lines.append(f"{r} win_lock_all 1")
            for _ in range(rng.randint(0, 3)):
                t = rng.randrange(n)
                op = rng.choice(["put", "get", "compute", "flush", "flush_all", "rget"])
                if op == "compute":
                    lines.append(f"{r} compute {rng.choice([1e6, 1000160])}")
                elif op == "flush":
                    lines.append(f"{r} win_flush 1 {t}")
                elif op == "flush_all":
                    lines.append(f"{r} win_flush_all 1")
                else:
                    lines.append(f"{r} {op} 1 {t} {rng.choice([0, 1000, 100000])}")
                    in_flight[t] = in_flight.get(t, 0) + (op == "rget")
            lines.append(f"{r} win_unlock_all 1")
    lines.append(f"{r} win_free 1")
    return lines


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    rng = random.Random(int(sys.argv[1]))
    n = rng.choice([2, 3, 4])
    print("\n".join(line for r in range(n) for line in rank_lines(r, n, rng)))
