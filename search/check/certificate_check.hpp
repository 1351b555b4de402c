// The `verify-certificate` run (request -> run -> result; docs/induction.md): a conjecture
// certificate re-checked from scratch. Every base case symbolically, the base cases whose
// explicit window fits `sim_events` also by the independent simulator, the compositions for
// t0+L .. t0+2L-1 (Karp et al. 1993, Sec. 3.3: the induction), and the evidence that t0 is
// minimal (every recorded refutation below t0 re-checked; search/induction.hpp). The CLI and
// the public library call this run alike; reports/check.hpp renders the result.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "induction.hpp"
#include "outcome.hpp"
#include "tuning.hpp"

namespace blockcast {

struct CertificateCheckRequest {
  Certificate certificate;
  // Base cases with P * (items + L + T) up to this many events are also replayed.
  std::int64_t sim_events = Tuning{}.max_sim_events;
  bool skip_minimality = false;  // do not re-run the refutation searches below t0
};

struct CertificateCheck {
  Verdict verdict = Verdict::rejected;
  std::string reason;  // rejected: "certificate: ..." naming the first failure
  double seconds = 0;
  std::vector<int> composed;  // the t whose compositions were checked
  int simulated = 0;          // base cases replayed by the simulator
  MinimalityCheck minimality;
};

CertificateCheck run_certificate_check(const CertificateCheckRequest& request);

}  // namespace blockcast
