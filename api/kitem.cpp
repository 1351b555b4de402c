// The public API's k-item schedules (include/blockcast/blockcast.hpp; Karp et al. 1993 Sec. 3.1):
// for L = 1 the circulant schedule (optimal at every P and k); for L >= 2 the best schedule
// of search/kitem/schedules.hpp (the continuous schedule cut after k items, SAT endgames
// where the model is small), replayed by the independent simulator, or, when the explicit
// schedule is too large to list, the continuous schedule cut after k items. Per-rank programs
// of the large forms are computed for the one rank without listing the schedule.
#include <algorithm>
#include <stdexcept>

#include "api/impl.hpp"
#include "expand.hpp"
#include "kitem/bounds.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include "per_rank.hpp"
#include "postal.hpp"
#include "schedule_json.hpp"

namespace blockcast::api {

int KItemSchedule::L() const { return impl_->L; }
std::int64_t KItemSchedule::P() const { return impl_->P; }
std::int64_t KItemSchedule::k() const { return impl_->k; }
std::int64_t KItemSchedule::time() const { return impl_->time; }
std::int64_t KItemSchedule::lower_bound() const { return impl_->lower_bound; }
std::string KItemSchedule::method() const { return impl_->method; }
std::string KItemSchedule::verification() const { return impl_->verification; }

RankProgram KItemSchedule::rank_program(std::int64_t rank) const {
  return guarded([&] {
    if (impl_->listed) return schedule_program(*impl_->listed, rank);
    if (impl_->circulant) return circulant_rank_program(impl_->P, impl_->k, rank);
    return assignment_program(*impl_->continuous, rank, impl_->k);
  });
}

std::string KItemSchedule::to_json() const {
  if (!impl_->listed)
    throw InvalidInput("the schedule of P=" + std::to_string(impl_->P) + ", k=" + std::to_string(impl_->k) +
                       " is too large to list message by message; use rank_program");
  return blockcast::to_json(*impl_->listed).dump();
}

namespace {

// The listed schedules of search/kitem: the best one the simulator accepted. `limits` carries
// the whole call's deadline: every construction and SAT solve stops there, and no new one
// starts after it (each solve alone would otherwise get what was left, and many run in turn).
void take_listed(KItemSchedule::Impl& s, const Assignment& continuous, const Limits& limits) {
  const KItemSchedules ks = kitem_schedules(continuous, s.k, limits);
  const auto& best = ks.best();
  if (!best.simulated_ok)  // never seen: the cut of a checked continuous schedule is correct
    throw std::logic_error("k-item schedule rejected by the simulator: " + best.violation);
  s.time = best.time, s.method = best.name, s.listed = best.schedule;
  s.listed->expected_delay = 0;  // items of an endgame have their own delays; the claim is time()
  s.verification = "replayed by the independent postal-model simulator (" +
                   std::to_string(best.schedule.messages.size()) + " messages)";
}

// L = 1: Traff's circulant schedule reaches the lower bound for every P and k,
// checked structurally and replayed where the size allows (circulant_entry); only its
// implicit form exists above the explicit limit, and each rank's program is computed alone.
void take_circulant(KItemSchedule::Impl& s) {
  if (s.P > kMaxCirculantP)
    throw InputError("L = 1 needs P <= " + std::to_string(kMaxCirculantP) +
                     " (the checked phase table has P*ceil(log2 P) bytes), got " + std::to_string(s.P));
  blockcast::KItemSchedule e = circulant_entry(s.P, s.k);
  if (!e.simulated_ok) throw std::logic_error("circulant schedule rejected: " + e.violation);
  s.time = e.time, s.method = e.name, s.verification = e.checks;
  if (e.implicit && e.schedule.messages.empty())
    s.circulant = true;
  else
    s.listed = std::move(e.schedule), s.listed->expected_delay = 0;
}

}  // namespace

KItemSchedule kitem(int L, std::int64_t P, std::int64_t k, const Options& options) {
  return guarded([&] {
    require_latency(L);
    require_pk(P, k);
    auto s = std::make_shared<KItemSchedule::Impl>();
    s->L = L, s->P = P, s->k = k, s->lower_bound = kitem_lower_bound(L, P, k);
    if (L == 1) {
      take_circulant(*s);
      return KItemSchedule(std::move(s));
    }
    SearchOptions o;
    o.threads = options.threads;
    o.limits = with_deadline_in(o.limits, options.time_limit);  // the whole call's deadline
    const BestSchedule b = best_schedule(L, P, o);
    if (!b.witness)
      throw std::runtime_error("no continuous schedule for L=" + std::to_string(L) + " P=" + std::to_string(P) +
                               " to build on: " + b.reason);
    const Assignment& a = *b.witness;
    const i64 events = checked_mul(P, checked_add(k, a.delay(), "window"), "window");
    if (events <= kMaxScheduleEvents) {
      Limits rest = o.limits;  // the same deadline; each solve may use what is left of it
      rest.time_limit = options.time_limit > 0 ? std::max(0.05, rest.seconds_left()) : 0;
      take_listed(*s, a, rest);
    } else {
      s->continuous = a, s->method = "cut", s->time = a.delay() + k - 1;
      s->verification = "the continuous schedule passed the symbolic checker (" + b.verification +
                        "); its first k items are this schedule; not replayed: P*(k+L+T) = " + std::to_string(events) +
                        " exceeds " + std::to_string(kMaxScheduleEvents);
    }
    return KItemSchedule(std::move(s));
  });
}

}  // namespace blockcast::api
