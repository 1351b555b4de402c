// Structural check of a circulant phase table (see circulant_check.hpp; issue 23).
// Deliberately written from the conditions, not from circulant.cpp: it uses only skip, q, P
// and recv, never base blocks or the window rule that produced recv.
#include "kitem/circulant_check.hpp"

#include <cstdint>
#include <vector>

namespace blockcast {

namespace {

std::string where(i64 r, int j) { return "processor " + std::to_string(r) + ", round " + std::to_string(j); }

// Residue of v in 0..q-1 (v may be negative).
int residue(int v, int q) { return ((v % q) + q) % q; }

}  // namespace

std::optional<std::string> check_circulant_phase(const CirculantPhase& c) {
  const i64 P = c.P;
  const int q = c.q;
  if (P < 2 || q < 1 || (i64{1} << (q - 1)) >= P || (i64{1} << q) < P)
    return "phase: q = " + std::to_string(q) + " is not ceil(log2 P) for P = " + std::to_string(P);
  if (c.skip.size() != static_cast<size_t>(q) + 1 || c.recv.size() != static_cast<size_t>(P * q))
    return std::string("phase: table sizes do not match P and q");
  for (int j = 0; j < q; ++j)
    if (c.skip[static_cast<size_t>(j)] < 1 || c.skip[static_cast<size_t>(j)] > P - 1)
      return "phase: skip[" + std::to_string(j) + "] = " + std::to_string(c.skip[static_cast<size_t>(j)]) +
             " is not in 1..P-1";
  // (a) and (b); round_of[s q + u] = the round in which s receives residue u.
  std::vector<std::int8_t> round_of(static_cast<size_t>(P * q), -1);
  for (i64 r = 1; r < P; ++r) {
    bool last_phase_block = false;
    for (int j = 0; j < q; ++j) {
      const int v = c.recv[static_cast<size_t>(r * q + j)];
      if (v < -q || v >= q)
        return "range: " + where(r, j) + " receives block " + std::to_string(v) + ", outside -q..q-1";
      last_phase_block = last_phase_block || v >= 0;
      std::int8_t& seen = round_of[static_cast<size_t>(r * q + residue(v, q))];
      if (seen >= 0)
        return "exactly-once: " + where(r, j) + " receives block " + std::to_string(v) + ", the residue it received in round " +
               std::to_string(seen);
      seen = static_cast<std::int8_t>(j);
    }
    if (!last_phase_block) return "range: processor " + std::to_string(r) + " receives no block >= 0 in a phase";
  }
  // (c): with (b) every row has every residue, so round_of is defined for every s >= 1.
  for (int j = 0; j < q; ++j) {
    const i64 skip = c.skip[static_cast<size_t>(j)];
    for (i64 r = 1; r < P; ++r) {
      const int v = c.recv[static_cast<size_t>(r * q + j)];
      const i64 s = r >= skip ? r - skip : r - skip + P;
      if (s == 0) {
        if (v > j) return "held: " + where(r, j) + ": the source sends block " + std::to_string(v) + " before it exists";
        continue;
      }
      const int jj = round_of[static_cast<size_t>(s * q + residue(v, q))];
      const int u = c.recv[static_cast<size_t>(s * q + jj)];
      if (jj + v - u >= j)
        return "held: " + where(r, j) + ": sender " + std::to_string(s) + " receives block " + std::to_string(v) +
               " only in round " + std::to_string(jj + v - u) + " of this phase's numbering";
    }
  }
  return std::nullopt;
}

}  // namespace blockcast
