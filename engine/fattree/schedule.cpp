// Operation names and the deliveries each operation requires (Dimakopoulos and Dimopoulos 1995, Sec. 1).
#include "fattree/schedule.hpp"

#include "checked.hpp"

namespace blockcast::fattree {

const std::vector<Op>& all_ops() {
  static const std::vector<Op> ops = {Op::broadcast, Op::scatter, Op::gather, Op::multinode_broadcast,
                                      Op::total_exchange, Op::total_exchange_phased};
  return ops;
}

std::string op_name(Op op) {
  switch (op) {
    case Op::broadcast: return "broadcast";
    case Op::scatter: return "scatter";
    case Op::gather: return "gather";
    case Op::multinode_broadcast: return "multinode-broadcast";
    case Op::total_exchange: return "total-exchange";
    case Op::total_exchange_phased: return "total-exchange-phased";
  }
  return "?";
}

Op parse_op(const std::string& s) {
  for (Op op : all_ops())
    if (s == op_name(op)) return op;
  throw InputError("unknown operation '" + s +
                   "' (broadcast, scatter, gather, multinode-broadcast, total-exchange, total-exchange-phased)");
}

std::vector<Delivery> required_deliveries(Op op, std::int64_t n, std::int64_t root) {
  if (root < 0 || root >= n) throw InputError("root leaf " + std::to_string(root) + " is not a leaf of the tree");
  std::vector<Delivery> r;
  auto add = [&](std::int64_t s, std::int64_t d, std::int64_t p) {
    r.push_back({static_cast<std::int32_t>(s), static_cast<std::int32_t>(d), p});
  };
  // Only the sources that send: O(deliveries), not O(n^2), for the one-to-all operations.
  const bool one_source = op == Op::broadcast || op == Op::scatter;
  for (std::int64_t s = one_source ? root : 0; s < (one_source ? root + 1 : n); ++s) {
    if (op == Op::gather) {
      if (s != root) add(s, root, s);
      continue;
    }
    for (std::int64_t d = 0; d < n; ++d) {
      if (s == d) continue;
      switch (op) {
        case Op::broadcast: add(s, d, 0); break;
        case Op::scatter: add(s, d, d); break;
        case Op::gather: break;
        case Op::multinode_broadcast: add(s, d, s); break;
        case Op::total_exchange:
        case Op::total_exchange_phased: add(s, d, s * n + d); break;
      }
    }
  }
  return r;
}

Injection unicast(std::int64_t step, std::int64_t src, std::int64_t dst, std::int64_t payload) {
  return {step, static_cast<std::int32_t>(src), static_cast<std::int32_t>(dst), -1, payload};
}

Injection broadcast(std::int64_t step, std::int64_t src, std::int64_t payload) {
  return {step, static_cast<std::int32_t>(src), kAllOthers, -1, payload};
}

}  // namespace blockcast::fattree
