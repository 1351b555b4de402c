// The report of a conjecture run (paper 000 Sec. 3.3): DIR/report.md and DIR/report.html,
// one page for all certificates DIR/L<L>/certificate.json (schema in certificate.hpp).
// Per L: t0, x, the base cases (t, P, root word, receive-only, verdict re-checked here,
// whether the root word absorbs x), the verdicts for smaller t, search statistics and time,
// with relative links to the exported JSON files. The conjecture command calls
// write_run_report at the end; `blockcast report DIR` does the same by hand.
#pragma once
#include <string>
#include <vector>

#include "certificate.hpp"
#include "document.hpp"

namespace blockcast {

struct RunReportFiles {
  std::string markdown, html;  // paths written
};

// InputError if DIR holds no readable certificate or the report cannot be written.
RunReportFiles write_run_report(const std::string& dir);

// The document itself (links relative to the run directory, which is `run_dir`).
Document run_report_document(const std::vector<CertificateFile>& certs, const std::string& run_dir);

}  // namespace blockcast
