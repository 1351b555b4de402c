/* An unmodified MPI program for the PMPI test of libblockcast_pmpi (tests/mpi/pmpi.sh,
   docs/mpi-component.md): it only calls MPI_Bcast, from every root, with MPI_INT and a
   strided vector, and checks every element; run with LD_PRELOAD=libblockcast_pmpi.so its
   broadcasts go through blockcast_bcast (pmpi.sh sees the component's verbose lines).
   Exit 1 on a wrong element. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int value(int root, int call, int i) { return root * 1000003 + call * 7919 + i * 31; }

/* MPI_Bcast of `count` ints from `root`, every element compared; returns the wrong ones. */
static long check(int count, int root, int call, int rank) {
  int* buf = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  for (int i = 0; i < count; ++i) buf[i] = rank == root ? value(root, call, i) : -1;
  long wrong = MPI_Bcast(buf, count, MPI_INT, root, MPI_COMM_WORLD) != MPI_SUCCESS;
  for (int i = 0; i < count; ++i) wrong += buf[i] != value(root, call, i);
  free(buf);
  return wrong;
}

/* A vector of 1000 elements (every other int): receivers' holes must keep -2. */
static long check_vector(int root, int rank) {
  enum { n = 1000 };
  static int buf[2 * n];
  MPI_Datatype every_other;
  MPI_Type_vector(n, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  for (int i = 0; i < 2 * n; ++i) buf[i] = rank == root ? value(root, 7, i) : -2;
  long wrong = MPI_Bcast(buf, 1, every_other, root, MPI_COMM_WORLD) != MPI_SUCCESS;
  for (int i = 0; i < 2 * n; ++i) wrong += buf[i] != (i % 2 == 0 || rank == root ? value(root, 7, i) : -2);
  MPI_Type_free(&every_other);
  return wrong;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, P;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  const int counts[] = {0, 1, 1000, 300000};
  long wrong = 0;
  for (int root = 0; root < P; ++root) {
    for (int c = 0; c < 4; ++c)
      for (int call = 0; call < 2; ++call) wrong += check(counts[c], root, call, rank);
    wrong += check_vector(root, rank);
  }
  long total = 0;
  MPI_Allreduce(&wrong, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    if (total) printf("FAILED: %ld wrong elements\n", total);
    else printf("verified: P=%d, every root, every element\n", P);
  }
  MPI_Finalize();
  return total ? 1 : 0;
}
