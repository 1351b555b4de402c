// Calls the run-report writer from its own translation unit: reports/ has its own reader
// type for certificates, which must not meet search/induction.hpp's in one file.
#include <string>

#include "run_report.hpp"

namespace blockcast::cli {
void write_report(const std::string& dir) { write_run_report(dir); }
}  // namespace blockcast::cli
