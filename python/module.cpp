// The Python module `blockcast`: pybind11 bindings of the public C++ API
// (include/blockcast/blockcast.hpp), nothing more, so notebooks get exactly the library's
// checked schedules:
//   import blockcast
//   s = blockcast.solve(L=5, P=1000); s.delay; s.rank_program(17); s.to_json()
// Errors: InvalidInput becomes ValueError. docs/library.md documents the module.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <blockcast/blockcast.hpp>
#include <blockcast/plan.hpp>
#include "interruptible.hpp"

namespace py = pybind11;
namespace bc = blockcast::api;

void bind_check(py::module_& m);  // python/check.cpp: check, simulate, verify_certificate
void bind_table(py::module_& m);  // python/table.cpp: table
void bind_prove(py::module_& m);  // python/prove.cpp: prove
void bind_kitem_table(py::module_& m);  // python/kitem_table.cpp: kitem_table, continuous_search
void bind_conjecture(py::module_& m);  // python/conjecture.cpp: conjecture

namespace {

py::dict transfers(const std::vector<bc::Transfer>& v) {
  std::vector<std::int64_t> step, peer, item;
  for (const auto& t : v) step.push_back(t.step), peer.push_back(t.peer), item.push_back(t.item);
  py::dict d;
  d["step"] = step, d["peer"] = peer, d["item"] = item;
  return d;
}

void bind_program(py::module_& m) {
  py::class_<bc::Transfer>(m, "Transfer", "one message of a rank: step, peer, item")
      .def_readonly("step", &bc::Transfer::step)
      .def_readonly("peer", &bc::Transfer::peer)
      .def_readonly("item", &bc::Transfer::item)
      .def("__repr__", [](const bc::Transfer& t) {
        return "Transfer(step=" + std::to_string(t.step) + ", peer=" + std::to_string(t.peer) +
               ", item=" + std::to_string(t.item) + ")";
      });
  py::class_<bc::RankProgram>(m, "RankProgram", "what one rank sends and receives, by step")
      .def_readonly("rank", &bc::RankProgram::rank)
      .def_readonly("L", &bc::RankProgram::L)
      .def_readonly("sends", &bc::RankProgram::sends)
      .def_readonly("recvs", &bc::RankProgram::recvs)
      .def("columns", [](const bc::RankProgram& p) {
        py::dict d;
        d["sends"] = transfers(p.sends), d["recvs"] = transfers(p.recvs);
        return d;
      }, "the sends and receives as columns (step, peer, item lists), e.g. for pandas")
      .def("to_json", [](const bc::RankProgram& p) { return bc::to_json(p); });
}

void bind_schedules(py::module_& m) {
  py::enum_<bc::Verdict>(m, "Verdict")
      .value("SOLVED", bc::Verdict::solved)
      .value("IMPOSSIBLE", bc::Verdict::impossible)
      .value("UNKNOWN", bc::Verdict::unknown)
      .value("ACCEPTED", bc::Verdict::accepted)
      .value("REJECTED", bc::Verdict::rejected)
      .value("OK", bc::Verdict::done);
  py::class_<bc::Progress>(m, "Progress", "what a long call has done so far (the progress= callback's argument)")
      .def_readonly("what", &bc::Progress::what)
      .def_readonly("done", &bc::Progress::done)
      .def_readonly("total", &bc::Progress::total)
      .def_readonly("seconds", &bc::Progress::seconds)
      .def("__repr__", [](const bc::Progress& p) {
        return "Progress(" + p.what + (p.total > 0 ? ", " + std::to_string(p.done) + "/" + std::to_string(p.total) : "") + ")";
      });
  py::class_<bc::ContinuousSchedule>(m, "ContinuousSchedule",
                                     "the answer of solve for (L, P): the best block-cyclic continuous broadcast "
                                     "and the best delay of any form")
      .def_property_readonly("L", &bc::ContinuousSchedule::L)
      .def_property_readonly("P", &bc::ContinuousSchedule::P)
      .def_property_readonly("verdict", &bc::ContinuousSchedule::verdict)
      .def_property_readonly("found", &bc::ContinuousSchedule::found)
      .def_property_readonly("delay", &bc::ContinuousSchedule::delay)
      .def_property_readonly("lower_bound", &bc::ContinuousSchedule::lower_bound)
      .def_property_readonly("at_lower_bound", &bc::ContinuousSchedule::at_lower_bound)
      .def_property_readonly("optimal", &bc::ContinuousSchedule::optimal)
      .def_property_readonly("shape", &bc::ContinuousSchedule::shape)
      .def_property_readonly("best_delay", &bc::ContinuousSchedule::best_delay)
      .def_property_readonly("form", &bc::ContinuousSchedule::form)
      .def_property_readonly("period", &bc::ContinuousSchedule::period)
      .def_property_readonly("reason", &bc::ContinuousSchedule::reason)
      .def_property_readonly("verification", &bc::ContinuousSchedule::verification)
      .def("rank_program", [](const bc::ContinuousSchedule& s, std::int64_t rank, std::optional<std::int64_t> first_step,
                              std::optional<std::int64_t> steps, std::optional<std::int64_t> k) {
             if (k) return s.rank_program_items(rank, *k);
             return s.rank_program(rank, first_step.value_or(s.delay()), steps.value_or(s.delay()));
           },
           py::arg("rank"), py::arg("first_step") = py::none(), py::arg("steps") = py::none(), py::arg("k") = py::none(),
           "steps [first_step, first_step + steps) of the endless schedule (default: delay steps from step delay), "
           "or with k= the schedule cut after k items")
      .def("to_json", &bc::ContinuousSchedule::to_json)
      .def("to_dict", [](const bc::ContinuousSchedule& s) { return py::module_::import("json").attr("loads")(s.solve_json()); },
           "the fields of `blockcast solve --P --json` as a dict");
  py::class_<bc::KItemSchedule>(m, "KItemSchedule", "a broadcast of k items (the run of blockcast kbroadcast)")
      .def_property_readonly("L", &bc::KItemSchedule::L)
      .def_property_readonly("P", &bc::KItemSchedule::P)
      .def_property_readonly("k", &bc::KItemSchedule::k)
      .def_property_readonly("verdict", &bc::KItemSchedule::verdict)
      .def_property_readonly("found", &bc::KItemSchedule::found)
      .def_property_readonly("reason", &bc::KItemSchedule::reason)
      .def_property_readonly("seconds", &bc::KItemSchedule::seconds)
      .def_property_readonly("time", &bc::KItemSchedule::time)
      .def_property_readonly("lower_bound", &bc::KItemSchedule::lower_bound)
      .def_property_readonly("optimal", &bc::KItemSchedule::optimal)
      .def_property_readonly("method", &bc::KItemSchedule::method)
      .def_property_readonly("verification", &bc::KItemSchedule::verification)
      .def("rank_program", &bc::KItemSchedule::rank_program, py::arg("rank"))
      .def("to_json", &bc::KItemSchedule::to_json)
      .def("to_dict", [](const bc::KItemSchedule& s) { return py::module_::import("json").attr("loads")(s.report_json()); },
           "the fields of `blockcast kbroadcast --json` as a dict");
}

bc::Options options(double time_limit, int threads) { return {time_limit, threads, {}}; }

// The plan (include/blockcast/plan.hpp, docs/mpi-plan.md): the fields read-only, to_dict()
// from the one serializer (to_json), schedule() and rank_program(rank) for the executors.
void bind_plan(py::module_& m) {
  py::class_<bc::PlanCandidate>(m, "PlanCandidate", "the best (K, L) of one schedule family")
      .def_readonly("family", &bc::PlanCandidate::family)
      .def_readonly("segments", &bc::PlanCandidate::segments)
      .def_readonly("L", &bc::PlanCandidate::L)
      .def_readonly("steps", &bc::PlanCandidate::steps)
      .def_readonly("step_seconds", &bc::PlanCandidate::step_seconds)
      .def_readonly("predicted_seconds", &bc::PlanCandidate::predicted_seconds);
  py::class_<bc::Plan>(m, "Plan", "segments K, postal latency L, step tau, family and predicted time of a broadcast")
      .def_readonly("P", &bc::Plan::P)
      .def_readonly("bytes", &bc::Plan::bytes)
      .def_readonly("segments", &bc::Plan::segments)
      .def_readonly("segment_bytes", &bc::Plan::segment_bytes)
      .def_readonly("L", &bc::Plan::L)
      .def_readonly("step_seconds", &bc::Plan::step_seconds)
      .def_readonly("family", &bc::Plan::family)
      .def_readonly("steps", &bc::Plan::steps)
      .def_readonly("lower_bound_steps", &bc::Plan::lower_bound_steps)
      .def_readonly("predicted_seconds", &bc::Plan::predicted_seconds)
      .def_readonly("formula", &bc::Plan::formula)
      .def_readonly("reason", &bc::Plan::reason)
      .def_readonly("verification", &bc::Plan::verification)
      .def_readonly("candidates", &bc::Plan::candidates)
      .def("to_json", [](const bc::Plan& p) { return bc::to_json(p); })
      .def("to_dict", [](const bc::Plan& p) { return py::module_::import("json").attr("loads")(bc::to_json(p)); },
           "the fields as a dict (the JSON of to_json)")
      .def("schedule", [](const bc::Plan& p) { return bc::plan_schedule(p); }, "the text the other ranks need")
      .def("rank_program", [](const bc::Plan& p, std::int64_t rank, std::optional<std::string> schedule) {
             return bc::plan_rank_program(p, schedule ? *schedule : bc::plan_schedule(p), rank);
           }, py::arg("rank"), py::arg("schedule") = py::none(), "one rank's program (root-relative, items = segments)")
      .def("__repr__", [](const bc::Plan& p) {
        return "Plan(family=" + p.family + ", segments=" + std::to_string(p.segments) + ", L=" + std::to_string(p.L) +
               ", steps=" + std::to_string(p.steps) + ", predicted_seconds=" + std::to_string(p.predicted_seconds) + ")";
      });
  m.def("plan", [](std::int64_t P, std::int64_t bytes, std::optional<double> latency, double overhead, double gap,
                   std::optional<double> gap_per_byte, std::optional<double> alpha, std::optional<double> beta,
                   const std::string& family, std::int64_t max_segments, double time_limit,
                   std::optional<std::string> network, const py::object& progress) {
        bc::PlanRequest r;
        r.P = P, r.bytes = bytes, r.family = family, r.max_segments = max_segments, r.time_limit = time_limit;
        const bool loggp = latency || gap_per_byte || overhead != 0 || gap != 0;
        if ((alpha || beta) && loggp) throw bc::InvalidInput("give either alpha/beta or latency/overhead/gap/gap_per_byte, not both");
        if (network && (alpha || beta || loggp)) throw bc::InvalidInput("give network alone, not with latency/overhead/gap/gap_per_byte or alpha/beta");
        if (network) {
          r.network = bc::parse_network(*network);
        } else if (alpha || beta) {
          if (!alpha || !beta) throw bc::InvalidInput("alpha and beta go together (the alpha-beta model)");
          r.network = bc::Network::alpha_beta(*alpha, *beta);
        } else {
          if (!latency || !gap_per_byte) throw bc::InvalidInput("the network is required: latency and gap_per_byte, or alpha and beta");
          r.network = {*latency, overhead, gap, *gap_per_byte};
        }
        return blockcast::python::interruptible([&](const bc::RunControl& c) { r.control = c; return bc::plan(r); }, progress);
      }, py::kw_only(), py::arg("P"), py::arg("bytes"), py::arg("latency") = py::none(), py::arg("overhead") = 0.0,
        py::arg("gap") = 0.0, py::arg("gap_per_byte") = py::none(), py::arg("alpha") = py::none(), py::arg("beta") = py::none(),
        py::arg("family") = "auto", py::arg("max_segments") = 0, py::arg("time_limit") = 2.0, py::arg("network") = py::none(),
        py::arg("progress") = py::none(),
        "the plan of a broadcast of `bytes` to P ranks on a LogGP (or alpha-beta) network; network= takes the text of "
        "BLOCKCAST_NETWORK (ranges of segment sizes separated by ';')");
  m.def("read_plan", &bc::read_plan, py::arg("json"), "a plan from its JSON (to_json, blockcast plan --json)");
}

}  // namespace

