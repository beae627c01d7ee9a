// Several applications in one simulation, as SimGrid's replay_multiple runs them (jobs that share a network):
// a jobs file, one job per line, `id trace np start_delay_flops [hostfile]` (docs/trace-format.md, Jobs).
#pragma once

#include <string>
#include <vector>

namespace tireplay {

struct Job {
  std::string id;
  std::string trace;             // as resolved: relative to the working directory, else to the jobs file
  int np                   = 0;  // 0: as many ranks as the trace has (a single --trace)
  double start_delay_flops = 0;  // executed on each rank's host before its first action, as SimGrid's replay does
  std::string hostfile;          // the job's own hosts; empty: the next slots of --hostfile's round-robin
  std::string where;             // FILE:LINE of its line, for messages
};

/// Reads a jobs file. Throws InputError naming the file, line and field.
std::vector<Job> read_jobs(const std::string& path);

/// Applies --job-delay ID=FLOPS (a sweep varies it). Throws InputError on an unknown id or a bad number.
void set_job_delays(std::vector<Job>& jobs, const std::vector<std::string>& delays);

} // namespace tireplay
