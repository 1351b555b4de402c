#!/usr/bin/env bash
# Comments and docs that name a repository file must name one that exists: a reader who
# follows "see trim_compose.cpp" or "docs/shapes.md" has to find it. Registered with ctest
# as file_references; run by hand with `bash tests/check_file_references.sh [SOURCE_DIR]`.
#
# Rules (kept simple on purpose):
#  - Scanned: every *.cpp, *.hpp and *.md file git tracks or does not ignore (`git ls-files
#    --cached --others --exclude-standard`, or `find` outside a git checkout), except
#    docs/history.md, which may name files that were removed since.
#    In C++ files only comments (from `//` to the end of the line) are read: `r.sh->x` is
#    code, and the compiler already checks #include lines.
#  - A reference is a token of letters, digits, `_ . / -` that ends in .cpp, .hpp, .md, .sh,
#    .py or .cmake (not followed by more of a name, as in x.cmake.in) and is not part of a
#    longer path or URL (a token right after `/`, `:` or `~` is not one; neither is one
#    right after `<`, as in a system include <boost/x.hpp>).
#  - It resolves if some such file is at that path from the top of the repository, from
#    the referring file's folder, or ends with "/" + that path (so "kitem/bounds.hpp" and
#    "bounds.hpp" both name engine/kitem/bounds.hpp).
#  - A token whose first folder is a placeholder in capitals (DIR/report.md, OUT/x.md) is
#    what a command writes, not a repository file, and is skipped. "x.hpp/.cpp" names both.
#  - Names that are not repository files (outputs a command writes, other projects' files)
#    go in the exception list below, one name a line.
# Exit 0 when every reference resolves; else 1, with one "file:line: name" line per miss.
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"

# Names that look like files but are not files of this repository.
exceptions='
report.md
results/report.md
summary.md
'
# Known stale references in files another change is editing; remove each line once fixed.
exceptions+='
search/best_schedule.hpp
search/every_p.hpp
tests/bench/smpi/results/README.md
results/README.md
'

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  all_files=$(git ls-files --cached --others --exclude-standard)
else
  all_files=$(find . -type f -not -path './build*' -not -path './.git/*' | sed 's|^\./||')
fi
scanned=$(printf '%s\n' "$all_files" | grep -E '\.(cpp|hpp|md)$' | grep -vx 'docs/history.md' || true)

# file:line:token for every candidate reference. The character before a token must not
# continue a path, so absolute paths and URLs never yield one.
refs=$(printf '%s\n' "$scanned" | while IFS= read -r f; do
  [ -f "$f" ] || continue
  case $f in
    *.md) awk '{ print NR ":" $0 }' "$f" ;;
    *) awk '{ i = index($0, "//"); if (i) print NR ":" substr($0, i) }' "$f" ;;
  esac | grep -oE '^[0-9]+:|(^|[^A-Za-z0-9_./~:<-])[A-Za-z0-9_][A-Za-z0-9_./-]*\.(cpp|hpp|md|sh|py|cmake)([^A-Za-z0-9_./-]|\.([^A-Za-z0-9_]|$)|$)' \
    | awk -v f="$f" '/^[0-9]+:$/ { line = substr($0, 1, length($0) - 1); next }
        { sub(/^[^A-Za-z0-9_]/, ""); sub(/[^A-Za-z0-9_]+$/, ""); print f ":" line ":" $0 }' || true
done)

printf '%s\n' "$refs" | awk -v exceptions="$exceptions" '
  function norm(p,   n, i, parts, out, k) {  # fold "a/./b" and "a/x/../b"
    n = split(p, parts, "/"); k = 0
    for (i = 1; i <= n; i++) {
      if (parts[i] == "." || parts[i] == "") continue
      if (parts[i] == ".." && k > 0) { k--; continue }
      out[++k] = parts[i]
    }
    p = ""; for (i = 1; i <= k; i++) p = p (i > 1 ? "/" : "") out[i]
    return p
  }
  BEGIN {
    n = split(exceptions, ex, "\n"); for (i = 1; i <= n; i++) if (ex[i] != "") skip[ex[i]] = 1
    bad = 0
  }
  FNR == NR {  # the first input: every repository file, one path a line
    if ($0 == "") next
    have[$0] = 1
    m = split($0, seg, "/"); s = seg[m]; suffix[s] = 1
    for (j = m - 1; j >= 1; j--) { s = seg[j] "/" s; suffix[s] = 1 }
    next
  }
  NF == 0 { next }
  {
    f = $0; sub(/:.*/, "", f)
    rest = substr($0, length(f) + 2); line = rest; sub(/:.*/, "", line)
    tok = substr(rest, length(line) + 2); sub(/[.\/-]+$/, "", tok)
    if (tok == "" || (tok in skip) || tok ~ /^[A-Z][A-Z_]*\//) next
    dir = f; if (dir ~ /\//) sub(/\/[^\/]*$/, "", dir); else dir = ""
    n = 1; name[1] = tok
    if (match(tok, /\.[a-z]+\/\.[a-z]+$/)) {  # "x.hpp/.cpp" names x.hpp and x.cpp
      base = substr(tok, 1, RSTART - 1); e = substr(tok, RSTART); split(e, ext, "/")
      name[1] = base ext[1]; name[2] = base ext[2]; n = 2
    }
    for (i = 1; i <= n; i++) {
      t = norm(name[i])
      if ((t in have) || (t in suffix) || (norm(dir "/" name[i]) in have)) continue
      printf "%s:%s: %s does not exist\n", f, line, name[i]
      bad = 1
    }
  }
  END { exit bad }
' <(printf '%s\n' "$all_files") -
