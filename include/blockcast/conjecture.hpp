// blockcast's `conjecture` question in the public C++ API (docs/library.md): certify the
// conjecture of Karp, Sahay, Santos and Schauser (1993) for each latency L of a list: L
// consecutive base cases I(t0) .. I(t0+L-1) solved with one common receive-only letter x,
// which the induction extends to every t >= t0 (shape optimal: delay L + t; shape pruned,
// their Thm 3.5: delay L + t + 1). The same run as `blockcast conjecture`
// (search/conjecture_range.hpp): the same verdicts, certificates and JSON.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <blockcast/control.hpp>

namespace blockcast::api {

struct ConjectureRequest {
  std::vector<int> L;             // latencies, 1..1024 (the induction needs L >= 3; L = 2 with shape pruned)
  std::string method = "auto";    // complete, constructive or auto (as the CLI's --method)
  std::string shape = "optimal";  // optimal or pruned
  std::uint64_t seed = 1;         // of the constructive methods
  int t_max = 0;                  // largest t0 tried (0 = 6L)
  int settle_tries = 0;           // as the CLI's --settle-tries
  int threads = 0;                // 0 = all cores
  std::int64_t max_nodes = 0;     // node limit per search (0 = none)
  double time_limit = 0;          // seconds for the whole call (0 = none); an L not reached is UNKNOWN
  RunControl control;             // the caller's cancel flag; progress: each L finished ("L values", done, total)
};

struct ConjectureLatency {
  int L = 0;
  Verdict verdict = Verdict::unknown;  // SOLVED (certificate verified), IMPOSSIBLE or UNKNOWN
  std::string note;                    // why, when not SOLVED
  int t0 = -1;                         // SOLVED: the first base case
  bool t0_minimal = false;             // every window below t0 is refuted
  std::string x;                       // the common receive-only letter
  std::vector<std::string> roots;      // root words of the base cases t0..t0+L-1
  std::vector<std::string> methods;    // how each base case was found
  std::vector<int> compositions;       // the t checked by composing base cases
  double seconds = 0;                  // measured, this L
  std::string certificate;             // SOLVED: certificate.json as `conjecture --out` writes it
};

struct Conjecture {
  Verdict verdict = Verdict::unknown;  // the worst over the L: UNKNOWN > IMPOSSIBLE > SOLVED
  std::string reason;
  double seconds = 0;  // measured, the whole call
  std::vector<ConjectureLatency> latencies;
  std::string text;  // what the CLI prints without --json
  std::string json;  // the CLI's --json output without the command line
  std::string to_json() const { return json; }
};

// InvalidInput for a request the CLI would refuse (the same checks and messages).
Conjecture conjecture(const ConjectureRequest& request);

}  // namespace blockcast::api
