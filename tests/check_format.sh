#!/usr/bin/env bash
# Formatting check for the files in tests/format_files.txt: each must be unchanged by
# clang-format with the top-level .clang-format (`clang-format --dry-run --Werror`). Only
# the listed files are checked, so the style is enforced going forward without a mass
# reformat of existing code. Registered with ctest as format_check.
# Usage: bash tests/check_format.sh [SOURCE_DIR] [CLANG_FORMAT]
# Exit 0 when every listed file is formatted; 1 naming each file that is not (and what
# clang-format would change); 2 when a listed file is missing; 77 (ctest: skipped) when
# clang-format is not installed.
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
clang_format=${2:-clang-format}
cd "$root" || exit 2
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "check_format: $clang_format not found, skipped"
  exit 77
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
status=0
while IFS= read -r line; do
  f=${line%%#*}
  f=$(echo "$f" | tr -d '[:space:]')
  [ -n "$f" ] || continue
  if [ ! -f "$f" ]; then
    echo "check_format: $f is listed in tests/format_files.txt but does not exist"
    status=2
    continue
  fi
  if ! "$clang_format" --style=file --dry-run --Werror "$f" 2>"$tmp"; then
    echo "check_format: $f is not formatted (run: clang-format -i $f):"
    head -20 "$tmp"
    [ $status -eq 0 ] && status=1
  fi
done < tests/format_files.txt
exit $status
