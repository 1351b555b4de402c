// Payload of item i in a real broadcast run: bytes derived from (item, offset)
// by a 64-bit mixer, so that a rank can verify every byte it received without a copy of the
// message and two different items never carry the same bytes by accident.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace blockcast {

inline std::uint64_t payload_word(std::uint64_t item, std::uint64_t word) {
  std::uint64_t z = item * 0x9E3779B97F4A7C15ULL + word + 0x632BE59BD9B4E019ULL;  // splitmix64
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

inline void fill_payload(unsigned char* p, std::size_t bytes, std::uint64_t item) {
  for (std::size_t off = 0, w = 0; off < bytes; off += 8, ++w) {
    const std::uint64_t v = payload_word(item, w);
    std::memcpy(p + off, &v, bytes - off < 8 ? bytes - off : 8);
  }
}

inline bool payload_ok(const unsigned char* p, std::size_t bytes, std::uint64_t item) {
  for (std::size_t off = 0, w = 0; off < bytes; off += 8, ++w) {
    const std::uint64_t v = payload_word(item, w);
    if (std::memcmp(p + off, &v, bytes - off < 8 ? bytes - off : 8) != 0) return false;
  }
  return true;
}

}  // namespace blockcast
