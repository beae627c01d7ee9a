// Paje trace format: https://paje.sourceforge.net/download/publication/lang-paje.pdf. Events must come in time
// order; each rank's states are pushed and popped, so a zero-length event is a push and a pop at the same date.
#include "src/report/timed_outputs.hpp"
#include "format/output_file.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace tireplay {
namespace {

constexpr const char* kHeader = R"(%EventDef PajeDefineContainerType 0
%  Alias string
%  Type string
%  Name string
%EndEventDef
%EventDef PajeDefineStateType 1
%  Alias string
%  Type string
%  Name string
%EndEventDef
%EventDef PajeDefineEntityValue 2
%  Alias string
%  Type string
%  Name string
%  Color color
%EndEventDef
%EventDef PajeCreateContainer 3
%  Time date
%  Alias string
%  Type string
%  Container string
%  Name string
%EndEventDef
%EventDef PajeDestroyContainer 4
%  Time date
%  Type string
%  Name string
%EndEventDef
%EventDef PajePushState 5
%  Time date
%  Type string
%  Container string
%  Value string
%EndEventDef
%EventDef PajePopState 6
%  Time date
%  Type string
%  Container string
%EndEventDef
0 HOST 0 "Host"
0 RANK HOST "Rank"
1 STATE RANK "MPI state"
)";

struct Mark {
  double time;
  uint32_t rank;
  uint32_t index;  // 2 * event + (0 push, 1 pop): a rank's marks in order
  bool operator<(const Mark& o) const
  {
    return time != o.time ? time < o.time : rank != o.rank ? rank < o.rank : index < o.index;
  }
};

} // namespace

void write_paje(const std::string& path, const ReplayResult& result)
{
  OutputFile file(path, "the Paje trace");
  FILE* out = file.get();
  std::fputs(kHeader, out);
  for (auto state : all_states()) {
    uint32_t c = state_color(state);
    std::fprintf(out, "2 %.*s STATE \"%.*s\" \"%g %g %g\"\n", static_cast<int>(state.size()), state.data(),
                 static_cast<int>(state.size()), state.data(), (c >> 16) / 255.0, ((c >> 8) & 0xff) / 255.0,
                 (c & 0xff) / 255.0);
  }
  std::map<std::string, int> host_ids;  // containers in the order of the ranks' hosts
  for (size_t r = 0; r < result.hosts.size(); r++) {
    auto [it, added] = host_ids.emplace(result.hosts[r], static_cast<int>(host_ids.size()));
    if (added)
      std::fprintf(out, "3 0.000000000 h%d HOST 0 \"%s\"\n", it->second, it->first.c_str());
    std::fprintf(out, "3 0.000000000 r%zu RANK h%d \"%s\"\n", r, it->second, result.rank_name(r).c_str());
  }
  std::vector<Mark> marks;
  for (size_t r = 0; r < result.timeline.ranks.size(); r++) {
    const auto& events = result.timeline.ranks[r];
    for (size_t i = 0; i < events.size(); i++) {
      marks.push_back({events[i].start, static_cast<uint32_t>(r), static_cast<uint32_t>(2 * i)});
      marks.push_back({events[i].end, static_cast<uint32_t>(r), static_cast<uint32_t>(2 * i + 1)});
    }
  }
  std::sort(marks.begin(), marks.end());
  for (const Mark& m : marks) {
    if (m.index % 2 == 0) {
      std::string_view state = state_name(result.timeline.ranks[m.rank][m.index / 2].kind);
      std::fprintf(out, "5 %.9f STATE r%u %.*s\n", m.time, m.rank, static_cast<int>(state.size()), state.data());
    } else {
      std::fprintf(out, "6 %.9f STATE r%u\n", m.time, m.rank);
    }
  }
  for (size_t r = 0; r < result.hosts.size(); r++)
    std::fprintf(out, "4 %.9f RANK r%zu\n", result.simulated_time, r);
  for (const auto& [host, id] : host_ids)
    std::fprintf(out, "4 %.9f HOST h%d\n", result.simulated_time, id);
  file.commit();
}

} // namespace tireplay
