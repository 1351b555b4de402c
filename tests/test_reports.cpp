// Reports and exports: golden files for every text format on
// the paper's L=3, t=7 schedule (Karp et al. 1993, Sec. 3.2, Fig. 2, cut to k = 8 items as in its
// "Broadcast Schedule for 8 Values"), well-formed SVG/HTML, a GOAL round trip against the
// simulated schedule, hand-computed k-item bounds (Karp et al. 1993, Thm 3.1; Subramonian and Venkatasubramanian 1993,
// Sec. 6), traffic counts (Adler et al. 1997).
// Golden files live in tests/golden; BLOCKCAST_UPDATE_GOLDEN=1 rewrites them (check by eye).
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <tuple>

#include "assignment_json.hpp"
#include "conjecture.hpp"
#include "document.hpp"
#include "induction.hpp"
#include "drawings.hpp"
#include "expand.hpp"
#include "export.hpp"
#include "kbroadcast.hpp"
#include "postal.hpp"
#include "run_report.hpp"
#include "simulator.hpp"
#include "table_render.hpp"
#include "traffic.hpp"
#include "version.hpp"
#include "xml_check.hpp"

using namespace blockcast;
namespace fs = std::filesystem;

namespace {
const std::string data_dir = BLOCKCAST_TEST_DATA;
const std::string golden_dir = data_dir + "/../golden";

Assignment paper() { return read_assignment_file(data_dir + "/L3_t7.json"); }
Schedule paper_k8() { return expand_assignment(paper(), 8); }

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = golden_dir + "/" + name;
  if (std::getenv("BLOCKCAST_UPDATE_GOLDEN")) {
    std::ofstream(path) << actual;
    MESSAGE("rewrote golden file " << path);
    return;
  }
  REQUIRE_MESSAGE(fs::exists(path), "missing golden file " << path);
  CHECK_MESSAGE(slurp(path) == actual, "output differs from " << path);
}

ReceptionTable paper_table(Addressing a) {
  ReceptionTable t = reception_table(paper_k8(), a);
  t.row_groups = layout_groups(paper());
  return t;
}

using blockcast::testing::xml_problem;  // libxml2, no DTD loading, no network

void check_xml(const std::string& text, const std::string& what) {
  const std::string problem = xml_problem(text);
  CHECK_MESSAGE(problem == "", what << ": " << problem);
}

TEST_CASE("the XML check (libxml2) accepts well-formed documents and names the problem in others") {
  CHECK(xml_problem("<svg a=\"1\"><g/>&amp;</svg>") == "");
  CHECK(xml_problem("<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
                    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\"><svg/>") == "");
  for (const char* bad : {"<a><b></a>", "<a>&nbsp;</a>", "<a x=1/>", "<a/><b/>", "text", "<a>x < y</a>"})
    CHECK_MESSAGE(xml_problem(bad) != "", bad);
}

// A parsed GOAL file: the operations of every rank in file order.
struct GoalOp {
  std::string label;
  bool send = false;
  int peer = 0, tag = 0;
};
struct Goal {
  int num_ranks = -1;
  std::map<int, std::vector<GoalOp>> ranks;
  std::map<int, std::map<std::string, std::vector<std::string>>> requires_;  // rank -> label -> labels
};

Goal parse_goal(const std::string& text) {
  Goal g;
  std::istringstream in(text);
  int rank = -1;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    std::string a, b, c, d, e, f, h;
    ls >> a;
    if (a.empty() || a.rfind("//", 0) == 0) continue;
    if (a == "num_ranks") {
      ls >> g.num_ranks;
    } else if (a == "rank") {
      ls >> rank >> b;
      REQUIRE(b == "{");
    } else if (a == "}") {
      rank = -1;
    } else if (ls >> b, b == "requires") {
      ls >> c;
      g.requires_[rank][a].push_back(c);
    } else {
      REQUIRE_MESSAGE(rank >= 0, "operation outside a rank: " << line);
      REQUIRE_MESSAGE(a.back() == ':', line);
      int peer = -1, tag = -1;
      ls >> c >> d >> peer >> e >> tag;
      REQUIRE_MESSAGE((c == "1b" && e == "tag" && ((b == "send" && d == "to") || (b == "recv" && d == "from"))), line);
      g.ranks[rank].push_back({a.substr(0, a.size() - 1), b == "send", peer, tag});
    }
  }
  return g;
}
}  // namespace

