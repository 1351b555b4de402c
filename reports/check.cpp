// Rendering of the check runs (check.hpp).
#include "check.hpp"

#include <sstream>

#include "word.hpp"

namespace blockcast {

namespace {

using json = nlohmann::json;

// A replay that ran to its end: rejected only for a missed claimed delay.
bool replayed(const ScheduleCheck& c) { return c.simulated && (c.verdict == Verdict::accepted || c.rule == "claimed-delay"); }

std::string summary(const Assignment& a) {
  std::ostringstream s;
  s << "L=" << a.L << " shape=" << shape_name(a.shape) << " t=" << a.t << " T=" << a.T << " P=" << a.P
    << " delay L+T=" << a.delay() << "; blocks";
  const size_t shown = 12;
  for (size_t n = 0; n < a.blocks.size() && n < shown; ++n) {
    const auto& b = a.blocks[n];
    // Counts apart from words (from L = 24 on, 'x' is a letter): "(r=5,u=7) acab x3, (r=2,u=4) a".
    s << (n == 0 ? " (r=" : ", (r=") << b.r << ",u=" << b.u << ") " << (b.word.empty() ? "-" : word_string(b.word));
    if (b.count != 1) s << " x" << b.count;
  }
  if (a.blocks.size() > shown) s << " ... (" << a.blocks.size() << " entries)";
  s << "; receive-only " << letter_name(a.receive_only);
  return s.str();
}

json check_payload(const ScheduleCheck& c) {
  if (replayed(c))
    return {{"k", c.items}, {"P", c.P}, {"L", c.L}, {"messages", c.messages}, {"max_delay", c.max_delay},
            {"time", c.time}, {"expected_delay", c.expected_delay}, {"every_delay_expected", c.every_delay_expected}};
  if (c.verdict == Verdict::rejected) return {{"rule", c.rule}};
  if (c.form == ScheduleCheck::Form::circulant)
    return {{"L", 1}, {"P", c.P}, {"k", c.items}, {"time", c.time}, {"checks", c.checks}};
  const Assignment& a = *c.assignment;
  return {{"L", a.L}, {"shape", shape_name(a.shape)}, {"t", a.t}, {"T", a.T}, {"P", a.P}, {"delay", a.delay()},
          {"receive_only", letter_name(a.receive_only)}};
}

}  // namespace

Outcome check_outcome(const ScheduleCheck& c, CheckMode mode) {
  const std::string format = mode == CheckMode::check ? "blockcast-check" : "blockcast-simulate";
  return {format, c.verdict, c.reason, std::nullopt, json(), check_payload(c)};
}

std::string check_text(const ScheduleCheck& c) {
  const std::string what = c.form == ScheduleCheck::Form::assignment ? "The block-cyclic schedule"
                           : c.form == ScheduleCheck::Form::circulant ? "The L = 1 circulant schedule"
                           : c.form == ScheduleCheck::Form::periodic  ? "The periodic schedule"
                                                                       : "The schedule";
  std::ostringstream s;
  if (replayed(c)) {
    const bool ok = c.verdict == Verdict::accepted;
    s << what << (ok ? " broadcasts every item correctly in the postal model: " : " misses the delay its file claims: ")
      << to_string(c.verdict) << ", replayed " << c.items << " items on P=" << c.P << " processors: " << c.messages
      << " messages, max delay " << c.max_delay << ", time " << c.time << " (last reception step); ";
    if (c.expected_delay)
      s << "every item's delay = L+T = " << c.expected_delay << ": " << (c.every_delay_expected ? "yes" : "no") << "\n";
    else
      s << "no delay claimed by the file\n";
  } else if (c.verdict == Verdict::rejected) {
    s << what << " breaks a rule: " << to_string(c.verdict) << ", " << c.reason << "\n";
  } else if (c.form == ScheduleCheck::Form::circulant) {
    s << what << " is correct (checked structurally): " << to_string(c.verdict) << ", P=" << c.P << " k=" << c.items
      << ": time " << c.time << "; " << c.checks << "\n";
  } else {
    s << what << " is legal (symbolic check: words, blocks, letter conservation): " << to_string(c.verdict) << ", "
      << summary(*c.assignment) << "\n";
  }
  return s.str();
}

Outcome certificate_outcome(const CertificateCheck& r, const Certificate& c, std::int64_t sim_events) {
  const std::string format = "blockcast-verify-certificate";
  if (r.verdict != Verdict::accepted) return {format, r.verdict, r.reason, std::nullopt, json(), {{"L", c.L}}};
  const MinimalityCheck& m = r.minimality;
  return {format, Verdict::accepted, "", std::nullopt, json(),
          {{"L", c.L}, {"shape", shape_name(c.shape)}, {"x", letter_name(c.x)}, {"t0", c.t0},
           {"base_cases", c.base_cases.size()}, {"compositions_checked", r.composed}, {"simulated", r.simulated},
           {"sim_events", sim_events}, {"t0_minimal", m.minimal}, {"minimality_claimed", m.claimed},
           {"minimality_rechecked", m.skipped == 0}, {"windows_below_t0", m.windows}, {"windows_open", m.open},
           {"minimality", m.text()}}};
}

std::string certificate_check_text(const CertificateCheck& r, const Certificate& c, std::int64_t sim_events) {
  if (r.verdict != Verdict::accepted) return "The certificate does not verify: " + to_string(r.verdict) + ", " + r.reason + "\n";
  const bool pruned = c.shape == Shape::pruned;
  const std::string I = pruned ? "pruned(" : "I(";  // same names as the error messages
  std::ostringstream s;
  s << "For L = " << c.L << " and every t >= " << c.t0 << ", a block-cyclic schedule reaches delay "
    << (pruned ? "L+t+1 on a pruned tree" : "L+t on the optimal tree T_t")
    << " (the induction certificate, re-checked): " << to_string(r.verdict) << ", L=" << c.L
    << (pruned ? " shape=pruned" : "") << " x=" << letter_name(c.x) << " t0=" << c.t0 << ": base cases " << I << c.t0
    << ").." << I << c.t0 + c.L - 1 << ") checked, compositions " << I << r.composed.front() << ").." << I
    << r.composed.back() << ") checked";
  s << "; simulated " << r.simulated << " of " << c.base_cases.size() << " base cases (P*(items+L+T) <= " << sim_events
    << ", --sim-events); " << (r.simulated == static_cast<int>(c.base_cases.size()) ? "all replayed" : "the others symbolic only")
    << "; " << r.minimality.text() << "\n";
  return s.str();
}

}  // namespace blockcast
