// Bench and long sweep of the streaming simulator on the circulant L = 1 schedule
// (engine/kitem/stream_simulator.hpp, engine/kitem/circulant.hpp). Not a unit test:
//   circulant_stream bench P k      generator alone, then generator + streaming replay:
//                                   seconds and message events per second (one core)
//   circulant_stream rank P k R...  one rank's program (engine/kitem/circulant_rank.hpp) for
//                                   each rank R: seconds, sends, receives
//   circulant_stream sweep Pmax kmax every P in 2..Pmax, k in 1..kmax: structural check,
//                                   streaming replay, time = k - 1 + ceil(log2 P); exit 1 on
//                                   the first failure (ctest entry with LABEL long)
// Driven by tests/bench/circulant_stream.sh (docs/benchmarks.md).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kitem/circulant.hpp"
#include "kitem/circulant_check.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/stream_simulator.hpp"

using namespace blockcast;

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// Feeds every step of the schedule to the simulator (or, with sim == nullptr, only generates).
StreamResult replay(const CirculantSchedule& c, bool simulate, std::int64_t& generated) {
  StreamSimulator sim(c.phase.P, 1, c.k);
  std::vector<std::uint8_t> has_last(static_cast<size_t>(c.phase.P), 0);
  std::vector<Message> batch;
  generated = 0;
  for (i64 step = 0; step < c.time(); ++step) {
    circulant_step_messages(c, step, has_last, batch);
    generated += static_cast<std::int64_t>(batch.size());
    if (simulate && !sim.feed(step, batch)) break;
  }
  if (!simulate) return StreamResult{};
  return sim.finish();
}

int bench(i64 P, i64 k) {
  double t0 = now();
  const CirculantSchedule c = circulant_implicit(P, k);
  const double build = now() - t0;
  t0 = now();
  const auto bad = check_circulant_phase(c.phase);
  const double check = now() - t0;
  std::int64_t n = 0;
  t0 = now();
  replay(c, false, n);
  const double gen = now() - t0;
  t0 = now();
  const StreamResult r = replay(c, true, n);
  const double both = now() - t0;
  std::printf("P=%lld k=%lld: phase %.3f s, structural check %.3f s (%s); %lld messages: generate %.3f s, "
              "generate + stream replay %.3f s = %.1f M events/s (replay alone ~%.1f M events/s); %s, last step %lld "
              "(bound %lld)\n",
              static_cast<long long>(P), static_cast<long long>(k), build, check, bad ? bad->c_str() : "ok",
              static_cast<long long>(n), gen, both, n / both / 1e6, n / std::max(1e-9, both - gen) / 1e6,
              r.ok ? "ok" : r.violation.c_str(), static_cast<long long>(r.last_step), static_cast<long long>(c.time()));
  return r.ok && !bad && r.last_step == c.time() ? 0 : 1;
}

int sweep(i64 Pmax, i64 kmax) {
  const double t0 = now();
  std::int64_t events = 0;
  for (i64 P = 2; P <= Pmax; ++P) {
    CirculantSchedule c = circulant_implicit(P, 1);
    if (auto bad = check_circulant_phase(c.phase)) {
      std::printf("P=%lld: structural check: %s\n", static_cast<long long>(P), bad->c_str());
      return 1;
    }
    for (i64 k = 1; k <= kmax; ++k) {
      c.k = k;
      c.skipped = (c.phase.q - (k - 1) % c.phase.q) % c.phase.q;
      std::int64_t n = 0;
      const StreamResult r = replay(c, true, n);
      events += n;
      if (!r.ok || r.last_step != k - 1 + c.phase.q || r.messages != (P - 1) * k) {
        std::printf("P=%lld k=%lld: %s, last step %lld\n", static_cast<long long>(P), static_cast<long long>(k),
                    r.ok ? "wrong time or count" : r.violation.c_str(), static_cast<long long>(r.last_step));
        return 1;
      }
    }
  }
  std::printf("every P in 2..%lld, k in 1..%lld: structurally checked, streamed, time = k - 1 + ceil(log2 P); "
              "%lld message events in %.1f s\n",
              static_cast<long long>(Pmax), static_cast<long long>(kmax), static_cast<long long>(events), now() - t0);
  return 0;
}

int rank(i64 P, i64 k, int argc, char** argv) {
  for (int a = 4; a < argc; ++a) {
    const double t0 = now();
    const api::RankProgram p = circulant_rank_program(P, k, std::atoll(argv[a]));
    std::printf("P=%lld k=%lld rank %lld: %.4f s, %zu sends, %zu receives, time %lld\n", static_cast<long long>(P),
                static_cast<long long>(k), static_cast<long long>(p.rank), now() - t0, p.sends.size(), p.recvs.size(),
                static_cast<long long>(circulant_time(P, k)));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "bench") return bench(std::atoll(argv[2]), std::atoll(argv[3]));
  if (argc == 4 && std::string(argv[1]) == "sweep") return sweep(std::atoll(argv[2]), std::atoll(argv[3]));
  if (argc >= 5 && std::string(argv[1]) == "rank") return rank(std::atoll(argv[2]), std::atoll(argv[3]), argc, argv);
  std::fprintf(stderr, "usage: circulant_stream bench P k | rank P k R... | sweep Pmax kmax\n");
  return 2;
}
