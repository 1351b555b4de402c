#!/usr/bin/env bash
# CBC (Debian coinor-cbc) on the naive 0-1 model against `blockcast solve`, one thread each,
# side by side (not part of ctest; takes minutes). Usage:
#   bash tests/bench/cbc/run.sh [build/cli/blockcast] [--limit 60] [--instances "3:23 4:29"]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/cli/blockcast}
shift || true
echo "machine: $(nproc) cores, $(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2), $(cbc -quit 2>/dev/null | grep -m1 Version || echo cbc)"
exec python3 "$here/bench.py" "$bin" "$@"
