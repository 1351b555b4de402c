// Python face of the `conjecture` question (include/blockcast/conjecture.hpp), the same run
// as `blockcast conjecture` (Karp et al. 1993, Thm 3.3 and 3.5): certify each L of a list.
// L takes an int, a range(), a list of ints or the CLI's text ("3..5", "3,7"); each L comes
// as a dict (verdict, t0, x, roots, base-case methods, its certificate JSON), and to_dict()
// is the CLI's --json output without the command line. The run releases the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <blockcast/blockcast.hpp>
#include <blockcast/conjecture.hpp>
#include "interruptible.hpp"
#include <string>
#include <vector>

namespace py = pybind11;
namespace bc = blockcast::api;

namespace {

// One item of the CLI's list text: "N" or "A..B", appended value by value.
void append_item(const std::string& item, const std::string& text, std::vector<int>& out) {
  const auto bad = [&] {
    return bc::InvalidInput("L '" + text + "': expected N, A..B or a comma-separated list of them");
  };
  const std::size_t dots = item.find("..");
  const std::string first = item.substr(0, dots), last = dots == std::string::npos ? first : item.substr(dots + 2);
  for (const std::string& part : {first, last})
    if (part.empty() || part.size() > 6 || part.find_first_not_of("0123456789") != std::string::npos) throw bad();
  const int a = std::stoi(first), b = std::stoi(last);
  if (a > b) throw bad();
  for (int l = a; l <= b; ++l) out.push_back(l);
}

// The latencies of an int, an iterable of ints or the CLI's text, in the order given.
std::vector<int> latencies_of(const py::object& v) {
  std::vector<int> out;
  if (py::isinstance<py::str>(v)) {
    const std::string text = v.cast<std::string>();
    std::size_t pos = 0;
    for (std::size_t comma; (comma = text.find(',', pos)) != std::string::npos; pos = comma + 1)
      append_item(text.substr(pos, comma - pos), text, out);
    append_item(text.substr(pos), text, out);
  } else if (py::isinstance<py::int_>(v)) {
    out.push_back(v.cast<int>());
  } else {
    for (const py::handle h : v) out.push_back(h.cast<int>());
  }
  return out;
}

py::dict latency_dict(const bc::ConjectureLatency& l) {
  py::dict d;
  d["L"] = l.L, d["verdict"] = bc::to_string(l.verdict), d["note"] = l.note, d["seconds"] = l.seconds;
  d["t0"] = l.t0 < 0 ? py::object(py::none()) : py::object(py::int_(l.t0));
  d["t0_minimal"] = l.t0_minimal, d["x"] = l.x, d["roots"] = l.roots, d["methods"] = l.methods;
  d["compositions"] = l.compositions;
  d["certificate"] = l.certificate.empty() ? py::object(py::none()) : py::object(py::str(l.certificate));
  return d;
}

py::list latency_dicts(const bc::Conjecture& c) {
  py::list out;
  for (const auto& l : c.latencies) out.append(latency_dict(l));
  return out;
}

}  // namespace

void bind_conjecture(py::module_& m) {
  py::class_<bc::Conjecture>(m, "Conjecture", "the conjecture certified per L: `blockcast conjecture`")
      .def_readonly("verdict", &bc::Conjecture::verdict)
      .def_readonly("reason", &bc::Conjecture::reason)
      .def_readonly("seconds", &bc::Conjecture::seconds)
      .def_readonly("text", &bc::Conjecture::text)
      .def_property_readonly("latencies", &latency_dicts,
                             "one dict per L: verdict, t0, t0_minimal, x, roots, methods, certificate (JSON text), ...")
      .def("to_json", &bc::Conjecture::to_json)
      .def(
          "to_dict", [](const bc::Conjecture& c) { return py::module_::import("json").attr("loads")(c.to_json()); },
          "the CLI's --json output without the command line")
      .def("__len__", [](const bc::Conjecture& c) { return c.latencies.size(); })
      .def("__repr__", [](const bc::Conjecture& c) {
        return "Conjecture(" + bc::to_string(c.verdict) + ", " + std::to_string(c.latencies.size()) + " latencies)";
      });
  m.def(
      "conjecture",
      [](const py::object& L, const std::string& method, const std::string& shape, std::uint64_t seed, int t_max,
         int settle_tries, int threads, std::int64_t max_nodes, double time_limit, const py::object& progress) {
        bc::ConjectureRequest q;
        q.L = latencies_of(L);
        q.method = method, q.shape = shape, q.seed = seed, q.t_max = t_max, q.settle_tries = settle_tries;
        q.threads = threads, q.max_nodes = max_nodes, q.time_limit = time_limit;
        return blockcast::python::interruptible(
            [&](const bc::RunControl& c) {
              q.control = c;
              return bc::conjecture(q);
            },
            progress);
      },
      py::arg("L"), py::kw_only(), py::arg("method") = "auto", py::arg("shape") = "optimal", py::arg("seed") = 1,
      py::arg("t_max") = 0, py::arg("settle_tries") = 0, py::arg("threads") = 0, py::arg("max_nodes") = 0,
      py::arg("time_limit") = 0.0, py::arg("progress") = py::none(),
      "`blockcast conjecture`: certify the conjecture of Karp et al. 1993 for each L (int, range, list or text "
      "such as '3..5'); time_limit is one deadline for the whole call");
}
