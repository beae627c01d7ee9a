#!/usr/bin/env python3
"""Replays a ping-pong of each size of a ping-pong table on a platform and compares the replayed round trip with the
table's: the check that a calibration (`tireplay calibrate pingpong` or `factors`) reproduces what it was fitted on.

usage: check_pingpong.py TIREPLAY PLATFORM TABLE [--max-error 0.02] [--hosts A,B] [-- extra replay options]

TABLE: "SIZE TIME" lines (bytes, round-trip seconds or with ns, us, ms, s), or SKaMPI's "count=" lines
(microseconds). Each size becomes a two-rank time-independent trace (rank 0 sends SIZE bytes to rank 1, which sends
them back), replayed with `tireplay replay --platform PLATFORM` on hosts A and B (default: the platform's first two).
Prints one line per size and exits 1 when a replayed time is off by more than --max-error (relative)."""
import json
import os
import subprocess
import sys
import tempfile

TIME = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1}


def seconds(text):
    for unit in ("ns", "us", "ms", "s"):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * TIME[unit]
    return float(text)


def read_table(path):
    rows = []
    for line in open(path):
        fields = line.split("#")[0].replace(",", " ").split()
        if not fields:
            continue
        if fields[0] == "count=":
            rows.append((int(fields[1]), float(fields[3]) * 1e-6))
        else:
            try:
                rows.append((int(float(fields[0])), seconds(fields[1])))
            except ValueError:
                continue  # a header
    return rows


def replayed(tireplay, platform, size, extra, work):
    trace = os.path.join(work, "pingpong.txt")
    with open(trace, "w") as t:
        t.write(f"0 init\n0 send 1 0 {size}\n0 recv 1 0 {size}\n0 finalize\n"
                f"1 init\n1 recv 0 0 {size}\n1 send 0 0 {size}\n1 finalize\n")
    summary = os.path.join(work, "summary.json")
    subprocess.run([tireplay, "replay", "--platform", platform, "--trace", trace, "--quiet", "--json", summary] + extra,
                   check=True)
    return json.load(open(summary))["simulated_time"]


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[: args.index("--")]
    max_error = 0.02  # as `tireplay calibrate pingpong --max-error`: its own fits pass their check
    if "--max-error" in args:
        i = args.index("--max-error")
        max_error = float(args[i + 1])
        del args[i: i + 2]
    hosts = None
    if "--hosts" in args:
        i = args.index("--hosts")
        hosts = args[i + 1].split(",")
        del args[i: i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    tireplay, platform, table = args
    worst = 0
    print(f"{'size':>10} {'measured (s)':>14} {'replayed (s)':>14} {'error':>9}")
    with tempfile.TemporaryDirectory() as work:
        if hosts:
            with open(os.path.join(work, "hosts.txt"), "w") as h:
                h.write("\n".join(hosts) + "\n")
            extra = ["--hostfile", os.path.join(work, "hosts.txt")] + extra
        for size, measured in read_table(table):
            got = replayed(tireplay, platform, size, extra, work)
            error = (got - measured) / measured
            worst = max(worst, abs(error))
            print(f"{size:>10} {measured:>14.6g} {got:>14.6g} {100 * error:>8.4f}%")
    print(f"largest error: {100 * worst:.4f}% (allowed: {100 * max_error:g}%)")
    return 0 if worst <= max_error else 1


if __name__ == "__main__":
    sys.exit(main())
