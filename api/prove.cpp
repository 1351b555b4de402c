// The public face of the `prove` run (include/blockcast/prove.hpp): the request passed to
// search/sat/prove_run.hpp, the answer rendered by reports/prove_answer.hpp as the CLI renders it.
#include <blockcast/prove.hpp>

#include "api/impl.hpp"
#include "outcome.hpp"
#include "prove_answer.hpp"

namespace blockcast::api {

ProveReport prove(const ProveRequest& request) {
  return guarded([&] {
    const sat::ProveRequest q{request.L,       request.t,        request.P,          request.shape,
                              request.receive_only, request.extendable, request.encoding, true,
                              request.time_limit,   request.conflicts,  request.proof_path, "", request.control};
    const sat::ProveAnswer a = sat::run_prove(q);
    ProveReport r;
    r.verdict = a.result.verdict;
    r.verification = a.result.verification;
    r.seconds = a.seconds;
    r.L = a.spec.L, r.t = a.spec.t, r.T = a.spec.T, r.P = a.spec.P, r.shape = shape_name(a.spec.shape);
    r.vars = a.result.vars, r.clauses = a.result.clauses, r.proof_bytes = a.result.proof_bytes;
    r.json = blockcast::to_json(outcome_from_json("blockcast-prove", prove_json(a)), "").dump();
    return r;
  });
}

}  // namespace blockcast::api
