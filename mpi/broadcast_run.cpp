// Real broadcast runs and their baselines (see broadcast_run.hpp).
#include "broadcast_run.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <iostream>
#include <thread>

#include "checked.hpp"
#include "payload.hpp"
#include "baseline_program.hpp"

namespace blockcast::mpi {

bool BroadcastRunReport::verified() const {
  return std::all_of(methods.begin(), methods.end(), [](const MethodResult& m) { return m.failures == 0; });
}

namespace {

// The whole message on one rank: item i at [i * bytes, (i + 1) * bytes).
struct ItemBuffer {
  std::int64_t items, bytes;
  std::vector<unsigned char> data;
  unsigned char* item(std::int64_t i) { return data.data() + i * bytes; }
};

// Follow a program: all receives are posted up front (each item has its own slot, so they
// can complete in any order); a send waits only for the receive of the item it forwards.
void run_program(MPI_Comm comm, const api::RankProgram& p, ItemBuffer& m, const std::vector<int>& recv_of_item) {
  std::vector<MPI_Request> recvs(p.recvs.size()), sends(p.sends.size());
  const int count = static_cast<int>(m.bytes);
  for (std::size_t n = 0; n < p.recvs.size(); ++n)
    MPI_Irecv(m.item(p.recvs[n].item), count, MPI_BYTE, static_cast<int>(p.recvs[n].peer),
              static_cast<int>(p.recvs[n].item), comm, &recvs[n]);
  for (std::size_t n = 0; n < p.sends.size(); ++n) {
    const api::Transfer& s = p.sends[n];
    if (const int r = recv_of_item[static_cast<std::size_t>(s.item)]; r >= 0)
      MPI_Wait(&recvs[static_cast<std::size_t>(r)], MPI_STATUS_IGNORE);  // no-op once complete
    MPI_Isend(m.item(s.item), count, MPI_BYTE, static_cast<int>(s.peer), static_cast<int>(s.item), comm, &sends[n]);
  }
  MPI_Waitall(static_cast<int>(recvs.size()), recvs.data(), MPI_STATUSES_IGNORE);
  MPI_Waitall(static_cast<int>(sends.size()), sends.data(), MPI_STATUSES_IGNORE);
}

// item -> index of its receive in the program (-1: not received); InputError-free because
// the schedule passed the simulator, but a second reception is still reported, not assumed.
std::vector<int> receive_index(const api::RankProgram& p, std::int64_t items, int rank, std::int64_t& duplicates) {
  std::vector<int> idx(static_cast<std::size_t>(items), -1);
  for (std::size_t n = 0; n < p.recvs.size(); ++n) {
    int& slot = idx[static_cast<std::size_t>(p.recvs[n].item)];
    if (slot >= 0 || rank == 0) ++duplicates;
    slot = static_cast<int>(n);
  }
  if (rank != 0) duplicates += std::count(idx.begin(), idx.end(), -1);  // missing counts too
  return idx;
}

struct Method {
  std::string name;
  std::function<void(ItemBuffer&)> run;
  std::int64_t local_messages = -1;
  std::int64_t program_errors = 0;  // receptions missing or repeated in this rank's program
};

std::int64_t sum_over_ranks(std::int64_t v) {
  long long in = v, out = 0;
  MPI_Allreduce(&in, &out, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

void wait_for_rank0() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request r;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  if (rank == 0) {
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    return;
  }
  for (int done = 0; MPI_Test(&r, &done, MPI_STATUS_IGNORE), !done;)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
}

BroadcastRunReport run_broadcast(const api::RankProgram& mine, std::int64_t P, std::int64_t items,
                                 const BroadcastRunOptions& opt) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (P != size)
    throw InputError("the schedule has P=" + std::to_string(P) + " processors (source included) but " +
                     std::to_string(size) + " ranks were started: use mpirun -np " + std::to_string(P));
  if (opt.bytes < 1 || opt.reps < 1) throw InputError("--bytes and --reps must be >= 1");
  const std::int64_t total = checked_mul(items, opt.bytes, "message size");
  if (total > kMaxMessageBytes)
    throw InputError("message of " + std::to_string(items) + " items x " + std::to_string(opt.bytes) +
                     " bytes exceeds " + std::to_string(kMaxMessageBytes) + " bytes per rank");
  void* ub = nullptr;
  int has_ub = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &has_ub);
  if (has_ub && items - 1 > *static_cast<int*>(ub))
    throw InputError("items are MPI tags; this MPI allows at most " + std::to_string(*static_cast<int*>(ub) + 1));

