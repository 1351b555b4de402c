// libFuzzer harness: the table JSON read back by `table --resume` (cli/table_units.hpp,
// cli/unit_runner.cpp): a unit record's "summary" is one unit's ranges, counts and cell
// lines; join_table_parts turns records into the printed table. The input is read as the
// resume path reads a record (read_json_file, then the summary), alone and twice (two units).
#include <cstdint>

#include "assignment_json.hpp"
#include "fuzz_common.hpp"
#include "table_ranges.hpp"
#include "table_units.hpp"

using namespace blockcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fuzz::as_file(data, size, ".json");
  fuzz::expect_input_errors([&] {
    const nlohmann::json r = read_json_file(path);
    const nlohmann::json& part = r.is_object() && r.contains("summary") ? r["summary"] : r;
    const cli::TablePart one = cli::join_table_parts({part});
    const cli::TablePart two = cli::join_table_parts({part, part});
    if (two.ranges.size() != 2 * one.ranges.size() || two.sum.cells != 2 * one.sum.cells) __builtin_trap();
    ranges_text(one.ranges, one.sum);
    ranges_markdown(one.ranges, one.sum);
    ranges_json(one.ranges, one.sum).dump();
  });
  return 0;
}
