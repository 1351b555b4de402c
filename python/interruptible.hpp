// Long calls from Python: Ctrl-C and progress (docs/python.md). The run goes to a worker
// thread with the GIL released; the calling thread wakes every 50 ms, takes the GIL, checks for
// a signal (PyErr_CheckSignals, which runs Python's SIGINT handler) and passes the run's last
// progress report to the caller's callback. A KeyboardInterrupt (or an exception from the
// callback) sets the run's cancel flag (RunControl, include/blockcast/control.hpp): the run
// stops as at a deadline, the worker is joined, and the exception propagates. Other Python
// threads keep running meanwhile. Why a worker thread: Python runs signal handlers only in the
// main thread between bytecodes, never while a C++ call holds it.
#pragma once
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include <blockcast/control.hpp>

namespace blockcast::python {

namespace py = pybind11;

// Runs `run(control)` as described above; `progress` is None or a callable taking a
// blockcast.Progress. Returns what `run` returns; rethrows what it throws.
template <class Run>
auto interruptible(Run run, const py::object& progress) {
  using Result = decltype(run(std::declval<const RunControl&>()));
  std::atomic<bool> cancel{false};
  std::mutex mutex;
  std::optional<Progress> latest;  // reported by the run, not yet passed on
  RunControl control;
  control.cancel = &cancel;
  if (!progress.is_none())
    control.progress = [&](const Progress& p) {
      const std::lock_guard<std::mutex> lock(mutex);
      latest = p;
    };
  std::packaged_task<Result()> task([&] { return run(control); });
  std::future<Result> done = task.get_future();
  std::thread worker;
  auto join = [&] {
    py::gil_scoped_release nogil;
    if (worker.joinable()) worker.join();
  };
  auto pass_on = [&] {  // with the GIL
    std::optional<Progress> p;
    {
      const std::lock_guard<std::mutex> lock(mutex);
      p.swap(latest);
    }
    if (p) progress(*p);
  };
  {
    py::gil_scoped_release nogil;
    worker = std::thread(std::move(task));
  }
  try {
    for (;;) {
      bool ready = false;
      {
        py::gil_scoped_release nogil;
        ready = done.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready;
      }
      if (!progress.is_none()) pass_on();
      if (ready) break;
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
  } catch (...) {
    cancel.store(true);
    join();
    throw;
  }
  join();
  return done.get();
}

}  // namespace blockcast::python
