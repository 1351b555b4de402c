// Tolerant reading of conjecture certificates (see certificate.hpp).
#include "certificate.hpp"

#include <algorithm>
#include <filesystem>

#include "assignment_json.hpp"
#include "checked.hpp"
#include "induction.hpp"
#include "json_fields.hpp"

namespace blockcast {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& field, const std::string& want) {
  throw InputError(where + ": field '" + field + "' must be " + want);
}

// Field readers: json_fields' strict checks (ranges, no floats for integers, no wrapping).
constexpr std::int64_t kMaxT = 1 << 20;  // far beyond any depth with f_t in 64 bits
template <class T>
std::optional<T> opt_int(const json& j, const char* name, const std::string& where, std::int64_t lo = 0,
                         std::int64_t hi = kMaxT) {
  if (auto v = json_fields::opt_integer(j, name, lo, hi, where)) return static_cast<T>(*v);
  return std::nullopt;
}
using json_fields::opt_number;
using json_fields::opt_string;

const json& opt_array(const json& j, const char* name, const std::string& where) {
  static const json empty = json::array();
  if (!j.contains(name) || j.at(name).is_null()) return empty;
  if (!j.at(name).is_array()) bad(where, name, "an array");
  return j.at(name);
}

const BlockWord* root_of(const Assignment& a) {
  for (const auto& b : a.blocks)  // the root is the only node with label 0, u = T
    if (b.u == a.T) return &b;
  return nullptr;
}

// What one base case establishes (SPEC Sec. 7): a legal assignment of the instance it
// claims, listed under its own t, and whether its root word absorbs x.
void derive(BaseCase& bc, std::optional<Letter> x, bool verified_by_run) {
  if (!bc.assignment) {
    bc.verdict = "INVALID: " + bc.assignment_error;
    return;
  }
  const Assignment& a = *bc.assignment;
  bc.solved_t = a.t, bc.P = a.P, bc.receive_only = a.receive_only;
  if (const BlockWord* r = root_of(a)) bc.root = *r;
  if (!verified_by_run)
    if (auto err = check_assignment(claimed_instance(a), a)) {
      bc.verdict = "INVALID: " + *err;
      return;
    }
  if (bc.t && *bc.t != a.t) {
    bc.verdict = "INVALID: listed as t=" + std::to_string(*bc.t) + " but the assignment has t=" + std::to_string(a.t);
    return;
  }
  bc.verdict = verified_by_run ? "SOLVED (verified in the run)" : "SOLVED (re-checked)";
  if (x) {
    const auto pos = bc.root ? extension_position(bc.root->r, bc.root->u, bc.root->word, *x) : std::nullopt;
    bc.extendable_text = !pos                      ? "no"
                         : *pos + 1 == bc.root->r ? "yes (at the end)"
                                                  : "yes (before letter " + std::to_string(*pos + 1) + ")";
  }
}

// Keep the assignment of the smallest valid base case only (the reception table's).
void drop_assignments(CertificateFile& c) {
  BaseCase* keep = nullptr;
  for (auto& b : c.base_cases)
    if (b.valid() && b.assignment && (!keep || b.assignment->t < keep->assignment->t)) keep = &b;
  for (auto& b : c.base_cases)
    if (&b != keep) b.assignment.reset();
}

}  // namespace

