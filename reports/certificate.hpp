// Reading the certificates the conjecture command writes, DIR/L<L>/certificate.json
// (Karp et al. 1993, Sec. 3.3: L consecutive base cases t0..t0+L-1 with a common receive-only
// letter x and x-extendable root words solve every t >= t0). Schema (version 2; every
// field in docs/induction.md, "Certificates and the evidence that t0 is minimal"):
//   {"format":"blockcast-certificate","version":2,"L":3,"x":"b","t0":5,"mode":"exact",
//    "base_cases":[{"t":5,"file":"L3_t5.json","assignment":{...},"stats":{"nodes":1,"seconds":0.001}}],
//    "smaller":[{"t":0,"verdict":"SOLVED","mode":"exact","nodes":0,"seconds":0.0,"note":"..."}],
//    "compositions_checked":[8,9,10],"seconds":0.01,"stats":{"nodes":109,...},"t0_minimal":true,
//    "minimality":{"letters":3,"refuted":[...],"open":[]}}
// Only L is required; every other field may be missing. A base case whose assignment does
// not parse is kept with its error, so a report can show it instead of failing. The
// report shows t0_minimal as claimed; verify-certificate is what re-checks its evidence.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "assignment.hpp"

namespace blockcast {

struct BaseCase {
  std::optional<int> t;
  std::string file;  // as written, relative to the certificate's directory
  std::string method;  // which method solved it (conjecture --method), if recorded
  // Kept only for the smallest base case that checks (the report's reception table): a
  // whole run holds tens of thousands of base cases, and the report needs only what
  // follows, derived when the certificate is read.
  std::optional<Assignment> assignment;
  std::string assignment_error;  // why there was no assignment, if there was none
  nlohmann::json stats = nlohmann::json::object();
  // What the base case establishes: "SOLVED (re-checked)" (checked here), "SOLVED
  // (verified in the run)" (the conjecture run verified it and hands it over), or
  // "INVALID: ...", and whether the root word absorbs x.
  std::string verdict;
  std::string extendable_text = "-";
  std::optional<int> solved_t;      // the assignment's t, P, receive-only letter and root block
  std::optional<i64> P;
  std::optional<Letter> receive_only;
  std::optional<BlockWord> root;
  bool valid() const { return verdict.rfind("SOLVED", 0) == 0; }
};

struct SmallerCase {
  std::optional<int> t;
  std::string verdict, mode, note;
  std::optional<std::int64_t> nodes;
  std::optional<double> seconds;
};

// What the report reads from a certificate file (search/induction.hpp has the checked
// Certificate itself; distinct names, one definition each).
struct CertificateFile {
  std::string dir;  // directory relative to the run directory, e.g. "L3"
  int L = 0;
  std::optional<Letter> x;
  std::optional<int> t0;
  std::optional<bool> t0_minimal;  // false: a smaller candidate t0 hit a limit, t0 is the smallest found
  std::string mode;
  std::vector<BaseCase> base_cases;
  std::vector<SmallerCase> smaller;
  std::vector<std::int64_t> compositions_checked;
  std::optional<double> seconds;
  nlohmann::json stats = nlohmann::json::object();  // whole-run search counters, if recorded
  // The outcome of the engine's own verification (verify_certificate, search/induction.hpp)
  // of the same file: a report concludes only what this proved.
  std::optional<Shape> shape;       // set when verified: optimal or pruned
  std::string verification_error;   // why it did not verify (empty when verified)
  bool verified() const { return shape.has_value(); }
};

// `where` names the file in error messages. InputError on a wrong format tag, a missing L,
// or a field of the wrong type. The certificate is also verified (without simulation; a
// failure is recorded in verification_error, not thrown) and every base case re-checked,
// unless `verified_by_run`: the conjecture run that wrote `j` verified it already and hands
// it to the report in memory with its base cases (in j's order), which then checks nothing
// twice and parses no word (reading them back was a third of what --out cost a whole run).
CertificateFile certificate_from_json(const nlohmann::json& j, const std::string& dir, const std::string& where,
                                      const std::vector<Assignment>* verified_by_run = nullptr);

// Every DIR/L<digits>/certificate.json, ordered by L, except the L in `known` (certificates
// the caller holds already; they are merged in). InputError if DIR is not a directory or
// holds no certificate.
std::vector<CertificateFile> read_certificates(const std::string& run_dir, std::vector<CertificateFile> known = {});

}  // namespace blockcast
