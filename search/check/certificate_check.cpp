// verify-certificate as one run (certificate_check.hpp).
#include "certificate_check.hpp"

#include <chrono>

namespace blockcast {

CertificateCheck run_certificate_check(const CertificateCheckRequest& q) {
  const auto start = std::chrono::steady_clock::now();
  CertificateCheck r;
  const Certificate& c = q.certificate;
  try {
    // Symbolic checks and compositions for every base case; the postal simulator replays
    // the base cases whose explicit window fits sim_events (simulate_if_small, 3(L+T)+1
    // items), and the result says how many that was.
    r.composed = verify_certificate(c, 0);
    for (const Assignment& a : c.base_cases)
      if (simulate_if_small(a, q.sim_events)) ++r.simulated;
    // The windows below t0: each recorded refutation re-checked; a claim of minimality
    // without refutations covering every window is rejected.
    r.minimality = verify_minimality(c, !q.skip_minimality);
    r.verdict = Verdict::accepted;
  } catch (const InputError& e) {
    const std::string what = e.what();
    r.verdict = Verdict::rejected;
    r.reason = what.rfind("certificate", 0) == 0 ? what : "certificate: " + what;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace blockcast
