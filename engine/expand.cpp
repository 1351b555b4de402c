// Expansion of an assignment into explicit messages (see expand.hpp; SPEC Sec. 2-4).
// Every item's broadcast has the same shape relative to its creation step: item i's
// messages are sent at steps i + off for a fixed multiset of offsets off, by senders and to
// receivers that depend on i only through residues mod r. So the work is split in two:
//  - once per assignment, a template: the senders of one item keyed by offset (the source
//    at 0, block holders at L + T - u + m for m < r) and its receivers keyed the same way
//    (phases holding letter l at T - l), each list ordered as the rules pair them
//    (by offset, then processor id); the n-th sender pairs with the n-th receiver, and
//    the counts per offset must agree (else the assignment is inconsistent);
//  - then the schedule is written step by step, already in its final order (send step,
//    sender): at step s processor q of a block sends the item of its sending slot
//    m = (s - q) mod r, and that slot's receiver comes from the template with the
//    within-block rotation of step s. No sort and no growth: one pass, exact size.
// A schedule whose offsets are spread too far for a step-by-step pass (only hand-made
// assignments) is written item by item and sorted instead; both give the same messages.
#include "expand.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <functional>
#include <string>

namespace blockcast {

namespace {

struct Block {       // one block of r processors (a BlockWord with count c is c of them)
  std::int32_t first;  // processor id of q = 0
  std::int32_t r;
  std::int32_t rid;    // index of r in Template::radix
  i64 off0;          // L + T - u: offset of the holder's first send (slot m sends at off0 + m)
};

// The receivers in one block of one item at one step: the phases holding one letter
// (several when a word repeats a letter). Phases are stored in descending order; at
// reception step tau the processor of phase ph is first + (tau - ph) mod r, so in processor
// order the phases <= tau mod r come first, then the others, each run descending.
struct Group {
  i64 off;             // send step - item of the messages they receive
  std::int32_t first;  // P - 1 for the receive-only processor (r = 1, phase 0)
  std::int32_t r;
  std::int32_t rid;
  std::uint32_t ph;    // first of g phases in Template::phases
  std::uint32_t g;
};

struct Template {
  std::vector<Block> blocks;
  std::vector<Group> groups;         // by offset, then processor order
  std::vector<std::int32_t> phases;  // per group, descending
  std::vector<std::int32_t> radix;   // distinct block sizes
  // Per sending slot (0: the source; first + m: slot m of a block): the position of its
  // receiver among the receivers of all groups, in group order.
  std::vector<std::uint32_t> peer;
  std::vector<i64> slot_off;         // per sending slot: its offset
  i64 lo = 0, hi = 0;                // smallest and largest offset
  i64 receivers = 0;                 // per item (P - 1 in a consistent assignment)
};

// Stable counting sort of `v` by key(v), or std::stable_sort when the keys are spread
// much wider than the data (hand-written assignments).
template <class T, class Key>
void counting_sort(std::vector<T>& v, Key key) {
  if (v.size() < 2) return;
  i64 lo = INT64_MAX, hi = INT64_MIN;
  for (const T& e : v) lo = std::min<i64>(lo, key(e)), hi = std::max<i64>(hi, key(e));
  if (hi - lo > 4 * static_cast<i64>(v.size()) + 1024) {
    std::stable_sort(v.begin(), v.end(), [&](const T& a, const T& b) { return key(a) < key(b); });
    return;
  }
  std::vector<std::uint32_t> cnt(static_cast<size_t>(hi - lo + 2), 0);
  for (const T& e : v) ++cnt[static_cast<size_t>(key(e) - lo + 1)];
  for (size_t b = 1; b < cnt.size(); ++b) cnt[b] += cnt[b - 1];
  std::vector<T> out(v.size());
  for (const T& e : v) out[cnt[static_cast<size_t>(key(e) - lo)]++] = e;
  v.swap(out);
}

// Offsets are item-relative steps; every step of the window is i + off (+ L) for an item
// i < k and must fit the schedule's 32-bit fields.
void require_int32_steps(i64 off, i64 k, int L, const char* who) {
  bool fits = off >= -(i64{1} << 40) && off <= (i64{1} << 40);  // k and L are far smaller
  if (fits) fits = off + std::min(L, 0) >= INT32_MIN && off + k - 1 + std::max(L, 0) <= INT32_MAX;
  if (!fits)
    throw InputError(std::string("explicit schedule out of range: ") + who + " at item-relative step " +
                     std::to_string(off) + " does not fit the 32-bit steps of items 0.." + std::to_string(k - 1));
}

i64 offset_of(i64 base, i64 letter, i64 k, int L, const char* who) {
  i64 off;
  if (__builtin_sub_overflow(base, letter, &off)) off = letter < 0 ? INT64_MAX : INT64_MIN;
  require_int32_steps(off, k, L, who);
  return off;
}

Template make_template(const Assignment& a, i64 P, i64 k) {
  Template tp;
  const i64 D = static_cast<i64>(a.L) + a.T;
  auto rid_of = [&](std::int32_t r) {
    auto it = std::find(tp.radix.begin(), tp.radix.end(), r);
    if (it != tp.radix.end()) return static_cast<std::int32_t>(it - tp.radix.begin());
    tp.radix.push_back(r);
    return static_cast<std::int32_t>(tp.radix.size() - 1);
  };
  struct Slot {
    i64 off;
    std::uint32_t slot;
  };
  std::vector<Slot> send;
  send.reserve(static_cast<size_t>(P));
  send.push_back({0, 0});  // the source sends item i once, at its creation step i
  i64 next = 1;
  for (const auto& b : a.blocks) {
    if (b.r < 1) throw InputError("block with r=" + std::to_string(b.r) + " cannot be expanded");
    if (static_cast<i64>(b.word.size()) != b.r - 1)
      throw InputError("block (r=" + std::to_string(b.r) + ", u=" + std::to_string(b.u) + ") word '" +
                       word_string(b.word) + "' must have r-1 letters to be expanded");
    // Phases by letter (u for phase 0, w_k for phase k), descending within a letter.
    std::vector<std::pair<i64, std::int32_t>> by_letter;
    by_letter.push_back({b.u, 0});
    for (size_t j = 0; j < b.word.size(); ++j) by_letter.push_back({b.word[j], static_cast<std::int32_t>(j + 1)});
    std::sort(by_letter.begin(), by_letter.end(),
              [](const auto& x, const auto& y) { return x.first != y.first ? x.first < y.first : x.second > y.second; });
    struct Run {
      i64 off;
      std::uint32_t ph, g;
    };
    std::vector<Run> runs;
    for (size_t j = 0; j < by_letter.size();) {
      size_t e = j;
      while (e < by_letter.size() && by_letter[e].first == by_letter[j].first) ++e;
      runs.push_back({offset_of(a.T, by_letter[j].first, k, a.L, "a reception"),
                      static_cast<std::uint32_t>(tp.phases.size()), static_cast<std::uint32_t>(e - j)});
      for (size_t x = j; x < e; ++x) tp.phases.push_back(by_letter[x].second);
      j = e;
    }
    const i64 off0 = offset_of(D, b.u, k, a.L, "a holder's send");
    require_int32_steps(off0 + b.r - 1, k, a.L, "a holder's send");
    const std::int32_t rid = rid_of(b.r);
    for (i64 c = 0; c < b.count; ++c) {
      const auto first = static_cast<std::int32_t>(next);  // < P <= kMaxScheduleEvents
      tp.blocks.push_back({first, b.r, rid, off0});
      for (const Run& run : runs) tp.groups.push_back({run.off, first, b.r, rid, run.ph, run.g});
      for (std::int32_t m = 0; m < b.r; ++m) send.push_back({off0 + m, static_cast<std::uint32_t>(first + m)});
      next = checked_add(next, b.r, "processor count");
    }
  }
  tp.groups.push_back({offset_of(a.T, a.receive_only, k, a.L, "the receive-only reception"),
                       static_cast<std::int32_t>(P - 1), 1, rid_of(1), static_cast<std::uint32_t>(tp.phases.size()), 1});
  tp.phases.push_back(0);

  counting_sort(send, [](const Slot& x) { return x.off; });
  counting_sort(tp.groups, [](const Group& x) { return x.off; });
  // Senders and receivers pair up offset by offset; report the first offset (item 0's
  // step) where the counts differ.
  size_t a_ = 0, g_ = 0;
  while (a_ < send.size() || g_ < tp.groups.size()) {
    const i64 s = std::min(a_ < send.size() ? send[a_].off : INT64_MAX, g_ < tp.groups.size() ? tp.groups[g_].off : INT64_MAX);
    i64 ns = 0, nr = 0;
    for (; a_ < send.size() && send[a_].off == s; ++a_) ++ns;
    for (; g_ < tp.groups.size() && tp.groups[g_].off == s; ++g_) nr += tp.groups[g_].g;
    if (ns != nr)
      throw InputError("inconsistent assignment: item 0 has " + std::to_string(ns) + " sender(s) at step " +
                       std::to_string(s) + " but " + std::to_string(nr) + " receiver(s) at step " +
                       std::to_string(s + a.L) + " (blocks or letters do not fit the tree)");
  }
  tp.peer.assign(static_cast<size_t>(P), 0);
  tp.slot_off.assign(static_cast<size_t>(P), 0);
  for (size_t n = 0; n < send.size(); ++n) {
    tp.peer[send[n].slot] = static_cast<std::uint32_t>(n);
    tp.slot_off[send[n].slot] = send[n].off;
  }
  tp.lo = send.front().off, tp.hi = send.back().off;
  tp.receivers = static_cast<i64>(send.size());
  return tp;
}

// Receiver processor ids of every group for reception step tau, in group order; res[rid] =
// tau mod radix[rid].
void fill_receivers(const Template& tp, const std::vector<std::int32_t>& res, std::vector<std::int32_t>& out) {
  std::int32_t* o = out.data();
  for (const Group& gr : tp.groups) {
    const std::int32_t c = res[static_cast<size_t>(gr.rid)];
    const std::int32_t* ph = tp.phases.data() + gr.ph;
    std::uint32_t j0 = 0;
    while (j0 < gr.g && ph[j0] > c) ++j0;
    for (std::uint32_t j = j0; j < gr.g; ++j) *o++ = gr.first + c - ph[j];
    for (std::uint32_t j = 0; j < j0; ++j) *o++ = gr.first + c - ph[j] + gr.r;
  }
}

// Step by step in the final order (send step, sender). Per step O(P) work, so used when the
// offsets span about one period (every assignment the engine produces). After each step
// flush(out) may hand the step's messages on (and clear them); false stops.
template <class Flush>
void write_by_step(const Assignment& a, const Template& tp, i64 k, std::vector<Message>& out, Flush flush) {
  const i64 s_lo = tp.lo, s_hi = tp.hi + k - 1;
  const size_t nr = tp.radix.size();
  std::vector<std::int32_t> res_s(nr), res_r(nr), recv(static_cast<size_t>(tp.receivers));
  for (size_t x = 0; x < nr; ++x) {
    res_s[x] = static_cast<std::int32_t>(floor_mod(s_lo, tp.radix[x]));
    res_r[x] = static_cast<std::int32_t>(floor_mod(s_lo + a.L, tp.radix[x]));
  }
  const std::uint32_t* peer = tp.peer.data();
  for (i64 s = s_lo; s <= s_hi; ++s) {
    fill_receivers(tp, res_r, recv);
    const auto s32 = static_cast<std::int32_t>(s), r32 = static_cast<std::int32_t>(s + a.L);
    if (s >= 0 && s < k) out.push_back({s32, r32, 0, recv[peer[0]], s32});
    for (const Block& b : tp.blocks) {
      const i64 base = s - b.off0;  // slot m sends item base - m
      if (base < 0 || base - (b.r - 1) >= k) continue;
      const std::int32_t sm = res_s[static_cast<size_t>(b.rid)];
      for (std::int32_t q = 0; q < b.r; ++q) {
        std::int32_t m = sm - q;
        if (m < 0) m += b.r;
        const i64 i = base - m;
        if (i >= 0 && i < k)
          out.push_back({s32, r32, b.first + q, recv[peer[b.first + m]], static_cast<std::int32_t>(i)});
      }
    }
    if (!flush(out)) return;
    for (size_t x = 0; x < nr; ++x) {
      if (++res_s[x] == tp.radix[x]) res_s[x] = 0;
      if (++res_r[x] == tp.radix[x]) res_r[x] = 0;
    }
  }
}

// Item by item, then sorted: for templates whose offsets are spread far apart.
void write_by_item(const Assignment& a, const Template& tp, i64 k, std::vector<Message>& out) {
  std::vector<std::int32_t> recv(static_cast<size_t>(tp.receivers));
  for (i64 i = 0; i < k; ++i) {
    // Each group has its own reception step i + off + L.
    std::int32_t* o = recv.data();
    for (const Group& gr : tp.groups) {
      const auto c = static_cast<std::int32_t>(floor_mod(i + gr.off + a.L, gr.r));
      const std::int32_t* ph = tp.phases.data() + gr.ph;
      std::uint32_t j0 = 0;
      while (j0 < gr.g && ph[j0] > c) ++j0;
      for (std::uint32_t j = j0; j < gr.g; ++j) *o++ = gr.first + c - ph[j];
      for (std::uint32_t j = 0; j < j0; ++j) *o++ = gr.first + c - ph[j] + gr.r;
    }
    auto emit = [&](std::uint32_t slot, std::int32_t sender) {
      const i64 s = i + tp.slot_off[slot];
      out.push_back({static_cast<std::int32_t>(s), static_cast<std::int32_t>(s + a.L), sender, recv[tp.peer[slot]],
                     static_cast<std::int32_t>(i)});
    };
    emit(0, 0);
    for (const Block& b : tp.blocks) {
      const auto holder = b.first + static_cast<std::int32_t>(floor_mod(i + b.off0, b.r));
      for (std::int32_t m = 0; m < b.r; ++m) emit(static_cast<std::uint32_t>(b.first + m), holder);
    }
  }
  // One message per (send step, sender): a processor's sending slots are distinct steps.
  std::sort(out.begin(), out.end(), [](const Message& x, const Message& y) {
    return x.send_step != y.send_step ? x.send_step < y.send_step : x.sender < y.sender;
  });
}

}  // namespace

i64 layout_processors(const Assignment& a) {
  i64 n = 2;  // source and receive-only processor
  for (const auto& b : a.blocks) n = checked_add(n, checked_mul(b.r, b.count, "processor count"));
  return n;
}

namespace {

struct Prepared {
  Schedule header;  // no messages yet
  Template tp;
  bool by_step = true;
};

Prepared prepare(const Assignment& a, i64 k, ExpandOrder order) {
  if (k < 1) throw InputError("number of items must be >= 1, got " + std::to_string(k));
  const i64 P = layout_processors(a);
  if (a.P != 0 && a.P != P)
    throw InputError("assignment says P=" + std::to_string(a.P) + " but its blocks use " +
                     std::to_string(P) + " processors (with source and receive-only)");
  const i64 D = static_cast<i64>(a.L) + a.T;
  const i64 events = checked_mul(P, checked_add(k, D), "window size");
  if (events > kMaxScheduleEvents)
    throw InputError("explicit window too large: P*(k+L+T) = " + std::to_string(events) +
                     " exceeds " + std::to_string(kMaxScheduleEvents) + "; use fewer items");
  Prepared p;
  p.tp = make_template(a, P, k);
  p.header.P = P;
  p.header.L = a.L;
  p.header.items = static_cast<std::int32_t>(k);
  p.header.expected_delay = a.delay();
  // The step-by-step pass costs O(P + groups) per step of the window.
  const i64 span = p.tp.hi - p.tp.lo + k;
  p.by_step = order == ExpandOrder::by_step || (order == ExpandOrder::automatic && span <= 4 * (k + D) + 64);
  return p;
}

}  // namespace

Schedule expand_assignment(const Assignment& a, i64 k, ExpandOrder order) {
  Prepared p = prepare(a, k, order);
  auto& out = p.header.messages;
  out.reserve(static_cast<size_t>(p.tp.receivers * k));
  if (p.by_step)
    write_by_step(a, p.tp, k, out, [](const std::vector<Message>&) { return true; });
  else
    write_by_item(a, p.tp, k, out);
  return std::move(p.header);
}

void expand_assignment_batches(const Assignment& a, i64 k, Schedule& header,
                               const std::function<bool(const std::vector<Message>&)>& batch, ExpandOrder order) {
  Prepared p = prepare(a, k, order);
  header = p.header;
  std::vector<Message> out;
  if (!p.by_step) {
    write_by_item(a, p.tp, k, out);
    batch(out);
    return;
  }
  out.reserve(static_cast<size_t>(p.header.P));  // a processor sends at most once per step
  write_by_step(a, p.tp, k, out, [&](std::vector<Message>& v) {
    const bool go = v.empty() || batch(v);
    v.clear();
    return go;
  });
}

}  // namespace blockcast
