// Crash-safe output files (engine/atomic_file.hpp): a file appears whole or
// not at all, the temporary never outlives its writer, and failures are one InputError.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "atomic_file.hpp"
#include "checked.hpp"

using namespace blockcast;
namespace fs = std::filesystem;

namespace {
fs::path scratch(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("blockcast_atomic_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(d);
  return d;
}
std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
std::size_t entries(const fs::path& d) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(d)) ++n;
  return n;
}
}  // namespace

TEST_CASE("atomic file: written whole, replaced whole, no temporary left") {
  const fs::path d = scratch("write");
  const fs::path f = d / "sub" / "a.json";
  write_file_atomic(f.string(), "{\"x\": 1}\n");  // creates the missing folders
  CHECK(slurp(f) == "{\"x\": 1}\n");
  write_file_atomic(f.string(), "{}\n", Durability::deferred);
  sync_file_system(f.string());
  CHECK(slurp(f) == "{}\n");
  CHECK(entries(f.parent_path()) == 1);
  {
    AtomicFile a(f.string());
    CHECK(is_atomic_temp_name(fs::path(a.temp_path()).filename().string()));
    CHECK(fs::path(a.temp_path()).parent_path() == f.parent_path());  // same folder: rename is atomic
    a.write("half");
    CHECK(slurp(f) == "{}\n");  // the target is untouched until commit
  }  // not committed: the temporary is removed, the old file stays
  CHECK(slurp(f) == "{}\n");
  CHECK(entries(f.parent_path()) == 1);
  fs::remove_all(d);
}

TEST_CASE("atomic file: temporary names and failures") {
  CHECK(is_atomic_temp_name(".certificate.json.tmp-Ab12Cd"));
  CHECK_FALSE(is_atomic_temp_name("certificate.json"));
  CHECK_FALSE(is_atomic_temp_name(".blockcast.lock"));
  CHECK_FALSE(is_atomic_temp_name(".x.tmp-ab!def"));
  CHECK_THROWS_AS(write_file_atomic("/proc/blockcast-no-such-dir/a.json", "x"), InputError);
}
