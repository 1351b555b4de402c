// Text and JSON of the k-item schedules built from a continuous schedule (cut, endgame,
// Fig. 2's alternation; search/kitem/schedules.hpp, paper 000 Sec. 3.1 Thm 3.1-3.2).
// Rendering only: nothing here searches or simulates.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kitem/schedules.hpp"

namespace blockcast {

// Text: one line per schedule (name, simulated time, gap to the lower bound, how) and the notes.
std::string kitem_schedules_text(const KItemSchedules& ks);
// {"name", "how", "P", "L", "items", "time", "simulated_ok", "violation",
//  "messages": [[send_step, recv_step, sender, receiver, item], ...]}
nlohmann::json schedule_json(const KItemSchedule& s);

}  // namespace blockcast
