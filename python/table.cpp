// Python face of the `table` question (include/blockcast/table.hpp), the same run as
// `blockcast table`. L and P take what a notebook has at hand: an int, a range(), a list of
// ints, or the CLI's text ("2..8", "10,100,1000"). The cells come as a list of dicts, and as
// a pandas DataFrame when pandas is installed (python3-pandas); to_dict() is the CLI's
// --json output without the command line.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <blockcast/blockcast.hpp>
#include <blockcast/table.hpp>
#include "interruptible.hpp"
#include <optional>
#include <string>

namespace py = pybind11;
namespace bc = blockcast::api;

namespace {

using Ranges = std::vector<std::pair<std::int64_t, std::int64_t>>;

// "7", "3..10", "2..5,9": inclusive ranges in the order given (the run checks their order
// and bounds).
Ranges parse_text(const std::string& what, const std::string& text) {
  Ranges out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    const std::size_t dots = item.find("..");
    try {
      std::size_t used = 0;
      const std::int64_t a = std::stoll(item.substr(0, dots), &used);
      if (used != (dots == std::string::npos ? item.size() : dots)) throw std::invalid_argument(item);
      std::int64_t b = a;
      if (dots != std::string::npos) {
        b = std::stoll(item.substr(dots + 2), &used);
        if (used != item.size() - dots - 2) throw std::invalid_argument(item);
      }
      out.emplace_back(a, b);
    } catch (const std::exception&) {
      throw bc::InvalidInput(what + " '" + text + "': expected N, A..B or a comma-separated list of them");
    }
    pos = comma + 1;
  }
  return out;
}

// An int, a range with step 1, an iterable of ints, or text: inclusive ranges, adjacent
// values merged (range(2, 101) is 2..100).
Ranges ranges_of(const std::string& what, const py::object& v) {
  if (py::isinstance<py::str>(v)) return parse_text(what, v.cast<std::string>());
  if (py::isinstance<py::int_>(v)) {
    const auto n = v.cast<std::int64_t>();
    return {{n, n}};
  }
  Ranges out;
  for (const py::handle h : v) {
    const auto n = h.cast<std::int64_t>();
    if (!out.empty() && out.back().second + 1 == n)
      out.back().second = n;
    else
      out.emplace_back(n, n);
  }
  if (out.empty()) throw bc::InvalidInput(what + ": no values");
  return out;
}

py::dict cell_dict(const bc::TableCell& c) {
  py::dict d;
  d["L"] = c.L, d["P"] = c.P, d["t"] = c.t, d["lower_bound"] = c.lower_bound;
  d["delay"] = c.delay < 0 ? py::object(py::none()) : py::object(py::int_(c.delay));
  d["shape"] = c.shape, d["method"] = c.method, d["proved"] = c.proved, d["at_lower_bound"] = c.at_lower_bound;
  d["periodic"] = c.periodic, d["periodic_at_bound"] = c.periodic_at_bound;
  return d;
}

py::list cell_dicts(const bc::Table& t) {
  py::list rows;
  for (const auto& c : t.cells) rows.append(cell_dict(c));
  return rows;
}

}  // namespace

void bind_table(py::module_& m) {
  py::class_<bc::Table>(m, "Table", "a checked block-cyclic schedule for every (L, P): `blockcast table`")
      .def_readonly("verdict", &bc::Table::verdict)
      .def_readonly("reason", &bc::Table::reason)
      .def_readonly("seconds", &bc::Table::seconds)
      .def_readonly("text", &bc::Table::text)
      .def_property_readonly("cells", &cell_dicts, "one dict per (L, P): L, P, t, lower_bound, delay, shape, method, ...")
      .def("to_json", &bc::Table::to_json)
      .def("to_dict", [](const bc::Table& t) { return py::module_::import("json").attr("loads")(t.to_json()); },
           "the CLI's --json output (ranges of P) without the command line")
      .def("to_dataframe", [](const bc::Table& t) {
             return py::module_::import("pandas").attr("DataFrame")(cell_dicts(t));
           }, "the cells as a pandas DataFrame (ImportError without pandas)")
      .def("__len__", [](const bc::Table& t) { return t.cells.size(); })
      .def("__repr__", [](const bc::Table& t) {
        return "Table(" + bc::to_string(t.verdict) + ", " + std::to_string(t.cells.size()) + " cells)";
      });
  m.def("table", [](const py::object& L, const py::object& P, std::optional<py::object> period, double period_time_limit,
                    int threads, std::int64_t max_nodes, double time_limit, const py::object& progress) {
        bc::TableRequest q;
        for (const auto& [a, b] : ranges_of("L", L)) {
          if (a > b) throw bc::InvalidInput("table: L " + std::to_string(a) + ".." + std::to_string(b) + " is an empty range");
          for (std::int64_t l = a; l <= b; ++l) q.L.push_back(static_cast<int>(l));
        }
        q.P = ranges_of("P", P);
        if (period) {
          const Ranges p = ranges_of("period", *period);
          if (p.size() != 1) throw bc::InvalidInput("period: one range A..B");
          q.periods = std::pair<int, int>(static_cast<int>(p[0].first), static_cast<int>(p[0].second));
        }
        q.period_time_limit = period_time_limit, q.threads = threads, q.max_nodes = max_nodes, q.time_limit = time_limit;
        return blockcast::python::interruptible([&](const bc::RunControl& c) { q.control = c; return bc::table(q); }, progress);
      }, py::arg("L"), py::arg("P"), py::kw_only(), py::arg("period") = py::none(), py::arg("period_time_limit") = 10.0,
        py::arg("threads") = 0, py::arg("max_nodes") = 0, py::arg("time_limit") = 0.0, py::arg("progress") = py::none(),
        "`blockcast table`: a checked schedule for every (L, P); L, P: int, range, list or text such as '2..8'");
}
