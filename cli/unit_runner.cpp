// Units of work with records and resume (see unit_runner.hpp).
#include "unit_runner.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <tbb/parallel_pipeline.h>

#include "assignment_json.hpp"
#include "atomic_file.hpp"
#include "checked.hpp"
#include "json_fields.hpp"
#include "memory_watch.hpp"
#ifdef BLOCKCAST_HAVE_MPI
#include "distribute.hpp"
#include "runtime.hpp"
#endif

namespace blockcast::cli {

namespace fs = std::filesystem;

void write_json_file(const std::string& path, const nlohmann::json& j, Durability durability) {
  write_file_atomic(path, json_text(j), durability);
}

bool writes_results() {
#ifdef BLOCKCAST_HAVE_MPI
  if (!mpi::launched_by_mpirun()) return true;
  for (const char* v : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* r = std::getenv(v)) return std::string(r) == "0";
#endif
  return true;
}

bool under_mpirun() {
#ifdef BLOCKCAST_HAVE_MPI
  return mpi::launched_by_mpirun();
#else
  return false;
#endif
}

std::string option_fingerprint(const CLI::App* sub, const std::vector<std::string>& skip) {
  nlohmann::json j = nlohmann::json::object();
  for (const CLI::Option* o : sub->get_options()) {
    const std::string name = o->get_name(false, true);
    if (o->count() == 0 || name.rfind("--", 0) != 0) continue;
    if (std::find(skip.begin(), skip.end(), name.substr(2)) != skip.end()) continue;
    j[name.substr(2)] = o->results();
  }
  return j.dump();
}

namespace {

// The unit's body; the result as JSON (sent to rank 0 as text under MPI; handed over as it
// is in one process, where dumping and parsing a conjecture's 2 GB of files cost minutes).
nlohmann::json compute_unit(std::size_t u, const std::function<void(std::size_t, UnitOutput&)>& body) {
  UnitOutput out;
  body(u, out);
  nlohmann::json files = nlohmann::json::array();
  for (auto& [path, text] : out.files) files.push_back({path, std::move(text)});
  return nlohmann::json{{"summary", std::move(out.summary)}, {"stdout", out.text.str()}, {"files", std::move(files)},
                        {"complete", out.complete}};
}

class Collector {  // rank 0: records, in-order printing, summaries
 public:
  Collector(const std::vector<std::string>& keys, const UnitRunOptions& opt) : keys_(keys), opt_(opt), rec_(keys.size()) {}

  std::string record_path(std::size_t u) const { return (fs::path(opt_.dir) / "units" / (keys_[u] + ".json")).string(); }

  // Recorded units (resume); the others are returned as work to do.
  std::vector<std::size_t> load() {
    std::vector<std::size_t> todo;
    for (std::size_t u = 0; u < keys_.size(); ++u) {
      if (opt_.resume && fs::exists(record_path(u))) {
        const std::string path = record_path(u);
        nlohmann::json r = read_json_file(path);
        const std::string where = "--resume: unit record '" + path + "'";
        if (!r.is_object() || !r.contains("summary") || !r.contains("stdout") || !r.at("stdout").is_string())
          throw InputError(where + " is damaged (delete it to rerun that unit)");
        if (const std::string f = json_fields::opt_string(r, "fingerprint", where); f != opt_.fingerprint)
          throw InputError(where + " was made with other options (" + f + " instead of " + opt_.fingerprint + ")");
        if (opt_.memory) {
          auto hold = opt_.memory->hold();
          opt_.memory->finished(u, r.at("summary"));
        }
        rec_[u] = std::move(r);
        ++resumed_;
      } else {
        todo.push_back(u);
      }
    }
    if (opt_.resume) std::cerr << "resume: " << resumed_ << " of " << keys_.size() << " units already done in " << opt_.dir << "\n";
    flush();
    return todo;
  }

