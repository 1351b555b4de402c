// Text and JSON of the k-item schedules built from a continuous schedule (cut, endgame,
// Fig. 2's alternation; search/kitem/schedules.hpp; Karp et al. 1993, Sec. 3.1 Thm 3.1-3.2).
// Rendering only: nothing here searches or simulates.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kitem/kitem_run.hpp"
#include "kitem/schedules.hpp"

namespace blockcast {

// Text: one line per schedule (name, simulated time, gap to the lower bound, how, the checks
// that ran) and the notes.
std::string kitem_schedules_text(const KItemSchedules& ks);
// {"name", "how", "P", "L", "items", "time", "simulated_ok", "violation",
//  "messages": [[send_step, recv_step, sender, receiver, item], ...]}
nlohmann::json schedule_json(const KItemSchedule& s);
// A circulant schedule held only in its implicit form (too large for a message list):
// {"format": "blockcast-circulant-schedule", "name", "how", "P", "L", "items", "time",
//  "simulated_ok", "violation", "checks", "form": "implicit", "rounds_per_phase", "skip",
//  "skipped_rounds", "message_count"}; every message follows from P and k
// (engine/kitem/circulant.hpp). schedule_json returns this for such a schedule.
nlohmann::json implicit_schedule_json(const KItemSchedule& s);

// The whole k-item run (search/kitem/kitem_run.hpp), as `kbroadcast` prints it: the bounds,
// one line per schedule, the notes, the line of a run the time limit cut short, and last
// recommended_line.
std::string kitem_result_text(const KitemResult& r);
// "recommended: routed-endgame, time 17 (= lower bound 17), 504 messages; --out DIR writes it
// as DIR/routed-endgame.json": the run's best schedule (KitemResult::best's ranking: the
// smallest time among the checked schedules, the circulant first among equals, else the first
// listed).
std::string recommended_line(const KitemResult& r);
// `kbroadcast --json`'s payload, also the API's KItemSchedule::report_json (Python to_dict):
// format, verdict, reason, seconds, the bounds (kbroadcast_json), method, time, optimal,
// "schedules" (schedule_json without "messages"), best_time, notes, time_limit_reached and
// "candidates" ([{method, time, seconds, stopped}]), "cut_replay" (the cut's replay summary)
// and "schedule": the best schedule itself (schedule_json, or implicit_schedule_json for the
// implicit circulant) when it has at most kMaxInlineMessages messages, so that the document
// is read back by check, simulate, export and mpi-run; larger ones are written by --out.
inline constexpr std::int64_t kMaxInlineMessages = 200'000;
nlohmann::json kitem_result_json(const KitemResult& r);

}  // namespace blockcast
