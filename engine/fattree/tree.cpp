// Fat-tree construction, capacity patterns and path enumeration (Dimakopoulos and Dimopoulos 1995, Sec. 2).
#include "fattree/tree.hpp"

#include <algorithm>
#include <bit>
#include <map>

namespace blockcast::fattree {

int log2_exact(std::int64_t n) {
  if (n < 2) throw InputError("fat tree: n = " + std::to_string(n) + " must be at least 2");
  if (!std::has_single_bit(static_cast<std::uint64_t>(n)))
    throw InputError("fat tree: n = " + std::to_string(n) + " is not a power of two");
  if (n > (std::int64_t{1} << 30)) throw InputError("fat tree: n = " + std::to_string(n) + " is too large");
  return std::countr_zero(static_cast<std::uint64_t>(n));
}

FatTree make_tree(std::int64_t n, const std::vector<std::int64_t>& c, const std::string& pattern) {
  FatTree T;
  T.h = log2_exact(n);
  T.n = n;
  T.pattern = pattern;
  if (static_cast<int>(c.size()) != T.h)
    throw InputError("fat tree: " + std::to_string(c.size()) + " capacities given but n = " +
                     std::to_string(n) + " needs log2 n = " + std::to_string(T.h) + " of them (c1..c" +
                     std::to_string(T.h) + ")");
  T.c.assign(1, 0);
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i] < 1)
      throw InputError("fat tree: capacity c" + std::to_string(i + 1) + " = " + std::to_string(c[i]) +
                       " must be at least 1");
    if (i > 0 && c[i] < c[i - 1])
      throw InputError("fat tree: capacities must not decrease toward the root, but c" + std::to_string(i + 1) +
                       " = " + std::to_string(c[i]) + " < c" + std::to_string(i) + " = " + std::to_string(c[i - 1]));
    T.c.push_back(c[i]);
  }
  std::int64_t off = 0;
  for (int l = 0; l <= T.h; ++l) {
    T.level_offset.push_back(off);
    off += n >> l;
  }
  return T;
}

FatTree make_tree(std::int64_t n, const std::string& text) {
  int h = log2_exact(n);
  std::vector<std::int64_t> c;
  if (text == "cbft" || text == "ebft" || text == "linear") {
    for (int i = 1; i <= h; ++i)
      c.push_back(text == "cbft" ? 1 : text == "ebft" ? (std::int64_t{1} << (i - 1)) : i);
    return make_tree(n, c, text);
  }
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t comma = text.find(',', pos);
    std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    if (item.empty() || item.size() > 12 || item.find_first_not_of("0123456789") != std::string::npos)
      throw InputError("fat tree: capacities '" + text +
                       "' must be cbft, ebft, linear or a list c1,c2,... of positive integers");
    c.push_back(std::stoll(item));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return make_tree(n, c, "custom");
}

Node FatTree::node_of(std::int64_t id) const {
  int l = 0;
  while (id >= (n >> l)) id -= n >> l++;
  return {l, id};
}

std::string FatTree::link_name(std::int64_t id) const {
  Link e = link_of(id);
  std::string s = e.up ? "up " : "down ";
  s += std::to_string(e.below.level);
  s += ':';
  s += std::to_string(e.below.index);
  return s;
}

int lca_level(std::int64_t a, std::int64_t b) {
  return std::bit_width(static_cast<std::uint64_t>(a ^ b));
}

std::vector<std::int64_t> path_links(const FatTree& T, std::int64_t s, std::int64_t d) {
  int L = lca_level(s, d);
  std::vector<std::int64_t> p;
  p.reserve(static_cast<std::size_t>(2 * L));
  for (int l = 0; l < L; ++l) p.push_back(T.link_id({{l, s >> l}, true}));
  for (int l = L - 1; l >= 0; --l) p.push_back(T.link_id({{l, d >> l}, false}));
  return p;
}

CopyTree copy_tree(const FatTree& T, std::int64_t s, const std::vector<std::int32_t>& dests) {
  // (depth, link) -> (parent link, rest): a link of the union has the same depth and parent on
  // every path through it, because paths in a tree from one source share their prefixes.
  std::map<std::pair<int, std::int64_t>, std::pair<std::int64_t, int>> u;
  for (std::int32_t d : dests) {
    auto p = path_links(T, s, d);
    const int L = static_cast<int>(p.size());
    for (int k = 0; k < L; ++k) {
      auto& v = u[{k, p[static_cast<std::size_t>(k)]}];
      v.first = k > 0 ? p[static_cast<std::size_t>(k - 1)] : -1;
      v.second = std::max(v.second, L - 1 - k);
    }
  }
  CopyTree c;
  std::map<std::int64_t, int> index;
  for (const auto& [key, val] : u) {
    index[key.second] = static_cast<int>(c.links.size());
    c.links.push_back(key.second);
    c.depth.push_back(key.first);
    c.parent.push_back(val.first < 0 ? -1 : index.at(val.first));
    c.rest.push_back(val.second);
  }
  return c;
}

}  // namespace blockcast::fattree
