// Seeds of the seeded random tests (tests/README.md "Random tests"): every such test takes its
// seed from here, so that a failure seen once can be replayed. BLOCKCAST_TEST_SEED=N (a
// decimal number) makes every random test use seed N; BLOCKCAST_TEST_SEED=random draws a fresh
// seed (std::random_device) for each test; unset, each test uses its own fixed default, so
// that CI runs the same cases on every machine. The seed used is printed on stdout, and the
// tests also CAPTURE/INFO it into failure reports.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

namespace blockcast::testing {

// The seed a random test named `what` uses: BLOCKCAST_TEST_SEED when set (a number, or
// "random" for a fresh draw), else default_seed. Prints "<what> seed N" and where N came from. A malformed value throws (the
// test then fails naming the variable) rather than silently running another seed.
inline std::uint64_t test_seed(std::string_view what, std::uint64_t default_seed) {
  const char* env = std::getenv("BLOCKCAST_TEST_SEED");
  if (env == nullptr || *env == '\0') {
    std::cout << what << " seed " << default_seed << " (default; replay with BLOCKCAST_TEST_SEED="
              << default_seed << ")\n";
    return default_seed;
  }
  const std::string text(env);
  if (text == "random") {
    const std::uint64_t seed = (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
    std::cout << what << " seed " << seed << " (random; replay with BLOCKCAST_TEST_SEED=" << seed << ")\n";
    return seed;
  }
  const auto malformed = [&] {
    return std::invalid_argument("BLOCKCAST_TEST_SEED='" + text + "' is neither \"random\" nor a decimal number below 2^64");
  };
  if (text.find_first_not_of("0123456789") != std::string::npos) throw malformed();
  std::uint64_t seed = 0;
  try {
    seed = std::stoull(text);
  } catch (const std::out_of_range&) {
    throw malformed();
  }
  std::cout << what << " seed " << seed << " (from BLOCKCAST_TEST_SEED)\n";
  return seed;
}

}  // namespace blockcast::testing
