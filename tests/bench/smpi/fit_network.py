#!/usr/bin/env python3
"""Fits LogGP parameters (Alexandrov, Ionescu, Schauser, Scheiman, SPAA 1995) to the probe
lines of the SMPI driver (bcast_driver.so probe; tests/bench/smpi, docs/mpi-smpi.md) and
prints the BLOCKCAST_NETWORK string the blockcast component reads.

Input lines: platform,P,bytes,kind,seconds with kind one_way (half a ping-pong), stream_gap
(time per extra message of a nonblocking stream), blocking_gap, send_return.

SMPI's default network model multiplies the link latency by a factor that depends on the
message size (smpi/lat-factor: about 2 below 64 KiB, 11.6 from 64 KiB on) and scales the
bandwidth (smpi/bw-factor, 0.94 from 64 KiB on), so one LogGP quadruple cannot fit every size.
The fit uses the sizes from `--from` bytes on (default 64 KiB: a pipelined broadcast's segments
are that large): gap_per_byte = the slope of stream_gap over bytes (least squares), latency =
the mean of one_way - bytes * gap_per_byte there, overhead = send_return of the smallest size
(the sender's cost of an eager send), gap = stream_gap of the smallest fitted size. That gap
tells the plan that a segment below `--from` bytes is no cheaper than one of `--from` bytes:
below 64 KiB SMPI gives a message 0.58-0.70 of the link bandwidth (smpi/bw-factor) and sends
it eagerly (detached: the send completes at once, so the component's window of sends in flight
no longer paces the sender); docs/mpi-smpi.md shows what smaller segments cost. With --all the
small-message fit (sizes below --from, gap of the smallest size) is printed as a comment too.
Usage: fit_network.py PROBE.csv [--from BYTES] [--all]
"""
import csv
import sys


def read_probe(path):
    rows = {}
    with open(path) as f:
        for line in csv.reader(f):
            if not line or line[0].startswith('#'):
                continue
            _, _, size, kind, seconds = line
            rows.setdefault(kind, {})[int(size)] = float(seconds)
    return rows


def slope(points):
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx > 0 else 0.0


def fit(rows, lo, hi):
    sizes = sorted(s for s in rows['one_way'] if lo <= s < hi)
    if len(sizes) < 2:
        raise ValueError('need two probe sizes in [%d, %d)' % (lo, hi))
    per_byte = max(slope([(s, rows['stream_gap'][s]) for s in sizes]), 0.0)
    latency = sum(rows['one_way'][s] - s * per_byte for s in sizes) / len(sizes)
    smallest = min(rows['send_return'])
    return {'latency': max(latency, 0.0), 'overhead': rows['send_return'][smallest],
            'gap': rows['stream_gap'][sizes[0]], 'gap_per_byte': per_byte}


def network_string(network):
    return ','.join('%s=%.4g' % (key, network[key]) for key in ('latency', 'overhead', 'gap', 'gap_per_byte'))


def main(argv):
    if not argv or argv[0].startswith('-'):
        print('usage: fit_network.py PROBE.csv [--from BYTES] [--all]', file=sys.stderr)
        return 2
    lo = 65536
    if '--from' in argv:
        lo = int(argv[argv.index('--from') + 1])
    try:
        rows = read_probe(argv[0])
        if '--all' in argv:
            print('# below %d bytes: %s' % (lo, network_string(fit(rows, 1, lo))))
        print(network_string(fit(rows, lo, 1 << 62)))
    except (OSError, ValueError, KeyError) as error:
        print('fit_network.py: %s' % error, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
