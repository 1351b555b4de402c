// Figures of the conjecture run report (Karp et al. 1993, Sec. 3.2-3.3): t0 against L,
// search time against L (log scale), the verdict map over (L, t) with the base-case window
// t0..t0+L-1 marked, and per L the reception table (Karp et al. 1993, Fig. 2) of the smallest base
// case for a few items. Each figure is an SVG file in the run directory; run_report.cpp
// places them in report.md / report.html. The verdict map labels every L and colours each
// cell by verdict and the method that decided it (paper-greedy, repair, complete search,
// counting refutation, composition, ...), so its legend and hover texts name the method.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "certificate.hpp"

namespace blockcast {

struct ReportFigure {
  std::string file;     // relative to the run directory, e.g. "plots/t0.svg"
  std::string caption;  // one sentence: what is drawn and how to read it
  std::string svg;      // the SVG text (written to `file`, embedded in the HTML)
};

// Per-L lines of DIR/summary.json (conjecture --out writes it), keyed by L; empty if absent.
// They supply the verdict of an L without a certificate (UNKNOWN) and t0_minimal for
// certificates written before it was recorded there.
std::map<int, nlohmann::json> read_run_summary(const std::string& run_dir);

// Whether t0 is proved minimal: the certificate's field, else summary.json's, else unknown.
std::optional<bool> t0_minimal(const CertificateFile& c, const std::map<int, nlohmann::json>& summary);

// The name a report gives a method recorded in a certificate ("complete" -> "complete
// search", "counting" -> "counting refutation", "" -> "an unrecorded method"; paper-greedy,
// repair and unknown names stay as they are).
std::string method_label(const std::string& method);

// The method that solved a base case: recorded per case (conjecture --method auto and
// later), else "complete" when the whole run was a complete search, else "".
std::string base_case_method(const BaseCase& b, const CertificateFile& c);

// The run-wide plots (t0, time, verdict map); a plot with no data is left out.
std::vector<ReportFigure> run_figures(const std::vector<CertificateFile>& certs,
                                      const std::map<int, nlohmann::json>& summary);

// Reception table of the smallest base case of `c` that passes the symbolic checker, for
// a few items (8, or 4 for larger P), as "L<L>/reception_t<t>.svg". nullopt with the reason
// in `why_not` if there is none or it is too large to draw (P > 64 or too many cells).
std::optional<ReportFigure> base_case_reception(const CertificateFile& c, std::string& why_not);

}  // namespace blockcast
