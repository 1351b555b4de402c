// Summary, text, files and envelope of the conjecture run (see conjecture_answer.hpp;
// Karp et al. 1993, Thm 3.3 and 3.5).
#include "conjecture_answer.hpp"

#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>

#include "assignment_json.hpp"
#include "certificate_text.hpp"

namespace blockcast {

namespace {

nlohmann::json table_json(const ConjectureResult& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : r.table)
    rows.push_back({{"t", row.t},
                    {"P", row.P},
                    {"delay", row.delay},
                    {"pruned", to_string(row.pruned)},
                    {"source", row.source},
                    {"achieved_delay", row.achieved},
                    {"simulated", row.simulated},
                    {"optimal_delay", row.delay - 1},
                    {"optimal", to_string(row.optimal)},
                    {"optimal_note", row.optimal_note},
                    {"optimal_seconds", row.optimal_seconds}});
  return rows;
}

void print_table(std::ostream& out, const ConjectureResult& r) {
  out << "  " << std::left << std::setw(5) << "t" << std::setw(13) << "P" << std::setw(7) << "delay" << std::setw(40)
      << "pruned tree (delay L+t+1)"
      << " " << std::setw(6) << "delay"
      << "optimal tree (L+t)" << std::right << "\n";
  for (const auto& row : r.table) {
    std::string how = to_string(row.pruned);
    if (!row.source.empty()) how += " (" + row.source + (row.simulated ? ", simulated" : ", symbolic") + ")";
    // A pruned tree without label-T leaves is T_t itself and finishes one step early.
    if (row.pruned == Verdict::solved && row.achieved < row.delay) how += ", ends at " + std::to_string(row.achieved);
    out << "  " << std::left << std::setw(5) << row.t << std::setw(13) << row.P << std::setw(7) << row.delay
        << std::setw(40) << how << " " << std::setw(6) << row.delay - 1 << to_string(row.optimal) << std::right << "\n";
  }
}

std::vector<std::string> base_case_files(const ConjectureResult& r) {
  std::vector<std::string> files;
  for (const auto& b : r.certificate.base_cases)
    files.push_back("L" + std::to_string(r.L) + "_t" + std::to_string(b.t) + ".json");
  return files;
}

// The lines after the verdict of a certified L.
void certified_text(std::ostream& os, const ConjectureResult& r) {
  const bool pruned = r.shape == Shape::pruned;
  os << "  t0=" << r.certificate.t0 << (r.minimal ? "" : " (smallest found; a smaller one hit a limit)")
     << "  x=" << letter_name(r.certificate.x);
  if (r.L <= 16) {
    os << "  roots:";
    for (const auto& w : conjecture_roots(r)) os << " " << w;
  }
  std::map<std::string, int> by_method;
  for (const auto& m : r.methods) ++by_method[m];
  os << "\n  base cases by method:";
  for (const auto& [m, n] : by_method) os << " " << m << " " << n;
  os << "\n  smaller t:";
  for (const auto& s : r.smaller)
    if (s.verdict != Verdict::solved) os << " t=" << s.t << ":" << to_string(s.verdict);
  os << (r.smaller.empty() ? "" : " (all others SOLVED)") << "\n  induction checked for t=" << r.compositions.front()
     << ".." << r.compositions.back();
  if (pruned) {
    os << " (pruned trees, delay L+t+1 for every t >= " << r.certificate.t0 << ")\n";
    print_table(os, r);
    os << "  ";
  }
}

}  // namespace

nlohmann::json conjecture_summary(const ConjectureResult& r) {
  nlohmann::json summary = {{"L", r.L},
                            {"shape", shape_name(r.shape)},
                            {"verdict", to_string(r.verdict)},
                            {"searches", r.searches},
                            {"seconds", r.seconds},
                            {"stats", r.stats.json()},
                            {"note", r.note}};
  if (r.verdict != Verdict::solved) return summary;
  summary["t0"] = r.certificate.t0;
  summary["t0_minimal"] = r.minimal;
  summary["x"] = letter_name(r.certificate.x);
  summary["methods"] = r.methods;
  summary["compositions_checked"] = r.compositions;
  if (r.shape == Shape::pruned) summary["table"] = table_json(r);
  return summary;
}

void add_certificate_extra(ConjectureResult& r, Method method) {
  if (r.verdict != Verdict::solved) return;
  nlohmann::json smaller = nlohmann::json::array();
  for (const auto& s : r.smaller)
    smaller.push_back({{"t", s.t},
                       {"verdict", to_string(s.verdict)},
                       {"mode", s.method},
                       {"nodes", s.stats.nodes},
                       {"seconds", s.stats.seconds},
                       {"note", s.covered}});
  r.certificate.extra = {{"mode", method_name(method)},
                         {"smaller", smaller},
                         {"compositions_checked", r.compositions},
                         {"seconds", r.seconds},
                         {"stats", r.stats.json()}};
}

ConjectureFiles conjecture_files(const ConjectureResult& r, const std::string& out) {
  ConjectureFiles f;
  const auto dir = std::filesystem::path(out) / ("L" + std::to_string(r.L));
  const std::vector<std::string> names = base_case_files(r);
  CertificateText text = render_certificate(r.certificate, names);
  for (std::size_t i = 0; i < names.size(); ++i)
    f.files.emplace_back((dir / names[i]).string(), std::move(text.base_cases[i]));
  f.outline = std::move(text.outline);
  f.certificate = (dir / "certificate.json").string();
  f.files.emplace_back(f.certificate, std::move(text.certificate));
  if (r.shape == Shape::pruned) {
    f.table = (dir / "table.json").string();
    f.files.emplace_back(f.table, json_text({{"L", r.L},
                                             {"shape", "pruned"},
                                             {"t0", r.certificate.t0},
                                             {"x", letter_name(r.certificate.x)},
                                             {"rows", table_json(r)}}));
  }
  return f;
}

std::string conjecture_certificate_text(const ConjectureResult& r) {
  return render_certificate(r.certificate, base_case_files(r)).certificate;
}

std::vector<std::string> conjecture_roots(const ConjectureResult& r) {
  std::vector<std::string> roots;
  for (const auto& b : r.certificate.base_cases) roots.push_back(word_string(root_block(b)->word));
  return roots;
}

std::string conjecture_text(const ConjectureResult& r, bool stats) {
  std::ostringstream os;
  os << "L=" << r.L << (r.shape == Shape::pruned ? " pruned" : "") << "  " << to_string(r.verdict);
  if (r.verdict == Verdict::solved)
    certified_text(os, r);
  else
    os << "  " << r.note;
  os << "\n  " << r.searches << " searches, " << r.stats.nodes << " nodes, " << r.seconds << " s\n";
  if (stats) os << "  stats " << r.stats.json().dump() << "\n";
  return os.str();
}

Verdict conjecture_verdict(const std::vector<nlohmann::json>& summaries) {
  Verdict worst = Verdict::solved;
  for (const auto& s : summaries) {
    const std::string v = s.value("verdict", std::string("UNKNOWN"));
    worst = worse(worst, v == "UNKNOWN" ? Verdict::unknown : v == "IMPOSSIBLE" ? Verdict::impossible : Verdict::solved);
  }
  return worst;
}

Outcome conjecture_outcome(const std::vector<nlohmann::json>& summaries) {
  return outcome_from_json("blockcast-conjecture", {{"latencies", summaries}}, conjecture_verdict(summaries));
}

}  // namespace blockcast