  MPI_Comm comm;  // a private communicator: no other traffic can match these tags
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  ItemBuffer msg{items, opt.bytes, std::vector<unsigned char>(static_cast<std::size_t>(total))};

  std::vector<Method> methods;
  auto p2p = [&](const std::string& name, api::RankProgram prog) {
    Method m{name, {}, static_cast<std::int64_t>(prog.sends.size()), 0};
    auto idx = receive_index(prog, items, rank, m.program_errors);
    m.run = [comm, prog = std::move(prog), idx = std::move(idx)](ItemBuffer& x) { run_program(comm, prog, x, idx); };
    methods.push_back(std::move(m));
  };
  p2p("blockcast schedule", mine);
  methods.push_back({"MPI_Bcast whole message", [comm](ItemBuffer& x) {
                       MPI_Bcast(x.data.data(), static_cast<int>(x.data.size()), MPI_BYTE, 0, comm);
                     }});
  methods.push_back({"MPI_Bcast K segments", [comm](ItemBuffer& x) {
                       for (std::int64_t i = 0; i < x.items; ++i)
                         MPI_Bcast(x.item(i), static_cast<int>(x.bytes), MPI_BYTE, 0, comm);
                     }});
  p2p("pipelined binary tree", binary_tree_program(P, items, rank));

  BroadcastRunReport rep{size, items, opt.bytes, opt.reps, {}};
  std::vector<std::vector<double>> times(methods.size());
  std::vector<std::int64_t> failures(methods.size(), 0);
  for (int r = 0; r < opt.reps; ++r)
    for (std::size_t k = 0; k < methods.size(); ++k) {
      if (rank == 0)
        for (std::int64_t i = 0; i < items; ++i) fill_payload(msg.item(i), static_cast<std::size_t>(opt.bytes), i);
      else
        std::fill(msg.data.begin(), msg.data.end(), 0);  // stale data from the last run must not verify
      MPI_Barrier(comm);
      const double t0 = MPI_Wtime();
      methods[k].run(msg);
      double local = MPI_Wtime() - t0, slowest = 0;
      MPI_Reduce(&local, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
      times[k].push_back(slowest);
      std::int64_t bad = 0;
      for (std::int64_t i = 0; i < items; ++i)
        bad += !payload_ok(msg.item(i), static_cast<std::size_t>(opt.bytes), i);
      if (bad)
        std::cerr << "rank " << rank << ": " << methods[k].name << ", repetition " << r + 1 << ": " << bad
                  << " item(s) with a wrong payload\n";
      failures[k] += bad > 0;
    }
  for (std::size_t k = 0; k < methods.size(); ++k) {
    MethodResult m;
    m.name = methods[k].name;
    m.median_seconds = median(times[k]);
    m.min_seconds = *std::min_element(times[k].begin(), times[k].end());
    if (methods[k].local_messages >= 0) m.messages = sum_over_ranks(methods[k].local_messages);
    // A program that misses or repeats a reception fails every repetition on that rank.
    m.failures = sum_over_ranks(failures[k] + (methods[k].program_errors ? opt.reps : 0));
    rep.methods.push_back(m);
  }
  MPI_Comm_free(&comm);
  return rep;
}

}  // namespace blockcast::mpi
