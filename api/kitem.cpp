// The public API's k-item schedules (include/blockcast/blockcast.hpp; Karp et al. 1993 Sec. 3.1):
// a thin face of the k-item run (search/kitem/kitem_run.hpp), the same run, verdict and JSON
// as `blockcast kbroadcast`. The best schedule is kept listed (every message, replayed by the
// simulator), or in its implicit form: the L = 1 circulant schedule at scale, or the
// continuous schedule cut after k items past the listing limit. Per-rank programs of the
// implicit forms are computed for the one rank without listing the schedule.
#include "api/impl.hpp"
#include "expand.hpp"
#include "outcome.hpp"
#include "kbroadcast_schedules.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/kitem_run.hpp"
#include "per_rank.hpp"
#include "schedule_json.hpp"

namespace blockcast::api {

namespace {
const KItemSchedule::Impl& with_schedule(const KItemSchedule::Impl& s) {
  if (!s.found) throw InvalidInput("no k-item schedule for L=" + std::to_string(s.L) + ", P=" + std::to_string(s.P) + ": " + s.reason);
  return s;
}
}  // namespace

int KItemSchedule::L() const { return impl_->L; }
std::int64_t KItemSchedule::P() const { return impl_->P; }
std::int64_t KItemSchedule::k() const { return impl_->k; }
Verdict KItemSchedule::verdict() const { return impl_->verdict; }
bool KItemSchedule::found() const { return impl_->found; }
std::string KItemSchedule::reason() const { return impl_->reason; }
double KItemSchedule::seconds() const { return impl_->seconds; }
std::int64_t KItemSchedule::time() const { return with_schedule(*impl_).time; }
std::int64_t KItemSchedule::lower_bound() const { return impl_->lower_bound; }
bool KItemSchedule::optimal() const { return impl_->optimal; }
std::string KItemSchedule::method() const { return impl_->method; }
std::string KItemSchedule::verification() const { return impl_->verification; }
std::string KItemSchedule::report_json() const { return impl_->report_json; }

RankProgram KItemSchedule::rank_program(std::int64_t rank) const {
  return guarded([&] {
    with_schedule(*impl_);
    if (impl_->listed) return schedule_program(*impl_->listed, rank);
    if (impl_->circulant) return circulant_rank_program(impl_->P, impl_->k, rank);
    return assignment_program(*impl_->continuous, rank, impl_->k);
  });
}

std::string KItemSchedule::to_json() const {
  with_schedule(*impl_);
  if (!impl_->listed)
    throw InvalidInput("the schedule of P=" + std::to_string(impl_->P) + ", k=" + std::to_string(impl_->k) +
                       " is too large to list message by message; use rank_program");
  return blockcast::to_json(*impl_->listed).dump();
}

namespace {

// The run's best schedule in the face's form: listed, the circulant's implicit form, or the cut.
void take_best(KItemSchedule::Impl& s, const KitemResult& r) {
  s.found = r.time >= 0, s.time = r.time, s.method = r.method, s.verification = r.verification;
  if (!s.found) return;
  if (const blockcast::KItemSchedule* b = r.best()) {
    if (b->implicit && b->schedule.messages.empty())
      s.circulant = true;
    else
      s.listed = b->schedule, s.listed->expected_delay = 0;  // items of an endgame have their own delays; the claim is time()
  } else {
    s.continuous = r.continuous;  // the cut past the listing limit (kitem_run.cpp cut_implicitly)
  }
}

}  // namespace

KItemSchedule kitem(int L, std::int64_t P, std::int64_t k, const Options& options) {
  return guarded([&] {
    KitemRequest q;
    q.L = L, q.P = P, q.k = k, q.time_limit = options.time_limit, q.threads = options.threads;
    q.control = options.control;
    const KitemResult r = kitem_run(q);
    auto s = std::make_shared<KItemSchedule::Impl>();
    s->L = L, s->P = P, s->k = k, s->lower_bound = r.lower_bound;
    s->verdict = r.verdict, s->reason = r.reason, s->seconds = r.seconds, s->optimal = r.optimal;
    // The CLI's document: the same payload in the same envelope (engine/outcome.hpp).
    const Verdict st = !r.checks_ok ? Verdict::rejected : r.verdict == blockcast::Verdict::unknown ? Verdict::unknown : Verdict::solved;
    nlohmann::json j = kitem_result_json(r);
    j["verdict"] = to_string(st);
    s->report_json = envelope_text(to_json(outcome_from_json("blockcast-kbroadcast", j, st), ""));
    take_best(*s, r);
    return KItemSchedule(std::move(s));
  });
}

}  // namespace blockcast::api
