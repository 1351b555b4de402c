// libFuzzer harness: the two certificate readers, as `verify-certificate` and `report` use
// them: search/induction.cpp (certificate_from_json, then verify_certificate with a small
// simulation budget) and reports/certificate.cpp (the report's view, CertificateFile). The
// minimality evidence (search/minimality.hpp) is checked as `verify-certificate
// --skip-minimality` does (counting refutations recomputed) and, with every recorded search
// budget capped, as `verify-certificate` does (the searches re-run within their budgets).
#include <algorithm>
#include <cstdint>
#include <optional>

#include "assignment_json.hpp"
#include "certificate.hpp"
#include "fuzz_common.hpp"
#include "induction.hpp"

using namespace blockcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fuzz::as_file(data, size, ".json");
  std::optional<nlohmann::json> j;
  fuzz::expect_input_errors([&] { j = read_json_file(path); });
  if (!j) return 0;  // not JSON: an InputError, as expected
  fuzz::expect_input_errors([&] { certificate_from_json(*j, "L3", path); });
  fuzz::expect_input_errors([&] { verify_certificate(certificate_from_json(*j), 20'000); });
  fuzz::expect_input_errors([&] {
    Certificate c = certificate_from_json(*j);
    verify_minimality(c, false);
    if (!c.minimality || c.L > 8) return;
    // A re-run costs its recorded budget (up to 2^62 nodes in a forged file): capped here, so
    // a search that needed more is refuted as unfinished, an expected InputError.
    for (Refutation& f : c.minimality->refuted) f.budget = std::min<std::int64_t>(f.budget, 20'000);
    verify_minimality(c, true);
  });
  return 0;
}
