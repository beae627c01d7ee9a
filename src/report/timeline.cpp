#include "src/report/timeline.hpp"

namespace tireplay {

std::string_view state_name(ActionKind kind)
{
  switch (kind) {
    case ActionKind::Compute:
    case ActionKind::Sleep:
      return "compute";
    case ActionKind::Send:
    case ActionKind::Isend:
    case ActionKind::Ssend:
    case ActionKind::Issend:
      return "send";
    case ActionKind::Recv:
    case ActionKind::Irecv:
      return "receive";
    case ActionKind::Wait:
    case ActionKind::Test:
    case ActionKind::WaitAll:
    case ActionKind::WaitAny:
      return "wait";
    default:
      return action_name(kind);
  }
}

Bucket bucket_of(ActionKind kind)
{
  std::string_view state = state_name(kind);
  if (state == "compute")
    return Bucket::Compute;
  return state == "wait" ? Bucket::Wait : Bucket::Comm;
}

} // namespace tireplay
