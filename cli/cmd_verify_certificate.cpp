// `blockcast verify-certificate FILE`: a conjecture certificate re-checked from scratch
// (search/check/certificate_check.hpp, the run the public library calls too; rendering in
// reports/check.hpp). Exit codes: 0 accepted, 1 rejected (a certificate that parses but does
// not verify), 2 a file that is not a certificate.
#include <iostream>

#include "check.hpp"
#include "commands.hpp"
#include "options.hpp"
#include "render.hpp"
#include "schedule_json.hpp"

namespace blockcast::cli {

void register_verify_certificate(CLI::App& app, const Invocation& inv) {
  struct Args {
    std::string file;
    std::int64_t sim_events = 0;
    bool json = false, skip_minimality = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("verify-certificate", "re-check an exported induction certificate from scratch");
  sub->add_option("FILE", args->file, "certificate JSON written by `conjecture --out` (- = stdin)")->required();
  add(sub, "sim-events", args->sim_events);
  add(sub, "json", args->json);
  add(sub, "skip-minimality", args->skip_minimality);
  sub->callback([args, &inv] {
    const CertificateCheckRequest q{certificate_from_json(read_json_input(args->file)), args->sim_events,
                                    args->skip_minimality};
    const CertificateCheck r = run_certificate_check(q);
    if (args->json)
      print_json(inv, certificate_outcome(r, q.certificate, q.sim_events));
    else
      std::cout << certificate_check_text(r, q.certificate, q.sim_events);
    exit_with(r.verdict);
  });
}

}  // namespace blockcast::cli
