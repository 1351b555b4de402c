// The induction of paper 000 Sec. 3.3 (SPEC Sec. 7): I(t) = I(t-1) + I(t-L) with the root
// block of I(t-1) grown by one. If both solutions have receive-only letter x and the root
// word of I(t-1) passes the state {0..x-1} (which has an x-self-loop), inserting one x there
// and keeping the other x for the receive-only processor solves I(t) with the same
// property. L consecutive base cases t0..t0+L-1 (t0 >= L) therefore cover every t >= t0.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "assignment.hpp"

namespace blockcast {

// Root block of an optimal-shape assignment (u == T), or nullptr.
const BlockWord* root_block(const Assignment& a);

// nullopt if `a` solves I(t) with receive-only x and an x-extendable root word, else why not.
std::optional<std::string> check_base_case(const Assignment& a, Letter x);

// Compose solutions of I(t-1) and I(t-L) into one of I(t). Throws InputError if the
// preconditions fail; the result passes check_base_case (verified before returning).
Assignment compose(const Assignment& prev, const Assignment& back, Letter x);

struct Certificate {
  int L = 0;
  Letter x = 0;
  int t0 = 0;
  std::vector<Assignment> base_cases;  // t0 .. t0+L-1
  nlohmann::json extra;                // smaller-t verdicts, statistics (reported, not checked)
};

nlohmann::json to_json(const Certificate& c, const std::vector<std::string>& files = {});
Certificate certificate_from_json(const nlohmann::json& j);

// Re-check a certificate from scratch: every base case symbolically and (when small enough)
// by expansion and simulation, then the compositions for t0+L .. t0+2L-1. Returns the list
// of composed t on success; throws InputError naming the first failure.
std::vector<int> verify_certificate(const Certificate& c, i64 max_sim_events = 2'000'000);

}  // namespace blockcast
