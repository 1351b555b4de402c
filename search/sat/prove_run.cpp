// The `prove` run (prove_run.hpp).
#include "prove_run.hpp"

#include <chrono>
#include <limits>

#include "word.hpp"

namespace blockcast::sat {

namespace {

TreeSpec tree_of(const ProveRequest& q) {
  if (q.P != 0 && q.t != 0) throw InputError("--P and --t both given: --t means P-1 = f_t, use one of them");
  if (q.P == 0 && q.t == 0) throw InputError("prove: give the tree: --t (the optimal tree I(t)) or --P (processors)");
  if (!q.shape.empty() && q.P == 0) throw InputError("--shape needs --P (--t always means the optimal tree)");
  if (q.t != 0) return tree_spec_for_t(q.L, q.t, Shape::optimal);
  // --P alone asks for the lower bound L+t: the ties tree (the optimal tree if P-1 = f_t).
  return tree_spec(q.L, q.P, q.shape.empty() ? Shape::ties : parse_shape(q.shape));
}

ProveOptions options_of(const ProveRequest& q, const TreeSpec& spec) {
  if (!(q.time_limit >= 0) || q.conflicts < 0) throw InputError("prove: time_limit and conflicts must be >= 0");
  ProveOptions o;
  // A ties or pruned tree may use letters beyond L; the encoding checks those against its
  // own alphabet (search/sat/instance_cnf.cpp).
  if (!q.receive_only.empty())
    o.encoding.receive_only =
        receive_only_letter(q.receive_only, q.L, spec.shape == Shape::optimal ? q.L : std::numeric_limits<int>::max());
  o.form = parse_cnf_form(q.encoding);
  o.encoding.extendable = q.extendable;
  o.encoding.symmetry = q.symmetry;
  o.limits.time_limit = q.time_limit;
  o.limits = controlled(with_deadline_in(o.limits, q.time_limit), q.control);  // the whole call's deadline
  o.limits.conflicts = q.conflicts;
  o.check_seconds = q.time_limit;
  o.proof_path = q.proof_path;
  o.dimacs_path = q.dimacs_path;
  return o;
}

}  // namespace

ProveAnswer run_prove(const ProveRequest& q) {
  const auto start = std::chrono::steady_clock::now();
  ProveAnswer a;
  a.spec = tree_of(q);
  a.result = prove(a.spec, options_of(q, a.spec));
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace blockcast::sat
