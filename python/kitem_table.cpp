// Python face of the `kbroadcast-table` and `continuous-search` questions
// (include/blockcast/kitem_table.hpp), the same runs as the CLI. L, P, k and period take one
// range: an int, a range() or list of consecutive ints, or the CLI's text ("2..8"). The rows
// come as a list of dicts, and as a pandas DataFrame when pandas is installed; to_dict() is
// the CLI's --json output without the command line. The GIL is released while a run searches.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <blockcast/blockcast.hpp>
#include <blockcast/kitem_table.hpp>
#include "interruptible.hpp"
#include <optional>
#include <string>

namespace py = pybind11;
namespace bc = blockcast::api;

namespace {

using Range = std::pair<std::int64_t, std::int64_t>;

Range range_text(const std::string& what, const std::string& text) {
  const std::size_t dots = text.find("..");
  try {
    std::size_t used = 0;
    const std::int64_t a = std::stoll(text.substr(0, dots), &used);
    if (used != (dots == std::string::npos ? text.size() : dots)) throw std::invalid_argument(text);
    if (dots == std::string::npos) return {a, a};
    const std::int64_t b = std::stoll(text.substr(dots + 2), &used);
    if (used != text.size() - dots - 2) throw std::invalid_argument(text);
    return {a, b};
  } catch (const std::exception&) {
    throw bc::InvalidInput(what + " '" + text + "': expected N or one range A..B");
  }
}

// An int, text, or an iterable of consecutive ints: one inclusive range (the run checks bounds).
Range one_range(const std::string& what, const py::object& v) {
  if (py::isinstance<py::str>(v)) return range_text(what, v.cast<std::string>());
  if (py::isinstance<py::int_>(v)) {
    const auto n = v.cast<std::int64_t>();
    return {n, n};
  }
  std::optional<Range> out;
  for (const py::handle h : v) {
    const auto n = h.cast<std::int64_t>();
    if (out && out->second + 1 != n) throw bc::InvalidInput(what + ": one range A..B of consecutive values");
    out = out ? Range{out->first, n} : Range{n, n};
  }
  if (!out) throw bc::InvalidInput(what + ": no values");
  return *out;
}

template <class T>
py::object opt(const std::optional<T>& v) {
  return v ? py::object(py::cast(*v)) : py::object(py::none());
}

py::dict row_dict(const bc::KitemTableRow& r) {
  py::dict d;
  d["L"] = r.L, d["P"] = r.P, d["k"] = r.k, d["lower_bound"] = r.lower_bound,
  d["exact_verdict"] = bc::to_string(r.exact_verdict);
  d["optimum"] = opt(r.optimum), d["exact_upper"] = opt(r.exact_upper), d["exact_proof"] = r.exact_proof;
  d["exact_seconds"] = r.exact_seconds, d["continuous_delay"] = opt(r.continuous_delay),
  d["cut_time"] = opt(r.cut_time);
  d["ours_time"] = opt(r.ours_time), d["ours_name"] = r.ours_name, d["simple_time"] = r.simple_time;
  return d;
}

py::dict range_dict(const bc::KitemTableRange& c) {
  py::dict d;
  d["L"] = c.L, d["P0"] = c.P0, d["P1"] = c.P1, d["k0"] = c.k0, d["k1"] = c.k1;
  d["status"] = c.status, d["gap"] = opt(c.gap), d["method"] = c.method;
  return d;
}

py::list row_dicts(const bc::KitemTable& t) {
  py::list rows;
  if (t.ranges)
    for (const auto& c : t.cells) rows.append(range_dict(c));
  else
    for (const auto& r : t.rows) rows.append(row_dict(r));
  return rows;
}

py::list result_dicts(const bc::ContinuousSearch& s) {
  py::list out;
  for (const auto& r : s.results) {
    py::dict d;
    d["period"] = r.period, d["window"] = r.window, d["verdict"] = bc::to_string(r.verdict), d["detail"] = r.detail;
    d["vars"] = r.vars, d["clauses"] = r.clauses, d["seconds"] = r.seconds;
    out.append(d);
  }
  return out;
}

py::object json_dict(const std::string& json) { return py::module_::import("json").attr("loads")(json); }

void bind_kitem_table_class(py::module_& m) {
  py::class_<bc::KitemTable>(m, "KitemTable", "the k-item table: `blockcast kbroadcast-table`")
      .def_readonly("verdict", &bc::KitemTable::verdict)
      .def_readonly("reason", &bc::KitemTable::reason)
      .def_readonly("seconds", &bc::KitemTable::seconds)
      .def_readonly("ranges", &bc::KitemTable::ranges)
      .def_readonly("not_reached", &bc::KitemTable::not_reached)
      .def_readonly("text", &bc::KitemTable::text)
      .def_property_readonly("rows", &row_dicts, "one dict per (L, P, k), or per range of P and k with ranges=True")
      .def("to_json", &bc::KitemTable::to_json)
      .def(
          "to_dict", [](const bc::KitemTable& t) { return json_dict(t.json); },
          "the CLI's --json output without the command line")
      .def(
          "to_dataframe",
          [](const bc::KitemTable& t) { return py::module_::import("pandas").attr("DataFrame")(row_dicts(t)); },
          "the rows as a pandas DataFrame (ImportError without pandas)")
      .def("__len__", [](const bc::KitemTable& t) { return t.ranges ? t.cells.size() : t.rows.size(); })
      .def("__repr__", [](const bc::KitemTable& t) {
        return "KitemTable(" + bc::to_string(t.verdict) + ", " +
               std::to_string(t.ranges ? t.cells.size() : t.rows.size()) + " rows)";
      });
}

void bind_continuous_search_class(py::module_& m) {
  py::class_<bc::ContinuousSearch>(m, "ContinuousSearch",
                                   "periodic continuous schedules: `blockcast continuous-search`")
      .def_readonly("verdict", &bc::ContinuousSearch::verdict)
      .def_readonly("reason", &bc::ContinuousSearch::reason)
      .def_readonly("seconds", &bc::ContinuousSearch::seconds)
      .def_readonly("L", &bc::ContinuousSearch::L)
      .def_readonly("P", &bc::ContinuousSearch::P)
      .def_readonly("delay", &bc::ContinuousSearch::delay)
      .def_readonly("lower_bound", &bc::ContinuousSearch::lower_bound)
      .def_readonly("text", &bc::ContinuousSearch::text)
      .def_property_readonly("results", &result_dicts, "one dict per period searched, then the window's")
      .def("to_json", &bc::ContinuousSearch::to_json)
      .def(
          "to_dict", [](const bc::ContinuousSearch& s) { return json_dict(s.json); },
          "the CLI's --json output without the command line")
      .def("__repr__", [](const bc::ContinuousSearch& s) {
        return "ContinuousSearch(" + bc::to_string(s.verdict) + ", L=" + std::to_string(s.L) +
               ", P=" + std::to_string(s.P) + ", delay=" + std::to_string(s.delay) + ")";
      });
}

}  // namespace

