#include "src/report/timeline.hpp"

#include <iterator>

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
    case ActionKind::Bsend:
    case ActionKind::Ibsend:
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
      return is_rma(kind) ? "one-sided" : action_name(kind);
  }
}

Bucket bucket_of(ActionKind kind)
{
  std::string_view state = state_name(kind);
  if (state == "compute")
    return Bucket::Compute;
  return state == "wait" ? Bucket::Wait : Bucket::Comm;
}

const std::vector<std::string_view>& all_states()
{
  static const std::vector<std::string_view> states = [] {
    // Every state_name() of an action that is an event (the Paje trace declares these, the pictures' legends
    // name them): poll is MPI's own CPU time, one-sided every one-sided action (docs/trace-format.md section 12).
    std::vector<std::string_view> out{"compute", "send", "receive", "wait", "sendrecv", "poll", "one-sided"};
    for (int k = 0; k < static_cast<int>(ActionKind::Count_); k++)
      if (is_collective(static_cast<ActionKind>(k)))
        out.push_back(action_name(static_cast<ActionKind>(k)));
    return out;
  }();
  return states;
}

uint32_t state_color(std::string_view state)
{
  // Compute green, point-to-point blues, wait red, poll dark grey, one-sided cyan (unlike any other, green being
  // compute's); collectives from a qualitative palette (ColorBrewer Set3/Paired).
  static const uint32_t kFixed[] = {0x4daf4a, 0x377eb8, 0x80b1d3, 0xe41a1c, 0x984ea3, 0x525252, 0x17becf};
  static const uint32_t kCollective[] = {0xff7f00, 0xffd92f, 0xa65628, 0xf781bf, 0x8dd3c7, 0xbebada, 0xfb8072, 0xfdb462,
                                         0xb3de69, 0xfccde5, 0xbc80bd, 0xccebc5, 0x1b9e77, 0xd95f02, 0x7570b3};
  constexpr size_t kNamed = std::size(kFixed);
  const auto& states      = all_states();
  for (size_t i = 0; i < states.size(); i++)
    if (states[i] == state)
      return i < kNamed ? kFixed[i] : kCollective[(i - kNamed) % std::size(kCollective)];
  return 0x999999;
}

} // namespace tireplay
