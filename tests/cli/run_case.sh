#!/bin/sh
# CLI contract test runner: runs ONE case of a case table (tests/cli/cases.tsv, whose header
# says what the columns mean; tests/cli/cases.cmake registers one ctest entry per case).
# The command is run by `sh -c` in an emptied per-case scratch directory, with stdout and
# stderr captured together; the case passes when the exit code is the expected one and the
# output passes the check. POSIX sh and standard tools only.
# Usage: run_case.sh TABLE CASE BLOCKCAST TESTS_SRC SCRATCH FIXTURE_DIR MPIEXEC
#   FIXTURE_DIR and MPIEXEC are "-" when the case has no fixture / the build has no MPI.
table=$1 id=$2 bin=$3 src=$4 tmp=$5 fix=$6 mpiexec=$7
tab=$(printf '\t')

fail() { echo "case $id: $*"; exit 1; }

# The case's line: the first field is the name (comments and blank lines never match).
line=$(awk -F '\t' -v n="$id" '$1 == n { print; found = 1; exit } END { exit !found }' "$table") ||
  fail "not found in $table"
IFS=$tab read -r _name props want check pattern cmd <<EOF
$line
EOF

# Every occurrence of $2 in $1 replaced by $3 (no sed: paths may hold any character).
replace() {
  rest=$1 done_=
  while :; do
    case $rest in
      *"$2"*) done_=$done_${rest%%"$2"*}$3; rest=${rest#*"$2"} ;;
      *) break ;;
    esac
  done
  printf '%s' "$done_$rest"
}
mpirun="env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 $mpiexec --oversubscribe"
for p in "@BIN@=$bin" "@SRC@=$src" "@DATA@=$src/data" "@BAD@=$src/data/bad" "@TMP@=$tmp" "@FIX@=$fix" \
         "@MPIEXEC@=$mpiexec" "@MPIRUN@=$mpirun"; do
  cmd=$(replace "$cmd" "${p%%=*}" "${p#*=}")
done

# Fresh scratch directory; a fixture's setup case finds no directory (its command makes it).
if ! { rm -rf "$tmp" && mkdir -p "$tmp"; }; then fail "cannot create $tmp"; fi
case ",$props," in
  *,setup=*) rm -rf "$fix" || fail "cannot remove $fix" ;;
esac

out=$(cd "$tmp" && sh -c "$cmd" 2>&1 < /dev/null)
got=$?

report() {
  echo "case $id: $*"
  echo "command: $cmd"
  echo "exit code $got; output:"
  printf '%s\n' "$out" | head -n 40
  exit 1
}
[ "$got" -eq "$want" ] || report "exit code $got, expected $want"
case $check in
  none) ;;
  one)
    [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || report "expected one line of output"
    case $out in *"$pattern"*) ;; *) report "the line does not contain '$pattern'" ;; esac ;;
  has)
    case $out in *"$pattern"*) ;; *) report "output does not contain '$pattern'" ;; esac ;;
  first)
    first=$(printf '%s\n' "$out" | head -n 1)
    case $first in *"$pattern"*) ;; *) report "first line does not contain '$pattern'" ;; esac ;;
  line:*)
    regex=${check#line:}
    sel=$(printf '%s\n' "$out" | grep -- "$regex" | head -n 1)
    [ -n "$sel" ] || report "no line matches '$regex'"
    case $sel in *"$pattern"*) ;; *) report "the line matching '$regex' does not contain '$pattern'" ;; esac ;;
  regex)
    printf '%s\n' "$out" | grep -q -- "$pattern" || report "no line matches '$pattern'" ;;
  *) fail "unknown check '$check'" ;;
esac
exit 0
