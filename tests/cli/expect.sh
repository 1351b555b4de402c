#!/bin/sh
# CLI contract test: run a blockcast command and require its exit code and that its output
# (stdout and stderr together) is exactly one line containing a pattern.
# Usage: expect.sh EXIT_CODE PATTERN COMMAND [ARGS...]
want=$1 pattern=$2
shift 2
out=$("$@" 2>&1)
got=$?
lines=$(printf '%s\n' "$out" | wc -l)
if [ "$got" -ne "$want" ]; then
  echo "exit code $got, expected $want; output:"; printf '%s\n' "$out"; exit 1
fi
if [ "$lines" -ne 1 ]; then
  echo "expected one line of output, got $lines:"; printf '%s\n' "$out"; exit 1
fi
case $out in
  *"$pattern"*) exit 0 ;;
  *) echo "output does not contain '$pattern':"; printf '%s\n' "$out"; exit 1 ;;
esac
