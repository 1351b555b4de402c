#!/bin/sh
# Crash-safe outputs and resume: >= 50 seeded SIGKILLs over
# `conjecture --resume`, `table --resume --out` and `kbroadcast --out`; after each, every file
# present must parse and verify, and each folder, finished without a kill, must give the
# uninterrupted run's results (tests/bench/kill_outputs.py says what is checked).
# Usage: tests/bench/kill_outputs.sh [BLOCKCAST [WORKDIR]] [--kills N] [--seed S]
#   defaults: build/cli/blockcast, /tmp/blockcast-kill, 60 kills, a random seed (printed).
# ctest runs the same check with 3 kills (robust_kill_outputs).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bc=build/cli/blockcast work=/tmp/blockcast-kill
case ${1:-} in -*|'') ;; *) bc=$1; shift ;; esac
case ${1:-} in -*|'') ;; *) work=$1; shift ;; esac
exec python3 "$here/kill_outputs.py" "$bc" "$work" "$@"
