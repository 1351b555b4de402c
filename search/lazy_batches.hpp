// Parallel driver shared by the searches: the first slot's choices are the tasks, listed
// lazily and run in growing batches on a oneTBB arena, so that a solution found early
// ends the search without listing every first choice (block_search, trim_search).
#pragma once
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "limits.hpp"

namespace blockcast {

// list(emit) calls emit(choice) for every first choice in search order; run(range of
// choices) searches them on one worker. Both must poll `stop`.
template <class Choice, class List, class Run>
void run_lazy_batches(int threads, const Stop& stop, List&& list, Run&& run) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  tbb::task_arena arena(threads);
  std::vector<Choice> batch;
  auto flush = [&] {
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, batch.size(), 1),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          run(batch.begin() + range.begin(), batch.begin() + range.end());
                        });
    });
    batch.clear();
  };
  std::size_t batch_size = 1;  // grows: the first choices usually succeed at once
  list([&](const Choice& c) {
    if (stop.stopped()) return;
    batch.push_back(c);
    if (batch.size() >= batch_size) {
      flush();
      batch_size = std::min<std::size_t>(batch_size * 2, 256);
    }
  });
  if (!stop.stopped() && !batch.empty()) flush();
}

}  // namespace blockcast
