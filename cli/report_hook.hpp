// The conjecture command's side of the run report (report_hook.cpp): certificates verified by
// the run, collected as units finish, and the report written from them at the end.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "assignment.hpp"

namespace blockcast::cli {

struct VerifiedCertificates;  // what the report needs of each certificate (reports/certificate.hpp)
std::shared_ptr<VerifiedCertificates> verified_certificates();
// `certificate`: the JSON written to `path` (DIR/<dir>/certificate.json), verified by the run,
// with its base cases as the run holds them (in the JSON's order; nothing is parsed back).
void add_verified(VerifiedCertificates& v, const nlohmann::json& certificate, const std::vector<Assignment>& base_cases,
                  const std::string& dir, const std::string& path);
// DIR/report.md and .html; certificates of DIR not in `verified` are read and verified.
void write_report(const std::string& dir, VerifiedCertificates* verified);

}  // namespace blockcast::cli
