// Text and JSON of the `kbroadcast` run (see kbroadcast.hpp; Karp et al. 1993, Sec. 3 and 3.4;
// Subramonian and Venkatasubramanian 1993, Sec. 6). The labels of the text form share one
// column width so that the formulas line up.
#include "kbroadcast.hpp"

#include <sstream>

namespace blockcast {

std::string kbroadcast_text(const KBroadcastReport& r) {
  std::ostringstream s;
  s << "k-item broadcast: L=" << r.L << " P=" << r.P << " k=" << r.k << "  (B(P-1)=" << r.depth << ", k*=" << r.kstar
    << ")\n";
  s << "  lower bound (Karp et al. 1993, Thm 3.1)                            B(P-1)+L+(k-1)-k* = "
    << r.paper_bound << "\n";
  if (r.lower_bound != r.paper_bound)
    s << "    but k <= k*: the proof's count only gives " << r.lower_bound << " (the formula assumes t >= n)\n";
  s << "  continuous schedule cut after k                                    L+B(P-1)+k-1      = "
    << r.continuous_formula << "\n";
  if (r.has_schedule) {
    s << "    simulated (delay L+T=" << r.schedule_delay << "): ";
    if (!r.simulated_ok)
      s << "FAILS: " << r.violation << "\n";
    else
      s << "time " << r.simulated_time << " (last reception step), " << r.messages
        << " messages; L+T+k-1 = " << r.predicted_time << ": " << (r.matches_prediction() ? "yes" : "NO") << "\n";
  } else if (!r.not_cut.empty()) {
    s << "    (not cut: " << r.not_cut << ")\n";
  } else {
    s << "    (no continuous schedule given: --assignment FILE)\n";
  }
  s << "  simple schedule (Subramonian and Venkatasubramanian 1993, Sec. 6)  L+B(P-1,L+1)+k-1  = "
    << r.simple_time << "  (delay " << r.simple_delay << ")\n";
  s << "  single-sending (Karp et al. 1993, Thm 3.7)                         B(P-1)+2L+k-2     = "
    << r.single_sending << "\n";
  return s.str();
}

nlohmann::json kbroadcast_json(const KBroadcastReport& r) {
  nlohmann::json j{{"L", r.L},
                   {"P", r.P},
                   {"k", r.k},
                   {"B", r.depth},
                   {"k_star", r.kstar},
                   {"lower_bound", r.lower_bound},
                   {"paper_bound", r.paper_bound},
                   {"continuous_formula", r.continuous_formula},
                   {"simple_delay", r.simple_delay},
                   {"simple_time", r.simple_time},
                   {"single_sending_time", r.single_sending}};
  if (!r.not_cut.empty()) j["not_cut"] = r.not_cut;
  if (r.has_schedule)
    j["schedule"] = {{"ok", r.simulated_ok},
                     {"violation", r.violation},
                     {"delay", r.schedule_delay},
                     {"predicted_time", r.predicted_time},
                     {"time", r.simulated_time},
                     {"messages", r.messages},
                     {"matches_prediction", r.matches_prediction()}};
  return j;
}

}  // namespace blockcast
