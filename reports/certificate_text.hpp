// A conjecture run's certificate and base-case files as JSON text (docs/reports.md: the
// files of `conjecture --out`). Each base case is written twice, as its own file and inside
// the certificate, which must be re-checkable alone; it is rendered once here and spliced
// into the certificate's text, re-indented, instead of being built and dumped twice (at
// L = 256 the base cases are 40 MB of text, the largest part of a run's writing).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "induction.hpp"

namespace blockcast {

struct CertificateText {
  std::string certificate;               // byte for byte json_text(to_json(c, files))
  std::vector<std::string> base_cases;   // json_text(to_json(base case i)), by assignment_text
  nlohmann::json outline;                // to_json(c, files) with placeholders for the assignments
};

CertificateText render_certificate(const Certificate& c, const std::vector<std::string>& files);

}  // namespace blockcast
