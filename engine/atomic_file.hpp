// Crash-safe output files: every file blockcast writes (base cases,
// certificates, unit records, tables, reports, k-item schedules, plots, DIMACS, kept DRAT
// proofs) goes through AtomicFile. The content goes to a temporary file in the target's
// directory (same file system, so the rename is atomic), is flushed to disk (fsync), and is
// renamed over the target; the directory is then fsynced so that the rename itself is on
// disk. A reader, or a run killed at any moment, sees the old file, no file, or the whole
// new file, never a half-written one. A kill can leave the temporary `.<name>.tmp-XXXXXX`
// behind: it is never a result, and the next run that takes the output folder's lock
// (cli/output_lock.hpp) removes it.
#pragma once
#include <string>
#include <string_view>

namespace blockcast {

// When the content reaches the disk. `now`: commit() fsyncs the file and its folder (about
// 10 ms per file on the development machine's ext4). `deferred`: commit() only renames (a
// killed process still leaves the whole file or none: the kernel keeps what was written);
// the caller calls sync_file_system() once for a batch of files before it writes the file
// that says they are done (the unit runner: a unit's files, then its record).
enum class Durability { now, deferred };

class AtomicFile {
 public:
  // Creates the temporary next to `path` (and missing parent directories). InputError with
  // one line naming the path if it cannot.
  explicit AtomicFile(std::string path, Durability durability = Durability::now);
  ~AtomicFile();  // removes the temporary unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& path() const { return path_; }
  // The temporary's name, for writers that open a file by name themselves (the SAT
  // solver's proof trace, a std::ofstream); they must have closed it before commit().
  const std::string& temp_path() const { return temp_; }
  void write(std::string_view text);  // appends to the temporary
  // fsync the temporary, rename it over path(), fsync the directory. InputError on failure
  // (the target is then unchanged).
  void commit();

 private:
  [[noreturn]] void fail(const std::string& what, int err);
  std::string path_, temp_;
  Durability durability_;
  int fd_ = -1;
  bool committed_ = false;
};

// `text` written to `path` through an AtomicFile.
void write_file_atomic(const std::string& path, std::string_view text, Durability durability = Durability::now);

// Everything written so far on the file system that holds `path` is on disk (syncfs(2):
// one journal commit for a batch of deferred files instead of one per file).
void sync_file_system(const std::string& path);

// True for the names AtomicFile gives its temporaries (".<name>.tmp-XXXXXX").
bool is_atomic_temp_name(const std::string& filename);

}  // namespace blockcast
