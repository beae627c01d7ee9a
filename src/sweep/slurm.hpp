// A sweep's runs on a Slurm cluster: job arrays whose tasks each run a few of the plan's commands, submitted with
// sbatch and followed with squeue. Each submission K is kept in STUDY/slurm/: K.commands (its runs' command lines,
// src/sweep/plan.hpp), K.runs (their ids), K.sh (the array task's script: task i runs lines i*N+1 to i*N+N), K.args (the user's
// sbatch options, one a line), K.job (the job id and N, written once sbatch accepted the array).
// The runs write their files in STUDY/runs/ as a local sweep's do, so `sweep collect` reads them alike.
#pragma once

#include "src/sweep/plan.hpp"

#include <map>
#include <string>
#include <vector>

namespace tireplay {

struct SlurmSubmission {
  int number = 0;                    // 0, 1, ...: the first submission, then each resubmission
  std::string job_id;                // as sbatch printed it
  int runs_per_task = 1;
  std::vector<std::string> run_ids;  // in the order of the commands file
  std::vector<std::string> sbatch_args;  // the user's, given again to a resubmission
};

/// Submits `runs` as one job array of ceil(runs / runs_per_task) tasks: `sbatch --parsable --array=0-T
/// --job-name=tireplay-sweep --chdir=CWD --output=STUDY/slurm/K_%a.out SBATCH_ARGS STUDY/slurm/K.sh`, from the
/// current directory (the plan's paths are relative to it). Throws InputError when sbatch is not found or refuses
/// (its message and exit status).
SlurmSubmission submit_runs(const SweepPlan& plan, const std::vector<const SweepRun*>& runs,
                            const std::string& binary, int runs_per_task, const std::vector<std::string>& sbatch_args);

/// The submissions recorded in STUDY/slurm, in order (none for a local sweep). Throws InputError on a damaged file.
std::vector<SlurmSubmission> read_submissions(const std::string& study);

/// The runs whose array task squeue lists, with its state in lower case ("pending", "running", "completing"...):
/// from `squeue -h -r -o "%i %T"`, the tasks of the recorded submissions. Empty with no submission. Throws
/// InputError when squeue cannot run.
std::map<std::string, std::string> queued_runs(const std::vector<SlurmSubmission>& submissions);

/// True when `program` is an executable file in $PATH.
bool on_path(const std::string& program);

/// Throws InputError when sbatch is not in $PATH (before anything is run or submitted).
void check_sbatch();

} // namespace tireplay