TEST_CASE("reception tables of the paper's L=3, t=7 schedule, 8 items (Karp et al. 1993, Fig. 2)") {
  const ReceptionTable abs = paper_table(Addressing::absolute), rel = paper_table(Addressing::relative);
  CHECK(abs.first_step == 3);  // item 0 reaches its root at L = 3
  CHECK(abs.last_step == 17);  // L + t + k - 1
  int filled = 0, active = 0;
  for (const auto& row : abs.cells)
    for (const auto& c : row) filled += !c.empty(), active += c.active;
  CHECK(filled == 9 * 8);
  CHECK(active == 3 * 8);  // internal nodes H5, E2, D1 of every item's tree
  // Steady state of the continuous schedule (paper: "from time step 10 onwards every
  // non-source processor receives an item at every time step"; the cut 8-item table has
  // gaps where item 8 would arrive): the H5 block reads H5 acab, receive-only b.
  const ReceptionTable cont = reception_table(expand_assignment(paper(), 20), Addressing::relative);
  std::string p1;
  for (std::int64_t st = 10; st <= 14; ++st) p1 += plain_cell(cont, cont.cells[0][static_cast<size_t>(st - 3)]) + " ";
  CHECK(p1 == "H5 a c a b ");
  CHECK(plain_cell(cont, cont.cells[8][10]) == "b");
  for (std::int64_t st = 10; st <= 22; ++st)  // item 20 would be received first at step 23
    for (size_t r = 0; r < cont.cells.size(); ++r) CHECK_FALSE(cont.cells[r][static_cast<size_t>(st - 3)].empty());
  // The paper's endgame remark: by step 9 the D1 processor has 3 items, the receive-only one 1.
  auto by9 = [&](size_t row) {
    int n = 0;
    for (std::int64_t st = 3; st <= 9; ++st) n += !abs.cells[row][static_cast<size_t>(st - 3)].empty();
    return n;
  };
  CHECK(by9(7) == 3);
  CHECK(by9(8) == 1);
  check_golden("L3_t7_k8_absolute.txt", table_text(abs));
  check_golden("L3_t7_k8_relative.txt", table_text(rel));
  check_golden("L3_t7_k8_absolute.md", table_markdown(abs));
  check_golden("L3_t7_k8_relative.md", table_markdown(rel));
  check_xml(table_svg(abs), "absolute SVG table");
  check_xml(table_svg(rel), "relative SVG table");
  const ReceptionTable part =
      reception_table(paper_k8(), Addressing::absolute, std::pair<std::int64_t, std::int64_t>{10, 12});
  CHECK(part.steps() == 3);
  CHECK_THROWS_AS(reception_table(paper_k8(), Addressing::absolute, std::pair<std::int64_t, std::int64_t>{5, 40}),
                  InputError);
  CHECK_THROWS_AS(parse_addressing("diagonal"), InputError);
}

TEST_CASE("CSV and GOAL exports of the L=3, t=7 schedule") {
  const Schedule s = paper_k8();
  check_golden("L3_t7_k8.csv", csv_export(s));
  const std::string goal = goal_export(s);
  check_golden("L3_t7_k8.goal", goal);
  const Goal g = parse_goal(goal);
  CHECK(g.num_ranks == s.P);
  CHECK(static_cast<std::int64_t>(g.ranks.size()) == s.P);
  // Multiset of (sender, receiver, item) and every rank's send order equal the schedule's.
  std::map<std::tuple<int, int, int>, int> want, got;
  std::map<int, std::vector<std::pair<int, int>>> want_order, got_order;
  for (const auto& m : s.messages) ++want[{m.sender, m.receiver, m.item}];
  std::vector<Message> by_time = s.messages;
  std::stable_sort(by_time.begin(), by_time.end(),
                   [](const Message& a, const Message& b) { return a.send_step < b.send_step; });
  for (const auto& m : by_time) want_order[m.sender].push_back({m.receiver, m.item});
  std::map<std::tuple<int, int, int>, int> recvs;  // (receiver, sender, tag)
  for (const auto& rank_ops : g.ranks) {
    const int rank = rank_ops.first;  // captured by CHECK_MESSAGE: no structured binding (clang 14)
    const auto& ops = rank_ops.second;
    std::string last_send;
    std::map<int, std::string> recv_of_item;
    for (const auto& op : ops) {
      if (!op.send) {
        ++recvs[{rank, op.peer, op.tag}];
        recv_of_item[op.tag] = op.label;
        continue;
      }
      ++got[{rank, op.peer, op.tag}];
      got_order[rank].push_back({op.peer, op.tag});
      const auto it = g.requires_.find(rank);
      const auto deps =
          it == g.requires_.end() || !it->second.count(op.label) ? std::vector<std::string>{} : it->second.at(op.label);
      auto has = [&](const std::string& l) { return std::find(deps.begin(), deps.end(), l) != deps.end(); };
      if (!last_send.empty()) CHECK_MESSAGE(has(last_send), "rank " << rank << " " << op.label << " not chained");
      if (rank != 0) {
        REQUIRE_MESSAGE(recv_of_item.count(op.tag),
                        "rank " << rank << " forwards item " << op.tag << " before receiving it");
        CHECK(has(recv_of_item[op.tag]));
      }
      last_send = op.label;
    }
  }
  CHECK(got == want);
  CHECK(got_order == want_order);
  std::map<std::tuple<int, int, int>, int> sends_as_recvs;
  for (const auto& [k, n] : want) sends_as_recvs[{std::get<1>(k), std::get<0>(k), std::get<2>(k)}] = n;
  CHECK(recvs == sends_as_recvs);  // every send has its matching receive
}

