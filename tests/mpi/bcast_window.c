/* The measurement behind BLOCKCAST_BCAST_WINDOW's default (docs/mpi-component.md, "Window"):
   one duplicate of MPI_COMM_WORLD per window W (the component reads the variable when a
   communicator is first used), the same plan on each (give BLOCKCAST_NETWORK, or each
   duplicate calibrates its own), and the repetitions interleaved across the windows so that
   a changing machine load affects them alike. Prints per message size and W the median of the
   slowest rank's time and its ratio to MPI_Bcast's median, measured interleaved too. Every
   byte is verified (exit 1 on a mismatch).
     mpirun -np P bcast_window [REPS] [BYTES...]      (windows 1..64 and 0 = no limit) */
#include <blockcast/mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kWindows = 8, kMaxReps = 101 };
static const int kWindowList[kWindows] = {1, 2, 4, 8, 16, 32, 64, 0};

static int by_value(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

/* One timed broadcast from root 0 (the slowest rank's time); counts wrong bytes in *bad. */
static double one(unsigned char* buf, int n, MPI_Comm comm, int use_mpi, long* bad) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  for (int i = 0; i < n; ++i) buf[i] = rank == 0 ? (unsigned char)(i * 131 + 7) : 0;
  MPI_Barrier(comm);
  double t0 = MPI_Wtime();
  int rc = use_mpi ? MPI_Bcast(buf, n, MPI_BYTE, 0, comm) : blockcast_bcast(buf, n, MPI_BYTE, 0, comm);
  double mine = MPI_Wtime() - t0, slowest;
  MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, comm);
  *bad += rc != MPI_SUCCESS;
  for (int i = 0; i < n; ++i) *bad += buf[i] != (unsigned char)(i * 131 + 7);
  return slowest;
}

static double median(double* t, int n) {
  qsort(t, (size_t)n, sizeof(double), by_value);
  return t[n / 2];
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, P;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  int reps = argc > 1 ? atoi(argv[1]) : 9;
  if (reps < 1 || reps > kMaxReps) reps = 9;
  MPI_Comm comms[kWindows];
  for (int w = 0; w < kWindows; ++w) MPI_Comm_dup(MPI_COMM_WORLD, &comms[w]);
  long bad = 0;
  if (rank == 0) printf("P=%d, %d interleaved repetitions, root 0\n%10s %6s %12s %8s\n", P, reps, "bytes", "W", "median [s]", "/Bcast");
  for (int a = 2; a < argc || a == 2; ++a) {
    int n = argc > 2 ? atoi(argv[a]) : 1 << 20;
    unsigned char* buf = malloc((size_t)n + 1);
    double t[kWindows + 1][kMaxReps];
    for (int w = 0; w < kWindows; ++w) { /* the plan (and, first, the window): not timed */
      char text[16];
      snprintf(text, sizeof text, "%d", kWindowList[w]);
      setenv("BLOCKCAST_BCAST_WINDOW", text, 1);
      one(buf, n, comms[w], 0, &bad);
    }
    for (int r = 0; r < reps; ++r) {
      for (int w = 0; w < kWindows; ++w) t[w][r] = one(buf, n, comms[w], 0, &bad);
      t[kWindows][r] = one(buf, n, MPI_COMM_WORLD, 1, &bad);
    }
    double bcast = median(t[kWindows], reps);
    for (int w = 0; w < kWindows && rank == 0; ++w) {
      double m = median(t[w], reps);
      printf("%10d %6d %12.6f %8.2f\n", n, kWindowList[w], m, m / bcast);
    }
    if (rank == 0) printf("%10d %6s %12.6f %8.2f\n", n, "Bcast", bcast, 1.0);
    free(buf);
  }
  long total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf(total ? "FAILED: wrong bytes\n" : "verified: every byte\n");
  for (int w = 0; w < kWindows; ++w) MPI_Comm_free(&comms[w]);
  MPI_Finalize();
  return total ? 1 : 0;
}