  void done(std::size_t u, nlohmann::json r) {
    std::unique_lock<std::mutex> hold;  // --max-memory waits until the unit is written and printed
    if (opt_.memory) hold = opt_.memory->hold();
    // The unit's files, then one syncfs for all of them, then the record that says they are
    // done (engine/atomic_file.hpp: one journal commit per unit instead of one per file).
    for (const auto& f : r["files"])
      write_file_atomic(f[0].get<std::string>(), f[1].get_ref<const std::string&>(), Durability::deferred);
    if (!r["files"].empty()) sync_file_system(r["files"][0][0].get<std::string>());
    r.erase("files");
    const bool complete = r.value("complete", true);
    r.erase("complete");
    r["fingerprint"] = opt_.fingerprint;
    r["unit"] = keys_[u];
    if (!opt_.dir.empty() && complete) write_json_file(record_path(u), r);  // last: its presence means "done"
    if (opt_.memory) opt_.memory->finished(u, r.at("summary"));
    rec_[u] = std::move(r);
    flush();
  }

  std::vector<nlohmann::json> summaries() const {
    std::vector<nlohmann::json> s;
    for (const auto& r : rec_) s.push_back(r.at("summary"));
    return s;
  }

 private:
  void flush() {
    for (; printed_ < rec_.size() && !rec_[printed_].is_null(); ++printed_)
      std::cout << rec_[printed_]["stdout"].get<std::string>() << std::flush;
  }
  const std::vector<std::string>& keys_;
  const UnitRunOptions& opt_;
  std::vector<nlohmann::json> rec_;
  std::size_t printed_ = 0, resumed_ = 0;
};

}  // namespace

std::optional<std::vector<nlohmann::json>> run_units(const std::vector<std::string>& keys, const UnitRunOptions& opt,
                                                     const std::function<void(std::size_t, UnitOutput&)>& body) {
  if (opt.resume && opt.dir.empty()) throw std::logic_error("run_units: resume without a directory");
  auto compute = [&body](std::size_t u) { return compute_unit(u, body); };
#ifdef BLOCKCAST_HAVE_MPI
  if (mpi::launched_by_mpirun()) {
    mpi::Session session;
    std::vector<std::size_t> todo;
    std::optional<Collector> c;
    std::string error;
    if (session.rank() == 0) try {
        c.emplace(keys, opt);
        todo = c->load();
      } catch (const std::exception& e) {
        error = e.what();
      }
    if (const std::string e = session.broadcast(error); !e.empty()) {
      if (session.rank() == 0) throw InputError(e);
      return std::nullopt;
    }
    std::string list;
    for (std::size_t u : todo) list += std::to_string(u) + " ";
    std::istringstream in(session.broadcast(list));
    todo.clear();
    for (std::size_t u; in >> u;) todo.push_back(u);
    mpi::distribute_units(
        todo, [&compute](std::size_t u) { return compute(u).dump(); },
        [&c](std::size_t u, const std::string& r) { c->done(u, nlohmann::json::parse(r)); });
    if (session.rank() != 0) return std::nullopt;
    return c->summaries();
  }
#endif
  Collector c(keys, opt);
  const std::vector<std::size_t> todo = c.load();
  if (opt.parallel <= 1 || todo.size() <= 1) {
    for (std::size_t u : todo) c.done(u, compute(u));
    return c.summaries();
  }
  // opt.parallel units in flight; the last stage hands results over in unit order.
  std::size_t next = 0;
  using Result = std::pair<std::size_t, nlohmann::json>;
  tbb::parallel_pipeline(
      static_cast<std::size_t>(opt.parallel),
      tbb::make_filter<void, std::size_t>(tbb::filter_mode::serial_in_order,
                                          [&](tbb::flow_control& fc) -> std::size_t {
                                            if (next == todo.size()) {
                                              fc.stop();
                                              return 0;
                                            }
                                            return todo[next++];
                                          }) &
          tbb::make_filter<std::size_t, Result>(tbb::filter_mode::parallel,
                                                [&](std::size_t u) { return Result{u, compute(u)}; }) &
          tbb::make_filter<Result, void>(tbb::filter_mode::serial_in_order,
                                         [&](Result r) { c.done(r.first, std::move(r.second)); }));
  return c.summaries();
}

}  // namespace blockcast::cli
