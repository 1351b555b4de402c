// Scratch proof files that vanish with the process (temp_proof.hpp).
#include "temp_proof.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <vector>

#include "checked.hpp"

namespace blockcast::sat {

TempProof::TempProof(const std::string& prefix) {
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  std::string name = ((ec ? std::filesystem::path("/tmp") : dir) / (prefix + "-XXXXXX.drat")).string();
  std::vector<char> tmpl(name.begin(), name.end());
  tmpl.push_back('\0');
  fd_ = ::mkstemps(tmpl.data(), 5);  // 5 = strlen(".drat")
  if (fd_ < 0) throw InputError("cannot create a temporary proof file in " + dir.string());
  name = tmpl.data();
  const std::string via_proc = "/proc/self/fd/" + std::to_string(fd_);
  if (::access(via_proc.c_str(), W_OK) == 0 && ::unlink(name.c_str()) == 0) {
    path_ = via_proc;
  } else {
    path_ = named_ = name;
  }
}

TempProof::~TempProof() {
  if (!named_.empty()) std::remove(named_.c_str());
  ::close(fd_);
}

}  // namespace blockcast::sat
