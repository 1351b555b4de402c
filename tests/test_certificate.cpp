// Evidence of minimality in conjecture certificates (search/minimality.hpp,
// search/induction.hpp verify_minimality, docs/induction.md): the counting refutation agrees
// with solve_repair's counting checks, an UNKNOWN window keeps t0 from being called minimal,
// and a certificate claiming minimality without (or with broken) evidence is rejected.
#include <doctest/doctest.h>

#include "assignment_json.hpp"
#include "certificate_text.hpp"
#include "conjecture.hpp"
#include "minimality.hpp"

using namespace blockcast;

namespace {

// The default run of L (method auto): every window below t0 refuted for small L.
const ConjectureResult& auto_run(int L) {
  static std::map<int, ConjectureResult> done;
  auto it = done.find(L);
  if (it == done.end()) {
    ConjectureOptions co;
    co.method = Method::auto_;
    it = done.emplace(L, run_conjecture(L, co)).first;
  }
  return it->second;
}

nlohmann::json certificate_json(const ConjectureResult& r) { return to_json(r.certificate); }

}  // namespace

TEST_CASE("counting_refutation is solve_repair's counting check, with its numbers") {
  for (int L = 3; L <= 12; ++L)
    for (int t = L; t <= 3 * L; ++t) {
      const Instance inst = optimal_instance(L, t);
      for (Letter x = 0; x < L; ++x) {
        INFO("L=", L, " t=", t, " x=", letter_name(x));
        ConstructiveOptions co;
        co.x = x, co.extendable = true, co.tries = 0;
        const bool repair_says = solve_repair(inst, co).verdict == Verdict::impossible;
        const std::optional<Refutation> f = counting_refutation(inst, x);
        CHECK(repair_says == f.has_value());
        if (f && !f->letter_absent) {
          CHECK(f->t == t);
          CHECK(f->target == static_cast<i64>(x) * f->r - (f->u - f->r));
          CHECK((f->target < 0 || f->rest < f->lo || f->rest > f->hi));
        }
      }
    }
}

TEST_CASE("open_windows: a refuted (t, x) covers the windows t-L+1 .. t of its letter") {
  Refutation a;
  a.t = 10, a.x = 0;
  Refutation b = a;
  b.t = 14;
  // L = 4, t0 = 16: windows 4..15 for x = a; t = 10 covers 7..10, t = 14 covers 11..14.
  const auto open = open_windows(4, 16, 1, {a, b});
  REQUIRE(open.size() == 2);
  CHECK((open[0].from == 4 && open[0].to == 6));
  CHECK((open[1].from == 15 && open[1].to == 15));
  CHECK(open_windows(4, 16, 2, {a, b}).size() == 3);  // letter b: everything open
  CHECK(open_windows(4, 4, 1, {}).empty());          // t0 = L: no window below it
}

TEST_CASE("a window left UNKNOWN after the last effort level keeps t0 from being minimal") {
  // Method constructive with one try per level: windows of L = 4 below the t0 found stay
  // unrefuted, an UNKNOWN pair in each (the complete search of the default run refutes or
  // solves them; t0 may come out above the default run's 12). Minimality now follows from the
  // recorded refutations alone; the scan's own bookkeeping once missed a window whose single
  // UNKNOWN pair survived the last level.
  ConjectureOptions co;
  co.method = Method::constructive;
  co.constructive.tries = 1;
  co.search.tuning.level0_tries = 1;
  co.search.tuning.level2_tries = 1;
  co.search.threads = 1;
  const ConjectureResult r = run_conjecture(4, co);
  REQUIRE(r.verdict == Verdict::solved);
  CHECK(r.certificate.t0 >= auto_run(4).certificate.t0);
  CHECK(!r.evidence.open.empty());
  CHECK(!r.minimal);
  CHECK(r.certificate.t0_minimal == false);
  const MinimalityCheck m = verify_minimality(r.certificate);
  CHECK(!m.minimal);
  CHECK(m.open > 0);
  // The same certificate edited to claim minimality is rejected.
  Certificate claimed = r.certificate;
  claimed.t0_minimal = true;
  CHECK_THROWS_WITH_AS(verify_minimality(claimed), doctest::Contains("windows below t0 are not refuted"), InputError);
  // The default run refutes every window of L = 4 (counting and two complete searches).
  CHECK(auto_run(4).minimal);
  CHECK(auto_run(4).evidence.open.empty());
}

