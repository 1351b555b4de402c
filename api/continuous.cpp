// The public API's continuous schedules (include/blockcast/blockcast.hpp): `solve` runs
// best_schedule (search/everyp/best_schedule.hpp: the delay L + B(P-1) on the optimal or ties
// tree, else L + B(P-1) + 1 on a pruned tree) under the caller's options; per-rank programs
// come from engine/per_rank.hpp without expanding the schedule.
#include <nlohmann/json.hpp>

#include "api/impl.hpp"
#include "assignment_json.hpp"
#include "per_rank.hpp"
#include "postal.hpp"
#include "schedule_json.hpp"
#include "version.hpp"

namespace blockcast::api {

std::string version() { return ::blockcast::version(); }

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::solved: return "SOLVED";
    case Verdict::impossible: return "IMPOSSIBLE";
    case Verdict::unknown: break;
  }
  return "UNKNOWN";
}

namespace {

const Assignment& witness(const ContinuousSchedule::Impl& s) {
  if (!s.best.witness)
    throw InvalidInput("no schedule for L=" + std::to_string(s.best.L) + " P=" + std::to_string(s.best.P) + ": " +
                       s.best.reason);
  return *s.best.witness;
}

Verdict verdict_of(const BestSchedule& b) {
  if (b.witness) return Verdict::solved;
  if (b.attempts.empty()) return Verdict::unknown;
  for (const auto& a : b.attempts)
    if (a.verdict != blockcast::Verdict::impossible) return Verdict::unknown;
  return Verdict::impossible;
}

}  // namespace

int ContinuousSchedule::L() const { return impl_->best.L; }
std::int64_t ContinuousSchedule::P() const { return impl_->best.P; }
Verdict ContinuousSchedule::verdict() const { return verdict_of(impl_->best); }
std::int64_t ContinuousSchedule::delay() const { return witness(*impl_).delay(); }
std::int64_t ContinuousSchedule::lower_bound() const { return impl_->best.lower_bound; }
bool ContinuousSchedule::optimal() const { return found() && delay() == lower_bound(); }
std::string ContinuousSchedule::shape() const { return shape_name(witness(*impl_).shape); }
std::string ContinuousSchedule::reason() const { return impl_->best.reason; }
std::string ContinuousSchedule::verification() const { return impl_->best.verification; }

RankProgram ContinuousSchedule::rank_program(std::int64_t rank, std::int64_t first_step, std::int64_t steps) const {
  return guarded([&] { return assignment_window(witness(*impl_), rank, first_step, steps); });
}

RankProgram ContinuousSchedule::rank_program_items(std::int64_t rank, std::int64_t k) const {
  return guarded([&] { return assignment_program(witness(*impl_), rank, k); });
}

std::string ContinuousSchedule::to_json() const { return blockcast::to_json(impl_->best, true).dump(); }

ContinuousSchedule solve(int L, std::int64_t P, const Options& options) {
  return guarded([&] {
    require_latency(L);
    if (P < 2 || P > 1'000'000'000) throw InputError("P must be in 2..10^9, got " + std::to_string(P));
    SearchOptions o;
    o.threads = options.threads;
    o.limits = with_deadline_in(o.limits, options.time_limit);  // the whole call's deadline
    auto impl = std::make_shared<ContinuousSchedule::Impl>();
    impl->best = best_schedule(L, P, o);
    return ContinuousSchedule(std::move(impl));
  });
}

ContinuousSchedule read_continuous(const std::string& json) {
  return guarded([&] {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(json);
    } catch (const nlohmann::json::exception& e) {
      throw InputError(std::string("not JSON: ") + e.what());
    }
    const ScheduleInput in = schedule_from_json(j, "the JSON text", "read_continuous");
    if (!in.assignment) throw InputError("the JSON holds " + in.format + ", not a block-cyclic assignment");
    const Assignment& a = *in.assignment;
    if (auto err = check_assignment(claimed_instance(a), a)) throw InputError("not a legal assignment: " + *err);
    auto impl = std::make_shared<ContinuousSchedule::Impl>();
    BestSchedule& b = impl->best;
    b.L = a.L, b.P = a.P, b.t = broadcast_depth(a.L, a.P - 1), b.lower_bound = a.L + b.t;
    b.delay = a.delay(), b.shape = a.shape, b.witness = a;
    b.verification = "symbolic check passed (read from JSON)";
    return ContinuousSchedule(std::move(impl));
  });
}

}  // namespace blockcast::api
