#!/usr/bin/env python3
"""What each core did while a program's ranks ran (docs/accuracy.md, the twelfth session): from a perf record of
sched:sched_switch on every CPU, the share of each task on each core (idle included) between FROM and TO seconds
after COMM's first switch (by default its first to its last), its number of runs and their median length.

usage: perf record -e sched:sched_switch -a -o FILE.data -- COMMAND...      (as root)
       perf script -i FILE.data > FILE.txt
       tools/lab/core_share.py FILE.txt [COMM [FROM TO]]      (COMM: steps by default)
"""
import collections
import re
import sys

SWITCH = re.compile(r'\[(\d+)\]\s+([\d.]+):\s+sched:sched_switch:.*==> next_comm=(.*?) next_pid=(\d+)')


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    comm = argv[2] if len(argv) > 2 else 'steps'
    events = []  # (time, cpu, next task's name, next pid)
    with open(argv[1]) as text:
        for line in text:
            m = SWITCH.search(line)
            if m:
                events.append((float(m.group(2)), int(m.group(1)), m.group(3), int(m.group(4))))
    events.sort()
    if not any(e[2] == comm for e in events):
        sys.exit('core_share: no switch to %s in %s' % (comm, argv[1]))
    mine = [t for t, _, name, _ in events if name == comm]
    start = mine[0]
    first, last = (start + float(argv[3]), start + float(argv[4])) if len(argv) > 4 else (start, mine[-1])
    print('%s: from %.3f to %.3f s after its first switch (%.3f s)' % (comm, first - start, last - start, last - first))
    for cpu in sorted({e[1] for e in events}):
        seq = [(t, name, pid) for t, c, name, pid in events if c == cpu]
        share, runs = collections.Counter(), collections.defaultdict(list)
        for (t, name, pid), (end, _, _) in zip(seq, seq[1:]):
            overlap = min(end, last) - max(t, first)
            if overlap > 0:
                task = 'idle' if pid == 0 else name if name != comm else '%s[%d]' % (name, pid)
                share[task] += overlap
                runs[task].append(end - t)
        total = sum(share.values())
        if total > 0:
            print('cpu %d: ' % cpu + ', '.join(
                '%s %.1f%% (%d runs, median %.1f us)' % (task, 100 * s / total, len(runs[task]),
                                                        1e6 * sorted(runs[task])[len(runs[task]) // 2])
                for task, s in share.most_common(5)))


if __name__ == '__main__':
    main(sys.argv)
