// How far the counting model of k-item broadcast (search/kitem/counting_cnf.hpp,
// counting_exact.hpp) decides the cells the constructions leave above the lower bound of
// Karp et al. 1993, Thm 3.1 (as corrected, engine/kitem/bounds.hpp). Not a unit test:
//   kitem_counting_sweep --L A..B --P A..B --k A..B [--seconds S] [--give-up N] [--skip FILE]
// The constructions are those of `kbroadcast-table --ranges` (search/kitem/range_table.hpp),
// run without their exact searches (RangeOptions::exact_search); each cell they leave above
// the bound is then decided by the counting model with S seconds per time (default 20): times from the bound up to the
// constructions' best
// - 1, SAT models replayed by the simulator, UNSAT answers counted only with a DRAT proof the
// independent checker accepts. After N UNKNOWN cells in a row of one (L, P) (default 3; 0 =
// never) the rest of that row is not tried (UNKNOWN, 0 s): k grows, and so does the model.
// --skip FILE: leave out (no row) the cells FILE (rows of this TSV) already decides.
// Prints one TSV row per such cell (flushed, so a cut run keeps its rows):
//   L  P  k  lower_bound  constructions  method  optimum  status  seconds
// status: "at the bound", "proved above" (every time below refuted), "UNKNOWN" (a limit);
// optimum is "UNKNOWN" then. "#" lines: the command and a summary per L.
// docs/kbroadcast.md "Counting model"; data: docs/data/kitem_exact_small.tsv. Bad input: one
// line on stderr, exit 2.
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

#include "kitem/bounds.hpp"
#include "kitem/counting_exact.hpp"
#include "kitem/range_table.hpp"

using namespace blockcast;

namespace {

struct Request {
  std::pair<int, int> Ls{2, 3};
  std::pair<std::int64_t, std::int64_t> Ps{2, 32}, ks{1, 16};
  double seconds = 20;
  int give_up = 3;
  std::set<std::tuple<int, std::int64_t, std::int64_t>> skip;  // (L, P, k) decided already
};

// The (L, P, k) of the rows of an earlier run whose status is decided.
std::set<std::tuple<int, std::int64_t, std::int64_t>> decided_cells(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read " + path);
  std::set<std::tuple<int, std::int64_t, std::int64_t>> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line[0] == 'L') continue;
    std::istringstream row(line);
    int L = 0;
    long long P = 0, k = 0;
    row >> L >> P >> k;
    if (row &&
        (line.find("\tat the bound\t") != std::string::npos || line.find("\tproved above\t") != std::string::npos))
      out.emplace(L, P, k);
  }
  return out;
}

std::pair<std::int64_t, std::int64_t> range(const std::string& s) {
  const auto dots = s.find("..");
  std::size_t used = 0;
  const std::int64_t a = std::stoll(s.substr(0, dots), &used);
  if (dots == std::string::npos) {
    if (used != s.size()) throw std::invalid_argument(s);
    return {a, a};
  }
  const std::string rest = s.substr(dots + 2);
  const std::int64_t b = std::stoll(rest, &used);
  if (used != rest.size() || b < a) throw std::invalid_argument(s);
  return {a, b};
}

Request parse(int argc, char** argv) {
  Request r;
  for (int i = 1; i < argc; ++i) {
    const std::string o = argv[i];
    if (i + 1 >= argc) throw std::invalid_argument(o + " needs a value");
    const std::string v = argv[++i];
    if (o == "--L") {
      const auto L = range(v);
      r.Ls = {static_cast<int>(L.first), static_cast<int>(L.second)};
    } else if (o == "--P") {
      r.Ps = range(v);
    } else if (o == "--k") {
      r.ks = range(v);
    } else if (o == "--seconds") {
      r.seconds = std::stod(v);
    } else if (o == "--give-up") {
      r.give_up = std::stoi(v);
    } else if (o == "--skip") {
      r.skip = decided_cells(v);
    } else {
      throw std::invalid_argument("unknown option " + o);
    }
  }
  if (r.Ls.first < 2 || r.Ls.second > 16 || r.Ps.first < 2 || r.Ps.second > 64 || r.ks.first < 1 || r.ks.second > 16 ||
      r.seconds < 0 || r.give_up < 0)
    throw std::invalid_argument("out of range: L 2..16, P 2..64, k 1..16, seconds >= 0, give-up >= 0");
  return r;
}

