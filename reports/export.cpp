// GOAL and CSV export (see export.hpp). GOAL labels are per rank (txt2bin clears its label
// table at every rank), so every rank numbers its operations l1, l2, ... in step order,
// a reception before a send of the same step because the postal model lets a processor
// forward an item in the step it arrives.
#include "export.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <tuple>
#include <vector>

#include "checked.hpp"

namespace blockcast {

namespace {

struct Op {
  std::int64_t step;
  int kind;  // 0 = receive, 1 = send (receives first within a step)
  size_t msg;
  bool operator<(const Op& o) const { return std::tie(step, kind, msg) < std::tie(o.step, o.kind, o.msg); }
};

std::vector<size_t> send_order(const Schedule& s) {
  std::vector<size_t> order(s.messages.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const auto& x = s.messages[a];
    const auto& y = s.messages[b];
    return std::tie(x.send_step, x.sender, x.receiver, x.item) < std::tie(y.send_step, y.sender, y.receiver, y.item);
  });
  return order;
}

// Bytes of item `item`'s messages; sizes were checked against the schedule's items.
std::int64_t bytes_of(const ItemBytes& sizes, std::int32_t item) {
  if (sizes.empty()) return 1;
  if (item < 0 || static_cast<size_t>(item) >= sizes.size())
    throw InputError("export: item " + std::to_string(item) + " outside the schedule's items");
  return sizes[static_cast<size_t>(item)];
}

void require_sizes(const Schedule& s, const ItemBytes& sizes) {
  if (!sizes.empty() && static_cast<std::int64_t>(sizes.size()) != s.items)
    throw InputError("export: " + std::to_string(sizes.size()) + " segment sizes for a schedule of " +
                     std::to_string(s.items) + " items");
}

// "a message of N bytes in k segments: items 0..3 of 3 bytes, items 4..7 of 2 bytes".
std::string sizes_text(const ItemBytes& sizes) {
  if (sizes.empty()) return "1-byte messages";
  std::int64_t total = 0;
  std::string runs;
  for (size_t i = 0, j = 0; i < sizes.size(); i = j) {
    while (j < sizes.size() && sizes[j] == sizes[i]) total = checked_add(total, sizes[j++], "message size");
    runs += std::string(runs.empty() ? "" : ", ") + (j - i == 1 ? "item " + std::to_string(i)
                                                                 : "items " + std::to_string(i) + ".." + std::to_string(j - 1)) +
            " of " + std::to_string(sizes[i]) + " bytes";
  }
  return "a message of " + std::to_string(total) + " bytes in " + std::to_string(sizes.size()) + " segments: " + runs;
}

}  // namespace

ItemBytes segment_bytes(std::int64_t items, std::int64_t bytes, std::int64_t segment) {
  if (bytes <= 0 && segment <= 0) return {};
  if (items < 1) throw InputError("export: a schedule of no items has no segments");
  if (bytes <= 0) return ItemBytes(static_cast<size_t>(items), segment);
  if (segment <= 0) {
    if (bytes < items)
      throw InputError("--bytes " + std::to_string(bytes) + ": fewer bytes than the " + std::to_string(items) +
                       " items (each segment needs at least 1 byte)");
    ItemBytes sizes(static_cast<size_t>(items), bytes / items);
    for (std::int64_t i = 0; i < bytes % items; ++i) ++sizes[static_cast<size_t>(i)];
    return sizes;
  }
  const std::int64_t needed = bytes / segment + (bytes % segment != 0);  // ceil(N / S) without overflow
  if (needed != items)
    throw InputError("--bytes " + std::to_string(bytes) + " in segments of --segment-bytes " + std::to_string(segment) +
                     " makes " + std::to_string(needed) + " segments, but the schedule has " + std::to_string(items) +
                     " items");
  ItemBytes sizes(static_cast<size_t>(items), segment);
  sizes.back() = bytes - (items - 1) * segment;  // in 1..S, since (k-1)*S < N <= k*S
  return sizes;
}

std::string goal_export(const Schedule& s, const ItemBytes& sizes) {
  if (s.P < 1 || s.P > (std::int64_t{1} << 31)) throw InputError("GOAL export needs 1..2^31 processors");
  require_sizes(s, sizes);
  std::vector<std::vector<Op>> ops(static_cast<size_t>(s.P));
  for (size_t i = 0; i < s.messages.size(); ++i) {
    const auto& m = s.messages[i];
    if (m.sender < 0 || m.sender >= s.P || m.receiver < 0 || m.receiver >= s.P)
      throw InputError("GOAL export: message " + std::to_string(i) + " names a processor outside 0.." +
                       std::to_string(s.P - 1));
    ops[static_cast<size_t>(m.sender)].push_back({m.send_step, 1, i});
    ops[static_cast<size_t>(m.receiver)].push_back({m.recv_step, 0, i});
  }
  std::ostringstream out;
  out << "// blockcast schedule: L=" << s.L << " P=" << s.P << " items 0.." << s.items - 1 << " delay "
      << s.expected_delay << " (postal model; Karp et al. 1993, Sec. 3)\n"
      << "// rank 0 is the source; tag = item number; " << sizes_text(sizes) << "\n"
      << "// replay: txt2bin -i FILE.goal -o FILE.bin && LogGOPSim -f FILE.bin -L " << s.L << " -o 0 -g 1 -G 0 -O 0\n"
      << "num_ranks " << s.P << "\n";
  for (std::int64_t r = 0; r < s.P; ++r) {
    auto& list = ops[static_cast<size_t>(r)];
    std::sort(list.begin(), list.end());
    out << "\nrank " << r << " {\n";
    std::map<std::int32_t, size_t> recv_label;  // item -> label of its reception here
    size_t label = 0, last_send = 0;
    for (const Op& op : list) {
      const auto& m = s.messages[op.msg];
      ++label;
      if (op.kind == 0) {
        out << "l" << label << ": recv " << bytes_of(sizes, m.item) << "b from " << m.sender << " tag " << m.item << "\n";
        recv_label.emplace(m.item, label);
        continue;
      }
      out << "l" << label << ": send " << bytes_of(sizes, m.item) << "b to " << m.receiver << " tag " << m.item << "\n";
      if (last_send) out << "l" << label << " requires l" << last_send << "\n";
      if (auto it = recv_label.find(m.item); it != recv_label.end())
        out << "l" << label << " requires l" << it->second << "\n";
      last_send = label;
    }
    out << "}\n";
  }
  return out.str();
}

std::string csv_export(const Schedule& s, const ItemBytes& sizes) {
  require_sizes(s, sizes);
  std::ostringstream out;
  out << "step,sender,receiver,item" << (sizes.empty() ? "" : ",bytes") << "\n";
  for (size_t i : send_order(s)) {
    const auto& m = s.messages[i];
    out << m.send_step << "," << m.sender << "," << m.receiver << "," << m.item;
    if (!sizes.empty()) out << "," << bytes_of(sizes, m.item);
    out << "\n";
  }
  return out.str();
}

}  // namespace blockcast
