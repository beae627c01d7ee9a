#include "format/datatypes.hpp"

#include <array>

namespace tireplay {
namespace {
// Index = id. Order and types from SimGrid 3.32 src/smpi/mpi/smpi_datatype.cpp (CREATE_MPI_DATATYPE);
// sizes are sizeof() of the C type behind each one. UB (55) and LB (56) have size 0.
constexpr std::array<int, 60> kSizes{
    8,  4,  1,  2,  8,  4,  1,  8,  1,  1,   // double int char short long float byte long-long schar uchar
    2,  4,  8,  8,  16, 4,  1,  1,  2,  4,   // ushort unsigned ulong ull long-double wchar bool int8 int16 int32
    8,  1,  2,  4,  8,  8,  16, 32, 8,  8,   // int64 uint8 uint16 uint32 uint64 c-complex(f,d,ld) aint offset
    8,  16, 16, 8,  8,  8,  16, 16, 4,  4,   // float_int long_int double_int short_int 2int 2float 2double 2long real real4
    8,  16, 8,  16, 16, 4,  2,  4,  8,  16,  // real8 real16 complex8 complex16 complex32 integer1,2,4,8,16
    32, 1,  8,  16, 32, 0,  0,  1,  8,  8};  // long_double_int cxx-bool cxx-complex(f,d,ld) ub lb packed ptr count
} // namespace

int datatype_size(int id)
{
  if (id == -1)
    return 0;  // MPI_DATATYPE_NULL: SMPI's tracer writes it for arguments a rank ignores (gather's recvtype)
  if (id < 0 || id >= static_cast<int>(kSizes.size()))
    return -1;
  return kSizes[id];
}

int max_datatype_id()
{
  return static_cast<int>(kSizes.size()) - 1;
}

} // namespace tireplay
