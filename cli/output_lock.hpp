// One run per output folder. A command that writes into a folder
// (conjecture --out/--resume, table --out/--resume, kbroadcast --out, fattree table --out)
// holds DIR/.blockcast.lock for the whole run: the file holds the pid, and flock(2) on it is
// the lock itself, so the kernel drops it when the process dies, however it dies. A second
// run into the folder gets one line naming the pid that holds it (exit 2, bad input:
// docs/exit-codes.md). A lock file whose process is gone (killed, out of memory) is stale:
// the next run says so, takes it over and removes the temporaries AtomicFile left behind
// (engine/atomic_file.hpp), which are never results.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace blockcast::cli {

class OutputLock {
 public:
  explicit OutputLock(const std::string& dir);  // creates dir; InputError if it is in use
  ~OutputLock();                                // release()
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  // Removes the lock file and unlocks; safe to call twice (the memory watcher calls it
  // before it ends the process, cli/memory_watch.hpp).
  void release();

 private:
  std::string path_;
  int fd_ = -1;
};

// The locks of the distinct folders in `dirs` ("" entries skipped), taken in order; none on
// the MPI ranks that do not write (the rank that writes takes them).
class OutputLocks {
 public:
  explicit OutputLocks(const std::vector<std::string>& dirs);
  void release();

 private:
  std::vector<std::unique_ptr<OutputLock>> locks_;
};

}  // namespace blockcast::cli
