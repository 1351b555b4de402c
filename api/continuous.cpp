// The public API's continuous schedules (include/blockcast/blockcast.hpp): the thin face of
// the solve run (search/everyp/solve_run.hpp: block-cyclic, then periodic schedules above the
// lower bound, and the one verdict rule `blockcast solve` uses too); per-rank programs come
// from engine/per_rank.hpp without expanding the schedule.
#include <nlohmann/json.hpp>

#include "api/impl.hpp"
#include "assignment_json.hpp"
#include "per_rank.hpp"
#include "postal.hpp"
#include "schedule_json.hpp"
#include "version.hpp"

namespace blockcast::api {

std::string version() { return ::blockcast::version(); }

namespace {

const BestSchedule& block_cyclic(const ContinuousSchedule::Impl& s) { return s.answer.block_cyclic; }

const Assignment& witness(const ContinuousSchedule::Impl& s) {
  const BestSchedule& b = block_cyclic(s);
  if (!b.witness)
    throw InvalidInput("no schedule for L=" + std::to_string(b.L) + " P=" + std::to_string(b.P) + ": " + s.answer.reason);
  return *b.witness;
}

const SolveAnswer& best(const ContinuousSchedule::Impl& s) {
  if (!s.answer.delay)
    throw InvalidInput("no schedule of any form for L=" + std::to_string(block_cyclic(s).L) +
                       " P=" + std::to_string(block_cyclic(s).P) + ": " + s.answer.reason);
  return s.answer;
}

}  // namespace

int ContinuousSchedule::L() const { return block_cyclic(*impl_).L; }
std::int64_t ContinuousSchedule::P() const { return block_cyclic(*impl_).P; }
Verdict ContinuousSchedule::verdict() const { return impl_->answer.verdict; }
bool ContinuousSchedule::found() const { return block_cyclic(*impl_).witness.has_value(); }
std::int64_t ContinuousSchedule::delay() const { return witness(*impl_).delay(); }
std::int64_t ContinuousSchedule::lower_bound() const { return block_cyclic(*impl_).lower_bound; }
bool ContinuousSchedule::at_lower_bound() const { return found() && delay() == lower_bound(); }
bool ContinuousSchedule::optimal() const { return found() && impl_->answer.block_cyclic_optimal; }
std::string ContinuousSchedule::shape() const { return shape_name(witness(*impl_).shape); }
std::int64_t ContinuousSchedule::best_delay() const { return *best(*impl_).delay; }
std::string ContinuousSchedule::form() const { return best(*impl_).form; }
int ContinuousSchedule::period() const { return best(*impl_).period; }
std::string ContinuousSchedule::reason() const { return impl_->answer.reason; }
std::string ContinuousSchedule::verification() const { return block_cyclic(*impl_).verification; }
std::string ContinuousSchedule::solve_json() const {
  return envelope_text(blockcast::to_json(solve_outcome(impl_->answer), ""));
}

RankProgram ContinuousSchedule::rank_program(std::int64_t rank, std::int64_t first_step, std::int64_t steps) const {
  return guarded([&] { return assignment_window(witness(*impl_), rank, first_step, steps); });
}

RankProgram ContinuousSchedule::rank_program_items(std::int64_t rank, std::int64_t k) const {
  return guarded([&] { return assignment_program(witness(*impl_), rank, k); });
}

std::string ContinuousSchedule::to_json() const { return blockcast::to_json(block_cyclic(*impl_), true).dump(); }

ContinuousSchedule solve(int L, std::int64_t P, const Options& options) {
  return guarded([&] {
    // The defaults of `blockcast solve --P` (periodic search included); the run validates
    // the request (search/everyp/solve_run.cpp), as for the CLI.
    SolveRequest r;
    r.L = L, r.P = {P};
    r.threads = options.threads;
    r.time_limit = options.time_limit;  // the whole call's deadline
    r.control = options.control;
    // With a deadline the periodic search may use what is left of it (`solve --time-limit S
    // --period-time-limit 0`); without one it gets the CLI's 10 s.
    if (options.time_limit > 0) r.period_time_limit = 0;
    auto impl = std::make_shared<ContinuousSchedule::Impl>();
    impl->answer = std::move(run_solve(r).answers.front());
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
    const ScheduleInput in = schedule_from_json(block_cyclic_document(j), "the JSON text", "read_continuous");
    if (!in.assignment) throw InputError("the JSON holds " + in.format + ", not a block-cyclic assignment");
    const Assignment& a = *in.assignment;
    if (auto err = check_assignment(claimed_instance(a), a)) throw InputError("not a legal assignment: " + *err);
    auto impl = std::make_shared<ContinuousSchedule::Impl>();
    SolveAnswer& s = impl->answer;
    BestSchedule& b = s.block_cyclic;
    b.L = a.L, b.P = a.P, b.t = broadcast_depth(a.L, a.P - 1), b.lower_bound = a.L + b.t;
    b.delay = a.delay(), b.shape = a.shape, b.witness = a;
    b.verification = "symbolic check passed (read from JSON)";
    // Nothing was searched: only the lower bound proves a delay optimal.
    s.delay = b.delay, s.form = "block-cyclic", s.verification = b.verification;
    s.at_lower_bound = s.optimal = s.block_cyclic_optimal = b.optimal();
    s.verdict = Verdict::solved;
    s.reason = "read from JSON, checked symbolically";
    return ContinuousSchedule(std::move(impl));
  });
}

}  // namespace blockcast::api
