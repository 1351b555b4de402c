// The public API's checks (include/blockcast/blockcast.hpp): `check`, `simulate` and
// `verify_certificate` call the runs of search/check/ that the CLI's commands of the same
// names call, and report their results through reports/check.hpp's payload, so the library
// and the CLI give the same verdict, reason and numbers. `export_schedule` is `export`:
// the same checked expansion and reports/export.hpp's writers. Also the JSON of a rank program.
#include <nlohmann/json.hpp>

#include "api/impl.hpp"
#include "check.hpp"
#include "export.hpp"
#include "per_rank.hpp"
#include "schedule_json.hpp"

namespace blockcast::api {

namespace {

nlohmann::json parse(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("not JSON: ") + e.what());
  }
}

// The report of a finished check: the verdict and the payload of its outcome (its envelope
// without the command line), the numbers in fields of their own.
CheckReport report_of(const Outcome& o, const std::string& format, double seconds) {
  CheckReport r;
  r.accepted = o.verdict == Verdict::accepted;
  r.verdict = o.verdict;
  r.format = format;
  r.reason = o.reason;
  r.seconds = seconds;
  const nlohmann::json& p = o.payload;
  r.rule = p.value("rule", "");
  r.L = p.value("L", 0);
  r.P = p.value("P", std::int64_t{0});
  r.json = blockcast::to_json(o, "").dump();
  return r;
}

CheckReport schedule_report(const std::string& schedule_json, std::int64_t k, CheckMode mode) {
  const ScheduleCheckRequest q{schedule_from_json(parse(schedule_json), "the JSON text", mode == CheckMode::check ? "check" : "simulate",
                                                  mode == CheckMode::check),
                               k, mode, "the JSON text"};
  const ScheduleCheck c = run_schedule_check(q);
  CheckReport r = report_of(check_outcome(c, mode), c.format, c.seconds);
  r.simulated = c.simulated;
  r.items = c.items;
  r.max_delay = c.max_delay;
  r.time = c.time;
  r.messages = c.messages;
  return r;
}

}  // namespace

CheckReport check(const std::string& schedule_json, std::int64_t k) {
  return guarded([&] { return schedule_report(schedule_json, k, CheckMode::check); });
}

CheckReport simulate(const std::string& schedule_json, std::int64_t k) {
  return guarded([&] { return schedule_report(schedule_json, k, CheckMode::simulate); });
}

CheckReport verify_certificate(const std::string& certificate_json, std::int64_t sim_events, bool skip_minimality) {
  return guarded([&] {
    if (sim_events < 0) throw InputError("sim_events must be >= 0, got " + std::to_string(sim_events));
    const CertificateCheckRequest q{certificate_from_json(parse(certificate_json)), sim_events, skip_minimality};
    const CertificateCheck c = run_certificate_check(q);
    CheckReport r = report_of(certificate_outcome(c, q.certificate, sim_events), "blockcast-certificate", c.seconds);
    r.L = q.certificate.L;
    return r;
  });
}

std::string export_schedule(const std::string& schedule_json, const std::string& format, std::int64_t k,
                            std::int64_t bytes, std::int64_t segment_bytes) {
  return guarded([&] {
    if (format != "goal" && format != "csv" && format != "json")
      throw InputError("format '" + format + "': expected goal, csv or json");
    if (k < 0) throw InputError("k must be >= 0, got " + std::to_string(k));
    if ((bytes > 0 || segment_bytes > 0) && format == "json")
      throw InputError("bytes, segment_bytes: the JSON schedule carries no sizes; they go into goal or csv");
    const ScheduleInput in = schedule_from_json(parse(schedule_json), "the JSON text", "export");
    const Schedule s = verified_schedule(in, k, "the JSON text");
    if (format == "json") return blockcast::to_json(outcome_from_json("blockcast-schedule", blockcast::to_json(s)), "").dump();
    const ItemBytes sizes = blockcast::segment_bytes(s.items, bytes, segment_bytes);
    return format == "goal" ? goal_export(s, sizes) : csv_export(s, sizes);
  });
}

std::string to_json(const RankProgram& p) { return blockcast::to_json(p).dump(); }

}  // namespace blockcast::api
