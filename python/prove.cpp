// Python face of the `prove` question (include/blockcast/prove.hpp), the same run as
// `blockcast prove`: SOLVED with a checked witness, IMPOSSIBLE with a checked DRAT proof,
// UNKNOWN at a limit. to_dict() is the CLI's --json output without the command line.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <blockcast/prove.hpp>
#include "interruptible.hpp"
#include <optional>

namespace py = pybind11;
namespace bc = blockcast::api;

void bind_prove(py::module_& m) {
  py::class_<bc::ProveReport>(m, "ProveReport", "the independent prover's answer: `blockcast prove`")
      .def_readonly("verdict", &bc::ProveReport::verdict)
      .def_readonly("verification", &bc::ProveReport::verification)
      .def_readonly("seconds", &bc::ProveReport::seconds)
      .def_readonly("L", &bc::ProveReport::L)
      .def_readonly("t", &bc::ProveReport::t)
      .def_readonly("T", &bc::ProveReport::T)
      .def_readonly("P", &bc::ProveReport::P)
      .def_readonly("shape", &bc::ProveReport::shape)
      .def_readonly("vars", &bc::ProveReport::vars)
      .def_readonly("clauses", &bc::ProveReport::clauses)
      .def_readonly("proof_bytes", &bc::ProveReport::proof_bytes)
      .def_property_readonly("delay", [](const bc::ProveReport& r) { return r.L + r.T; })
      .def("to_json", &bc::ProveReport::to_json)
      .def("to_dict", [](const bc::ProveReport& r) { return py::module_::import("json").attr("loads")(r.to_json()); })
      .def("__repr__", [](const bc::ProveReport& r) {
        return "ProveReport(" + bc::to_string(r.verdict) + ", L=" + std::to_string(r.L) + ", P=" + std::to_string(r.P) +
               ", delay " + std::to_string(r.L + r.T) + ")";
      });
  m.def("prove", [](int L, std::optional<int> t, std::optional<std::int64_t> P, std::optional<std::string> shape,
                    std::optional<std::string> receive_only, bool extendable, const std::string& encoding,
                    double time_limit, std::int64_t conflicts, std::optional<std::string> proof, const py::object& progress) {
        bc::ProveRequest q{L, t.value_or(0), P.value_or(0), shape.value_or(""), receive_only.value_or(""),
                           extendable, encoding, time_limit, conflicts, proof.value_or(""), {}};
        return blockcast::python::interruptible([&](const bc::RunControl& c) { q.control = c; return bc::prove(q); }, progress);
      }, py::arg("L"), py::kw_only(), py::arg("t") = py::none(), py::arg("P") = py::none(), py::arg("shape") = py::none(),
        py::arg("receive_only") = py::none(), py::arg("extendable") = false, py::arg("encoding") = "residue",
        py::arg("time_limit") = 0.0, py::arg("conflicts") = 0, py::arg("proof") = py::none(), py::arg("progress") = py::none(),
        "`blockcast prove`: decide the optimal tree I(t) (t=) or a trimmed tree for P processors (P=, shape=) by SAT");
}