TEST_CASE("Graphviz drawings: tree T_7 for L=3 and the L=3 automaton") {
  const std::string tree = tree_dot(3, 7);
  check_golden("tree_L3_t7.dot", tree);
  CHECK(tree.find("0\\nH5") != std::string::npos);  // root: delay 0, block H5 (Karp et al. 1993, Sec. 3.2)
  CHECK(tree.find("3\\nE2") != std::string::npos);
  CHECK(tree.find("4\\nD1") != std::string::npos);
  CHECK(std::count(tree.begin(), tree.end(), '>') == 8);  // 9 nodes, 8 edges
  check_golden("automaton_L3.dot", automaton_dot(3));
  CHECK_THROWS_AS(tree_dot(3, 40), InputError);
  if (find_dot_program()) check_xml(render_svg(tree), "dot -Tsvg of the tree");
}

TEST_CASE("k-item bounds against hand-computed values (Thm 3.1 of Karp et al. 1993, "
          "Thm 6.1 of Subramonian and Venkatasubramanian 1993)") {
  // L=3, P=10: f = 1,1,1,2,3,4,6,9; n = 6, B(9) = 7, sum f_0..f_6 = 18, k* = 2 (paper: k* = 2).
  CHECK(depth_without_source(3, 10) == 7);
  CHECK(k_star(3, 10) == 2);
  CHECK(kitem_lower_bound(3, 10, 8) == 15);
  CHECK(continuous_cut_time(3, 10, 8) == 17);
  // L+1 = 4: f = 1,1,1,1,2,3,4,5,7,10, so B(9; 4) = 9 and the simple delay is 3 + 9.
  CHECK(simple_schedule_delay(3, 10) == 12);
  CHECK(simple_schedule_time(3, 10, 8) == 19);
  CHECK(single_sending_time(3, 10, 8) == 19);
  // L=3, P-1 = 13 = f_8: n = 7, sum = 27, k* = 2. L=2, P-1 = 8 = f_5: sum 1+1+2+3+5 = 12, k* = 1.
  CHECK(k_star(3, 14) == 2);
  CHECK(k_star(2, 9) == 1);
  CHECK(kitem_lower_bound(2, 9, 4) == 5 + 2 + 3 - 1);
  // L=1 (binomial tree): P-1 = 8, sum 1+2+4 = 7 < 8, k* = 0; one item takes B(9) = 4 steps.
  CHECK(k_star(1, 9) == 0);
  CHECK(kitem_lower_bound(1, 9, 1) == 4);
  CHECK(k_star(3, 2) == 0);  // P-1 = 1: no n with f_n < 1
  // Thm 3.1 as printed is too strong for k <= k*: L=2, P=5 (f = 1,1,2,3,5), k* = floor(7/4) = 1,
  // formula B(4)+L+0-1 = 5, but one item reaches all 5 processors in B(5) = 4 steps.
  CHECK(paper_kitem_bound(2, 5, 1) == 5);
  CHECK(broadcast_depth(2, 5) == 4);
  CHECK(kitem_lower_bound(2, 5, 1) == 4);
  // Fact 2.1 (1 + sum_{i<=n} f_i = f_{n+L}) and the paper's k* <= L, over many (L, P).
  for (int L = 1; L <= 8; ++L)
    for (i64 P = 3; P <= 400; ++P) {
      const int B = depth_without_source(L, P);
      CHECK(k_star(L, P) == (fib(L, B - 1 + L) - 1) / (P - 1));
      CHECK(k_star(L, P) <= L);
      // The counting bound is exact for one item (the optimal tree on P) and agrees with the
      // printed formula as soon as k > k*.
      CHECK(kitem_lower_bound(L, P, 1) == broadcast_depth(L, P));
      CHECK(kitem_lower_bound(L, P, 1) <= paper_kitem_bound(L, P, 1));
      CHECK(kitem_lower_bound(L, P, k_star(L, P) + 1) == paper_kitem_bound(L, P, k_star(L, P) + 1));
    }
  CHECK_THROWS_AS(k_star(3, 1), InputError);
}

