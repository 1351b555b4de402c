// Crash-safe output files: temporary, fsync, rename, fsync the directory (atomic_file.hpp).
#include "atomic_file.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "checked.hpp"

namespace blockcast {

namespace fs = std::filesystem;

namespace {

// fsync of a directory: makes a rename inside it durable. Some file systems refuse it
// (EINVAL); the rename has happened all the same, so that is not an error.
void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

AtomicFile::AtomicFile(std::string path, Durability durability) : path_(std::move(path)), durability_(durability) {
  const fs::path p(path_);
  if (p.filename().empty()) throw InputError("cannot write '" + path_ + "': not a file name");
  std::error_code ec;
  if (p.has_parent_path() && (fs::create_directories(p.parent_path(), ec), ec))
    throw InputError("cannot create directory '" + p.parent_path().string() + "': " + ec.message());
  std::string name = (p.parent_path() / ("." + p.filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> buf(name.begin(), name.end());
  buf.push_back('\0');
  fd_ = ::mkostemp(buf.data(), O_CLOEXEC);
  if (fd_ < 0) throw InputError("cannot write '" + path_ + "': " + std::strerror(errno));
  temp_.assign(buf.data());
  ::fchmod(fd_, 0644);  // as an ordinary file (mkstemp makes it 0600)
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::fail(const std::string& what, int err) {
  throw InputError("cannot write '" + path_ + "': " + what + (err ? std::string(": ") + std::strerror(err) : ""));
}

void AtomicFile::write(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("write failed", errno);
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

void AtomicFile::commit() {
  if (committed_) return;
  if (durability_ == Durability::now && ::fsync(fd_) != 0) fail("fsync failed", errno);
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) fail("close failed", errno);
  if (::rename(temp_.c_str(), path_.c_str()) != 0) fail("rename failed", errno);
  committed_ = true;
  if (durability_ == Durability::now) sync_directory(fs::path(path_).parent_path());
}

void write_file_atomic(const std::string& path, std::string_view text, Durability durability) {
  AtomicFile f(path, durability);
  f.write(text);
  f.commit();
}

void sync_file_system(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  const int r = ::syncfs(fd);
  const int err = errno;
  ::close(fd);
  if (r != 0) throw InputError("cannot write '" + path + "': syncfs failed: " + std::strerror(err));
}

bool is_atomic_temp_name(const std::string& filename) {
  // ".<name>.tmp-" and mkstemp's six characters.
  const std::size_t n = filename.size(), tag = n >= 11 ? n - 11 : 0;
  if (n < 13 || filename[0] != '.' || filename.compare(tag, 5, ".tmp-") != 0) return false;
  for (std::size_t i = n - 6; i < n; ++i)
    if (!std::isalnum(static_cast<unsigned char>(filename[i]))) return false;
  return true;
}

}  // namespace blockcast
