// The report of a conjecture run (Karp et al. 1993, Sec. 3.3): DIR/report.md and DIR/report.html,
// one page for all certificates DIR/L<L>/certificate.json (schema in certificate.hpp).
// Per L: t0, x, the base cases (t, P, root word, receive-only, verdict re-checked here,
// whether the root word absorbs x), the verdicts for smaller t, search statistics and time,
// with relative links to the exported JSON files, and the figures of run_plots.hpp (t0 and
// time against L, the verdict map, a reception table per L) as SVG files next to the report.
// The page opens with a summary whose L column links each L's section (anchor "L<L>"),
// leaves out statistics that are all zero, and is stamped with the blockcast version
// (document.hpp). The conjecture command calls write_run_report at the end;
// `blockcast report DIR` does the same by hand.
#pragma once
#include <string>
#include <vector>

#include "certificate.hpp"
#include "document.hpp"
#include "run_plots.hpp"

namespace blockcast {

struct RunReportFiles {
  std::string markdown, html;     // paths written
  std::vector<std::string> figures;  // SVG files written
};

// What the document shows besides the certificates (all optional).
struct RunReportExtras {
  std::map<int, nlohmann::json> summary;            // DIR/summary.json per L
  std::vector<ReportFigure> figures;                // run-wide plots
  std::map<int, ReportFigure> reception;            // per L
  std::map<int, std::string> reception_missing;     // per L: why there is no table
};

// InputError if DIR holds no readable certificate or the report cannot be written.
// `verified`: certificates of DIR the caller holds already, verified by the conjecture run
// that wrote them (certificate_from_json(..., verified_by_run)); only the others are read
// from DIR and verified here.
RunReportFiles write_run_report(const std::string& dir, std::vector<CertificateFile> verified = {});

// The document itself (links relative to the run directory, which is `run_dir`).
Document run_report_document(const std::vector<CertificateFile>& certs, const std::string& run_dir,
                             const RunReportExtras& extras = {});

}  // namespace blockcast
