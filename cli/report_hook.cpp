// Calls the run-report writer from its own translation unit: reports/ has its own reader
// type for certificates, which must not meet search/induction.hpp's in one file. The
// conjecture command hands over each certificate as its unit finishes (verified by the run,
// reduced to what the report shows), so the report neither re-reads nor re-verifies them.
#include <string>

#include "report_hook.hpp"
#include "run_report.hpp"

namespace blockcast::cli {

struct VerifiedCertificates {
  std::vector<CertificateFile> certs;
};

std::shared_ptr<VerifiedCertificates> verified_certificates() { return std::make_shared<VerifiedCertificates>(); }

void add_verified(VerifiedCertificates& v, const nlohmann::json& certificate, const std::vector<Assignment>& base_cases,
                  const std::string& dir, const std::string& path) {
  v.certs.push_back(certificate_from_json(certificate, dir, path, &base_cases));
}

void write_report(const std::string& dir, VerifiedCertificates* verified) {
  write_run_report(dir, verified ? std::move(verified->certs) : std::vector<CertificateFile>{});
}

}  // namespace blockcast::cli
