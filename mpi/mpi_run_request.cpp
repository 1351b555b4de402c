// The `mpi-run` run (mpi_run_request.hpp): rank 0 loads and checks the schedule, every rank
// computes its own program and runs the broadcast (broadcast_run.hpp).
#include "mpi_run_request.hpp"

#include "assignment_json.hpp"
#include "checked.hpp"
#include "expand.hpp"
#include "kbroadcast_schedules.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/exact.hpp"
#include "kitem/schedules.hpp"
#include "limits.hpp"
#include "per_rank.hpp"
#include "replay.hpp"
#include "runtime.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast::mpi {

namespace {

std::string continuous_text(const Assignment& a) {
  return "L=" + std::to_string(a.L) + " shape=" + shape_name(a.shape) + " t=" + std::to_string(a.t) +
         " T=" + std::to_string(a.T) + " P=" + std::to_string(a.P) + ", delay L+T=" + std::to_string(a.delay());
}

std::string items_in(i64 items, i64 time) {
  return "postal model: " + std::to_string(items) + " items in " + std::to_string(time) + " steps";
}

// A k-item schedule runs with its own k: --k, if given, must be that k.
i64 own_k(const std::string& file, i64 file_k, std::optional<i64> k) {
  if (k && *k != file_k)
    throw InputError("--k " + std::to_string(*k) + ": '" + file + "' is a k-item schedule of " +
                     std::to_string(file_k) + " items and runs with its own k (omit --k or give --k " +
                     std::to_string(file_k) + ")");
  return file_k;
}

// An L = 1 circulant schedule too large to list: checked structurally and by the streaming
// replay (circulant_entry); every rank computes its part from (P, k).
CheckedSchedule circulant_run(const std::string& file, const CirculantInput& c, std::optional<i64> k,
                              const std::string& format) {
  own_k(file, c.k, k);
  if (c.P > kMaxCirculantP)
    throw InputError("a circulant schedule is checked for P <= " + std::to_string(kMaxCirculantP));
  const KItemSchedule e = circulant_entry(c.P, c.k);
  if (!e.simulated_ok) throw InputError("'" + file + "' fails the circulant checks: " + e.violation);
  return {{{"format", format}, {"L", 1}, {"P", c.P}, {"items", c.k}},
          c.k,
          "L=1 circulant P=" + std::to_string(c.P) + "; " + items_in(c.k, e.time) + " (" + e.checks + ")",
          {{"time", e.time}}};
}

// An explicit schedule: a k-item schedule with its own k, a window of a continuous schedule
// cut after --k items; replayed by the simulator either way.
CheckedSchedule explicit_run(const std::string& file, const ScheduleInput& in, const std::string& name,
                             std::optional<i64> k) {
  const bool kitem = in.format == "blockcast-kitem-schedule" || in.circulant;
  const Schedule s = first_items(*in.explicit_, kitem ? own_k(file, in.explicit_->items, k) : k.value_or(0), file);
  const SimulationResult r = simulate(s);
  if (!r.ok) throw InputError("'" + file + "' fails the simulator: " + r.violation.text);
  const i64 time = schedule_time(s);
  nlohmann::json facts{{"time", time}};
  if (!name.empty()) facts["kitem_schedule"] = name;
  return {to_json(s), s.items,
          std::string(kitem ? "k-item" : "explicit") + " schedule " + (name.empty() ? "" : "'" + name + "' ") +
              "L=" + std::to_string(s.L) + " P=" + std::to_string(s.P) + "; " + items_in(s.items, time),
          facts};
}

// A periodic schedule (solve --json's best where it beats block-cyclic): its pattern checked
// for every item, its first --k items listed and replayed.
CheckedSchedule periodic_run(const std::string& file, const PeriodicSchedule& ps, std::optional<i64> k) {
  if (!k) throw InputError("--k is required for a periodic schedule ('" + file + "'): how many items to broadcast");
  if (auto err = check_periodic(ps)) throw InputError("'" + file + "' is not a legal periodic schedule: " + *err);
  const Schedule s = expand_periodic(ps, *k);
  const SimulationResult r = simulate(s);
  if (!r.ok) throw InputError("'" + file + "' fails the simulator: " + r.violation.text);
  const i64 time = schedule_time(s);
  return {to_json(s), s.items,
          "periodic schedule L=" + std::to_string(ps.L) + " P=" + std::to_string(ps.P) + " period " +
              std::to_string(ps.period) + " delay " + std::to_string(ps.delay) + "; " + items_in(s.items, time),
          {{"time", time}}};
}

// A continuous schedule: K items of it as the best k-item schedule kitem_schedules builds
// (the cut among them), or the cut alone where its expansion is too large to build on.
CheckedSchedule continuous_run(const std::string& file, const Assignment& a, std::optional<i64> k, double time_limit) {
  if (!k) throw InputError("--k is required for a continuous schedule ('" + file + "'): how many items to broadcast");
  if (auto err = check_assignment(claimed_instance(a), a))
    throw InputError("'" + file + "' is not a legal assignment: " + *err);
  const i64 cut_time = a.delay() + *k - 1;
  const i64 events = checked_mul(layout_processors(a), checked_add(*k, a.delay(), "window"), "window");
  if (events > kMaxScheduleEvents) {  // as blockcast::api::kitem: each rank computes its part of the cut
    if (SimulationResult r = simulate_assignment(a, *k); !r.ok)
      throw InputError("'" + file + "' expanded to " + std::to_string(*k) +
                       " items fails the simulator: " + r.violation.text);
    return {to_json(a),
            *k,
            "continuous schedule " + continuous_text(a) + " cut after " + std::to_string(*k) + " items; " +
                items_in(*k, cut_time) + " (k-item schedules are built up to P*(k+L+T) = " +
                std::to_string(kMaxScheduleEvents) + " events, this is " + std::to_string(events) + ")",
            {{"time", cut_time}, {"cut_time", cut_time}, {"kitem_schedule", "cut"}}};
  }
  // kitem_schedules' own budget (each SAT solve of the endgame) unless --time-limit is given.
  const KItemSchedules ks =
      time_limit > 0 ? kitem_schedules(a, *k, command_limits(time_limit, 0)) : kitem_schedules(a, *k);
  const KItemSchedule& best = ks.best();
  if (!best.simulated_ok)
    throw InputError("'" + file + "' cut after " + std::to_string(*k) + " items fails: " + best.violation);
  std::string summary = "k-item schedule '" + best.name +
                        "' (the best the library builds for L=" + std::to_string(a.L) + " P=" + std::to_string(a.P) +
                        " k=" + std::to_string(*k) + "); " + items_in(*k, best.time) + ", lower bound " +
                        std::to_string(ks.lower_bound) + "; the continuous schedule cut after " + std::to_string(*k) +
                        " items: " + std::to_string(cut_time) + " steps\n  from the continuous schedule " +
                        continuous_text(a) + "; " + best.how;
  if (ks.time_limit_hit) summary += "\n  time limit reached: the best schedule found so far, not every endgame tried";
  const bool implicit = best.implicit && best.schedule.messages.empty();
  return {implicit ? implicit_schedule_json(best) : schedule_json(best),
          *k,
          summary,
          {{"time", best.time},
           {"cut_time", cut_time},
           {"lower_bound", ks.lower_bound},
           {"kitem_schedule", best.name},
           {"time_limit_reached", ks.time_limit_hit}}};
}

// The name a k-item file gives its schedule (kbroadcast --out: "routed-endgame", ...), if any.
std::string schedule_name(const nlohmann::json& j) {
  for (const nlohmann::json* o : {&j, j.is_object() && j.contains("schedule") ? &j["schedule"] : &j})
    if (o->is_object() && o->contains("name") && (*o)["name"].is_string()) return (*o)["name"].get<std::string>();
  return "";
}

}  // namespace

