// Text and JSON of the `kbroadcast` run (search/kitem/cut_schedule.hpp: the k-item bounds of
// Karp et al. 1993, Sec. 3, Thm 3.1, 3.6-3.7 and Subramonian and Venkatasubramanian 1993, Sec. 6, next to the
// continuous schedule cut after k items and simulated). Rendering only: nothing here searches or simulates.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kitem/cut_schedule.hpp"

namespace blockcast {

std::string kbroadcast_text(const KBroadcastReport& r);
nlohmann::json kbroadcast_json(const KBroadcastReport& r);

}  // namespace blockcast
