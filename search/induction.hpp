// The induction of Karp et al. 1993, Sec. 3.3 (SPEC Sec. 7): I(t) = I(t-1) + I(t-L) with the root
// block of I(t-1) grown by one. If both solutions have receive-only letter x and the root
// word of I(t-1) passes the state {0..x-1} (which has an x-self-loop), inserting one x there
// and keeping the other x for the receive-only processor solves I(t) with the same
// property. L consecutive base cases t0..t0+L-1 (t0 >= L) therefore cover every t >= t0.
//
// The same induction holds for the pruned trees of SPEC Sec. 6 (Karp et al. 1993, Thm 3.5; derivation
// in docs/induction.md): T_T is T_{T-1} shifted down one label, its root given one more child
// in FRONT, plus T_{T-L} hung under that child. Node types (r0, u) and trailing leaves are
// preserved, so a pruned tree for t-1 plus a pruned tree for t-L is a pruned tree for t
// (P-1 = f_{t-1} + f_{t-L} = f_t nodes, f_{t-L} + f_{t+1-2L} = f_{t+1-L} leaves removed).
// The root block (r, u = T-1), possibly trimmed, becomes (r+1, u+1) exactly as before.
#pragma once
#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "assignment.hpp"
#include "minimality.hpp"
#include "tuning.hpp"

namespace blockcast {

// Root block of an assignment (u == T: only the root has label 0), or nullptr.
const BlockWord* root_block(const Assignment& a);

// nullopt if `a` solves the instance of `shape` for its t (optimal: I(t); pruned: a
// pruned tree with P-1 = f_t, T = t+1) with receive-only x and an x-extendable root word,
// else one line saying why not.
std::optional<std::string> check_base_case(const Assignment& a, Letter x, Shape shape = Shape::optimal);

// Compose solutions for t-1 and t-L (same shape, optimal or pruned) into one for t: prev
// with receive-only x and an x-extendable root, back with receive-only x (its root is not
// extended, so it may be any). Throws InputError if the preconditions fail; the result
// passes check_base_case (verified before returning).
Assignment compose(const Assignment& prev, const Assignment& back, Letter x);
// The same for inputs the caller has checked (prev as a base case, back as a solution with
// receive-only x): only the result is checked, and of its words only the new root's, the
// others being copies of checked ones. An input that was not checked can make it throw
// std::logic_error or return an assignment that is not a base case.
Assignment compose_checked(const Assignment& prev, const Assignment& back, Letter x);

// Format versions: 1 (no evidence of minimality; read, but a claim "t0_minimal": true is
// rejected) and 2 (adds "minimality", the refutations of every window below t0).
inline constexpr int kCertificateVersion = 2;
inline constexpr int kMaxCertificateL = 1024;  // L of a certificate: conjecture --L takes 1..1024

struct Certificate {
  int version = kCertificateVersion;
  int L = 0;
  Shape shape = Shape::optimal;  // optimal or pruned; JSON field "shape" (default optimal)
  Letter x = 0;
  int t0 = 0;
  std::vector<Assignment> base_cases;  // t0 .. t0+L-1
  std::vector<std::string> methods;    // optional, per base case: the method that found it
  std::optional<bool> t0_minimal;      // the claim: every window below t0 is refuted
  std::optional<MinimalityEvidence> minimality;  // version 2: the refutations (and open windows)
  nlohmann::json extra;                // smaller-t verdicts, statistics (reported, not checked)
};

// `assignment(i)`, if given, is base case i's "assignment" value instead of its JSON (the
// run's writer puts placeholders there and splices in each base case's text, rendered once).
nlohmann::json to_json(const Certificate& c, const std::vector<std::string>& files = {},
                       const std::function<nlohmann::json(std::size_t)>& assignment = {});
Certificate certificate_from_json(const nlohmann::json& j);

// The delay every item of `a` actually has: L + T minus the smallest letter any leaf
// carries. Optimal trees always have label-t leaves (letter 0), so this is L + T; a pruned
// tree that lost every label-T leaf is the optimal tree T_t and finishes one step early.
i64 effective_delay(const Assignment& a);

// Expand and replay `a` in the postal model when P * (items + L + T) <= max_sim_events.
// Returns the simulated delay, or nullopt if it was too large to simulate; throws
// InputError on a violation or a delay other than effective_delay(a).
std::optional<i64> simulate_if_small(const Assignment& a, i64 max_sim_events);

// Re-check a certificate from scratch: every base case symbolically and (when small enough)
// by expansion and simulation, then the compositions for t0+L .. t0+2L-1. Returns the list
// of composed t on success; throws InputError naming the first failure.
std::vector<int> verify_certificate(const Certificate& c, i64 max_sim_events = Tuning{}.max_sim_events);
// The same under a deadline (polled per base case and per composition, about 5 ms each at
// L = 200): nullopt when it passed before the check was complete, which proves nothing.
std::optional<std::vector<int>> verify_certificate_until(const Certificate& c, i64 max_sim_events,
                                                         std::chrono::steady_clock::time_point deadline);

// What verify_minimality established.
struct MinimalityCheck {
  bool claimed = false;     // the certificate says t0 is minimal
  bool minimal = false;     // the evidence covers every window below t0 and was confirmed
  int windows = 0;          // windows below t0: (t0 - L) * letters
  int open = 0;             // windows not covered
  int counting = 0, searches = 0, skipped = 0;  // refutations re-checked by kind; searches not re-run
  std::string text() const;  // one phrase for verify-certificate's output
};

// Re-check the minimality evidence of a (structurally verified) certificate: every recorded
// refutation (counting recomputed, searches re-run within their budget unless
// !run_searches) and their cover of the windows (t0', x), L <= t0' < t0. Throws InputError
// when a refutation fails, or when t0 is claimed minimal without evidence covering every
// window (a version-1 certificate claiming it has none).
MinimalityCheck verify_minimality(const Certificate& c, bool run_searches = true);

// Solutions for t0 .. t_max of a certificate: the base cases, then compose(t-1, t-L) for
// every larger t. Each composed assignment is checked symbolically inside compose (as by
// check_base_case, shape included; of its words only the new root's, the others being copies
// of checked ones). Everything is multiplicities, so t = 40 (P ~ 10^8 for L = 2) costs
// microseconds.
std::vector<Assignment> extend_certificate(const Certificate& c, int t_max);

}  // namespace blockcast