CheckedSchedule load_mpi_run_schedule(const std::string& file, std::optional<i64> k, double time_limit) {
  const nlohmann::json j = read_json_input(file);
  const ScheduleInput in = schedule_from_json(j, file == "-" ? "standard input" : file, "mpi-run", true);
  if (in.circulant && !in.explicit_) return circulant_run(file, *in.circulant, k, in.format);
  if (in.explicit_) return explicit_run(file, in, schedule_name(j), k);
  if (in.periodic) return periodic_run(file, *in.periodic, k);
  return continuous_run(file, *in.assignment, k, time_limit);
}

namespace {

// This rank's program, computed from the checked schedule for this rank alone where the form
// allows it (engine/per_rank.hpp, engine/kitem/circulant_rank.hpp).
api::RankProgram my_program(const nlohmann::json& schedule, i64 items, int rank, i64& P) {
  const ScheduleInput in = schedule_from_json(schedule, "rank 0's schedule", "mpi-run", true);
  if (in.circulant && !in.explicit_) return P = in.circulant->P, circulant_rank_program(P, items, rank);
  if (in.explicit_) return P = in.explicit_->P, schedule_program(*in.explicit_, rank);
  P = layout_processors(*in.assignment);
  return assignment_program(*in.assignment, rank, items);
}

// The run on one rank of `session`; InputError on every rank alike on bad input.
void run_on_rank(const Session& session, const MpiRunRequest& request, MpiRunResult& result) {
  // Rank 0 validates and builds the k-item schedule while the others wait without spinning;
  // every rank learns the outcome, so all leave together on bad input.
  std::string error, text;
  if (result.rank == 0) try {
      result.checked = load_mpi_run_schedule(request.file, request.k, request.time_limit);
      text = nlohmann::json{{"items", result.checked.items}, {"schedule", result.checked.schedule}}.dump();
    } catch (const std::exception& e) {
      error = e.what();
    }
  wait_for_rank0();
  error = session.broadcast(error);
  if (!error.empty()) throw InputError(error);
  const nlohmann::json sent = nlohmann::json::parse(session.broadcast(text));
  const i64 items = sent.at("items").get<i64>();
  // Each rank computes its own program, as a library caller would; rank 0 replayed the whole
  // schedule above.
  i64 P = 0;
  const api::RankProgram mine = my_program(sent.at("schedule"), items, result.rank, P);
  BroadcastRunOptions options;
  options.bytes = request.bytes, options.reps = request.reps;
  result.report = run_broadcast(mine, P, items, options);
}

}  // namespace

MpiRunResult run_mpi_run(const MpiRunRequest& request) {
  if (!launched_by_mpirun())
    throw InputError("mpi-run must be started by mpirun, e.g. mpirun -np P blockcast mpi-run FILE --k K");
  Session session;
  MpiRunResult result;
  result.rank = session.rank();
  try {
    run_on_rank(session, request, result);
  } catch (const InputError&) {
    if (result.rank == 0) throw;  // one error line and exit code, from rank 0 only
  }
  return result;
}

}  // namespace blockcast::mpi
