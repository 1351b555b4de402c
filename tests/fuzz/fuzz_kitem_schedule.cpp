// libFuzzer harness: the k-item schedule files (engine/schedule_json.hpp, docs/kbroadcast.md)
// as `check`, `simulate` and `rank-program` read them: explicit schedules
// ("blockcast-schedule", "blockcast-kitem-schedule" of kbroadcast --out, the periodic and
// window schedules of continuous-search --json, bare or inside an outcome envelope) and
// circulant ones ("blockcast-circulant-schedule", rebuilt from (P, k)). An explicit schedule
// must read back as itself, its cut after fewer items must keep only those items, and a
// circulant schedule small enough to list must give the same rank programs whether listed
// (schedule_program) or computed per rank (circulant_rank_program).
#include <cstdint>

#include "fuzz_common.hpp"
#include "kitem/circulant_rank.hpp"
#include "per_rank.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

using namespace blockcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fuzz::as_file(data, size, ".json");
  fuzz::expect_input_errors([&] {
    const ScheduleInput in = read_schedule_input(path, "fuzz", true);  // rank-program's reader
    if (in.circulant) {
      const CirculantInput c = *in.circulant;
      if (c.P > (1 << 16) || c.k > (1 << 12)) return;  // per-rank cost grows with P and k
      for (const std::int64_t rank : {std::int64_t{0}, c.P / 2, c.P - 1}) {
        const api::RankProgram p = circulant_rank_program(c.P, c.k, rank);
        if (in.explicit_ && in.explicit_->P == c.P && schedule_program(*in.explicit_, rank) != p) __builtin_trap();
      }
      return;
    }
    if (!in.explicit_) return;
    const Schedule& s = *in.explicit_;
    if (explicit_schedule_from_json(to_json(s), "round trip").messages != s.messages) __builtin_trap();
    const std::int64_t k = (s.items + 1) / 2;
    const Schedule cut = first_items(s, k, path);
    for (const Message& m : cut.messages)
      if (m.item >= k) __builtin_trap();  // the cut kept a later item
    schedule_program(s, s.P - 1);
    if (s.messages.size() <= 4096) simulate(s);
  });
  fuzz::expect_input_errors([&] { read_schedule_input(path, "fuzz", false); });  // check's reader: no implicit circulant
  return 0;
}