TEST_CASE("cut continuous schedule: simulated time = L + B(P-1) + k - 1") {
  for (i64 k : {1, 2, 8, 20}) {
    CAPTURE(k);
    const KBroadcastReport r = kbroadcast_report(3, 10, k, paper());
    CHECK(r.simulated_ok);
    CHECK(r.simulated_time == r.continuous_formula);
    CHECK(r.matches_prediction());
    CHECK(r.messages == 9 * k);
    CHECK(r.lower_bound <= r.simulated_time);
  }
  CHECK(kbroadcast_text(kbroadcast_report(3, 10, 8, paper())).find("L+T+k-1 = 17: yes") != std::string::npos);
  CHECK_THROWS_AS(kbroadcast_report(3, 11, 8, paper()), InputError);  // P does not match the schedule
}

TEST_CASE("per-step traffic and the global bandwidth charge (Adler et al. 1997)") {
  const TrafficProfile t = traffic_profile(paper_k8());
  i64 sends = 0, flight = 0, recv = 0;
  for (size_t i = 0; i < t.sends.size(); ++i) sends += t.sends[i], flight += t.in_flight[i], recv += t.receptions[i];
  CHECK(sends == 72);
  CHECK(recv == 72);
  CHECK(flight == 72 * 3);  // every message is in flight for L steps
  CHECK(t.max_sends == 9);
  CHECK(t.max_receptions == 9);
  CHECK(t.sends[0] == 1);  // only the source sends at step 0
  CHECK(bandwidth_charge(t, t.max_sends).fits());
  const BandwidthCharge one = bandwidth_charge(t, 1);
  CHECK(one.steps_over == 12);                                            // steps 3..14 send more than one message
  CHECK(one.linear_cost == doctest::Approx(static_cast<double>(sends)));  // m = 1: one unit per message
  CHECK_THROWS_AS(bandwidth_charge(t, 0), InputError);
  CHECK(traffic_json(t, &one)["bandwidth"]["fits"] == false);
}

