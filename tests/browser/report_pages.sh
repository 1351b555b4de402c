#!/bin/sh
# Browser test of the reports: writes a report with blockcast, then renders it in
# headless Chromium with blockcast_render_check (console errors, failed loads, broken images,
# empty page fail the test) and leaves PNG screenshots in OUTDIR for a person to look at.
# usage: report_pages.sh KIND BLOCKCAST RENDER_CHECK CHROMIUM OUTDIR
#   KIND run: conjecture --L 3..10 --out OUTDIR/run; OUTDIR/run_report.png (whole page) and
#             OUTDIR/run_report_top.png (first 2200 px: the README picture, docs/images/)
#   KIND table: table --L 2..8 --P 2..300 --out OUTDIR/table; OUTDIR/table_report.png
#   KIND fattree: fattree table --n 4..256 --out OUTDIR/fattree; OUTDIR/fattree_report.png
set -eu
kind=$1 blockcast=$2 check=$3 chromium=$4 out=$5
mkdir -p "$out"
case "$kind" in
  run)
    rm -rf "$out/run"
    "$blockcast" conjecture --L 3..10 --out "$out/run" > "$out/run.log"
    "$check" "$chromium" "$out/run/report.html" "$out/run_report.png" 11
    "$check" "$chromium" "$out/run/report.html" "$out/run_report_top.png" 11 2200
    ;;
  table)
    rm -rf "$out/table"
    "$blockcast" table --L 2..8 --P 2..300 --out "$out/table" > "$out/table.log" 2>&1
    "$check" "$chromium" "$out/table/table.html" "$out/table_report.png" 1
    ;;
  fattree)
    rm -rf "$out/fattree"
    "$blockcast" fattree table --n 4..256 --out "$out/fattree" > "$out/fattree.log" 2>&1
    "$check" "$chromium" "$out/fattree/fattree.html" "$out/fattree_report.png" 5
    ;;
  *)
    echo "report_pages.sh: unknown kind '$kind'"
    exit 2
    ;;
esac
