// The k-item table of issue 15: per (L, P, k) the exact optimum over general schedules
// (search/kbroadcast_exact.hpp, SAT with DRAT-checked optimality), our schedules (the best
// block-cyclic continuous schedule cut after k items, and its endgame-adjusted version,
// reports/kbroadcast_schedules.hpp), paper 002's simple schedule, and the lower bound of
// paper 000 Thm 3.1 as corrected (reports/kbroadcast.hpp: kitem_lower_bound).
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "verdict.hpp"

namespace blockcast {

struct KItemRow {
  int L = 0, P = 0, k = 0;
  int lower_bound = 0;
  Verdict exact_verdict = Verdict::unknown;
  std::optional<int> optimum;     // proved optimum (SOLVED)
  std::optional<int> exact_upper; // best schedule the exact search simulated
  std::string exact_proof;
  double exact_seconds = 0;
  std::optional<int> continuous_delay;  // best block-cyclic delay found for (L, P)
  std::optional<int> cut_time;          // that schedule cut after k items (simulated)
  std::optional<int> ours_time;         // best of cut / endgame-adjusted (simulated)
  std::string ours_name;
  int simple_time = 0;                  // paper 002 Thm 6.1 formula, L + B(P-1; L+1) + k - 1
};

struct KItemTable {
  std::vector<KItemRow> rows;
  int unknown = 0;  // rows whose optimum is not proved
};

KItemTable kitem_table(int L0, int L1, int P0, int P1, int k0, int k1, double seconds,
                       const std::function<void(const KItemRow&)>& on_row = {});
std::string kitem_row_text(const KItemRow& r);   // one line; the header before the first row
std::string kitem_table_summary(const KItemTable& t);
nlohmann::json kitem_table_json(const KItemTable& t);

}  // namespace blockcast
