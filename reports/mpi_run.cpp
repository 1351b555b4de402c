// Rendering of the `mpi-run` result (reports/mpi_run.hpp).
#include "mpi_run.hpp"

#include <cstdarg>
#include <cstdio>

namespace blockcast {

namespace {

// printf onto the end of `out`.
[[gnu::format(printf, 2, 3)]] void append(std::string& out, const char* format, ...) {
  va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  if (n > 0) {
    const std::size_t at = out.size();
    out.resize(at + static_cast<std::size_t>(n) + 1);
    std::vsnprintf(out.data() + at, static_cast<std::size_t>(n) + 1, format, again);
    out.resize(at + static_cast<std::size_t>(n));
  }
  va_end(again);
}

}  // namespace

nlohmann::json mpi_run_json(const mpi::MpiRunResult& result) {
  const mpi::CheckedSchedule& c = result.checked;
  const mpi::BroadcastRunReport& r = result.report;
  nlohmann::json methods = nlohmann::json::array();
  const double bcast = r.methods.at(1).median_seconds;
  for (const auto& m : r.methods)
    methods.push_back({{"method", m.name},
                       {"median_seconds", m.median_seconds},
                       {"min_seconds", m.min_seconds},
                       {"items_per_second", r.items / m.median_seconds},
                       {"ratio_to_bcast", m.median_seconds / bcast},
                       {"messages", m.messages < 0 ? nlohmann::json(nullptr) : nlohmann::json(m.messages)},
                       {"failures", m.failures}});
  nlohmann::json j{{"schedule", c.schedule},    {"ranks", r.ranks},      {"items", r.items},
                   {"bytes_per_item", r.bytes}, {"repetitions", r.reps}, {"verified", r.verified()},
                   {"methods", methods}};
  j.update(c.facts);
  return j;
}

std::string mpi_run_text(const mpi::MpiRunResult& result) {
  const mpi::CheckedSchedule& c = result.checked;
  const mpi::BroadcastRunReport& r = result.report;
  std::string out;
  append(out, "schedule: %s\n", c.summary.c_str());
  append(out,
         "run: %lld ranks, %lld items x %lld bytes (message %lld bytes), %d repetitions; "
         "time = slowest rank, median\n",
         static_cast<long long>(r.ranks), static_cast<long long>(r.items), static_cast<long long>(r.bytes),
         static_cast<long long>(r.items * r.bytes), r.reps);
  append(out, "%-25s %12s %12s %10s %10s  %s\n", "method", "time [s]", "items/s", "/MPI_Bcast", "messages", "verified");
  const double bcast = r.methods.at(1).median_seconds;
  for (const auto& m : r.methods)
    append(out, "%-25s %12.6f %12.0f %10.2f %10s  %s\n", m.name.c_str(), m.median_seconds, r.items / m.median_seconds,
           m.median_seconds / bcast, m.messages < 0 ? "-" : std::to_string(m.messages).c_str(),
           m.failures ? ("FAILED (" + std::to_string(m.failures) + " rank-repetitions)").c_str() : "yes");
  if (r.verified())
    append(out,
           "verified: every rank received every item exactly once with the right payload "
           "(%lld point-to-point messages per run = K*(P-1))\n",
           static_cast<long long>(r.items * (r.ranks - 1)));
  return out;
}

}  // namespace blockcast
