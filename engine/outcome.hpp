// One outcome type for every command (request -> run -> outcome -> render, docs/architecture.md).
// A command's library call returns its result; the CLI wraps it in an Outcome, whose JSON is
// the one envelope every `--json` output and every file blockcast writes shares:
//   {"format": "blockcast-<what>", "version": 1, "blockcast_version": "0.9.0",
//    "command": "blockcast solve --L 4 --P 8 --json", "verdict": "SOLVED",
//    "reason": "...", "seconds": 0.12, "stats": {...}, ...payload fields...}
// A schedule inside a payload sits under "schedule" (engine/schedule_json.hpp finds it), so
// every output that holds a schedule can be fed to every command that takes one.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include <blockcast/verdict.hpp>

namespace blockcast {

// The one meaning of each exit code (docs/exit-codes.md): 0 done/solved/accepted,
// 1 rejected, 4 impossible, 5 unknown. (2 bad input and 3 internal error are not outcomes.)
int exit_code(Verdict s);
// The worst of two verdicts for a command over many instances: rejected > unknown >
// impossible > the rest.
Verdict worse(Verdict a, Verdict b);

struct Outcome {
  std::string format;                     // "blockcast-solve", ... names the payload's shape
  Verdict verdict = Verdict::done;
  std::string reason;                     // one line: why this status (what was searched, which limit)
  std::optional<double> seconds;          // time used, when measured
  nlohmann::json stats;                   // counters (nodes, conflicts, ...), null = none
  nlohmann::json payload = nlohmann::json::object();  // the command's own fields
};

// The envelope above. `command` is the command line as typed ("" = omitted, e.g. in files
// written by library calls). Payload keys that collide with envelope keys are a bug
// (std::logic_error).
nlohmann::json to_json(const Outcome& o, const std::string& command);
// An outcome from a payload that already carries some envelope fields (written before the
// envelope existed): its "format" (else `format`), "verdict" (a name of to_string, else
// `verdict`), "reason", "seconds" and "stats" move into the envelope; "version" is dropped.
// A payload that is not an object goes under "results".
Outcome outcome_from_json(const std::string& format, nlohmann::json payload, Verdict verdict = Verdict::done);
// The JSON text of an envelope with its fields first (format, version, blockcast_version,
// command, verdict, reason, seconds, stats), then the payload's in name order; indented.
std::string envelope_text(const nlohmann::json& j);
// The envelope fields alone, for files that are not a command's outcome (a base case, a
// certificate): format, version, blockcast_version.
nlohmann::json envelope(const std::string& format, int version = 1);

}  // namespace blockcast
