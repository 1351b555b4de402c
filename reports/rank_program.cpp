// Text and JSON of the `rank-program` run (see rank_program.hpp; engine/per_rank.hpp).
#include "rank_program.hpp"

#include <algorithm>
#include <cstdint>
#include <sstream>

#include "per_rank.hpp"

namespace blockcast {

Outcome rank_program_outcome(const RankProgramResult& r) {
  if (!r.program)
    return {"blockcast-rank-program", r.verdict, r.reason, std::nullopt, nlohmann::json(), nlohmann::json::object()};
  return {"blockcast-rank-program",
          r.verdict,
          "",
          std::nullopt,
          nlohmann::json(),
          {{"window", r.window}, {"program", blockcast::to_json(*r.program)}}};
}

std::string rank_program_text(const RankProgramResult& r) {
  if (!r.program) return "FAIL: " + r.reason + "\n";
  const api::RankProgram& p = *r.program;
  std::ostringstream out;
  out << "rank " << p.rank << " (L=" << p.L << "), " << r.window << ": " << p.recvs.size() << " receives, "
      << p.sends.size() << " sends\n";
  std::size_t i = 0, j = 0;
  while (i < p.recvs.size() || j < p.sends.size()) {
    const i64 step =
        std::min(i < p.recvs.size() ? p.recvs[i].step : INT64_MAX, j < p.sends.size() ? p.sends[j].step : INT64_MAX);
    out << "step " << step << ":";
    for (; i < p.recvs.size() && p.recvs[i].step == step; ++i)
      out << "  receive item " << p.recvs[i].item << " from " << p.recvs[i].peer;
    for (; j < p.sends.size() && p.sends[j].step == step; ++j)
      out << "  send item " << p.sends[j].item << " to " << p.sends[j].peer;
    out << "\n";
  }
  return out.str();
}

}  // namespace blockcast
