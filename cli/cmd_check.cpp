// `blockcast check FILE` (symbolic legality of a block-cyclic assignment, SPEC Sec. 4; an
// explicit schedule is replayed instead) and `blockcast simulate FILE --k K` (symbolic
// check, expansion into explicit messages and an independent postal-model replay, SPEC
// Sec. 1-2). FILE is any schedule blockcast writes (engine/schedule_json.hpp), "-" = stdin.
// Exit codes: 0 accepted, 1 rejected (the one-line reason is printed), 2 malformed input.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "expand.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include "options.hpp"
#include "render.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast::cli {

namespace {

struct FileArgs {
  std::string file;
  i64 k = 0;
  bool json = false;
};

std::string summary(const Assignment& a) {
  std::ostringstream s;
  s << "L=" << a.L << " shape=" << shape_name(a.shape) << " t=" << a.t << " T=" << a.T << " P=" << a.P
    << " delay L+T=" << a.delay() << "; blocks";
  const size_t shown = 12;
  for (size_t n = 0; n < a.blocks.size() && n < shown; ++n) {
    const auto& b = a.blocks[n];
    s << " (r=" << b.r << ",u=" << b.u << ")" << (b.word.empty() ? "-" : word_string(b.word));
    if (b.count != 1) s << "x" << b.count;
  }
  if (a.blocks.size() > shown) s << " ... (" << a.blocks.size() << " entries)";
  s << "; receive-only " << letter_name(a.receive_only);
  return s.str();
}

// Prints the rejection (text or JSON) and leaves with exit code 1.
[[noreturn]] void reject(const Invocation& inv, const std::string& format, bool json, const std::string& rule,
                         const std::string& why) {
  if (json)
    print_json(inv, {format, Status::rejected, why, std::nullopt, nlohmann::json(), {{"rule", rule}}});
  else
    std::cout << "FAIL: " << why << "\n";
  leave(Status::rejected);
}

// The completion time of a replayed schedule: the step of its last reception (item i's is
// i + its delay), the time of a k-item broadcast (Karp et al. 1993 Sec. 3.1).
std::int64_t completion_time(const SimulationResult& r) {
  std::int64_t time = 0;
  for (size_t i = 0; i < r.delay.size(); ++i) time = std::max(time, static_cast<std::int64_t>(i) + r.delay[i]);
  return time;
}

// The explicit schedule replayed by the simulator; rejected if a rule breaks or an item
// misses the delay the schedule claims.
void replay(const Invocation& inv, const std::string& format, const Schedule& s, bool json) {
  SimulationResult r = simulate(s);
  if (!r.ok) reject(inv, format, json, rule_name(r.violation.rule), r.violation.text);
  const bool exact = s.expected_delay == 0 || r.every_delay_expected();
  const Status v = exact ? Status::accepted : Status::rejected;
  const std::int64_t time = completion_time(r);

  if (json) {
    print_json(inv, {format, v, exact ? "" : "an item misses the claimed delay", std::nullopt, nlohmann::json(),
                     {{"k", s.items}, {"P", s.P}, {"L", s.L}, {"messages", r.messages}, {"max_delay", r.max_delay},
                      {"time", time}, {"expected_delay", s.expected_delay}, {"every_delay_expected", exact}}});
  } else {
    std::cout << "simulated " << s.items << " items on P=" << s.P << " processors: " << r.messages
              << " messages, max delay " << r.max_delay << ", time " << time << " (last reception step); ";
    if (s.expected_delay)
      std::cout << "every item's delay = L+T = " << s.expected_delay << ": " << (exact ? "yes" : "no") << "\n";
    else
      std::cout << "no delay claimed by the file\n";
  }
  exit_with(v);  // legal but missing the delay it claims is a rejection
}

// A circulant schedule too large to list (kbroadcast --out at scale): rebuilt from (P, k) and
// checked as kbroadcast checks it (search/kitem/schedules.hpp circulant_entry: the structural
// check of its phase, the streaming replay when P * k <= 10^8).
void check_circulant(const Invocation& inv, const CirculantInput& c, bool json) {
  if (c.P > kMaxCirculantP) throw InputError("a circulant schedule is checked for P <= " + std::to_string(kMaxCirculantP));
  const KItemSchedule e = circulant_entry(c.P, c.k);
  if (!e.simulated_ok) reject(inv, "blockcast-check", json, "circulant", e.violation);
  if (json)
    return print_json(inv, {"blockcast-check", Status::accepted, "", std::nullopt, nlohmann::json(),
                            {{"L", 1}, {"P", c.P}, {"k", c.k}, {"time", e.time}, {"checks", e.checks}}});
  std::cout << "OK  L=1 circulant P=" << c.P << " k=" << c.k << ": time " << e.time << "; " << e.checks << "\n";
}

}  // namespace

void register_check(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<FileArgs>();
  auto* sub = app.add_subcommand("check", "check a schedule: an assignment symbolically (word legality, blocks, letter conservation), an explicit schedule by replay");
  add_schedule_file(sub, args->file);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    const ScheduleInput in = read_schedule_input(args->file, "check", true);
    if (in.circulant && !in.explicit_) return check_circulant(inv, *in.circulant, args->json);
    if (in.explicit_) return replay(inv, "blockcast-check", *in.explicit_, args->json);
    const Assignment& a = *in.assignment;
    if (auto err = check_assignment(claimed_instance(a), a)) reject(inv, "blockcast-check", args->json, "symbolic", *err);
    if (args->json)
      print_json(inv, {"blockcast-check", Status::accepted, "", std::nullopt, nlohmann::json(),
                       {{"L", a.L}, {"shape", shape_name(a.shape)}, {"t", a.t}, {"T", a.T}, {"P", a.P},
                        {"delay", a.delay()}, {"receive_only", letter_name(a.receive_only)}}});
    else
      std::cout << "OK  " << summary(a) << "\n";
  });
}

void register_simulate(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<FileArgs>();
  auto* sub = app.add_subcommand(
      "simulate", "replay a schedule in the postal model (an assignment is checked and expanded to k items first)");
  add_schedule_file(sub, args->file);
  add_alias(sub, "items", add(sub, "k", args->k));
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    const ScheduleInput in = read_schedule_input(args->file, "simulate");
    if (in.explicit_) {
      return replay(inv, "blockcast-simulate", first_items(*in.explicit_, args->k, args->file), args->json);
    }
    if (args->k == 0) throw InputError("--k is required for a block-cyclic assignment (how many items to expand)");
    const Assignment& a = *in.assignment;
    if (auto err = check_assignment(claimed_instance(a), a)) reject(inv, "blockcast-simulate", args->json, "symbolic", *err);
    replay(inv, "blockcast-simulate", expand_assignment(a, args->k), args->json);
  });
}

}  // namespace blockcast::cli