TEST_CASE("verify_minimality: evidence re-checked, claims without evidence rejected") {
  const ConjectureResult& r = auto_run(4);
  REQUIRE(r.minimal);
  const nlohmann::json j = certificate_json(r);
  CHECK(j.at("version") == 2);
  CHECK(j.at("t0_minimal") == true);
  const Certificate c = certificate_from_json(j);
  MinimalityCheck m = verify_minimality(c);
  CHECK(m.minimal);
  CHECK(m.claimed);
  CHECK(m.windows == (c.t0 - 4) * 4);
  CHECK(m.searches >= 1);
  CHECK(m.skipped == 0);
  m = verify_minimality(c, false);
  CHECK(m.minimal);
  CHECK(m.skipped == m.searches);
  CHECK(m.text().find("minimality not re-checked") != std::string::npos);

  SUBCASE("no evidence: version 2 without 'minimality', version 1 with smaller: []") {
    nlohmann::json e = j;
    e.erase("minimality");
    CHECK_THROWS_WITH_AS(verify_minimality(certificate_from_json(e)), doctest::Contains("records no evidence"), InputError);
    e["version"] = 1;
    e["smaller"] = nlohmann::json::array();
    CHECK_THROWS_WITH_AS(verify_minimality(certificate_from_json(e)), doctest::Contains("format version 1"), InputError);
    e["t0_minimal"] = false;  // an old certificate that claims nothing is read as before
    CHECK(!verify_minimality(certificate_from_json(e)).minimal);
    e.erase("t0_minimal");
    CHECK(!verify_minimality(certificate_from_json(e)).claimed);
  }
  SUBCASE("a refutation dropped: windows open") {
    nlohmann::json e = j;
    e["minimality"]["refuted"].erase(0);
    CHECK_THROWS_WITH_AS(verify_minimality(certificate_from_json(e)), doctest::Contains("not refuted"), InputError);
  }
  SUBCASE("counting numbers edited") {
    nlohmann::json e = j;
    for (auto& f : e["minimality"]["refuted"])
      if (f["how"] == "counting" && f.contains("rest")) {
        f["rest"] = f["rest"].get<i64>() + 1;
        break;
      }
    CHECK_THROWS_WITH_AS(verify_minimality(certificate_from_json(e)), doctest::Contains("recorded numbers differ"),
                         InputError);
  }
  SUBCASE("a search refutation moved to a pair the base cases solve") {
    nlohmann::json e = j;
    for (auto& f : e["minimality"]["refuted"])
      if (f["how"] == "search") {
        f["t"] = c.t0;
        f["x"] = letter_name(c.x);
        break;
      }
    CHECK_THROWS_WITH_AS(verify_minimality(certificate_from_json(e)), doctest::Contains("contradicts the base case"),
                         InputError);
  }
  SUBCASE("a search that cannot finish within its recorded budget") {
    nlohmann::json e = j;
    bool edited = false;
    for (auto& f : e["minimality"]["refuted"])
      if (f["how"] == "search" && f["method"] == "complete" && f["nodes"].get<i64>() > 1) {
        f["budget"] = 1;
        edited = true;
        break;
      }
    if (edited) {
      CHECK_THROWS_WITH_AS(verify_minimality(certificate_from_json(e)), doctest::Contains("recorded budget"), InputError);
      CHECK(verify_minimality(certificate_from_json(e), false).skipped >= 1);  // --skip-minimality
    }
  }
  SUBCASE("a newer format version is refused") {
    nlohmann::json e = j;
    e["version"] = 3;
    CHECK_THROWS_WITH_AS(certificate_from_json(e), doctest::Contains("newer than this blockcast reads"), InputError);
  }
}

TEST_CASE("render_certificate: the spliced text is the certificate's JSON byte for byte") {
  for (int L : {3, 4, 7, 12}) {
    CAPTURE(L);
    Certificate c = auto_run(L).certificate;
    // Strings that hold the placeholder, before and after the base cases: only structure matches.
    const std::string fake = "\"assignment\": \"\x01" "base case 0\"";
    c.extra = {{"a", fake}, {"note", "\x01" "base case 1"}};
    std::vector<std::string> files;
    for (std::size_t i = 0; i + 1 < c.base_cases.size(); ++i) files.push_back("f" + std::to_string(i) + ".json");
    const CertificateText text = render_certificate(c, files);
    CHECK(text.certificate == json_text(to_json(c, files)));
    REQUIRE(text.base_cases.size() == c.base_cases.size());
    for (std::size_t i = 0; i < c.base_cases.size(); ++i) CHECK(text.base_cases[i] == json_text(to_json(c.base_cases[i])));
  }
}

TEST_CASE("assignment_text is json_text(to_json) for odd assignments too") {
  Assignment a;
  a.L = 30, a.T = 70, a.t = 69, a.shape = Shape::pruned, a.P = 5, a.receive_only = 40;
  CHECK(assignment_text(a) == json_text(to_json(a)));  // no blocks: "blocks": []
  a.blocks.push_back({3, 71, 2, {27, 0}});
  a.blocks.push_back({1, 69, 1, {}});
  CHECK(assignment_text(a) == json_text(to_json(a)));
}
