// Structural check of a circulant phase table (see circulant_check.hpp).
// Deliberately written from the conditions, not from circulant.cpp: it uses only skip, q, P
// and recv, never base blocks or the window rule that produced recv. Both passes go round
// by round over the processors, so every table is read in sequential runs.
#include "kitem/circulant_check.hpp"

#include <cstdint>
#include <vector>

namespace blockcast {

namespace {

std::string where(i64 r, int j) { return "processor " + std::to_string(r) + ", round " + std::to_string(j); }

}  // namespace

std::optional<std::string> check_circulant_phase(const CirculantPhase& c) {
  const i64 P = c.P;
  const int q = c.q;
  if (P < 2 || q < 1 || q > 31 || (i64{1} << (q - 1)) >= P || (i64{1} << q) < P)
    return "phase: q = " + std::to_string(q) + " is not ceil(log2 P) for P = " + std::to_string(P);
  if (c.skip.size() != static_cast<size_t>(q) + 1 || c.recv.size() != static_cast<size_t>(P * q))
    return std::string("phase: table sizes do not match P and q");
  for (int j = 0; j < q; ++j)
    if (c.skip[static_cast<size_t>(j)] < 1 || c.skip[static_cast<size_t>(j)] > P - 1)
      return "phase: skip[" + std::to_string(j) + "] = " + std::to_string(c.skip[static_cast<size_t>(j)]) +
             " is not in 1..P-1";
  auto value = [&](i64 r, int j) { return static_cast<int>(c.recv[static_cast<size_t>(j * P + r)]); };
  auto residue = [q](int v) { return v < 0 ? v + q : v; };  // v in -q..q-1
  // (a) and (b). seen[r]: residues received so far (bits 0..q-1), bit 31: a value >= 0.
  // lag[u P + s] = j' - recv[s][j'] for the round j' in which s receives residue u: s
  // receives block x (residue u) of phase h in round x + lag (phase-relative numbering).
  constexpr std::uint32_t kLastPhase = std::uint32_t{1} << 31;
  std::vector<std::uint32_t> seen(static_cast<size_t>(P), 0);
  std::vector<std::int8_t> lag(static_cast<size_t>(P * q), 0);
  for (int j = 0; j < q; ++j)
    for (i64 r = 1; r < P; ++r) {
      const int v = value(r, j);
      if (v < -q || v >= q)
        return "range: " + where(r, j) + " receives block " + std::to_string(v) + ", outside -q..q-1";
      const int u = residue(v);
      std::uint32_t& m = seen[static_cast<size_t>(r)];
      if (m >> u & 1) {
        int first = 0;
        while (residue(value(r, first)) != u) ++first;
        return "exactly-once: " + where(r, j) + " receives block " + std::to_string(v) +
               ", the residue it received in round " + std::to_string(first);
      }
      m |= std::uint32_t{1} << u | (v >= 0 ? kLastPhase : 0);
      lag[static_cast<size_t>(u * P + r)] = static_cast<std::int8_t>(j - v);
    }
  for (i64 r = 1; r < P; ++r)
    if (!(seen[static_cast<size_t>(r)] & kLastPhase))
      return "range: processor " + std::to_string(r) + " receives no block >= 0 in a phase";
  // (c): with (b) every row has every residue, so lag is defined for every s >= 1.
  for (int j = 0; j < q; ++j) {
    const i64 skip = c.skip[static_cast<size_t>(j)];
    for (i64 r = 1; r < P; ++r) {
      const int v = value(r, j);
      const i64 s = r >= skip ? r - skip : r - skip + P;
      if (s == 0) {
        if (v > j) return "held: " + where(r, j) + ": the source sends block " + std::to_string(v) + " before it exists";
        continue;
      }
      const int got = v + lag[static_cast<size_t>(residue(v) * P + s)];  // round in which s receives it
      if (got >= j)
        return "held: " + where(r, j) + ": sender " + std::to_string(s) + " receives block " + std::to_string(v) +
               " only in round " + std::to_string(got) + " of this phase's numbering";
    }
  }
  return std::nullopt;
}

}  // namespace blockcast
