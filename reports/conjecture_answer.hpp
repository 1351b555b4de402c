// Rendering the conjecture run (search/conjecture_range.hpp; Karp et al. 1993, Thm 3.3 and
// 3.5; SPEC Sec. 7) for `blockcast conjecture`, the C++ API and Python: each L's summary (the
// "latencies" entries of --json and of summary.json), its text, its certificate and base-case
// files (docs/reports.md), and the envelope with the worst verdict over the L. Renders only:
// never searches.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "conjecture_range.hpp"  // the run, reached by the CLI through this header
#include "outcome.hpp"

namespace blockcast {

// One L's summary: L, shape, verdict, searches, seconds, stats, note; when SOLVED also t0,
// t0_minimal, x, methods, compositions_checked and (pruned) the delay table.
nlohmann::json conjecture_summary(const ConjectureResult& r);
// The certificate's run fields (mode, the smaller t, the compositions checked, seconds,
// stats), set on r.certificate before it is rendered (SOLVED only).
void add_certificate_extra(ConjectureResult& r, Method method);

// The files of one certified L under dir/L<L>/: the base cases, certificate.json and, for
// shape pruned, table.json; `outline` is the certificate with placeholders for its base
// cases (cli/report_hook.hpp records it as verified in the run).
struct ConjectureFiles {
  std::vector<std::pair<std::string, std::string>> files;  // path -> text, in writing order
  nlohmann::json outline;
  std::string certificate;  // its path
  std::string table;        // its path ("" for shape optimal)
};
ConjectureFiles conjecture_files(const ConjectureResult& r, const std::string& dir);
// The certificate.json text alone (the base cases named as conjecture_files names them).
std::string conjecture_certificate_text(const ConjectureResult& r);
// The root words of the base cases t0..t0+L-1 (SOLVED only).
std::vector<std::string> conjecture_roots(const ConjectureResult& r);

// What the command prints for one L (stats: the search counters as JSON).
std::string conjecture_text(const ConjectureResult& r, bool stats);

// The worst verdict over the summaries (UNKNOWN > IMPOSSIBLE > SOLVED; docs/exit-codes.md).
Verdict conjecture_verdict(const std::vector<nlohmann::json>& summaries);
// "blockcast-conjecture": {"latencies": summaries} with that verdict.
Outcome conjecture_outcome(const std::vector<nlohmann::json>& summaries);

}  // namespace blockcast
