#!/usr/bin/env python3
"""Summary of an SMPI broadcast sweep (run.sh; docs/mpi-smpi.md): per platform a markdown table
with, for each P and message size, the best SMPI MPI_Bcast algorithm and its simulated time,
blockcast's time and its ratio to the best, the bandwidth bound (bytes over the bandwidth one
message of the largest probed size gets, from the probe), blockcast's ratio to that bound, and
the plan's predicted time from the component's BLOCKCAST_BCAST_VERBOSE=1 lines; plus an SVG
plot of blockcast's ratio to the best SMPI algorithm over the message size (one line per
platform and P). Standard library only (no pandas or matplotlib needed).

Usage: summary.py RESULTS_DIR [--md FILE] [--svg FILE]   (defaults: DIR/summary.md, DIR/ratios.svg)
"""
import csv
import glob
import math
import os
import re
import sys

PLAN_LINE = re.compile(r'plan P=(\d+) bytes=(\d+) family=(\S+) K=(\d+) L=(\d+) predicted=([0-9.eE+-]+) s')


def read_times(path, wrong_jobs):
    """{(platform, P, bytes): {method: seconds}} of the verified (or shared-buffer) lines; a
    job that delivered a wrong byte at any size is left out at every size."""
    times = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            if int(row['verified']) < 0 or '%s P=%s %s' % (row['platform'], row['P'], row['method']) in wrong_jobs:
                continue
            key = (row['platform'], int(row['P']), int(row['bytes']))
            times.setdefault(key, {})[row['method']] = float(row['seconds'])
    return times


def read_jobs(path):
    """The SMPI algorithms that failed, timed out or delivered wrong bytes: {status: [job]}."""
    bad = {}
    if os.path.exists(path):
        with open(path) as f:
            for row in csv.DictReader(f):
                if row['status'] != 'ok':
                    bad.setdefault(row['status'], []).append('%s P=%s %s' % (row['platform'], row['P'], row['method']))
    return bad


def read_bandwidth(directory):
    """{platform: bytes per second of one message of the largest probed size}."""
    bandwidth = {}
    for path in glob.glob(os.path.join(directory, 'probe-*.csv')):
        rows = [r for r in csv.reader(open(path)) if len(r) == 5 and r[3] == 'one_way']
        if rows:
            largest = max(rows, key=lambda r: int(r[2]))
            bandwidth[largest[0]] = int(largest[2]) / float(largest[4])
    return bandwidth


def read_plans(directory):
    """{(platform, P, method, bytes): (family, K, L, predicted)} from the verbose stderr (the
    component plans at each message's exact size)."""
    plans = {}
    for path in glob.glob(os.path.join(directory, 'parts', '*-blockcast*.err')):
        name = os.path.basename(path)[:-4]
        platform, P, method = name.split('-', 2)
        for match in PLAN_LINE.finditer(open(path, errors='replace').read()):
            plans[(platform, int(P), method, int(match.group(2)))] = (
                match.group(3), int(match.group(4)), int(match.group(5)), float(match.group(6)))
    return plans


