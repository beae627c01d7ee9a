// MPI datatype ids as SimGrid's time-independent traces write them (simgrid::smpi::Datatype::encode),
// and their sizes in bytes on x86_64.
#pragma once

namespace tireplay {

constexpr int kDatatypeByte   = 1;  // MPI_BYTE: the default until `init` has an argument
constexpr int kDatatypeDouble = 8;  // MPI_DOUBLE: the default after `init <anything>` (MPE traces)

/// Size in bytes of the datatype with this id, or -1 when the id is unknown.
int datatype_size(int id);

/// Largest datatype id known.
int max_datatype_id();

} // namespace tireplay
