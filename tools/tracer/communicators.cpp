#include "communicators.hpp"

#include <cstdio>

namespace tracer {

std::vector<int> world_ranks(MPI_Group group)
{
  int size = 0;
  PMPI_Group_size(group, &size);
  MPI_Group world;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  std::vector<int> local(static_cast<size_t>(size)), global(static_cast<size_t>(size));
  for (int i = 0; i < size; i++)
    local[static_cast<size_t>(i)] = i;
  PMPI_Group_translate_ranks(group, size, local.data(), world, global.data());
  PMPI_Group_free(&world);
  return global;
}

OTF2_CommRef Communicators::ref(MPI_Comm comm) const
{
  if (comm == MPI_COMM_WORLD)
    return kWorldRef;
  if (comm == MPI_COMM_SELF)
    return kSelfRef;
  auto it = refs_.find(comm);
  return it == refs_.end() ? OTF2_UNDEFINED_COMM : it->second;
}

void Communicators::created(MPI_Comm comm, MPI_Comm over)
{
  if (comm == MPI_COMM_NULL)
    return;
  MPI_Comm members = over == MPI_COMM_NULL ? comm : over;
  int rank = 0, inter = 0;
  PMPI_Comm_test_inter(members, &inter);
  if (inter)
    return;  // intercommunicators: not traced (their events are left out)
  PMPI_Comm_rank(members, &rank);
  MPI_Group group;
  PMPI_Comm_group(members, &group);
  std::vector<int> global = world_ranks(group);
  PMPI_Group_free(&group);

  unsigned led = static_cast<unsigned>(led_.size());
  PMPI_Bcast(&led, 1, MPI_UNSIGNED, 0, members);
  if (led >= 4096 || global[0] >= (1 << 19)) {
    std::fprintf(stderr, "tireplay tracer: more than 4096 communicators led by world rank %d: not supported\n",
                 global[0]);
    PMPI_Abort(MPI_COMM_WORLD, 2);
  }
  OTF2_CommRef ref = (static_cast<OTF2_CommRef>(global[0]) + 1) * 4096 + led;
  refs_[comm]      = ref;
  if (rank == 0)
    led_[ref] = std::vector<uint64_t>(global.begin(), global.end());
}

std::map<OTF2_CommRef, std::vector<uint64_t>> Communicators::gather_on_root() const
{
  return gather_lists_on_root(led_);
}

std::map<uint32_t, std::vector<uint64_t>> gather_lists_on_root(const std::map<uint32_t, std::vector<uint64_t>>& lists)
{
  std::vector<uint64_t> mine;  // ref, size, values... for each list of this rank
  for (const auto& [ref, values] : lists) {
    mine.push_back(ref);
    mine.push_back(values.size());
    mine.insert(mine.end(), values.begin(), values.end());
  }
  int rank = 0, size = 0, count = static_cast<int>(mine.size());
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  std::vector<int> counts(static_cast<size_t>(size)), offsets(static_cast<size_t>(size));
  PMPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  int total = 0;
  for (int i = 0; i < size; i++) {
    offsets[static_cast<size_t>(i)] = total;
    total += counts[static_cast<size_t>(i)];
  }
  std::vector<uint64_t> all(static_cast<size_t>(rank == 0 ? total : 0));
  PMPI_Gatherv(mine.data(), count, MPI_UINT64_T, all.data(), counts.data(), offsets.data(), MPI_UINT64_T, 0,
               MPI_COMM_WORLD);
  std::map<uint32_t, std::vector<uint64_t>> out;
  for (size_t i = 0; i + 1 < all.size();) {
    size_t n = all[i + 1];
    out[static_cast<uint32_t>(all[i])] = std::vector<uint64_t>(all.begin() + i + 2, all.begin() + i + 2 + n);
    i += 2 + n;
  }
  return out;
}

} // namespace tracer
