// The public face of the `kbroadcast-table` and `continuous-search` runs
// (include/blockcast/kitem_table.hpp): the request passed to search/kitem/kitem_table_run.hpp
// and continuous_search_run.hpp as it is, the rows copied out, the text and JSON rendered by
// reports/kbroadcast_table_run.hpp and reports/continuous_search.hpp as the CLI renders them.
#include <blockcast/kitem_table.hpp>

#include "api/impl.hpp"
#include "continuous_search.hpp"
#include "kbroadcast_table_run.hpp"

namespace blockcast::api {

namespace {

KitemTableRow row_of(const KItemRow& r) {
  KitemTableRow o;
  o.L = r.L, o.P = r.P, o.k = r.k, o.lower_bound = r.lower_bound, o.exact_verdict = r.exact_verdict;
  o.optimum = r.optimum, o.exact_upper = r.exact_upper, o.exact_proof = r.exact_proof,
  o.exact_seconds = r.exact_seconds;
  o.continuous_delay = r.continuous_delay, o.cut_time = r.cut_time, o.ours_time = r.ours_time;
  o.ours_name = r.ours_name, o.simple_time = r.simple_time;
  return o;
}

void ranges_of(const RangeTable& t, KitemTable& out) {
  for (const PRange& p : t.rows)
    for (const KRange& k : p.ks) {
      KitemTableRange c{p.L, p.P0, p.P1, k.k0, k.k1, status_name(k.status), std::nullopt, k.method};
      if (k.status != RangeStatus::no_schedule) c.gap = k.gap;
      out.cells.push_back(c);
    }
  out.not_reached = t.not_reached;
}

}  // namespace

KitemTable kitem_table(const KitemTableRequest& request) {
  return guarded([&] {
    blockcast::KitemTableRequest q;
    q.L = request.L, q.P = request.P, q.k = request.k, q.ranges = request.ranges;
    q.time_limit = request.time_limit, q.exact_time_limit = request.exact_time_limit, q.threads = request.threads;
    q.counting_time_limit = request.counting_time_limit, q.control = request.control;
    const KitemTableResult r = kitem_table_run(q);
    KitemTable t;
    t.verdict = r.verdict, t.reason = r.reason, t.seconds = r.seconds, t.ranges = r.ranges;
    if (r.ranges) {
      ranges_of(r.range_table, t);
    } else {
      for (const KItemRow& row : r.rows.rows) t.rows.push_back(row_of(row));
      t.not_reached = r.rows.not_reached;
    }
    t.text = kitem_table_run_text(r);
    t.json = blockcast::to_json(kitem_table_run_outcome(r), "").dump();
    return t;
  });
}

ContinuousSearch continuous_search(const ContinuousSearchRequest& request) {
  return guarded([&] {
    blockcast::ContinuousSearchRequest q;
    q.L = request.L, q.t = request.t, q.P = request.P, q.delay = request.delay;
    q.periods = request.periods, q.window = request.window, q.time_limit = request.time_limit;
    q.control = request.control;
    const ContinuousSearchResult r = continuous_search_run(q);
    ContinuousSearch s;
    s.verdict = r.verdict, s.reason = r.reason, s.seconds = r.seconds;
    s.L = r.L, s.P = r.P, s.delay = r.delay, s.lower_bound = r.lower_bound;
    for (const PeriodicOutcome& o : r.outcomes)
      s.results.push_back({o.period, o.window, o.verdict, o.detail, o.vars, o.clauses, o.seconds});
    s.text = continuous_search_text(r);
    s.json = blockcast::to_json(continuous_search_outcome(r), "").dump();
    return s;
  });
}

}  // namespace blockcast::api