def size_text(n):
    for unit, shift in (('MiB', 20), ('KiB', 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return '%d %s' % (n >> shift, unit)
    return '%d B' % n


def us(seconds):
    return '%.1f' % (seconds * 1e6)


def table(platform, times, bandwidth, plans):
    keys = [k for k in times if k[0] == platform]
    variants = ['blockcast'] + [m for m in ('blockcast-calibrated', 'blockcast-small', 'blockcast-large')
                                if any(m in times[k] for k in keys)]
    header = ['P', 'bytes', 'best SMPI', 'time us'] + [h for m in variants for h in (m + ' us', 'ratio')] + [
        'bound us', 'blockcast / bound', 'plan (family K L)', 'predicted us', 'simulated / predicted']
    lines = ['### %s' % platform, '', '| ' + ' | '.join(header) + ' |', '|' + '---|' * len(header)]
    ratios = []
    for (p, P, n) in sorted(keys):
        methods = times[(p, P, n)]
        smpi = {m: s for m, s in methods.items() if not m.startswith('blockcast')}
        best = min(smpi, key=smpi.get) if smpi else None
        cells = [str(P), size_text(n), best or '-', us(smpi[best]) if best else '-']
        for method in variants:
            if method in methods and best:
                cells += [us(methods[method]), '%.2f' % (methods[method] / smpi[best])]
                if method == 'blockcast':
                    ratios.append((P, n, methods[method] / smpi[best]))
            else:
                cells += [us(methods[method]) if method in methods else '-', '-']
        bound = n / bandwidth[platform] if platform in bandwidth else None
        cells += [us(bound) if bound else '-',
                  '%.2f' % (methods['blockcast'] / bound) if bound and 'blockcast' in methods else '-']
        plan = plans.get((p, P, 'blockcast', n))
        if plan and 'blockcast' in methods:
            cells += ['%s %d %d' % plan[:3], us(plan[3]), '%.2f' % (methods['blockcast'] / plan[3])]
        else:
            cells += ['-', '-', '-']
        lines.append('| ' + ' | '.join(cells) + ' |')
    return lines + [''], ratios


def svg(series, path):
    """Lines of blockcast / best SMPI over log2(bytes), one per (platform, P)."""
    width, height, left, right, top, bottom = 760, 420, 60, 190, 20, 40
    points = [pt for _, pts in series for pt in pts]
    if not points:
        return
    xs = [math.log2(n) for n, _ in points]
    # A log2 scale for the ratio: 0.5 and 2 are as far from 1; grid lines at powers of 2.
    y_lo = 2 ** math.floor(math.log2(min(0.5, min(r for _, r in points))))
    y_hi = 2 ** math.ceil(math.log2(max(2.0, max(r for _, r in points))))
    x_lo, x_hi = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1

    def X(n):
        return left + (math.log2(n) - x_lo) / (x_hi - x_lo) * (width - left - right)

    def Y(r):
        fraction = (math.log2(r) - math.log2(y_lo)) / (math.log2(y_hi) - math.log2(y_lo))
        return height - bottom - fraction * (height - top - bottom)

    colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22', '#000000', '#aec7e8']
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="14">blockcast / best SMPI MPI_Bcast (simulated time; below 1: blockcast faster)</text>' % left]
    r = y_lo
    while r <= y_hi:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s"/>' % (left, width - right, Y(r), Y(r), '#888' if r == 1 else '#eee'))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>' % (left - 4, Y(r) + 4, r))
        r *= 2
    for e in range(int(x_lo), int(x_hi) + 1, 2):
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (X(2 ** e), height - bottom + 14, size_text(2 ** e)))
    for i, (label, pts) in enumerate(series):
        colour = colours[i % len(colours)]
        path_points = ' '.join('%.1f,%.1f' % (X(n), Y(q)) for n, q in sorted(pts))
        out.append('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>' % (colour, path_points))
        out.append('<text x="%d" y="%d" fill="%s">%s</text>' % (width - right + 8, top + 14 * (i + 1), colour, label))
    out.append('</svg>')
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')


def main(argv):
    if not argv or argv[0].startswith('-'):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    directory = argv[0]
    md = argv[argv.index('--md') + 1] if '--md' in argv else os.path.join(directory, 'summary.md')
    svg_path = argv[argv.index('--svg') + 1] if '--svg' in argv else os.path.join(directory, 'ratios.svg')
    bad = read_jobs(os.path.join(directory, 'jobs.csv'))
    try:
        times = read_times(os.path.join(directory, 'bcast.csv'), set(bad.get('wrong', [])))
    except (OSError, KeyError, ValueError) as error:
        print('summary.py: cannot read %s/bcast.csv: %s' % (directory, error), file=sys.stderr)
        return 2
    bandwidth, plans = read_bandwidth(directory), read_plans(directory)
    lines, series = ['# SMPI broadcast comparison', '',
                     'Simulated times in microseconds (the median of 3 repetitions after a warm-up call; '
                     'the slowest rank). ratio = blockcast / the best SMPI algorithm at that P and size.', ''], []
    for platform in sorted({k[0] for k in times}):
        rows, ratios = table(platform, times, bandwidth, plans)
        lines += rows
        for P in sorted({P for P, _, _ in ratios}):
            series.append(('%s P=%d' % (platform, P), [(n, r) for q, n, r in ratios if q == P]))
    if bad:
        lines += ['Jobs that did not finish: a timeout keeps the sizes finished before it; a job with '
                  'a wrong byte is left out at every size.', '']
        lines += ['- %s: %s' % (status, ', '.join(jobs)) for status, jobs in sorted(bad.items())] + ['']
    with open(md, 'w') as f:
        f.write('\n'.join(lines))
    svg(series, svg_path)
    print('\n'.join(lines))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
