// Freeing what a long search built after its deadline, off the command's critical path.
// Not from SPEC: an engineering rule for the hard deadlines of docs/exit-codes.md.
//
// Freeing a large structure object by object (a search memo of 10^5 strings: 0.14 s in
// kbroadcast-baselines --time-limit 1) takes a good part of the time spent building it. When
// the command's deadline has passed, that time would overrun it: the owner is handed to a
// detached thread instead, so that the command prints what it has and exits on time. Process
// exit ends the thread; a library caller gets the memory back a moment later. Anything that
// is not late is freed where it stands, as usual. (SAT solvers are freed on their own worker
// thread instead: search/sat/solver.cpp.)
#pragma once
#include <system_error>
#include <thread>
#include <utility>

namespace blockcast {

// Owner: a movable owning handle (std::unique_ptr, std::shared_ptr). Its object must not
// refer to anything that dies with the caller in its destructor.
template <class Owner>
void free_later(Owner& owner, bool late) {
  if (!late || !owner) return;
  try {
    std::thread([o = std::move(owner)]() mutable { o.reset(); }).detach();
  } catch (const std::system_error&) {
    owner.reset();  // no thread to spare: freed here
  }
}

// Calls free_later on scope exit, after every local declared later has gone.
template <class Owner, class Late>
class FreeLaterGuard {
 public:
  FreeLaterGuard(Owner& owner, Late late) : owner_(owner), late_(std::move(late)) {}
  FreeLaterGuard(const FreeLaterGuard&) = delete;
  FreeLaterGuard& operator=(const FreeLaterGuard&) = delete;
  ~FreeLaterGuard() { free_later(owner_, late_()); }

 private:
  Owner& owner_;
  Late late_;
};

}  // namespace blockcast