namespace {
// The golden report does not change with the version number: the stamp is checked apart.
std::string without_version(std::string text) {
  const std::string stamp = generator_stamp();
  for (auto at = text.find(stamp); at != std::string::npos; at = text.find(stamp, at))
    text.replace(at, stamp.size(), "blockcast VERSION");
  return text;
}

std::vector<std::string> matches(const std::string& text, const std::string& pattern) {
  std::vector<std::string> out;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

// Every column of every Markdown table: not all cells zero ("0", "0.000").
std::string all_zero_column(const std::string& md) {
  std::istringstream in(md);
  std::vector<std::vector<std::string>> table;
  std::string line, found;
  auto check = [&] {
    if (table.size() > 2)
      for (size_t c = 0; c < table[0].size(); ++c) {
        bool zero = true;
        for (size_t r = 2; r < table.size() && zero; ++r) zero = c < table[r].size() && is_zero_text(table[r][c]);
        if (zero && found.empty()) found = "column '" + table[0][c] + "'";
      }
    table.clear();
  };
  while (std::getline(in, line)) {
    if (line.empty() || line[0] != '|') {
      check();
      continue;
    }
    std::vector<std::string> cells;
    std::string cell;
    for (size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '|' && line[i - 1] != '\\') {
        cells.push_back(cell.substr(cell.find_first_not_of(' ') == std::string::npos ? 0 : cell.find_first_not_of(' ')));
        while (!cells.back().empty() && cells.back().back() == ' ') cells.back().pop_back();
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    table.push_back(cells);
  }
  check();
  return found;
}
}  // namespace

TEST_CASE("run report from a hand-written certificate (L=3, base case t=7)") {
  const fs::path dir = fs::temp_directory_path() / ("blockcast-run-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(golden_dir + "/run/L3", dir / "L3", fs::copy_options::recursive);
  fs::create_directories(dir / "notes");  // ignored: not L<digits>
  const RunReportFiles f = write_run_report(dir.string());
  const std::string md = slurp(f.markdown), html = slurp(f.html);
  check_golden("run_report.md", without_version(md));
  check_xml(html, "report.html");
  CHECK(md.find("SOLVED (re-checked)") != std::string::npos);
  CHECK(md.find("[`L3_t7.json`](L3/L3_t7.json)") != std::string::npos);
  CHECK(md.find("not verified: certificate JSON: every base case must be an object with an 'assignment'") !=
        std::string::npos);
  CHECK(html.find("<a href=\"L3/L3_t7.json\">") != std::string::npos);
  // Wrong format tag and missing L are input errors; so is a directory without certificates.
  std::ofstream(dir / "L3" / "certificate.json") << R"({"format":"something-else","L":3})";
  CHECK_THROWS_AS(write_run_report(dir.string()), InputError);
  std::ofstream(dir / "L3" / "certificate.json") << R"({"format":"blockcast-certificate"})";
  CHECK_THROWS_AS(write_run_report(dir.string()), InputError);
  fs::remove_all(dir / "L3");
  CHECK_THROWS_AS(write_run_report(dir.string()), InputError);
  fs::remove_all(dir);
}

// On the hand-written fixture with zero counters added (as the constructive
// methods record them): no all-zero statistics, the method of every case named, the summary
// links each L's section (HTML ids and Markdown anchors alike), the version stamped.
TEST_CASE("run report: no zero statistics, methods named, L sections linked, version stamped") {
  const fs::path dir = fs::temp_directory_path() / ("blockcast-links-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(golden_dir + "/run/L3", dir / "L3", fs::copy_options::recursive);
  nlohmann::json cert = nlohmann::json::parse(slurp((dir / "L3" / "certificate.json").string()));
  cert["stats"] = {{"nodes", 0}, {"leaves", 0}, {"memo_hits", 0}, {"seconds", 0.0}};
  for (auto& s : cert["smaller"]) s["nodes"] = 0, s["seconds"] = 0.0;
  cert["smaller"].push_back({{"t", 4}, {"verdict", "IMPOSSIBLE"}, {"mode", "counting"}, {"nodes", 0}, {"seconds", 0.0}});
  cert["base_cases"][0]["method"] = "paper-greedy";
  cert["base_cases"][0]["stats"] = {{"nodes", 0}, {"seconds", 0.0}, {"memo_hits", 0}};
  std::ofstream(dir / "L3" / "certificate.json") << cert.dump();
  fs::create_directories(dir / "L4");  // a second L: the fixture again, relabelled
  nlohmann::json four = cert;
  four["L"] = 4;
  std::ofstream(dir / "L4" / "certificate.json") << four.dump();
  const RunReportFiles f = write_run_report(dir.string());
  const std::string md = slurp(f.markdown), html = slurp(f.html);
  // No all-zero statistics: no zero counter, no column of zeros.
  CHECK(all_zero_column(md) == "");
  CHECK(matches(md, "([a-z_]+ ?= ?0(\\.0+)?)([,.]|$)").empty());
  CHECK(md.find("Run statistics") == std::string::npos);  // every counter was 0
  CHECK(md.find("Search nodes listed") == std::string::npos);
  CHECK(md.find("| nodes |") == std::string::npos);
  // The methods: per base case, per smaller t, summed up in the summary.
  CHECK(md.find("| SOLVED (re-checked) | paper-greedy |") != std::string::npos);
  CHECK(md.find("| 4 | IMPOSSIBLE | counting refutation |") != std::string::npos);
  CHECK(md.find("| paper-greedy (1) |") != std::string::npos);
  // Anchors and links: every in-page link has its target, every L is linked from the top.
  const std::vector<std::string> ids = matches(html, " id=\"([^\"]+)\""), hrefs = matches(html, "href=\"#([^\"]+)\"");
  for (const auto& h : hrefs) {
    CAPTURE(h);
    CHECK(std::count(ids.begin(), ids.end(), h) == 1);
  }
  const std::vector<std::string> md_ids = matches(md, "<a id=\"([^\"]+)\"></a>"), md_links = matches(md, "\\]\\(#([^)]+)\\)");
  for (const auto& h : md_links) {
    CAPTURE(h);
    CHECK(std::count(md_ids.begin(), md_ids.end(), h) == 1);
  }
  for (const char* L : {"L3", "L4"}) {
    CAPTURE(L);
    CHECK(std::count(ids.begin(), ids.end(), L) == 1);
    CHECK(std::count(hrefs.begin(), hrefs.end(), L) == 2);  // the contents line and the summary row
    CHECK(std::count(md_links.begin(), md_links.end(), L) == 2);
  }
  const auto summary_at = md.find("## Summary"), l3_at = md.find("## L = 3");
  CHECK(summary_at < md.find("| [3](#L3) |"));
  CHECK(md.find("| [4](#L4) |") < l3_at);  // the linked table is at the top
  CHECK(md.find("Back to the [summary](#summary)") != std::string::npos);
  // The version, in the header and the footer of both pages.
  CHECK(std::regex_match(std::string(version()), std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")));
  CHECK(generator_stamp() == std::string("blockcast ") + version());
  CHECK(md.rfind("# blockcast conjecture run\n\nWritten by " + generator_stamp() + ".\n", 0) == 0);
  CHECK(md.substr(md.size() - generator_stamp().size() - 1) == generator_stamp() + "\n");
  CHECK(html.find("<p class=\"stamp\">Written by " + generator_stamp() + ".</p>") != std::string::npos);
  CHECK(html.find("<p class=\"stamp\">" + generator_stamp() + "</p>\n</body>") != std::string::npos);
  check_xml(html, "report.html");
  fs::remove_all(dir);
}

// A report concludes only what verify_certificate proved, in the shape's own terms: real
// certificates (L = 3 optimal, L = 2 pruned) and tampered copies (each tampering a check must catch).
TEST_CASE("run report conclusions: verified certificates and tampered copies") {
  const fs::path dir = fs::temp_directory_path() / ("blockcast-claims-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  auto conclusion_of = [&dir](const nlohmann::json& cert) {
    fs::create_directories(dir / "L3");
    std::ofstream(dir / "L3" / "certificate.json") << cert.dump();
    const std::string md = slurp(write_run_report(dir.string()).markdown);
    const auto at = md.find("Conclusion: ");
    REQUIRE(at != std::string::npos);
    return md.substr(at + 12, md.find('\n', at) - at - 12);
  };
  ConjectureOptions co;
  const nlohmann::json good = to_json(run_conjecture(3, co).certificate, {});
  CHECK(conclusion_of(good).rfind("every t >= 11 (P - 1 = f_t processors) has a block-cyclic schedule with the optimal "
                                  "delay L+t = L+B(P-1)", 0) == 0);
  co.shape = Shape::pruned;
  const std::string pruned = conclusion_of(to_json(run_conjecture(2, co).certificate, {}));
  CHECK(pruned.find("delay L+t+1 on a pruned tree") != std::string::npos);
  CHECK(pruned.find("optimal delay") == std::string::npos);
  std::vector<std::pair<std::string, nlohmann::json>> tampered;
  auto with = [&](const std::string& name, auto change) {
    nlohmann::json j = good;
    change(j);
    tampered.push_back({name, j});
  };
  with("L wrapped", [](nlohmann::json& j) { j["L"] = 4294967299ULL; });
  with("L disagrees", [](nlohmann::json& j) { j["L"] = 4; });
  with("t0 float", [](nlohmann::json& j) { j["t0"] = 11.0; });
  with("t0 huge", [](nlohmann::json& j) { j["t0"] = 4294967307ULL; });
  for (const char* shape : {"ties", "xyz", "3"})
    with(std::string("shape ") + shape, [shape](nlohmann::json& j) { j["shape"] = shape; });
  with("duplicated base case", [](nlohmann::json& j) { j["base_cases"][1] = j["base_cases"][0]; });
  with("wrong x", [](nlohmann::json& j) { j["x"] = "c"; });
  for (const auto& entry : tampered) {
    const std::string& name = entry.first;  // not a binding: clang 14 cannot capture those
    const nlohmann::json& j = entry.second;
    CAPTURE(name);
    std::string text;
    try {
      text = conclusion_of(j);
    } catch (const InputError&) {
      continue;  // refused to read it at all: also no claim
    }
    CHECK(text.rfind("not verified: ", 0) == 0);
  }
  fs::remove_all(dir);
}
