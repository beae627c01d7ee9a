#!/usr/bin/env python3
"""Remakes a what-if campaign's predictions with other replay options, keeping its measured times.

usage: tools/lab/repredict.py BUILD_DIR OUT.md WORK_DIR[:APP,APP...]... [-- REPLAY_OPTION...]

Each WORK_DIR is one of tools/lab/whatif.sh (its rows.txt, calibrations cal_*/, hostfiles and each application's
traces, one per wave); `:APP,...` keeps those applications' rows only. Every row is predicted again as whatif.sh
predicts it (from the trace of each wave it was measured in, the median kept; the calibration's options, --select
ompi, the cpu50 rows' host.quota), plus the options after `--`.
Prints each row's old and new error on stderr; writes OUT.md: markdown rows (configuration, measured, new
prediction, error, old prediction), then Kendall's tau per application and the count of rows within 10%.
"""
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile


def main(argv):
    extra = argv[argv.index('--') + 1:] if '--' in argv else []
    args = argv[:argv.index('--')] if '--' in argv else argv
    if len(args) < 3:
        sys.exit(__doc__)
    build, out, works = os.path.abspath(args[0]), args[1], args[2:]
    rows = []
    summary = os.path.join(tempfile.mkdtemp(prefix='repredict.'), 'summary.json')
    for spec in works:
        work, _, only = spec.partition(':')
        for line in open(os.path.join(work, 'rows.txt')):
            f = [x.strip() for x in line.strip().strip('|').split('|')]
            app, config, measured, old = f[0], f[1], f[2], f[3]
            if only and app not in only.split(','):
                continue
            shape, net = config.split(':')
            options = []
            if net == 'cpu50':
                net, options = 'unshaped', ['--set', 'host.quota@node-1=0.5']
            calibration = open(os.path.join(work, f'cal_{net}', 'lab.opt')).read().split()
            ranks = 4 if shape == '2x2' else 2
            # the waves it was measured in (1 when it was not measured: its first prediction only)
            waves = 1 if measured.startswith('not') else len(measured.split('(')[1].split(','))
            predictions = []
            for wave in range(1, waves + 1):
                command = [os.path.join(build, 'tireplay'), 'replay', '--platform', f'cal_{net}/lab.xml',
                           '--hostfile', f'hosts_{shape}.txt', '--trace', f'{app}/trace{ranks}.{wave}/ti/trace.txt',
                           *calibration, '--select', 'ompi', *options, *extra, '-q', '--json', summary]
                run = subprocess.run(command, cwd=work, capture_output=True, text=True)
                if run.returncode != 0:
                    sys.exit(f'{app} {config}: the replay failed: {run.stderr.strip()}')
                predictions.append(json.load(open(summary))['simulated_time'])
            new = statistics.median(predictions)
            old = old.split()[0]
            m = None if measured.startswith('not') else float(measured.split()[0])
            rows.append((app, config, measured, old, new, m))
            if m is not None:
                print(f'{app:10} {config:14} measured {m:8.3f}  predicted {new:8.3f} ({100 * (new - m) / m:+6.1f}%),'
                      f' before {old}', file=sys.stderr)
    with open(out, 'w') as o:
        for app, config, measured, old, new, m in rows:
            if m is None:
                o.write(f'| {app} | {config.replace(":", " ")} | not measured | {new:.3f} | | {old} |\n')
                continue
            error = f'{100 * (new - m) / m:+.1f}%'
            o.write(f'| {app} | {config.replace(":", " ")} | {measured} | {new:.3f} | '
                    f'{"**" + error + "**" if abs(new - m) > 0.1 * m else error} | {old} |\n')
        for app in dict.fromkeys(r[0] for r in rows):
            points = [(r[4], r[5]) for r in rows if r[0] == app and r[5] is not None]
            pairs = list(itertools.combinations(points, 2))
            score = sum((p1 - p2) * (m1 - m2) > 0 for (p1, m1), (p2, m2) in pairs) - \
                sum((p1 - p2) * (m1 - m2) < 0 for (p1, m1), (p2, m2) in pairs)
            o.write(f'tau {app} {score / len(pairs):.3f}\n' if pairs else f'tau {app} -\n')
        measured_rows = [r for r in rows if r[5] is not None]
        within = sum(abs(r[4] - r[5]) <= 0.1 * r[5] for r in measured_rows)
        o.write(f'within 10%: {within} of {len(measured_rows)}\n')


if __name__ == '__main__':
    main(sys.argv[1:])
