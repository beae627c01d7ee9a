#include "windows.hpp"

#include "communicators.hpp"

#include <cstdio>

namespace tracer {

OTF2_RmaWinRef Windows::ref(MPI_Win win) const
{
  auto it = refs_.find(win);
  return it == refs_.end() ? OTF2_UNDEFINED_RMA_WIN : it->second;
}

void Windows::created(MPI_Win win, MPI_Comm comm, OTF2_CommRef comm_ref)
{
  if (win == MPI_WIN_NULL || comm_ref == OTF2_UNDEFINED_COMM)
    return;
  int rank = 0, leader = 0;
  PMPI_Comm_rank(comm, &rank);
  PMPI_Comm_rank(MPI_COMM_WORLD, &leader);
  unsigned led[2] = {static_cast<unsigned>(led_.size()), static_cast<unsigned>(leader)};
  PMPI_Bcast(led, 2, MPI_UNSIGNED, 0, comm);
  if (led[0] >= 4096 || led[1] >= (1u << 19)) {  // every member sees it: none gives the window a reference
    static bool said = false;
    if (!said && rank == 0)
      std::fprintf(stderr, "tireplay tracer: more than 4096 windows led by world rank %u: the next ones are not "
                           "traced (their calls are regions without events, which otf2ti reports)\n", led[1]);
    said = true;
    return;
  }
  OTF2_RmaWinRef ref = (static_cast<OTF2_RmaWinRef>(led[1]) + 1) * 4096 + led[0];
  refs_[win]         = ref;
  if (rank == 0)
    led_[ref] = {comm_ref};
}

OTF2_GroupRef Windows::group(MPI_Group group)
{
  std::vector<int> global = world_ranks(group);
  std::vector<uint64_t> members(global.begin(), global.end());
  auto it = group_refs_.find(members);
  if (it != group_refs_.end())
    return it->second;
  int me = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (group_refs_.size() >= 4096 || me >= (1 << 19)) {
    static bool said = false;
    if (!said)
      std::fprintf(stderr, "tireplay tracer: more than 4096 groups of one-sided synchronisation on world rank %d: the "
                           "next ones are not traced\n", me);
    said = true;
    return OTF2_UNDEFINED_GROUP;
  }
  OTF2_GroupRef ref   = (1u << 31) + (static_cast<uint32_t>(me) << 12) + static_cast<uint32_t>(group_refs_.size());
  group_refs_[members] = ref;
  groups_[ref]         = members;
  return ref;
}

void Windows::gather_on_root(std::map<uint32_t, std::vector<uint64_t>>& windows,
                             std::map<uint32_t, std::vector<uint64_t>>& groups) const
{
  windows = gather_lists_on_root(led_);
  groups  = gather_lists_on_root(groups_);
}

} // namespace tracer
