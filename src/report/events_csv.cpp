#include "src/report/timed_outputs.hpp"
#include "format/output_file.hpp"

#include <cinttypes>
#include <cstdio>

namespace tireplay {

void write_events_csv(const std::string& path, const ReplayResult& result)
{
  OutputFile file(path, "the event log");
  FILE* out = file.get();
  bool jobs = !result.jobs.empty();  // then two more columns: the job and the rank in it
  std::fprintf(out, "rank,action,state,start,end,bytes,flops,line%s\n", jobs ? ",job,job_rank" : "");
  for (size_t r = 0; r < result.timeline.ranks.size(); r++) {
    std::string job;
    if (jobs) {
      const JobResult& j = result.jobs[static_cast<size_t>(result.rank_jobs[r])];
      job = "," + j.id + "," + std::to_string(static_cast<int>(r) - j.first_rank);
    }
    for (const TimedEvent& e : result.timeline.ranks[r]) {
      std::string_view action = action_name(e.kind), state = state_name(e.kind);
      std::fprintf(out, "%zu,%.*s,%.*s,%.9f,%.9f,%" PRIu64 ",%.17g,%" PRIu64 "%s\n", r,
                   static_cast<int>(action.size()), action.data(), static_cast<int>(state.size()), state.data(),
                   e.start, e.end, e.bytes, e.flops, e.line, job.c_str());
    }
  }
  file.commit();
}

} // namespace tireplay