struct Tally {
  int above = 0, at_bound = 0, proved_above = 0, unknown = 0;
  double seconds = 0;
};

// One cell above the constructions' bound, decided by the counting model (seconds < 0: not
// tried); prints its row and returns whether it was decided.
bool decide_cell(int L, std::int64_t P, std::int64_t k, const KRange& r, double seconds, Tally& t) {
  const int bound = static_cast<int>(kitem_lower_bound(L, P, k));
  const int best = bound + static_cast<int>(r.gap);
  KItemExact ex;
  if (seconds >= 0)
    ex = kitem_counting_exact(L, static_cast<int>(P), static_cast<int>(k), bound, best - 1, time_limit_each(seconds));
  double used = 0;
  for (const TimeAttempt& a : ex.attempts) used += a.seconds;
  std::string optimum = "UNKNOWN", status = "UNKNOWN";
  if (ex.verdict == Verdict::solved) optimum = std::to_string(*ex.optimum);
  if (ex.verdict == Verdict::impossible) optimum = std::to_string(best);  // every time below refuted
  if (ex.verdict == Verdict::unknown)
    ++t.unknown;
  else if (optimum == std::to_string(bound))
    status = "at the bound", ++t.at_bound;
  else
    status = "proved above", ++t.proved_above;
  ++t.above, t.seconds += used;
  std::printf("%d\t%lld\t%lld\t%d\t%d\t%s\t%s\t%s\t%.2f\n", L, static_cast<long long>(P), static_cast<long long>(k),
              bound, best, r.method.c_str(), optimum.c_str(), status.c_str(), used);
  std::fflush(stdout);
  return ex.verdict != Verdict::unknown;
}

void sweep(const Request& q) {
  std::printf("# kitem_counting_sweep --L %d..%d --P %lld..%lld --k %lld..%lld --seconds %g --give-up %d\n", q.Ls.first,
              q.Ls.second, static_cast<long long>(q.Ps.first), static_cast<long long>(q.Ps.second),
              static_cast<long long>(q.ks.first), static_cast<long long>(q.ks.second), q.seconds, q.give_up);
  std::printf("L\tP\tk\tlower_bound\tconstructions\tmethod\toptimum\tstatus\tseconds\n");
  for (int L = q.Ls.first; L <= q.Ls.second; ++L) {
    RangeOptions constructions;
    constructions.exact_search = false;  // the counting model runs below
    const RangeTable table = kitem_range_table({L, L}, q.Ps, q.ks, Limits{}, 1, constructions);
    if (!table.failure.empty()) throw std::logic_error(table.failure);
    Tally t;
    for (const PRange& row : table.rows)
      for (std::int64_t P = row.P0; P <= row.P1; ++P) {
        int unknown_run = 0;
        for (const KRange& r : row.ks)
          if (r.status == RangeStatus::upper_only)
            for (std::int64_t k = r.k0; k <= r.k1; ++k) {
              if (q.skip.contains({L, P, k})) continue;
              const bool skip = q.give_up > 0 && unknown_run >= q.give_up;
              unknown_run = decide_cell(L, P, k, r, skip ? -1 : q.seconds, t) ? 0 : unknown_run + 1;
            }
      }
    std::printf(
        "# L = %d: %d cells above the constructions' bound: %d at the bound, %d proved above, %d unknown; %.1f s\n", L,
        t.above, t.at_bound, t.proved_above, t.unknown, t.seconds);
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  Request q;
  try {
    q = parse(argc, argv);
  } catch (const std::exception& e) {  // std::stoll / std::stod name only themselves
    std::fprintf(stderr,
                 "kitem_counting_sweep: bad input (%s); usage: --L A..B --P A..B --k A..B [--seconds S] [--give-up N] "
                 "[--skip FILE]\n",
                 e.what());
    return 2;
  }
  sweep(q);
  return 0;
}
