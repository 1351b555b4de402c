#!/bin/sh
# CLI contract test for multi-line fat-tree output: run a command, require its exit code and
# that its output (stdout and stderr together) contains a pattern.
# Usage: expect_exit.sh EXIT_CODE PATTERN COMMAND [ARGS...]
want=$1 pattern=$2
shift 2
out=$("$@" 2>&1)
got=$?
if [ "$got" -ne "$want" ]; then
  echo "exit code $got, expected $want; output:"; printf '%s\n' "$out" | head -20; exit 1
fi
case $out in
  *"$pattern"*) exit 0 ;;
  *) echo "output does not contain '$pattern':"; printf '%s\n' "$out" | head -20; exit 1 ;;
esac
