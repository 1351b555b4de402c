// The plan protocol on a cache miss (plan_share.hpp). Every decision that changes the
// communication (calibrate or not, plan usable or not, program valid or not) is taken by the
// root and broadcast, or agreed with an all-reduce, so the ranks never disagree about which
// messages follow; a failure anywhere makes every rank use PMPI_Bcast for that message size.
#include "plan_share.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <exception>
#include <vector>

#include "calibrate.hpp"
#include "planner.hpp"

namespace blockcast::bcast {

namespace {

// Sends `text` from the root to every rank: its length, then its bytes in pieces < 2^31.
int share_text(std::string& text, int root, MPI_Comm comm) {
  long long n = static_cast<long long>(text.size());
  if (const int rc = PMPI_Bcast(&n, 1, MPI_LONG_LONG, root, comm); rc != MPI_SUCCESS) return rc;
  text.resize(static_cast<std::size_t>(n));
  for (long long offset = 0; offset < n; offset += INT_MAX) {
    const int piece = static_cast<int>(std::min<long long>(INT_MAX, n - offset));
    if (const int rc = PMPI_Bcast(text.data() + offset, piece, MPI_CHAR, root, comm); rc != MPI_SUCCESS) return rc;
  }
  return MPI_SUCCESS;
}

// The network the root plans with: known after the first plan, else from BLOCKCAST_NETWORK
// (read on the root only) or calibrated now; the root's choice is broadcast so that the
// calibration partner, rank root + 1, knows to take part.
int root_network(CommState& state, int root, int rank, int P, api::Network& network) {
  if (state.network) {
    network = *state.network;
    return MPI_SUCCESS;
  }
  int measure = 0;
  if (rank == root) {
    std::string error;
    const std::optional<api::Network> given = network_from_environment(error);
    if (!error.empty()) std::fprintf(stderr, "blockcast_bcast: %s; calibrating instead\n", error.c_str());
    if (given) network = *given;
    measure = given ? 0 : 1;
  }
  if (const int rc = PMPI_Bcast(&measure, 1, MPI_INT, root, state.comm); rc != MPI_SUCCESS) return rc;
  if (!measure) return MPI_SUCCESS;
  int status = MPI_SUCCESS;
  const api::Network measured = calibrate(state.comm, root, (root + 1) % P, status);
  if (rank == root) network = measured;
  return status;
}

// Every rank: true on every rank when `ok` holds on all of them.
int agree(bool& ok, MPI_Comm comm) {
  int mine = ok ? 1 : 0, all = 0;
  const int rc = PMPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, comm);
  ok = rc == MPI_SUCCESS && all == 1;
  return rc;
}

// A program this executor can follow without deadlock and that delivers every segment:
// segments and peers in range, no message to itself, each segment received exactly once
// (none at the root), lists in step order, and a segment forwarded no earlier than it arrives.
bool valid(const api::RankProgram& p, std::int64_t K, std::int64_t rank, std::int64_t P) {
  std::vector<std::int64_t> arrival(static_cast<std::size_t>(K), -1);
  std::int64_t last = -1;
  for (const api::Transfer& r : p.recvs) {
    if (r.item < 0 || r.item >= K || r.peer < 0 || r.peer >= P || r.peer == rank || r.step < last) return false;
    if (arrival[static_cast<std::size_t>(r.item)] >= 0) return false;
    arrival[static_cast<std::size_t>(r.item)] = last = r.step;
  }
  if (rank != 0 && std::count(arrival.begin(), arrival.end(), -1) != 0) return false;
  if (rank == 0 && !p.recvs.empty()) return false;
  last = -1;
  for (const api::Transfer& s : p.sends) {
    if (s.item < 0 || s.item >= K || s.peer < 0 || s.peer >= P || s.peer == rank || s.step < last) return false;
    if (rank != 0 && arrival[static_cast<std::size_t>(s.item)] > s.step) return false;
    last = s.step;
  }
  return true;
}

// The miss of a message size: the root's plan for exactly `entry.bytes`, shared, read back on
// every rank.
int make_entry(CommState& state, int root, int rank, int P, SizeEntry& entry) {
  api::Network network;
  if (const int rc = root_network(state, root, rank, P, network); rc != MPI_SUCCESS) return rc;
  PlanTexts texts;
  if (rank == root) {
    try {
      const double t0 = PMPI_Wtime();
      texts = root_plan(P, entry.bytes, network, state.plan_time_limit);
      if (state.verbose)
        std::fprintf(stderr, "%s, planned in %.3f s\n", describe(read_plan(texts.plan)).c_str(), PMPI_Wtime() - t0);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "blockcast_bcast: no plan for P=%d bytes=%lld (%s); using PMPI_Bcast\n", P,
                   static_cast<long long>(entry.bytes), e.what());
      texts = {};
    }
  }
  if (const int rc = share_text(texts.plan, root, state.comm); rc != MPI_SUCCESS) return rc;
  if (const int rc = share_text(texts.schedule, root, state.comm); rc != MPI_SUCCESS) return rc;
  bool ok = !texts.plan.empty();
  if (ok) {
    try {
      entry.plan = read_plan(texts.plan);
      entry.schedule = std::move(texts.schedule);
      ok = entry.plan.P == P && entry.plan.segments >= 1;
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (const int rc = agree(ok, state.comm); rc != MPI_SUCCESS) return rc;
  entry.usable = ok;
  if (ok) state.network = entry.plan.network;
  return MPI_SUCCESS;
}

// The entry of exactly `bytes`, moved to the front of the cache, made on a miss; the least
// recently used entry beyond kMaxPlans is dropped. Every rank sees the same calls, so every
// rank's cache holds the same sizes in the same order and all miss together.
int find_entry(CommState& state, int root, int rank, int P, std::int64_t bytes, SizeEntry*& found) {
  auto it = std::find_if(state.plans.begin(), state.plans.end(), [&](const SizeEntry& e) { return e.bytes == bytes; });
  if (it != state.plans.end()) {
    state.plans.splice(state.plans.begin(), state.plans, it);
  } else {
    SizeEntry entry;
    entry.bytes = bytes;
    if (const int rc = make_entry(state, root, rank, P, entry); rc != MPI_SUCCESS) return rc;
    state.plans.push_front(std::move(entry));
    if (state.plans.size() > kMaxPlans) state.plans.pop_back();
  }
  found = &state.plans.front();
  return MPI_SUCCESS;
}

}  // namespace

int lookup(CommState& state, int root, std::int64_t bytes, const SizeEntry*& found, const api::RankProgram*& program) {
  int rank = 0, P = 1;
  PMPI_Comm_rank(state.comm, &rank);
  PMPI_Comm_size(state.comm, &P);
  SizeEntry* cached = nullptr;
  if (const int rc = find_entry(state, root, rank, P, bytes, cached); rc != MPI_SUCCESS) return rc;
  SizeEntry& entry = *cached;
  found = &entry, program = nullptr;
  if (!entry.usable) return MPI_SUCCESS;
  const std::int64_t relative = (rank - root + P) % P;
  auto p = entry.programs.find(relative);
  if (p == entry.programs.end()) {  // a root not seen at this size: every rank misses now
    api::RankProgram mine;
    bool ok = true;
    try {
      mine = rank_program(entry.plan, entry.schedule, relative);
      ok = valid(mine, entry.plan.segments, relative, P);
    } catch (const std::exception&) {
      ok = false;
    }
    if (const int rc = agree(ok, state.comm); rc != MPI_SUCCESS) return rc;
    if (!ok) {
      entry.usable = false;
      return MPI_SUCCESS;
    }
    p = entry.programs.emplace(relative, std::move(mine)).first;
  }
  program = &p->second;
  return MPI_SUCCESS;
}

}  // namespace blockcast::bcast
