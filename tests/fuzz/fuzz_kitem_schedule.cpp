// libFuzzer harness: the k-item schedule files (engine/schedule_json.hpp, docs/kbroadcast.md)
// as `check`, `simulate` and `rank-program` read them: explicit schedules
// ("blockcast-schedule", "blockcast-kitem-schedule" of kbroadcast --out, the periodic and
// window schedules of continuous-search --json, bare or inside an outcome envelope) and
// circulant ones ("blockcast-circulant-schedule", rebuilt from (P, k)). An explicit schedule
// must read back as itself, its cut after fewer items must keep only those items, and a
// circulant schedule small enough to list must give the same rank programs whether listed
// (schedule_program) or computed per rank (circulant_rank_program). Circulant files the reader
// would list beyond P = 2^12 or 2^16 messages are skipped for speed (see kMaxListedP).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "fuzz_common.hpp"
#include "kitem/circulant.hpp"
#include "kitem/circulant_rank.hpp"
#include "per_rank.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

using namespace blockcast;

namespace {

// Speed cap (docs/fuzzing.md, fuzz_kitem_schedule): the reader lists a circulant file in full
// when (P-1) * k <= kExplicitCirculantLimit (2 * 10^6), building the P x ceil(log2 P) phase
// table and every message, once per read (twice per input here). In this instrumented build
// that is about 4 us per processor plus 0.2-0.5 us per message: 0.5 s at P = 65,536, 12 s
// (past the 10 s timeout) at P = 10^6, 1.1 s at P = 2, k = 2 * 10^6, against about 1 ms for
// most inputs, so the few such inputs took most of the fuzzing time. Such files are skipped
// when the listing would exceed P = 2^12 or 2^16 messages. Still fuzzed: everything else the
// reader does with them (any circulant file it rejects or does not list, up to P = 2^31 - 1,
// and the listed ones within the cap, with the listed = per-rank check up to P = 4096); the
// code run for a larger listing is the same loops over more processors and steps (the tests
// replay every P <= 300 and samples up to 10^5).
constexpr std::int64_t kMaxListedP = 1 << 12, kMaxListedMessages = 1 << 16;

std::optional<std::int64_t> integer_in(const nlohmann::json& obj, const char* name, std::int64_t lo, std::int64_t hi) {
  const auto it = obj.find(name);
  if (it == obj.end() || !it->is_number_integer()) return std::nullopt;
  if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) return std::nullopt;
  const std::int64_t x = it->get<std::int64_t>();
  if (x < lo || x > hi) return std::nullopt;
  return x;
}

// The circulant schedule object schedule_from_json would read (the same descent: a known
// format stops it, otherwise "schedule" then "witness"), or null.
const nlohmann::json* circulant_object(const nlohmann::json& j) {
  if (!j.is_object()) return nullptr;
  const auto f = j.find("format");
  if (f != j.end() && f->is_string()) {
    const std::string& name = f->get_ref<const std::string&>();
    if (name == "blockcast-circulant-schedule") return &j;
    if (name == "blockcast-schedule" || name == "blockcast-kitem-schedule" || name == "blockcast-assignment")
      return nullptr;
  } else if (j.contains("blocks")) {
    return nullptr;  // an assignment written before the envelope
  }
  for (const char* key : {"schedule", "witness"}) {
    const auto it = j.find(key);
    if (it != j.end() && it->is_object()) return circulant_object(*it);
  }
  return nullptr;
}

// True if the reader would list a circulant schedule beyond the cap above.
bool listing_over_cap(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);  // no exceptions
  if (j.is_discarded()) return false;
  const nlohmann::json* c = circulant_object(j);
  if (!c) return false;
  const auto L = integer_in(*c, "L", 1, 1);
  const auto P = integer_in(*c, "P", 2, INT32_MAX);
  const auto k = integer_in(*c, "items", 1, 1 << 30);
  if (!L || !P || !k || *P - 1 > kExplicitCirculantLimit / *k) return false;  // rejected or not listed
  return *P > kMaxListedP || (*P - 1) * *k > kMaxListedMessages;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (listing_over_cap(data, size)) return 0;
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