PYBIND11_MODULE(blockcast, m) {
  m.doc() = "blockcast: optimal broadcast schedules in the postal / LogP model (docs/library.md)";
  py::register_exception<bc::InvalidInput>(m, "InvalidInput", PyExc_ValueError);
  m.attr("__version__") = bc::version();
  bind_program(m);
  bind_schedules(m);
  bind_plan(m);
  void bind_fattree(py::module_&); bind_fattree(m);  // python/fattree.cpp: fattree_search, fattree_simulate
  bind_check(m);
  bind_table(m);
  bind_prove(m);
  bind_kitem_table(m);
  bind_conjecture(m);
  // Long calls run under blockcast::python::interruptible (python/interruptible.hpp): the GIL
  // released, Ctrl-C stops them, progress= gets their reports.
  m.def("solve", [](int L, std::int64_t P, double time_limit, int threads, const py::object& progress) {
        bc::Options o = options(time_limit, threads);
        return blockcast::python::interruptible([&](const bc::RunControl& c) { o.control = c; return bc::solve(L, P, o); }, progress);
      }, py::arg("L"), py::arg("P"), py::kw_only(), py::arg("time_limit") = 10.0, py::arg("threads") = 0, py::arg("progress") = py::none(),
        "the best continuous schedule for latency L and P processors (blockcast solve --P): block-cyclic, and "
        "the best delay of any form");
  m.def("kitem", [](int L, std::int64_t P, std::int64_t k, double time_limit, int threads, const py::object& progress) {
        bc::Options o = options(time_limit, threads);
        return blockcast::python::interruptible([&](const bc::RunControl& c) { o.control = c; return bc::kitem(L, P, k, o); }, progress);
      }, py::arg("L"), py::arg("P"), py::arg("k"), py::kw_only(), py::arg("time_limit") = bc::kKitemTimeLimit,
        py::arg("threads") = 0, py::arg("progress") = py::none(), "the best k-item schedule blockcast builds for (L, P, k) (blockcast kbroadcast)");
  m.def("read_continuous", &bc::read_continuous, py::arg("json"), "a continuous schedule from JSON, checked");
}
