// A scratch file for a DRAT proof that is checked and then thrown away (so that
// a killed run leaves nothing behind). The file is created and unlinked at once; only the
// open descriptor keeps it, so the kernel frees it when the process ends however it ends
// (a proof of `prove --L 14 --t 28` passed 1 GB, and SIGTERM used to leave it in /tmp).
// The solver and the checkers reach it through /proc/self/fd/N. Where /proc is missing the
// file keeps its name and is removed by the destructor, as before.
#pragma once
#include <string>

namespace blockcast::sat {

class TempProof {
 public:
  explicit TempProof(const std::string& prefix);  // e.g. "blockcast-prove"; InputError if none can be made
  ~TempProof();
  TempProof(const TempProof&) = delete;
  TempProof& operator=(const TempProof&) = delete;

  const std::string& path() const { return path_; }  // open it as any file, for writing or reading

 private:
  int fd_ = -1;
  std::string named_;  // the name to remove at the end when it could not be unlinked early
  std::string path_;
};

}  // namespace blockcast::sat
