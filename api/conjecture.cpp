// The public face of the `conjecture` run (include/blockcast/conjecture.hpp): the request
// turned into search/conjecture_range.hpp's, each L copied out, the certificate, text and
// JSON rendered by reports/conjecture_answer.hpp as the CLI renders them.
#include <blockcast/blockcast.hpp>
#include <blockcast/conjecture.hpp>

#include "api/impl.hpp"
#include "conjecture_answer.hpp"

namespace blockcast::api {

namespace {

blockcast::ConjectureRequest request_of(const ConjectureRequest& q) {
  blockcast::ConjectureRequest r;
  r.L = q.L;
  r.method = parse_method(q.method);
  r.shape = parse_shape(q.shape);
  r.seed = q.seed, r.t_max = q.t_max, r.settle_tries = q.settle_tries;
  if (q.threads < 0 || q.max_nodes < 0) throw InputError("conjecture: threads and max_nodes must be >= 0");
  r.search.threads = q.threads;
  r.search.limits.max_nodes = q.max_nodes;
  r.search.limits.time_limit = q.time_limit;
  r.control = q.control;
  return r;
}

ConjectureLatency latency_of(const ConjectureResult& r) {
  ConjectureLatency l;
  l.L = r.L, l.verdict = r.verdict, l.note = r.note, l.seconds = r.seconds;
  if (r.verdict != blockcast::Verdict::solved) return l;
  l.t0 = r.certificate.t0, l.t0_minimal = r.minimal, l.x = letter_name(r.certificate.x);
  l.roots = conjecture_roots(r), l.methods = r.methods, l.compositions = r.compositions;
  l.certificate = conjecture_certificate_text(r);
  return l;
}

}  // namespace

Conjecture conjecture(const ConjectureRequest& request) {
  return guarded([&] {
    ConjectureRangeResult r = run_conjecture_range(request_of(request));
    Conjecture c;
    c.verdict = r.verdict, c.reason = r.reason, c.seconds = r.seconds;
    std::vector<nlohmann::json> summaries;
    for (ConjectureResult& l : r.latencies) {
      add_certificate_extra(l, r.method);
      summaries.push_back(conjecture_summary(l));
      c.latencies.push_back(latency_of(l));
      c.text += conjecture_text(l, false);
    }
    c.json = blockcast::to_json(conjecture_outcome(summaries), "").dump();
    return c;
  });
}

}  // namespace blockcast::api
