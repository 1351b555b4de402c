// The Python module's fat-tree questions (include/blockcast/fattree.hpp; Dimakopoulos and
// Dimopoulos 1995, docs/fattree.md): bindings of the public API only, so Python gets the same
// runs and verdicts as `blockcast fattree`:
//   r = blockcast.fattree_search(op="total-exchange", n=8, capacities="ebft")
//   r.verdict, r.minimum, r.runs[-1].witness.injections, r.to_dict()  # == `--json` but "command"
//   s = blockcast.fattree_simulate(op="broadcast", n=8); s.accepted, s.row.simulated
// The runs release the GIL; bad input raises InvalidInput (a ValueError).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <blockcast/fattree.hpp>
#include "interruptible.hpp"

namespace py = pybind11;
namespace bc = blockcast::api;

namespace {

// The result's JSON (the one serializer, reports/fattree_run.hpp) as a dict.
template <class Result>
py::object as_dict(const Result& r) {
  return py::module_::import("json").attr("loads")(bc::to_json(r));
}

void bind_schedule(py::module_& m) {
  py::class_<bc::FattreeInjection>(m, "FattreeInjection", "one packet injected at a leaf")
      .def_readonly("step", &bc::FattreeInjection::step)
      .def_readonly("src", &bc::FattreeInjection::src)
      .def_readonly("dst", &bc::FattreeInjection::dst, "a leaf, -1 (every other leaf) or -2 (the leaves of dsts)")
      .def_readonly("dsts", &bc::FattreeInjection::dsts)
      .def_readonly("payload", &bc::FattreeInjection::payload)
      .def_readonly("hops", &bc::FattreeInjection::hops, "the step of each hop (timed schedules)");
  py::class_<bc::FattreeSchedule>(m, "FattreeSchedule", "a witness schedule, replayed by the simulator")
      .def_readonly("injections", &bc::FattreeSchedule::injections)
      .def_readonly("timed", &bc::FattreeSchedule::timed);
  py::class_<bc::FattreeDecision>(m, "FattreeDecision", "one step bound decided by the CSP or the SAT solver")
      .def_readonly("steps", &bc::FattreeDecision::steps)
      .def_readonly("verdict", &bc::FattreeDecision::verdict)
      .def_readonly("search_space", &bc::FattreeDecision::search_space)
      .def_readonly("nodes", &bc::FattreeDecision::nodes)
      .def_readonly("seconds", &bc::FattreeDecision::seconds)
      .def_readonly("variables", &bc::FattreeDecision::variables)
      .def_readonly("clauses", &bc::FattreeDecision::clauses)
      .def_readonly("proof", &bc::FattreeDecision::proof)
      .def_readonly("witness", &bc::FattreeDecision::witness)
      .def_readonly("witness_simulated_steps", &bc::FattreeDecision::witness_simulated_steps)
      .def_readonly("witness_max_queue", &bc::FattreeDecision::witness_max_queue);
}

void bind_search(py::module_& m) {
  py::class_<bc::FattreeSearchResult>(m, "FattreeSearchResult", "the fewest steps, or one step bound, decided exactly")
      .def_readonly("verdict", &bc::FattreeSearchResult::verdict)
      .def_readonly("reason", &bc::FattreeSearchResult::reason)
      .def_readonly("seconds", &bc::FattreeSearchResult::seconds)
      .def_readonly("op", &bc::FattreeSearchResult::op)
      .def_readonly("model", &bc::FattreeSearchResult::model)
      .def_readonly("solver", &bc::FattreeSearchResult::solver)
      .def_readonly("n", &bc::FattreeSearchResult::n)
      .def_readonly("capacities", &bc::FattreeSearchResult::capacities)
      .def_readonly("c", &bc::FattreeSearchResult::c)
      .def_readonly("runs", &bc::FattreeSearchResult::runs)
      .def_readonly("best_found", &bc::FattreeSearchResult::best_found)
      .def_readonly("lower_bound", &bc::FattreeSearchResult::lower_bound)
      .def_readonly("lower_bound_source", &bc::FattreeSearchResult::lower_bound_source)
      .def_readonly("minimum", &bc::FattreeSearchResult::minimum)
      .def("to_json", [](const bc::FattreeSearchResult& r) { return bc::to_json(r); })
      .def("to_dict", &as_dict<bc::FattreeSearchResult>, "the fields of `blockcast fattree search --json`");
  m.def("fattree_search",
        [](const std::string& op, std::int64_t n, const std::string& capacities, const std::string& model,
           const std::string& solver, int steps, int queue_bound, const std::string& encoding,
           const std::string& proof_path, const std::string& proof_check, int threads, std::int64_t max_nodes,
           double time_limit, const py::object& progress) {
          bc::FattreeSearchRequest r{op,    n,        capacities, model,       solver,  steps,     queue_bound,
                                     encoding, proof_path, proof_check, threads, max_nodes, time_limit, {}};
          return blockcast::python::interruptible([&](const bc::RunControl& c) { r.control = c; return bc::fattree_search(r); },
                                                  progress);
        },
        py::kw_only(), py::arg("op") = "total-exchange", py::arg("n"), py::arg("capacities") = "cbft",
        py::arg("model") = "", py::arg("solver") = "", py::arg("steps") = 0, py::arg("queue_bound") = -1,
        py::arg("encoding") = "all", py::arg("proof_path") = "", py::arg("proof_check") = "auto",
        py::arg("threads") = 0, py::arg("max_nodes") = 0, py::arg("time_limit") = 0.0, py::arg("progress") = py::none(),
        "the fewest steps of a fat-tree operation (steps=0) or the verdict of one step bound; time_limit is the "
        "whole call's deadline (0 = none), and hitting it gives UNKNOWN");
}

void bind_simulate(py::module_& m) {
  py::class_<bc::FattreeSimulation>(m, "FattreeSimulation", "the paper's schedule simulated, next to its formulas")
      .def_readonly("op", &bc::FattreeSimulation::op)
      .def_readonly("n", &bc::FattreeSimulation::n)
      .def_readonly("capacities", &bc::FattreeSimulation::capacities)
      .def_readonly("c", &bc::FattreeSimulation::c)
      .def_readonly("simulated", &bc::FattreeSimulation::simulated)
      .def_readonly("paper_formula", &bc::FattreeSimulation::paper_formula)
      .def_readonly("paper_lower_bound", &bc::FattreeSimulation::paper_lower_bound)
      .def_readonly("branch_bound", &bc::FattreeSimulation::branch_bound)
      .def_readonly("max_queue", &bc::FattreeSimulation::max_queue)
      .def_readonly("ok", &bc::FattreeSimulation::ok)
      .def_readonly("error", &bc::FattreeSimulation::error)
      .def_readonly("status", &bc::FattreeSimulation::status);
  py::class_<bc::FattreeSimulateResult>(m, "FattreeSimulateResult", "the simulator's check of the paper's schedule")
      .def_readonly("accepted", &bc::FattreeSimulateResult::accepted)
      .def_readonly("reason", &bc::FattreeSimulateResult::reason)
      .def_readonly("seconds", &bc::FattreeSimulateResult::seconds)
      .def_readonly("row", &bc::FattreeSimulateResult::row)
      .def("to_json", [](const bc::FattreeSimulateResult& r) { return bc::to_json(r); })
      .def("to_dict", &as_dict<bc::FattreeSimulateResult>, "the fields of `blockcast fattree simulate --json`")
      .def("__bool__", [](const bc::FattreeSimulateResult& r) { return r.accepted; });
  m.def("fattree_simulate",
        [](const std::string& op, std::int64_t n, const std::string& capacities, bool queue_free, bool trace) {
          const bc::FattreeSimulateRequest r{op, n, capacities, queue_free, trace};
          py::gil_scoped_release nogil;
          return bc::fattree_simulate(r);
        },
        py::kw_only(), py::arg("op"), py::arg("n"), py::arg("capacities") = "cbft", py::arg("queue_free") = false,
        py::arg("trace") = false, "the paper's schedule for one operation, replayed by the link-level simulator");
}

}  // namespace

void bind_fattree(py::module_& m);  // called by python/module.cpp

void bind_fattree(py::module_& m) {
  bind_schedule(m);
  bind_search(m);
  bind_simulate(m);
}
