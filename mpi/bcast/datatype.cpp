// Contiguity check and pack/unpack of derived datatypes (datatype.hpp), with the MPI standard's
// datatype introspection (MPI_Type_get_envelope / MPI_Type_get_contents, MPI 3.1 Sec. 4.1.13)
// and PMPI_Pack / PMPI_Unpack (Sec. 4.2). Packing assumes a homogeneous machine, where a packed
// element is its type-signature bytes (the same on every rank): docs/mpi-component.md.
#include "datatype.hpp"

#include <algorithm>
#include <climits>
#include <vector>

namespace blockcast::bcast {

namespace {

// A single element of `type` is its signature bytes in memory order with no gap.
bool dense(MPI_Datatype type) {
  int ints = 0, addresses = 0, types = 0, combiner = 0;
  if (PMPI_Type_get_envelope(type, &ints, &addresses, &types, &combiner) != MPI_SUCCESS) return false;
  int size = 0;
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_size(type, &size);
  PMPI_Type_get_extent(type, &lb, &extent);
  if (lb != 0 || extent != size) return false;
  if (combiner == MPI_COMBINER_NAMED) return true;
  if (combiner != MPI_COMBINER_CONTIGUOUS && combiner != MPI_COMBINER_DUP) return false;
  std::vector<int> int_args(static_cast<std::size_t>(std::max(ints, 1)));
  std::vector<MPI_Aint> address_args(static_cast<std::size_t>(std::max(addresses, 1)));
  std::vector<MPI_Datatype> type_args(static_cast<std::size_t>(std::max(types, 1)));
  if (PMPI_Type_get_contents(type, ints, addresses, types, int_args.data(), address_args.data(), type_args.data()) !=
      MPI_SUCCESS)
    return false;
  const MPI_Datatype inner = type_args[0];
  const bool result = dense(inner);
  // get_contents returns new handles for derived types (MPI 3.1 Sec. 4.1.13): free them.
  int inner_ints = 0, inner_addresses = 0, inner_types = 0, inner_combiner = 0;
  PMPI_Type_get_envelope(inner, &inner_ints, &inner_addresses, &inner_types, &inner_combiner);
  if (inner_combiner != MPI_COMBINER_NAMED) {
    MPI_Datatype t = inner;
    PMPI_Type_free(&t);
  }
  return result;
}

// Elements per PMPI_Pack call, so that one call stays under INT_MAX bytes.
int chunk(int size) { return size <= 0 ? INT_MAX : std::max(1, INT_MAX / size); }

}  // namespace

bool contiguous(MPI_Datatype type) { return dense(type); }  // extent == size: elements abut

namespace {

// Calls run(n, element, offset, room) for each chunk of n elements that MPI's int counts can
// address: element is the byte offset of the chunk in the user's buffer, offset its first
// byte in the packed message, room the bytes left there.
template <class Run>
int for_each_chunk(int count, MPI_Datatype type, std::int64_t bytes, Run run) {
  int size = 0;
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_size(type, &size);
  PMPI_Type_get_extent(type, &lb, &extent);
  const int step = chunk(size);
  for (int first = 0; first < count; first += std::min(step, count - first)) {
    const int n = std::min(step, count - first);
    const std::int64_t offset = static_cast<std::int64_t>(first) * size;
    const int room = static_cast<int>(std::min<std::int64_t>(bytes - offset, INT_MAX));
    if (const int rc = run(n, static_cast<MPI_Aint>(first) * extent, offset, room); rc != MPI_SUCCESS) return rc;
  }
  return MPI_SUCCESS;
}

}  // namespace

int pack(const void* buf, int count, MPI_Datatype type, MPI_Comm comm, unsigned char* out, std::int64_t bytes) {
  return for_each_chunk(count, type, bytes, [&](int n, MPI_Aint element, std::int64_t offset, int room) {
    int position = 0;
    return PMPI_Pack(static_cast<const char*>(buf) + element, n, type, out + offset, room, &position, comm);
  });
}

int unpack(const unsigned char* in, std::int64_t bytes, void* buf, int count, MPI_Datatype type, MPI_Comm comm) {
  return for_each_chunk(count, type, bytes, [&](int n, MPI_Aint element, std::int64_t offset, int room) {
    int position = 0;
    return PMPI_Unpack(in + offset, room, &position, static_cast<char*>(buf) + element, n, type, comm);
  });
}

}  // namespace blockcast::bcast
