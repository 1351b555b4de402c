// Assembling and checking the witness of a constructive method (search/constructive.hpp).
#include <stdexcept>

#include "constructive.hpp"
#include "legal_words.hpp"

namespace blockcast {

Assignment finish_constructive(const Instance& inst, const std::vector<PlacedWord>& words,
                               const ConstructiveOptions& opt, const std::string& method) {
  Assignment a;
  a.L = inst.L, a.T = inst.T, a.t = inst.t, a.shape = inst.shape, a.P = inst.P;
  a.receive_only = opt.x;
  for (const auto& w : words) a.blocks.push_back({w.r, w.u, 1, w.word});
  for (const auto& b : inst.blocks)
    if (b.r == 1) a.blocks.push_back({1, b.u, b.count, {}});
  normalize(a);
  if (auto e = check_assignment(inst, a)) throw std::logic_error(method + " witness fails the checker: " + *e);
  if (opt.extendable) {
    const BlockWord* root = nullptr;
    for (const auto& b : a.blocks)
      if (b.u == a.T) root = &b;
    if (!root || root->count != 1 || !self_loop_position(root->r, root->u, root->word, opt.x))
      throw std::logic_error(method + " witness: root word is not extendable by " + letter_name(opt.x));
  }
  return a;
}

}  // namespace blockcast
