/* Every-byte check of blockcast_bcast (include/blockcast/mpi.h, docs/mpi-component.md), a C
   program so that it also proves the header is C: for every root, the counts 0, 1, 7, 1000,
   65537 and 1 << 20 (the largest with byte, int and double elements), five datatypes (MPI_BYTE,
   MPI_INT, MPI_DOUBLE, a strided vector, a struct with holes resized to its C size), on
   MPI_COMM_WORLD, a split communicator of odd size (ranks in reverse order) and a duplicate;
   messages over 64 KiB from three roots, over 4 MiB on MPI_COMM_WORLD only; repeated calls
   (cache hits). Every byte of every receive buffer is compared with the root's pattern, and
   every byte outside the datatype's map must keep the receiver's own sentinel. Also: error
   codes for bad arguments and no interference with the caller's point-to-point messages.
   Prints "plans expected: N", the number of cache misses (one plan per communicator and message
   size in bytes), for tests/mpi/bcast.sh to compare with BLOCKCAST_BCAST_VERBOSE's lines. Exit 1 on
   any mismatch.
     mpirun -np P bcast_check */
#include <blockcast/mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kTypes = 5, kCounts = 6 };
static const int kCountList[kCounts] = {0, 1, 7, 1000, 65537, 1 << 20};

struct holey { char c; double d; int i; }; /* padding after c and after i */

struct type_case {
  const char* name;
  MPI_Datatype type;
  MPI_Aint extent;
  int max_count; /* the largest count tried (memory and time on a 2-core machine) */
};

/* The five datatypes. The vector: 2 blocks of 3 ints, stride 5 ints (a hole of 2 ints). */
static void make_types(struct type_case* t) {
  MPI_Datatype vector, fields[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT}, raw;
  int lengths[3] = {1, 1, 1};
  MPI_Aint displacements[3] = {offsetof(struct holey, c), offsetof(struct holey, d), offsetof(struct holey, i)};
  MPI_Type_vector(2, 3, 5, MPI_INT, &vector);
  MPI_Type_commit(&vector);
  MPI_Type_create_struct(3, lengths, displacements, fields, &raw);
  MPI_Datatype holey;
  MPI_Type_create_resized(raw, 0, sizeof(struct holey), &holey);
  MPI_Type_free(&raw);
  MPI_Type_commit(&holey);
  t[0] = (struct type_case){"MPI_BYTE", MPI_BYTE, 1, 1 << 20};
  t[1] = (struct type_case){"MPI_INT", MPI_INT, sizeof(int), 1 << 20};
  t[2] = (struct type_case){"MPI_DOUBLE", MPI_DOUBLE, sizeof(double), 1 << 20};
  t[3] = (struct type_case){"vector", vector, 8 * sizeof(int), 65537};
  t[4] = (struct type_case){"struct", holey, sizeof(struct holey), 65537};
}

/* Is byte `offset` of the buffer part of the datatype's map (written by a broadcast)? */
static int covered(int type, size_t offset) {
  if (type < 3) return 1;
  if (type == 3) {
    size_t in = (offset % (8 * sizeof(int))) / sizeof(int);
    return in < 3 || in >= 5;
  }
  size_t in = offset % sizeof(struct holey);
  return in == offsetof(struct holey, c) || (in >= offsetof(struct holey, d) && in < offsetof(struct holey, d) + sizeof(double)) ||
         (in >= offsetof(struct holey, i) && in < offsetof(struct holey, i) + sizeof(int));
}

static unsigned char pattern(uint32_t seed, size_t offset) {
  uint32_t x = seed * 2654435761u ^ (uint32_t)offset * 40503u;
  return (unsigned char)(x ^ (x >> 13) ^ (offset >> 8));
}
static unsigned char sentinel(int rank, size_t offset) { return (unsigned char)(0xA5 ^ rank ^ (offset * 7)); }

/* One broadcast checked on every byte; returns the number of wrong bytes on this rank. */
static long check_one(MPI_Comm comm, const struct type_case* t, int type, int count, int root, uint32_t seed,
                      unsigned char* buf) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  size_t n = (size_t)count * (size_t)t->extent;
  for (size_t i = 0; i < n; ++i) buf[i] = rank == root ? pattern(seed, i) : sentinel(rank, i);
  int rc = blockcast_bcast(buf, count, t->type, root, comm);
  if (rc != MPI_SUCCESS) return 1;
  long wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    unsigned char want = rank == root || covered(type, i) ? pattern(seed, i) : sentinel(rank, i);
    if (buf[i] != want) ++wrong;
  }
  return wrong;
}

/* The calls of one case (0: skipped). Messages up to 64 KiB: every root, twice (the second
   call a cache hit); larger ones (the segmentation, not the root mapping, is what they test):
   the roots 0, P/2 and P-1 once, over 4 MiB only on MPI_COMM_WORLD (time on 2 cores). */
static int calls(long long bytes, int root, int P, int world) {
  if (bytes <= 65536) return 2;
  if (bytes > (4 << 20) && !world) return 0;
  return root == 0 || root == P / 2 || root == P - 1;
}