CertificateFile certificate_from_json(const json& j, const std::string& dir, const std::string& where,
                                      const std::vector<Assignment>* verified_by_run) {
  if (!j.is_object()) throw InputError(where + ": top level must be an object");
  if (const std::string f = opt_string(j, "format", where); !f.empty() && f != "blockcast-certificate")
    throw InputError(where + ": format is '" + f + "', expected 'blockcast-certificate'");
  CertificateFile c;
  c.dir = dir;
  const auto L = opt_int<int>(j, "L", where, 1, kMaxCertificateL);
  if (!L) bad(where, "L", "an integer in 1.." + std::to_string(kMaxCertificateL));
  c.L = *L;
  if (const std::string x = opt_string(j, "x", where); !x.empty()) {
    try {
      c.x = parse_letter(x);
    } catch (const InputError& e) {
      throw InputError(where + ": field 'x': " + e.what());
    }
  }
  c.t0 = opt_int<int>(j, "t0", where);
  c.mode = opt_string(j, "mode", where);
  if (j.contains("t0_minimal") && !j.at("t0_minimal").is_null()) {
    if (!j.at("t0_minimal").is_boolean()) bad(where, "t0_minimal", "true or false");
    c.t0_minimal = j.at("t0_minimal").get<bool>();
  }
  c.seconds = opt_number(j, "seconds", where);
  if (j.contains("stats") && j.at("stats").is_object()) c.stats = j.at("stats");
  for (const auto& b : opt_array(j, "base_cases", where)) {
    if (!b.is_object()) bad(where, "base_cases", "an array of objects");
    BaseCase bc;
    bc.t = opt_int<int>(b, "t", where + " base case");
    bc.file = opt_string(b, "file", where + " base case");
    bc.method = opt_string(b, "method", where + " base case");
    if (b.contains("stats") && b.at("stats").is_object()) bc.stats = b.at("stats");
    if (verified_by_run && c.base_cases.size() < verified_by_run->size()) {
      bc.assignment = (*verified_by_run)[c.base_cases.size()];
    } else if (!b.contains("assignment")) {
      bc.assignment_error = "no assignment in the certificate";
    } else {
      try {
        bc.assignment = assignment_from_json(b.at("assignment"));
      } catch (const InputError& e) {
        bc.assignment_error = e.what();
      }
    }
    c.base_cases.push_back(std::move(bc));
  }
  for (const auto& s : opt_array(j, "smaller", where)) {
    if (!s.is_object()) bad(where, "smaller", "an array of objects");
    const std::string w = where + " smaller";
    c.smaller.push_back({opt_int<int>(s, "t", w), opt_string(s, "verdict", w), opt_string(s, "mode", w),
                         opt_string(s, "note", w), opt_int<std::int64_t>(s, "nodes", w, 0, INT64_MAX), opt_number(s, "seconds", w)});
  }
  for (const auto& v : opt_array(j, "compositions_checked", where)) {
    c.compositions_checked.push_back(
        json_fields::integer_value(v, 0, kMaxT, where + ": an entry of 'compositions_checked'"));
  }
  try {  // the same check as verify-certificate, without the simulator (the conjecture ran it)
    if (verified_by_run) {
      const std::string shape = opt_string(j, "shape", where);
      c.shape = parse_shape(shape.empty() ? "optimal" : shape);
    } else {
      const Certificate checked = certificate_from_json(j);
      verify_certificate(checked, 0);
      c.shape = checked.shape;
    }
  } catch (const InputError& e) {
    c.verification_error = e.what();
  } catch (const OverflowError& e) {
    c.verification_error = e.what();
  }
  for (auto& b : c.base_cases) derive(b, c.x, verified_by_run != nullptr);
  drop_assignments(c);
  return c;
}

std::vector<CertificateFile> read_certificates(const std::string& run_dir, std::vector<CertificateFile> known) {
  std::error_code ec;
  if (!fs::is_directory(run_dir, ec)) throw InputError("run directory '" + run_dir + "' does not exist");
  std::vector<CertificateFile> out = std::move(known);
  auto is_known = [n = out.size(), &out](const std::string& dir) {
    return std::any_of(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n),
                       [&dir](const CertificateFile& c) { return c.dir == dir; });
  };
  for (const auto& entry : fs::directory_iterator(run_dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() < 2 || name[0] != 'L' || name.find_first_not_of("0123456789", 1) != std::string::npos) continue;
    const fs::path cert = entry.path() / "certificate.json";
    if (!fs::is_regular_file(cert, ec) || is_known(name)) continue;
    out.push_back(certificate_from_json(read_json_file(cert.string()), name, cert.string()));
  }
  if (out.empty())
    throw InputError("no certificates in '" + run_dir + "' (expected " + run_dir + "/L<L>/certificate.json)");
  std::sort(out.begin(), out.end(), [](const CertificateFile& a, const CertificateFile& b) { return a.L < b.L; });
  return out;
}

}  // namespace blockcast
