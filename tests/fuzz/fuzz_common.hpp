// Shared by the libFuzzer harnesses (docs/fuzzing.md). A harness feeds one input to a reader
// the way the CLI does; InputError and OverflowError are the readers' documented answers to
// bad input (exit code 2), so they are expected outcomes. Any other exception escapes to
// libFuzzer and is reported as a crash, like sanitizer reports, timeouts and memory blow-ups.
#pragma once
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "checked.hpp"

namespace blockcast::fuzz {

template <class F>
void expect_input_errors(F&& f) {
  try {
    f();
  } catch (const InputError&) {
  } catch (const OverflowError&) {
  }
}

// The input as a file, read back by the reader's own file entry point (size cap, NUL bytes,
// JSON syntax errors are its job). One file per process, rewritten for every input.
inline std::string as_file(const std::uint8_t* data, std::size_t size, const char* suffix) {
  static const std::string path = "/tmp/blockcast-fuzz-" + std::to_string(::getpid()) + suffix;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) __builtin_trap();
  if (size) std::fwrite(data, 1, size, f);
  std::fclose(f);
  return path;
}

}  // namespace blockcast::fuzz
