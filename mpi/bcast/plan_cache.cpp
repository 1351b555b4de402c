// The per-communicator cache as an MPI attribute (plan_cache.hpp; MPI 3.1 Sec. 6.7: keyvals,
// copy and delete callbacks).
#include "plan_cache.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "executor.hpp"

namespace blockcast::bcast {

namespace {

// The attribute's value: the state of each rank that uses this communicator object (one under
// Open MPI; every rank under SMPI, whose ranks share MPI_COMM_WORLD's object).
struct RankStates {
  std::mutex mutex;
  std::map<int, std::unique_ptr<CommState>> by_rank;
};

void free_state(CommState& state) {
  if (state.comm != MPI_COMM_NULL) PMPI_Comm_free(&state.comm);
}

// A duplicate of the caller's communicator starts without state: its own private duplicate
// can only be made collectively, on its first broadcast, not inside MPI_Comm_dup's callback.
int copy_state(MPI_Comm, int, void*, void*, void*, int* flag) {
  *flag = 0;
  return MPI_SUCCESS;
}

// Freeing the caller's communicator (or MPI_Finalize freeing the predefined ones) frees the
// private duplicate and the cached plans.
int delete_state(MPI_Comm, int, void* value, void*) {
  auto* states = static_cast<RankStates*>(value);
  for (auto& [rank, state] : states->by_rank) free_state(*state);
  delete states;
  return MPI_SUCCESS;
}

// The process's keyval, created on first use (std::call_once: ranks that are threads of one
// process, as in SMPI, share it safely).
int keyval() {
  static std::once_flag once;
  static int key = MPI_KEYVAL_INVALID;
  std::call_once(once, [] { PMPI_Comm_create_keyval(copy_state, delete_state, &key, nullptr); });
  return key;
}

// BLOCKCAST_BCAST_PLAN_TIME_LIMIT: seconds > 0 for one plan; else 0 (the plan's default),
// with `error` set when the variable is set but malformed.
double plan_time_limit_from_environment(std::string& error) {
  const char* text = std::getenv("BLOCKCAST_BCAST_PLAN_TIME_LIMIT");
  if (text == nullptr || *text == '\0') return 0;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (*end == '\0' && seconds > 0 && seconds < 1e6) return seconds;
  error =
      std::string("BLOCKCAST_BCAST_PLAN_TIME_LIMIT: '") + text + "' is not a number of seconds > 0; using the default";
  return 0;
}

bool verbose_from_environment() {
  const char* text = std::getenv("BLOCKCAST_BCAST_VERBOSE");
  return text != nullptr && std::strcmp(text, "1") == 0;
}

// The rank's entry of the attribute on `comm`, or null.
CommState* find_state(MPI_Comm comm, int key, int rank) {
  void* value = nullptr;
  int found = 0;
  if (PMPI_Comm_get_attr(comm, key, &value, &found) != MPI_SUCCESS || !found) return nullptr;
  auto* states = static_cast<RankStates*>(value);
  const std::lock_guard<std::mutex> lock(states->mutex);
  const auto it = states->by_rank.find(rank);
  return it == states->by_rank.end() ? nullptr : it->second.get();
}

// Adds `fresh` as the rank's entry, creating the attribute if no rank did yet (looked up again
// after the collective PMPI_Comm_dup, during which SMPI may have run the other ranks).
int add_state(MPI_Comm comm, int key, int rank, std::unique_ptr<CommState>& fresh) {
  void* value = nullptr;
  int found = 0;
  if (const int rc = PMPI_Comm_get_attr(comm, key, &value, &found); rc != MPI_SUCCESS) return rc;
  if (!found) {
    auto states = std::make_unique<RankStates>();
    if (const int rc = PMPI_Comm_set_attr(comm, key, states.get()); rc != MPI_SUCCESS) return rc;
    value = states.release();
  }
  auto* states = static_cast<RankStates*>(value);
  const std::lock_guard<std::mutex> lock(states->mutex);
  states->by_rank[rank] = std::move(fresh);
  return MPI_SUCCESS;
}

}  // namespace

int comm_state(MPI_Comm comm, CommState*& state) {
  const int key = keyval();
  if (key == MPI_KEYVAL_INVALID) return MPI_ERR_KEYVAL;
  int rank = 0;
  if (const int rc = PMPI_Comm_rank(comm, &rank); rc != MPI_SUCCESS) return rc;
  if ((state = find_state(comm, key, rank)) != nullptr) return MPI_SUCCESS;
  auto fresh = std::make_unique<CommState>();
  if (const int rc = PMPI_Comm_dup(comm, &fresh->comm); rc != MPI_SUCCESS) return rc;
  // The component reports failures by its return value, as MPI_Bcast under MPI_ERRORS_RETURN.
  PMPI_Comm_set_errhandler(fresh->comm, MPI_ERRORS_RETURN);
  std::string window_error, limit_error;
  fresh->window = window_from_environment(window_error);
  fresh->verbose = verbose_from_environment();
  fresh->plan_time_limit = plan_time_limit_from_environment(limit_error);
  for (const std::string& error : {window_error, limit_error})  // one line, from one rank
    if (!error.empty() && rank == 0) std::fprintf(stderr, "blockcast_bcast: %s\n", error.c_str());
  CommState* const mine = fresh.get();
  if (const int rc = add_state(comm, key, rank, fresh); rc != MPI_SUCCESS) {
    free_state(*mine);  // not added: still owned by `fresh`
    return rc;
  }
  state = mine;
  return MPI_SUCCESS;
}

}  // namespace blockcast::bcast
