// `tireplay sweep --submit slurm`, `sweep status`, `sweep resubmit` and `sweep collect --wait`: a sweep's runs as
// Slurm job arrays (src/sweep/slurm.hpp), followed and gathered from the study's directory.
#pragma once

#include "src/sweep/plan.hpp"

#include <string>
#include <vector>

namespace tireplay {

struct SubmitOptions {
  std::string binary;                    // this program, for the runs' commands
  std::vector<std::string> sbatch_args;  // --sbatch "ARGS", split as sh would
  int runs_per_task   = 0;               // 0: from a first run timed here
  double task_seconds = 600;             // the duration an array task aims at
  bool quiet          = false;
};

/// Splits --sbatch's text as sh would (quotes kept together); throws boost::program_options::error on a newline.
std::vector<std::string> sbatch_words(const std::string& text);

/// Submits the plan's runs (all of them, but the first when it is run here to time one): prints the job id on
/// stdout, how to follow it on stderr. Returns the exit status.
int submit_sweep(const SweepPlan& plan, const SubmitOptions& options);

/// Waits (polling squeue every `poll_seconds`) until none of the study's runs is queued; says so on stderr unless
/// `quiet`. Returns at once for a study never submitted.
void wait_for_queue(const std::string& study, double poll_seconds, bool quiet);

int sweep_status_command(int argc, char** argv);
int sweep_resubmit_command(int argc, char** argv);

} // namespace tireplay