void bind_kitem_table(py::module_& m) {
  bind_kitem_table_class(m);
  bind_continuous_search_class(m);
  m.def(
      "kitem_table",
      [](const py::object& L, const py::object& P, const py::object& k, bool ranges, double time_limit,
         std::optional<double> exact_time_limit, std::optional<double> counting_time_limit, int threads,
         const py::object& progress) {
        bc::KitemTableRequest q;
        q.L = one_range("L", L), q.P = one_range("P", P), q.k = one_range("k", k), q.ranges = ranges;
        q.time_limit = time_limit, q.exact_time_limit = exact_time_limit, q.threads = threads;
        q.counting_time_limit = counting_time_limit;
        return blockcast::python::interruptible(
            [&](const bc::RunControl& c) {
              q.control = c;
              return bc::kitem_table(q);
            },
            progress);
      },
      py::arg("L"), py::arg("P"), py::arg("k"), py::kw_only(), py::arg("ranges") = false, py::arg("time_limit") = 0.0,
      py::arg("exact_time_limit") = py::none(), py::arg("counting_time_limit") = py::none(), py::arg("threads") = 0,
      py::arg("progress") = py::none(),
      "`blockcast kbroadcast-table`: exact k-item optimum vs blockcast's schedules vs the lower bound per (L, P, k); "
      "ranges=True: the constructions at any size. L, P, k: int, range, list or text such as '2..8'");
  m.def(
      "continuous_search",
      [](int L, std::optional<std::int64_t> P, std::optional<int> t, int delay, const py::object& period, int window,
         double time_limit, const py::object& progress) {
        bc::ContinuousSearchRequest q;
        q.L = L, q.P = P, q.t = t, q.delay = delay, q.window = window, q.time_limit = time_limit;
        const Range p = one_range("period", period);
        q.periods = {static_cast<int>(p.first), static_cast<int>(p.second)};
        return blockcast::python::interruptible(
            [&](const bc::RunControl& c) {
              q.control = c;
              return bc::continuous_search(q);
            },
            progress);
      },
      py::arg("L"), py::arg("P") = py::none(), py::kw_only(), py::arg("t") = py::none(), py::arg("delay") = 0,
      py::arg("period") = "1..4", py::arg("window") = 0, py::arg("time_limit") = 0.0, py::arg("progress") = py::none(),
      "`blockcast continuous-search`: periodic (not block-cyclic) continuous schedules of each period at delay D "
      "(default the lower bound), SAT with checked answers; window=N also the first N items of any schedule");
}
