// The plan's families and their steps (families.hpp; docs/mpi-plan.md, "Families").
#include "plan/families.hpp"

#include <algorithm>
#include <stdexcept>

#include "kitem/baselines.hpp"
#include "kitem/baselines_table.hpp"
#include "kitem/bounds.hpp"
#include "kitem/circulant.hpp"
#include "kitem/single_item.hpp"
#include "postal.hpp"

namespace blockcast {

const std::vector<std::string>& plan_families() {
  static const std::vector<std::string> families = [] {
    std::vector<std::string> f{"circulant", "kitem", "tree"};
    for (const BaselineInfo& b : baselines()) f.emplace_back(b.name);
    return f;
  }();
  return families;
}

bool is_plan_family(const std::string& name) {
  const auto& f = plan_families();
  return std::find(f.begin(), f.end(), name) != f.end();
}

int baseline_index(const std::string& family) {
  const auto& b = baselines();
  for (size_t i = 0; i < b.size(); ++i)
    if (family == b[i].name) return static_cast<int>(i);
  return -1;
}

std::optional<std::int64_t> closed_form_steps(const std::string& family, int L, std::int64_t P, std::int64_t K) {
  if (family == "circulant" && L == 1) return circulant_time(P, K);
  if (family == "kitem" && L >= 2 && K >= 2) return continuous_cut_time(L, P, K);
  if (family == "tree" && K == 1) return single_item_time(L, P);
  return std::nullopt;
}

std::string closed_form_text(const std::string& family, int L, std::int64_t P, std::int64_t K) {
  const auto steps = closed_form_steps(family, L, P, K);
  if (!steps) return "";
  const std::string t = std::to_string(*steps);
  if (family == "circulant")
    return "K - 1 + ceil(log2 P) = " + std::to_string(K - 1) + " + " + std::to_string(*steps - (K - 1)) + " = " + t;
  if (family == "kitem")
    return "L + B(P-1) + K - 1 = " + std::to_string(L) + " + " + std::to_string(depth_without_source(L, P)) + " + " +
           std::to_string(K - 1) + " = " + t;
  return "B(P) = " + t;
}

std::optional<std::int64_t> baseline_steps(const std::string& family, int L, std::int64_t P, std::int64_t K) {
  const int i = baseline_index(family);
  if (i < 0 || P > kMaxPlanBaselineCells / K) return std::nullopt;
  const BaselineTime t = simulated_baseline(i, L, P, K);
  if (!t.ok) throw std::logic_error(family + " schedule rejected by the simulator: " + t.violation);
  return t.time;
}

}  // namespace blockcast
