// One run per output folder: DIR/.blockcast.lock held with flock(2) (output_lock.hpp).
#include "output_lock.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.hpp"
#include "checked.hpp"
#include "unit_runner.hpp"

namespace blockcast::cli {

namespace fs = std::filesystem;

namespace {

std::string read_pid(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string s(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// The temporaries of AtomicFile under `dir`: left by a run that was killed while writing.
int remove_temporaries(const fs::path& dir) {
  int n = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file(ec) && is_atomic_temp_name(it->path().filename().string()) && fs::remove(it->path(), ec)) ++n;
  return n;
}

}  // namespace

OutputLock::OutputLock(const std::string& dir) {
  std::error_code ec;
  if (fs::create_directories(dir, ec), ec) throw InputError("cannot create directory '" + dir + "': " + ec.message());
  path_ = (fs::path(dir) / ".blockcast.lock").string();
  // A run that ends unlinks its lock file while holding it; one that opened the old file
  // just before holds a lock on an unlinked file, so it checks that it locked the file
  // that is still there, and tries again if not.
  for (int attempt = 0; attempt < 100; ++attempt) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw InputError("cannot create the lock '" + path_ + "': " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const std::string pid = read_pid(fd_);
      ::close(fd_);
      fd_ = -1;
      throw InputError("output folder '" + dir + "' is in use by another blockcast run (pid " +
                       (pid.empty() ? std::string("unknown") : pid) + ", lock " + path_ + ")");
    }
    struct stat held {}, now {};
    if (::fstat(fd_, &held) == 0 && ::stat(path_.c_str(), &now) == 0 && held.st_ino == now.st_ino &&
        held.st_dev == now.st_dev)
      break;
    ::close(fd_);
    fd_ = -1;
  }
  if (fd_ < 0) throw InputError("cannot take the lock '" + path_ + "': it keeps changing");
  // A pid in a file nobody holds: that run ended without releasing it (SIGKILL, out of memory).
  if (const std::string old = read_pid(fd_); !old.empty()) {
    const int removed = remove_temporaries(dir);
    std::cerr << "blockcast: taking over the stale lock " << path_ << " of pid " << old << " (no longer running)";
    if (removed > 0) std::cerr << "; removed " << removed << " unfinished temporary file" << (removed == 1 ? "" : "s");
    std::cerr << "\n";
  }
  const std::string mine = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, mine.data(), mine.size(), 0) != static_cast<ssize_t>(mine.size()))
    throw InputError("cannot write the lock '" + path_ + "': " + std::strerror(errno));
}

OutputLock::~OutputLock() { release(); }

void OutputLock::release() {
  const int fd = fd_;
  if (fd < 0) return;
  fd_ = -1;
  ::unlink(path_.c_str());  // while still held: nobody can take the file being removed
  ::close(fd);
}

OutputLocks::OutputLocks(const std::vector<std::string>& dirs) {
  if (!writes_results()) return;
  std::vector<fs::path> taken;
  for (const auto& d : dirs) {
    if (d.empty() || d == "-") continue;
    const fs::path p = fs::absolute(d).lexically_normal();
    if (std::find(taken.begin(), taken.end(), p) != taken.end()) continue;
    taken.push_back(p);
    locks_.push_back(std::make_unique<OutputLock>(d));
  }
}

void OutputLocks::release() {
  for (auto& l : locks_) l->release();
}

}  // namespace blockcast::cli
