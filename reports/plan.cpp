// Text rendering of a plan (plan.hpp).
#include "plan.hpp"

#include <cstdio>

#include "plan/loggp.hpp"
#include "plan/network_text.hpp"

namespace blockcast {

std::string plan_headline(const api::Plan& p) {
  if (p.family == "none")
    return "plan: nothing to send (" + std::string(p.P == 1 ? "P = 1" : "bytes = 0") + "), 0 steps, predicted 0 s";
  return "plan: " + p.family + ", K = " + std::to_string(p.segments) + " segments of " + std::to_string(p.segment_bytes) +
         " bytes, L = " + std::to_string(p.L) + ", tau = " + seconds_text(p.step_seconds) + ", " + std::to_string(p.steps) +
         " steps, predicted " + seconds_text(p.predicted_seconds);
}

std::string plan_text(const api::Plan& p) {
  std::string out = plan_headline(p) + "\n";
  out += "formula: " + p.formula + "\n";
  out += "reason: " + p.reason + "\n";
  out += "verification: " + p.verification + "\n";
  out += "network: " + network_to_text(p.network) + "\n";
  if (p.candidates.empty()) return out;
  char line[160];
  std::snprintf(line, sizeof line, "%-18s %7s %3s %8s %11s %11s %7s\n", "family", "K", "L", "steps", "tau", "predicted", "ratio");
  out += line;
  const double best = p.predicted_seconds;
  for (const api::PlanCandidate& c : p.candidates) {
    char ratio[16] = "-";
    if (best > 0) std::snprintf(ratio, sizeof ratio, "%.3f", c.predicted_seconds / best);
    std::snprintf(line, sizeof line, "%-18s %7lld %3d %8lld %11s %11s %7s\n", c.family.c_str(), static_cast<long long>(c.segments),
                  c.L, static_cast<long long>(c.steps), seconds_text(c.step_seconds).c_str(),
                  seconds_text(c.predicted_seconds).c_str(), ratio);
    out += line;
  }
  return out;
}

}  // namespace blockcast
