// Text and JSON of the `kbroadcast-table` run (search/kitem/kitem_table_run.hpp), both modes:
// the exact rows (reports/kbroadcast_table.hpp) or the ranges (reports/kbroadcast_ranges.hpp),
// with the lines and fields the run adds (rows not reached, a failed replay). The CLI, the
// public API (api/kitem_table.cpp) and Python print the same bytes. Rendering only.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kbroadcast_ranges.hpp"
#include "kbroadcast_table.hpp"
#include "kitem/kitem_table_run.hpp"
#include "outcome.hpp"

namespace blockcast {

// The whole text. rows = false leaves out the exact rows' header and rows (the CLI prints
// those as they finish, then this); ranges print everything at the end either way.
std::string kitem_table_run_text(const KitemTableResult& r, bool rows = true);
// `kbroadcast-table --json`'s outcome: format "blockcast-kbroadcast-table", the run's verdict,
// the rows (with "unknown" and "not_reached") or the ranges (range_table_json).
Outcome kitem_table_run_outcome(const KitemTableResult& r);

}  // namespace blockcast
