// Master/worker distribution (see distribute.hpp). Messages: a worker sends
// [unit (int64, -1 = first request)][ok flag (1 byte)][result or error text] with tag
// kResult; rank 0 answers with the next unit (int64, -1 = stop) with tag kAssign. Rank 0
// polls with MPI_Iprobe and sleeps between polls, so an idle coordinator does not take a
// core from the workers on an oversubscribed machine.
#include "distribute.hpp"

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>

#include "checked.hpp"

namespace blockcast::mpi {

namespace {

constexpr int kResult = 1, kAssign = 2;

std::string encode(std::int64_t unit, bool ok, const std::string& body) {
  std::string m(9 + body.size(), '\0');
  std::memcpy(m.data(), &unit, 8);
  m[8] = ok ? 1 : 0;
  std::memcpy(m.data() + 9, body.data(), body.size());
  return m;
}

void worker(const std::function<std::string(std::size_t)>& compute) {
  std::string msg = encode(-1, true, "");
  for (;;) {
    MPI_Send(msg.data(), static_cast<int>(msg.size()), MPI_BYTE, 0, kResult, MPI_COMM_WORLD);
    std::int64_t unit = -1;
    MPI_Recv(&unit, 1, MPI_INT64_T, 0, kAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (unit < 0) return;
    try {
      msg = encode(unit, true, compute(static_cast<std::size_t>(unit)));
    } catch (const std::exception& e) {
      msg = encode(unit, false, e.what());
    }
  }
}

}  // namespace

void distribute_units(const std::vector<std::size_t>& todo, const std::function<std::string(std::size_t)>& compute,
                      const std::function<void(std::size_t, const std::string&)>& done) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size == 1) {
    for (std::size_t u : todo) done(u, compute(u));
    return;
  }
  if (rank != 0) return worker(compute);
  std::size_t next = 0;
  int active = size - 1;
  std::string error;
  while (active > 0) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, kResult, MPI_COMM_WORLD, &flag, &st);
    if (!flag) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    int bytes = 0;
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    std::string msg(static_cast<std::size_t>(bytes), '\0');
    MPI_Recv(msg.data(), bytes, MPI_BYTE, st.MPI_SOURCE, kResult, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::int64_t unit = -1;
    std::memcpy(&unit, msg.data(), 8);
    if (unit >= 0) {
      if (msg[8]) {
        if (error.empty()) try {
            done(static_cast<std::size_t>(unit), msg.substr(9));
          } catch (const std::exception& e) {
            error = e.what();
          }
      } else if (error.empty()) {
        error = msg.substr(9);
      }
    }
    std::int64_t assign = -1;
    if (error.empty() && next < todo.size()) assign = static_cast<std::int64_t>(todo[next++]);
    MPI_Send(&assign, 1, MPI_INT64_T, st.MPI_SOURCE, kAssign, MPI_COMM_WORLD);
    if (assign < 0) --active;
  }
  if (!error.empty()) throw InputError(error);
}

}  // namespace blockcast::mpi
