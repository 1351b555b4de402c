// The public API's checks (include/blockcast/blockcast.hpp): a schedule document through the
// symbolic checker (SPEC Sec. 4) and the independent simulator (SPEC Sec. 1-2), as the
// `check` and `simulate` commands do; a certificate through search/induction.hpp's
// verify_certificate and search/minimality.hpp's verify_minimality, as `verify-certificate`
// does; and the JSON of a rank program.
#include <nlohmann/json.hpp>

#include "api/impl.hpp"
#include "induction.hpp"
#include "minimality.hpp"
#include "per_rank.hpp"
#include "replay.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast::api {

namespace {

nlohmann::json parse(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("not JSON: ") + e.what());
  }
}

void take(CheckReport& r, const SimulationResult& sim, std::int64_t expected_delay) {
  r.simulated = true;
  r.max_delay = sim.max_delay;
  r.accepted = sim.ok && (expected_delay == 0 || sim.every_delay_expected());
  if (!sim.ok)
    r.reason = sim.violation.text;
  else if (!r.accepted)
    r.reason = "an item misses the claimed delay " + std::to_string(expected_delay);
}

}  // namespace

CheckReport check(const std::string& schedule_json, std::int64_t k) {
  return guarded([&] {
    if (k < 0) throw InputError("k must be >= 0, got " + std::to_string(k));
    const ScheduleInput in = schedule_from_json(parse(schedule_json), "the JSON text", "check");
    CheckReport r;
    r.format = in.format;
    if (in.explicit_) {
      const Schedule s = first_items(*in.explicit_, k, "the JSON text");
      r.P = s.P, r.items = s.items;
      take(r, simulate(s), s.expected_delay);
      return r;
    }
    const Assignment& a = *in.assignment;
    r.P = a.P;
    if (auto err = check_assignment(claimed_instance(a), a)) {
      r.reason = *err;
      return r;
    }
    r.accepted = true;
    if (k > 0) {
      r.items = k;
      take(r, simulate_assignment(a, k), a.delay());
    }
    return r;
  });
}

CheckReport verify_certificate(const std::string& certificate_json) {
  return guarded([&] {
    const Certificate c = certificate_from_json(parse(certificate_json));
    CheckReport r;
    r.format = "blockcast-certificate";
    try {
      blockcast::verify_certificate(c);
      verify_minimality(c, true);  // every recorded refutation below t0 re-checked
      r.accepted = true;
    } catch (const InputError& e) {
      r.reason = e.what();
    }
    return r;
  });
}

std::string to_json(const RankProgram& p) { return blockcast::to_json(p).dump(); }

}  // namespace blockcast::api
