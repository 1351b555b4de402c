#!/usr/bin/env bash
# Runs every libFuzzer harness of a -DBLOCKCAST_FUZZ=ON build for a bounded time each
# (docs/fuzzing.md). Usage: tests/fuzz/run.sh BUILD_DIR [SECONDS_PER_HARNESS] [HARNESS...]
# The committed seed corpus (tests/fuzz/corpus/<harness>) is only read; new inputs go to a
# scratch corpus under BUILD_DIR/fuzz-work. Exit 1 if any harness reports a finding (crash,
# sanitizer report, uncaught exception, timeout, memory limit); its input is kept there.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$(cd "${1:?usage: run.sh BUILD_DIR [SECONDS] [HARNESS...]}" && pwd)"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
harnesses=("$@")
# Default: every harness the build has (tests/fuzz/CMakeLists.txt), so a new one is run too.
if [ ${#harnesses[@]} -eq 0 ]; then
  for f in "$build"/tests/fuzz/fuzz_*; do [ -x "$f" ] && [ -f "$f" ] && harnesses+=("$(basename "$f")"); done
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=0
for h in "${harnesses[@]}"; do
  bin="$build/tests/fuzz/$h"
  work="$build/fuzz-work/$h"
  mkdir -p "$work/corpus" "$work/findings"
  log="$work/log.txt"
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$work/findings/" "$work/corpus" "$here/corpus/$h" >"$log" 2>&1
  rc=$?
  runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -1)
  if [ $rc -ne 0 ]; then
    failed=1
    echo "FUZZ $h: FINDING (exit $rc), input in $work/findings/"
    grep -E -A25 'ERROR: |runtime error|terminate called|deadly signal' "$log" | head -60
  else
    echo "FUZZ $h: ok, ${runs:-no summary}s ($(ls "$work/corpus" | wc -l) inputs in the scratch corpus)"
  fi
done
exit $failed
