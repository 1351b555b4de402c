// Python faces of the check questions (include/blockcast/blockcast.hpp: check, simulate,
// export, verify_certificate), the same runs as the CLI's commands of the same names. A document is
// given as JSON text or as a path (str or os.PathLike; "-" is not read from Python's stdin):
// what a notebook has at hand after `blockcast solve --json > s.json` or `to_json()`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <blockcast/blockcast.hpp>
#include <fstream>
#include <sstream>

namespace py = pybind11;
namespace bc = blockcast::api;

namespace {

// JSON text as given, or the contents of the file it names. Text whose first non-blank
// character is '{' or '[' is JSON; anything else is a path (a missing file: InvalidInput, in
// the CLI's words).
std::string document(const py::object& source) {
  const std::string s = py::str(py::module_::import("os").attr("fspath")(source));
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && (s[first] == '{' || s[first] == '[')) return s;
  std::ifstream in(s, std::ios::binary);
  if (!in) throw bc::InvalidInput("cannot read file '" + s + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

py::object loads(const std::string& json) { return py::module_::import("json").attr("loads")(json); }

}  // namespace

void bind_check(py::module_& m) {
  py::class_<bc::CheckReport>(m, "CheckReport", "the outcome of a check, simulate or verify_certificate")
      .def_readonly("accepted", &bc::CheckReport::accepted)
      .def_readonly("verdict", &bc::CheckReport::verdict)
      .def_readonly("format", &bc::CheckReport::format)
      .def_readonly("reason", &bc::CheckReport::reason)
      .def_readonly("rule", &bc::CheckReport::rule)
      .def_readonly("seconds", &bc::CheckReport::seconds)
      .def_readonly("L", &bc::CheckReport::L)
      .def_readonly("P", &bc::CheckReport::P)
      .def_readonly("items", &bc::CheckReport::items)
      .def_readonly("max_delay", &bc::CheckReport::max_delay)
      .def_readonly("time", &bc::CheckReport::time)
      .def_readonly("messages", &bc::CheckReport::messages)
      .def_readonly("simulated", &bc::CheckReport::simulated)
      .def("to_json", &bc::CheckReport::to_json, "the CLI's --json output of the same check, without the command line")
      .def("to_dict", [](const bc::CheckReport& r) { return loads(r.to_json()); }, "to_json() as a dict")
      .def("__bool__", [](const bc::CheckReport& r) { return r.accepted; })
      .def("__repr__", [](const bc::CheckReport& r) {
        return "CheckReport(" + bc::to_string(r.verdict) + (r.reason.empty() ? "" : ": " + r.reason) + ")";
      });
  m.def("check", [](const py::object& source, std::int64_t k) {
        const std::string text = document(source);
        py::gil_scoped_release nogil;
        return bc::check(text, k);
      }, py::arg("schedule"), py::arg("k") = 0,
        "`blockcast check`: an assignment symbolically (with k > 0 also replayed), an explicit schedule replayed; "
        "schedule = JSON text or a path");
  m.def("simulate", [](const py::object& source, std::int64_t k) {
        const std::string text = document(source);
        py::gil_scoped_release nogil;
        return bc::simulate(text, k);
      }, py::arg("schedule"), py::arg("k") = 0,
        "`blockcast simulate`: replay k items in the independent postal-model simulator (an assignment needs k > 0; "
        "an explicit schedule: its first k, 0 = all)");
  m.def("export", [](const py::object& source, const std::string& format, std::int64_t k, std::int64_t bytes,
                     std::int64_t segment_bytes) {
        const std::string text = document(source);
        py::gil_scoped_release nogil;
        return bc::export_schedule(text, format, k, bytes, segment_bytes);
      }, py::arg("schedule"), py::arg("format") = "goal", py::kw_only(), py::arg("k") = 0, py::arg("bytes") = 0,
        py::arg("segment_bytes") = 0,
        "`blockcast export`: the checked schedule as GOAL (LogGOPSim), CSV or JSON text; an assignment needs k > 0");
  m.def("verify_certificate", [](const py::object& source, std::int64_t sim_events, bool skip_minimality) {
        const std::string text = document(source);
        py::gil_scoped_release nogil;
        return bc::verify_certificate(text, sim_events, skip_minimality);
      }, py::arg("certificate"), py::kw_only(), py::arg("sim_events") = 2'000'000, py::arg("skip_minimality") = false,
        "`blockcast verify-certificate`: re-check a conjecture certificate (JSON text or a path)");
}
