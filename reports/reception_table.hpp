// Reception tables (Karp et al. 1993, Sec. 3.2, Fig. 2 "Continuous Broadcast Schedule" / "Broadcast
// Schedule for 8 Values"; Sec. 3.4, Fig. 4): one row per non-source processor, one column
// per step, each cell the item the processor receives at that step. Built from an explicit
// schedule (engine/expand.hpp), so it shows what the simulator replays, not what the
// assignment intends.
//
// Two addressings, as in the paper: absolute (item numbers; the paper's figures use a, b, ...
// for items 0, 1, ...) and relative (SPEC Sec. 3: at step tau letter j is the item whose
// broadcast ends at tau + j). A reception is *active* when the processor forwards the item
// afterwards (an internal node of that item's tree); relative addressing writes it upper
// case with the number of children, e.g. H5, like the paper's H_5.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "assignment.hpp"
#include "schedule.hpp"

namespace blockcast {

enum class Addressing { relative, absolute };
std::string addressing_name(Addressing a);
Addressing parse_addressing(const std::string& s);  // InputError on anything else

struct ReceptionCell {
  std::int64_t item = -1;  // -1: nothing received at this step
  bool active = false;     // the receiver forwards the item (internal node)
  int children = 0;        // how often the receiver sends the item
  std::string symbol;      // "7", "a", "H" (without the children count)
  bool empty() const { return item < 0; }
};

struct ReceptionTable {
  int L = 0;
  std::int64_t P = 0;
  std::int64_t delay = 0;  // L + T of the schedule (relative letters are counted from it)
  std::int32_t items = 0;
  Addressing addressing = Addressing::absolute;
  std::int64_t first_step = 0, last_step = -1;    // columns
  std::vector<std::string> row_names;             // "P1" .. "P<P-1>"
  std::vector<std::string> row_groups;            // block of each row ("H5", "E2", "r/o"); shown iff one per row
  std::vector<std::vector<ReceptionCell>> cells;  // [row][step - first_step]
  std::int64_t steps() const { return last_step - first_step + 1; }
};

// Default step range: first to last reception of the schedule. InputError if `steps` is
// outside 0..last step or the table would exceed kMaxReceptionCells.
inline constexpr std::int64_t kMaxReceptionCells = 2'000'000;
ReceptionTable reception_table(const Schedule& s, Addressing a,
                               std::optional<std::pair<std::int64_t, std::int64_t>> steps = {});

// Names the block of every processor of the assignment's layout (engine/expand.hpp): block
// (r, u) is the upper-case letter of u with subscript r, the receive-only processor "r/o".
std::vector<std::string> layout_groups(const Assignment& a);

// The table as JSON: L, P, delay, addressing, first/last step, and per row its name, block
// (if known) and cells as plain text ("" = nothing received).
nlohmann::json reception_json(const ReceptionTable& t);

// "H5", "a", "7*": a cell as plain text (absolute active cells get a trailing '*').
std::string plain_cell(const ReceptionTable& t, const ReceptionCell& c);

}  // namespace blockcast
