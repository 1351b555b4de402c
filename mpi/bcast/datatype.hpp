// The caller's buffer as the bytes the schedule moves (docs/mpi-component.md, "Datatypes"):
// a buffer whose datatype lays its elements out as one gap-free run, in signature order, is
// sent in place; any other (vector, struct with holes, resized, ...) is packed by the root
// into a scratch buffer with PMPI_Pack and unpacked by every other rank with PMPI_Unpack.
#pragma once
#include <mpi.h>

#include <cstdint>

namespace blockcast::bcast {

// True when any number of elements of `type` at buf are the type-signature bytes in memory
// order with no gap. Decided from the type's construction (predefined, or contiguous/dup of
// such a type, with lower bound 0 and extent == size), so reordered or holey layouts that
// happen to span exactly `size` bytes are packed rather than sent raw.
bool contiguous(MPI_Datatype type);

// Packs `count` elements at `buf` into `out` (`bytes` = count * type size) in pieces of
// fewer than 2^31 bytes, PMPI_Pack's limit. Returns an MPI error code.
int pack(const void* buf, int count, MPI_Datatype type, MPI_Comm comm, unsigned char* out, std::int64_t bytes);

// The inverse of pack.
int unpack(const unsigned char* in, std::int64_t bytes, void* buf, int count, MPI_Datatype type, MPI_Comm comm);

}  // namespace blockcast::bcast