/* Every root, count and datatype on `comm`; prints the first failing case. */
static long check_comm(MPI_Comm comm, const char* name, struct type_case* types, unsigned char* buf) {
  int P, rank;
  MPI_Comm_size(comm, &P);
  MPI_Comm_rank(comm, &rank);
  long bad = 0;
  for (int root = 0; root < P; ++root)
    for (int ty = 0; ty < kTypes; ++ty)
      for (int c = 0; c < kCounts; ++c) {
        int count = kCountList[c], size;
        if (count > types[ty].max_count) continue;
        MPI_Type_size(types[ty].type, &size);
        int n = calls((long long)count * size, root, P, comm == MPI_COMM_WORLD);
        for (int rep = 0; rep < n; ++rep) {
          uint32_t seed = (uint32_t)(root * 1000003 + ty * 7919 + c * 131 + rep);
          long wrong = check_one(comm, &types[ty], ty, count, root, seed, buf);
          if (wrong && !bad)
            fprintf(stderr, "bcast_check: %s P=%d rank %d root %d %s count %d call %d: %ld wrong bytes\n", name, P,
                    rank, root, types[ty].name, count, rep + 1, wrong);
          bad += wrong;
        }
      }
  return bad;
}

/* The message sizes used on a communicator of P ranks: one plan each (none when P = 1); fewer
   than the component's 64 cached plans, so none is evicted and planned again. */
static int plans_of(int P, struct type_case* types, int world) {
  long long used[kTypes * kCounts];
  int plans = 0;
  if (P < 2) return 0;
  for (int ty = 0; ty < kTypes; ++ty)
    for (int c = 0; c < kCounts; ++c) {
      int size, seen = 0;
      MPI_Type_size(types[ty].type, &size);
      long long bytes = (long long)kCountList[c] * size;
      if (kCountList[c] > types[ty].max_count || bytes == 0 || calls(bytes, P - 1, P, world) == 0) continue;
      for (int i = 0; i < plans; ++i) seen |= used[i] == bytes;
      if (!seen) used[plans++] = bytes;
    }
  return plans;
}

/* Bad arguments give MPI_Bcast's error codes and no communication. */
static long check_errors(void) {
  int x = 0, P;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  long bad = 0;
  bad += blockcast_bcast(&x, -1, MPI_INT, 0, MPI_COMM_WORLD) != MPI_ERR_COUNT;
  bad += blockcast_bcast(&x, 1, MPI_INT, P, MPI_COMM_WORLD) != MPI_ERR_ROOT;
  bad += blockcast_bcast(&x, 1, MPI_INT, -1, MPI_COMM_WORLD) != MPI_ERR_ROOT;
  bad += blockcast_bcast(&x, 1, MPI_INT, 0, MPI_COMM_NULL) != MPI_ERR_COMM;
  bad += blockcast_bcast(&x, 1, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD) != MPI_ERR_TYPE;
  if (bad) fprintf(stderr, "bcast_check: %ld bad-argument calls returned the wrong code\n", bad);
  return bad;
}

/* A caller's message pending on the same communicator and tag 0 across a broadcast. */
static long check_isolation(unsigned char* buf) {
  int rank, P, mine = 12345, got = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  if (P < 2) return 0;
  MPI_Request request = MPI_REQUEST_NULL;
  if (rank == 0) MPI_Isend(&mine, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request);
  if (rank == 1) MPI_Irecv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);
  struct type_case byte = {"MPI_BYTE", MPI_BYTE, 1, 1 << 20};
  long bad = check_one(MPI_COMM_WORLD, &byte, 0, 1000, 0, 99, buf);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  if (rank == 1 && got != mine) ++bad;
  if (bad) fprintf(stderr, "bcast_check: the caller's tag-0 message was disturbed on rank %d\n", rank);
  return bad;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, P;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  struct type_case types[kTypes];
  make_types(types);
  unsigned char* buf = malloc((size_t)(1 << 20) * sizeof(double) + 64);
  int odd = P % 2 ? P : P - 1; /* ranks 0..odd-1: an odd-sized split, in reverse order */
  MPI_Comm split, dup;
  MPI_Comm_split(MPI_COMM_WORLD, rank < odd, P - rank, &split);
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  int split_size;
  MPI_Comm_size(split, &split_size);
  long bad = check_errors() + check_isolation(buf);
  bad += check_comm(MPI_COMM_WORLD, "world", types, buf);
  bad += check_comm(split, "split", types, buf);
  bad += check_comm(dup, "dup", types, buf);
  int split_leader = 0, plans = 0, my_plans;
  MPI_Comm_rank(split, &split_leader);
  my_plans = (rank == 0 ? plans_of(P, types, 1) + plans_of(P, types, 0) : 0) +
             (split_leader == 0 ? plans_of(split_size, types, 0) : 0);
  MPI_Reduce(&my_plans, &plans, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  long total = 0;
  MPI_Allreduce(&bad, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("plans expected: %d\n", plans);
    if (total) printf("FAILED: %ld wrong bytes or codes\n", total);
    else printf("verified: P=%d, every root, count, datatype and byte\n", P);
  }
  MPI_Comm_free(&split);
  MPI_Comm_free(&dup);
  MPI_Type_free(&types[3].type);
  MPI_Type_free(&types[4].type);
  free(buf);
  MPI_Finalize();
  return total ? 1 : 0;
}
