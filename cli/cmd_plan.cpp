// The `plan` command (docs/mpi-plan.md): from a machine to the postal model.
//   plan --P P --bytes B (--latency S --gap-per-byte S [--overhead S] [--gap S] | --alpha S --beta S
//                         | --network TEXT)
//        [--family NAME] [--max-segments K] [--time-limit S] [--json]
// Prints the segment count K, the postal latency L, the step tau, the schedule family, its
// steps and the predicted time with its formula (search/plan/plan_run.hpp; text:
// reports/plan.hpp; --json: the API's to_json, format "blockcast-plan"). Seconds take a unit
// (1us, 0.1ns, 2ms, 1s) or none (1e-6); bytes take K, M, G (powers of 1024, 8MiB). --network
// takes the text of BLOCKCAST_NETWORK (api::parse_network: seconds without units, and ranges
// of segment sizes separated by ';' for a size-dependent network).
// Exit codes (docs/exit-codes.md): 0 a plan, 2 bad input.
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "checked.hpp"
#include "commands.hpp"
#include "options.hpp"
#include "plan.hpp"  // reports/: the run (search/plan/plan_run.hpp), its JSON and the text

namespace blockcast::cli {

namespace {

// "1e-6", "1us", "0.1 ns", "2ms", "3s": seconds >= 0; InputError naming --option otherwise.
double parse_seconds(const std::string& option, const std::string& text) {
  const auto bad = [&] {
    return InputError("--" + option + " '" + text + "': expected seconds >= 0 such as 1e-6, 1us, 0.1ns or 2ms");
  };
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end == text.c_str()) throw bad();
  std::string unit(end);
  while (!unit.empty() && unit.front() == ' ') unit.erase(0, 1);
  double scale = 1;
  if (unit == "ns") scale = 1e-9;
  else if (unit == "us") scale = 1e-6;
  else if (unit == "ms") scale = 1e-3;
  else if (!unit.empty() && unit != "s") throw bad();
  if (!std::isfinite(v) || v < 0) throw bad();
  return v * scale;
}

struct Args {
  std::int64_t P = 0, bytes = -1, max_segments = 0;
  std::string latency, overhead, gap, gap_per_byte, alpha, beta, network, family = "auto";
  double time_limit = 2;
  bool json = false;
};

api::PlanRequest request(const Args& a) {
  const bool loggp = !a.latency.empty() || !a.overhead.empty() || !a.gap.empty() || !a.gap_per_byte.empty();
  const bool hockney = !a.alpha.empty() || !a.beta.empty();
  if (loggp && hockney) throw InputError("give either --alpha/--beta or --latency/--overhead/--gap/--gap-per-byte, not both");
  api::PlanRequest r;
  r.P = a.P, r.bytes = a.bytes, r.family = a.family, r.max_segments = a.max_segments, r.time_limit = a.time_limit;
  if (!a.network.empty()) {
    if (loggp || hockney) throw InputError("give --network alone, not with --latency/--overhead/--gap/--gap-per-byte or --alpha/--beta");
    try {
      r.network = parse_network_text(a.network);
    } catch (const InputError& e) {
      throw InputError(std::string("--network: ") + e.what());
    }
    return r;
  }
  if (hockney) {
    if (a.alpha.empty() || a.beta.empty()) throw InputError("--alpha and --beta go together (the alpha-beta model)");
    r.network = api::Network::alpha_beta(parse_seconds("alpha", a.alpha), parse_seconds("beta", a.beta));
    return r;
  }
  if (a.latency.empty() || a.gap_per_byte.empty())
    throw InputError("the network is required: --latency and --gap-per-byte (LogGP), --alpha and --beta, or --network");
  const auto opt = [](const char* name, const std::string& v) { return v.empty() ? 0.0 : parse_seconds(name, v); };
  r.network = {parse_seconds("latency", a.latency), opt("overhead", a.overhead), opt("gap", a.gap),
               parse_seconds("gap-per-byte", a.gap_per_byte)};
  return r;
}

}  // namespace

void register_plan(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("plan",
                                 "from a machine (LogGP or alpha-beta) to the postal model: segments K, latency L, "
                                 "schedule family and the predicted broadcast time");
  add(sub, "P", args->P)->required();
  add(sub, "bytes", args->bytes)->required();
  add(sub, "latency", args->latency);
  add(sub, "overhead", args->overhead);
  add(sub, "gap", args->gap);
  add(sub, "gap-per-byte", args->gap_per_byte);
  add(sub, "alpha", args->alpha);
  add(sub, "beta", args->beta);
  add(sub, "network", args->network);
  add(sub, "family", args->family);
  add(sub, "max-segments", args->max_segments);
  add(sub, "time-limit", args->time_limit);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    (void)inv;  // --json prints the API's to_json as it is (read_plan reads it back)
    const api::Plan p = run_plan(request(*args));
    if (args->json)
      std::cout << plan_to_json(p).dump(2) << "\n";
    else
      std::cout << plan_text(p);
  });
}

}  // namespace blockcast::cli
