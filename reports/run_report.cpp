// Run report of the conjecture command (see run_report.hpp). Every base case is re-checked
// here with check_assignment, and the induction's side conditions (SPEC Sec. 7: common
// receive-only letter x, root word x-extendable, L consecutive t) are re-derived, so the
// report states what the certificate proves rather than what it claims.
#include "run_report.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iomanip>
#include <sstream>

#include "checked.hpp"

namespace blockcast {

namespace fs = std::filesystem;

namespace {

std::string seconds_text(std::optional<double> s) {
  if (!s) return "-";
  std::ostringstream o;
  o << std::fixed << std::setprecision(3) << *s;
  return o.str();
}

std::string json_scalar(const nlohmann::json& j) {
  if (j.is_number_float()) return seconds_text(j.get<double>());
  if (j.is_string()) return j.get<std::string>();
  return j.dump();
}

std::string root_name(const BlockWord& b) { return letter_name_upper(static_cast<Letter>(b.u)) + std::to_string(b.r); }

// What one base case establishes: derived when the certificate was read (certificate.cpp).
struct CaseCheck {
  std::string verdict;
  std::string extendable_text = "-";
};

CaseCheck check_case(const BaseCase& bc) { return {bc.verdict, bc.extendable_text}; }

// The induction's conclusion for one certificate: only what verify_certificate proved, in
// the shape's own terms (a pruned certificate gives delay L+t+1, one above the bound).
std::string conclusion(const CertificateFile& c) {
  if (!c.verified()) return "not verified: " + c.verification_error;
  const std::string from = "every t >= " + std::to_string(*c.t0) + " (P - 1 = f_t processors) has a block-cyclic schedule";
  const std::string why = " (base cases t0..t0+L-1 with common x = " + letter_name(*c.x) +
                          " and x-extendable roots, verified; Karp et al. 1993, Sec. 3.3)";
  if (*c.shape == Shape::pruned)
    return from + " with delay L+t+1 on a pruned tree of depth t+1, one above the lower bound L+B(P-1)" + why;
  return from + " with the optimal delay L+t = L+B(P-1)" + why;
}

// The summary table's short form of the conclusion (the L section has the full text).
std::string short_conclusion(const CertificateFile& c) {
  if (!c.verified()) return "not verified";
  return "every t >= " + std::to_string(*c.t0) +
         (*c.shape == Shape::pruned ? ": delay L+t+1 (pruned trees)" : ": optimal delay L+t") + ", verified";
}

// "paper-greedy (1), repair (4)": how the base cases were solved.
std::string methods_text(const CertificateFile& c) {
  std::vector<std::pair<std::string, int>> counts;
  for (const auto& b : c.base_cases) {
    if (!b.solved_t && b.method.empty()) continue;  // nothing solved it
    const std::string m = method_label(base_case_method(b, c));
    auto it = std::find_if(counts.begin(), counts.end(), [&m](const auto& e) { return e.first == m; });
    if (it == counts.end()) counts.emplace_back(m, 1);
    else ++it->second;
  }
  std::string out;
  for (const auto& [m, n] : counts) out += (out.empty() ? "" : ", ") + m + " (" + std::to_string(n) + ")";
  return out.empty() ? "-" : out;
}

// "11 solved, 1 impossible": only the verdicts that occur.
std::string smaller_text(const CertificateFile& c) {
  int solved = 0, impossible = 0, unknown = 0;
  for (const auto& s : c.smaller) (s.verdict == "SOLVED" ? solved : s.verdict == "IMPOSSIBLE" ? impossible : unknown)++;
  std::string out;
  for (const auto& [n, what] : {std::pair{solved, "solved"}, {impossible, "impossible"}, {unknown, "unknown"}})
    if (n > 0) out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  return out.empty() ? "none" : out;
}

// "k=v, ..." of the non-zero numbers in `stats` except the listed keys (zero counters say
// nothing; a method that does not count nodes records 0).
std::string nonzero_stats(const nlohmann::json& stats, std::initializer_list<const char*> skip, const char* sep) {
  std::string out;
  for (const auto& [k, v] : stats.items()) {
    if (std::find(skip.begin(), skip.end(), k) != skip.end()) continue;
    if (v.is_number() && v.get<double>() == 0) continue;
    out += (out.empty() ? "" : ", ") + k + sep + json_scalar(v);
  }
  return out;
}

std::string section_id(int L) { return "L" + std::to_string(L); }

DocCell link_to(const std::string& run_dir, const CertificateFile& c, const std::string& file) {
  if (file.empty()) return {{"-"}};
  const std::string rel = c.dir + "/" + file;
  std::error_code ec;
  if (!fs::exists(fs::path(run_dir) / rel, ec)) return {{file, "", true}, {" (missing)"}};
  return {{file, rel, true}};
}

// "7", or "7 (not proved minimal)" when a smaller t stayed UNKNOWN.
std::string t0_text(const CertificateFile& c, const RunReportExtras& e) {
  if (!c.t0) return "-";
  const auto m = t0_minimal(c, e.summary);
  return std::to_string(*c.t0) + (m.has_value() && !*m ? " (not proved minimal)" : "");
}

// The base cases: re-checked verdict, method, root word and the per-case statistics.
void base_case_table(Document& d, const CertificateFile& c, const std::vector<CaseCheck>& checks,
                     const std::string& run_dir) {
  d.heading(3, "Base cases");
  std::vector<std::vector<DocCell>> rows;
  for (size_t i = 0; i < c.base_cases.size(); ++i) {
    const auto& bc = c.base_cases[i];
    const BlockWord* root = bc.root ? &*bc.root : nullptr;
    const std::string t = bc.solved_t ? std::to_string(*bc.solved_t) : bc.t ? std::to_string(*bc.t) : "-";
    DocCell root_cell =
        root ? DocCell{{root_name(*root) + " "}, {root->word.empty() ? "-" : word_string(root->word), "", true}}
             : DocCell{{"-"}};
    const std::string other = nonzero_stats(bc.stats, {"nodes", "seconds"}, "=");
    rows.push_back({{{t}},
                    {{bc.P ? std::to_string(*bc.P) : "-"}},
                    root_cell,
                    {{bc.receive_only ? letter_name(*bc.receive_only) : "-", "", bc.receive_only.has_value()}},
                    {{checks[i].verdict}},
                    {{bc.solved_t || !bc.method.empty() ? method_label(base_case_method(bc, c)) : "-"}},
                    {{checks[i].extendable_text}},
                    {{bc.stats.contains("nodes") ? json_scalar(bc.stats["nodes"]) : "-"}},
                    {{bc.stats.contains("seconds") ? json_scalar(bc.stats["seconds"]) : "-"}},
                    {{other.empty() ? "-" : other}},
                    link_to(run_dir, c, bc.file)});
  }
  std::vector<std::string> header = {"t",      "P",     "root word", "receive-only", "verdict", "method",
                                     "root absorbs x", "nodes", "time (s)",  "other stats",  "file"};
  drop_blank_columns(header, rows, {"nodes", "time (s)", "other stats"});
  if (rows.empty())
    d.paragraph({{"No base cases recorded."}});
  else
    d.table(header, rows);
}

// The verdicts for t below t0, with the method that decided each.
void smaller_table(Document& d, const CertificateFile& c) {
  d.heading(3, "Smaller t");
  std::vector<std::vector<DocCell>> rows;
  for (const auto& s : c.smaller)
    rows.push_back({{{s.t ? std::to_string(*s.t) : "-"}},
                    {{s.verdict.empty() ? "-" : s.verdict}},
                    {{s.mode.empty() ? "-" : method_label(s.mode)}},
                    {{s.nodes ? std::to_string(*s.nodes) : "-"}},
                    {{seconds_text(s.seconds)}},
                    {{s.note.empty() ? "-" : s.note}}});
  std::vector<std::string> header = {"t", "verdict", "method", "nodes", "time (s)", "note"};
  drop_blank_columns(header, rows, {"nodes", "time (s)", "note"});
  if (rows.empty())
    d.paragraph({{"No verdicts for smaller t recorded."}});
  else
    d.table(header, rows);
}

void certificate_section(Document& d, const CertificateFile& c, const std::vector<CaseCheck>& checks,
                         const std::string& run_dir, const RunReportExtras& e) {
  d.heading(2, "L = " + std::to_string(c.L), section_id(c.L));
  d.paragraph({{"Back to the ", "", false}, {"summary", "#summary"}, {". Certificate "},
               {c.dir + "/certificate.json", c.dir + "/certificate.json", true},
               {"; mode " + (c.mode.empty() ? std::string("-") : c.mode) + ", t0 = " + t0_text(c, e) +
                ", x = " + (c.x ? letter_name(*c.x) : "-") + ". "},
               {"Conclusion: " + conclusion(c) + "."}});
  if (const auto m = t0_minimal(c, e.summary); m.has_value() && !*m)
    d.paragraph({{"t0 is not proved minimal: a smaller candidate t0 was neither found nor refuted (a search "
                  "limit), so a base-case window further left may exist."}});
  if (const auto it = e.reception.find(c.L); it != e.reception.end())
    d.figure(it->second.file, it->second.caption, it->second.svg, false);  // large, no hover: <img>
  else if (const auto why = e.reception_missing.find(c.L); why != e.reception_missing.end())
    d.paragraph({{"Reception table: " + why->second + "."}});
  base_case_table(d, c, checks, run_dir);
  smaller_table(d, c);
  d.heading(3, "Search statistics");
  std::int64_t nodes = 0;
  for (const auto& bc : c.base_cases)
    if (bc.stats.contains("nodes") && bc.stats["nodes"].is_number_integer())
      nodes += bc.stats["nodes"].get<std::int64_t>();
  for (const auto& s : c.smaller) nodes += s.nodes.value_or(0);
  std::string comps;
  for (auto v : c.compositions_checked) comps += (comps.empty() ? "" : ", ") + std::to_string(v);
  // Zero counters are left out (constructive methods count no nodes); "seconds" repeats
  // the total time.
  const std::string run_stats = nonzero_stats(c.stats, {"seconds"}, " = ");
  d.paragraph({{"Induction compositions checked (t): " + (comps.empty() ? std::string("none") : comps) +
                (nodes == 0 ? std::string()
                            : ". Search nodes listed per case (base cases and smaller t): " + std::to_string(nodes)) +
                ". Total time: " + seconds_text(c.seconds) + " s."}});
  if (!run_stats.empty()) d.paragraph({{"Run statistics: " + run_stats + "."}});
}

}  // namespace

Document run_report_document(const std::vector<CertificateFile>& certs, const std::string& run_dir,
                             const RunReportExtras& extras) {
  Document d;
  d.title = "blockcast conjecture run";
  std::vector<std::vector<CaseCheck>> checks;
  std::vector<std::vector<DocCell>> summary;
  std::vector<Span> jump = {{"Sections: "}};
  if (!extras.figures.empty()) jump.insert(jump.end(), {{"Figures", "#figures"}, {", "}});
  for (const auto& c : certs) {
    checks.emplace_back();
    for (const auto& bc : c.base_cases) checks.back().push_back(check_case(bc));
    // The L column links the L's section (the id of its heading, HTML and Markdown alike).
    summary.push_back({{{std::to_string(c.L), "#" + section_id(c.L), false}},
                       {{t0_text(c, extras)}},
                       {{c.x ? letter_name(*c.x) : "-", "", c.x.has_value()}},
                       {{std::to_string(c.base_cases.size())}},
                       {{methods_text(c)}},
                       {{smaller_text(c)}},
                       {{seconds_text(c.seconds)}},
                       {{short_conclusion(c)}}});
    jump.push_back({"L = " + std::to_string(c.L), "#" + section_id(c.L)});
    jump.push_back({&c == &certs.back() ? "." : ", "});
  }
  d.paragraph(
      {{"Continuous broadcast (Karp et al. 1993, Sec. 3.3): for each L the conjecture command searched L "
        "consecutive base cases t0..t0+L-1 with a common receive-only letter x on optimal trees "
        "(delay L + B(P-1)) or, for shape pruned, on pruned trees (delay L + B(P-1) + 1); the "
        "induction then covers every t >= t0. Each certificate is verified again (base cases by the "
        "symbolic checker, the compositions t0+L..t0+2L-1) while writing this report; the conclusion "
        "states only what that verification proved."}});
  d.heading(2, "Summary", "summary");
  d.paragraph(std::move(jump));
  d.table({"L", "t0", "x", "base cases", "base cases solved by", "smaller t", "time (s)", "conclusion"}, summary);
  std::string unsolved;
  for (const auto& entry : extras.summary) {
    const int L = entry.first;
    const nlohmann::json& s = entry.second;
    if (std::none_of(certs.begin(), certs.end(), [L](const CertificateFile& c) { return c.L == L; }))
      unsolved += (unsolved.empty() ? "" : "; ") + std::string("L=") + std::to_string(L) + ": " +
                  s.value("verdict", std::string("UNKNOWN")) + " (" + s.value("note", std::string("-")) + ")";
  }
  if (!unsolved.empty()) d.paragraph({{"Without a certificate (summary.json): " + unsolved + "."}});
  if (!extras.figures.empty()) d.heading(2, "Figures", "figures");
  for (const auto& f : extras.figures) d.figure(f.file, f.caption, f.svg);
  for (size_t i = 0; i < certs.size(); ++i) certificate_section(d, certs[i], checks[i], run_dir, extras);
  return d;
}

RunReportFiles write_run_report(const std::string& dir, std::vector<CertificateFile> verified) {
  const std::vector<CertificateFile> certs = read_certificates(dir, std::move(verified));
  RunReportExtras extras;
  extras.summary = read_run_summary(dir);
  extras.figures = run_figures(certs, extras.summary);
  for (const auto& c : certs) {
    std::string why;
    if (auto f = base_case_reception(c, why))
      extras.reception.emplace(c.L, std::move(*f));
    else
      extras.reception_missing.emplace(c.L, why);
  }
  const WrittenPages w = write_pages(dir, "report", run_report_document(certs, dir, extras));
  return {w.markdown, w.html, w.figures};
}

}  // namespace blockcast
