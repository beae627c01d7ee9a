#include "src/sweep/slurm.hpp"

#include "format/rank_reader.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

namespace fs = std::filesystem;

namespace tireplay {
namespace {

/// Runs `argv` (found in $PATH) with its standard output and error in `output`; returns its exit status (127 when
/// it cannot start, 128 + N when a signal N ended it).
int run_program(const std::vector<std::string>& argv, std::string& output)
{
  int pipe_ends[2];
  if (pipe2(pipe_ends, O_CLOEXEC) != 0)
    return 127;
  std::vector<char*> args;
  for (const auto& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_adddup2(&files, pipe_ends[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&files, pipe_ends[1], STDERR_FILENO);
  posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  pid_t pid = -1;
  int error = posix_spawnp(&pid, args[0], &files, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  close(pipe_ends[1]);
  char buffer[4096];
  for (ssize_t got; error == 0 && (got = read(pipe_ends[0], buffer, sizeof buffer)) != 0;)
    if (got > 0)
      output.append(buffer, static_cast<size_t>(got));
    else if (errno != EINTR)
      break;
  close(pipe_ends[0]);
  if (error != 0)
    return 127;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

fs::path slurm_directory(const std::string& study) { return fs::path(study) / "slurm"; }

void write_file(const fs::path& path, const std::string& text)
{
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out)
    throw InputError(path.string() + ": cannot write the submission's file");
}

std::string last_line(const std::string& text)
{
  std::istringstream lines(text);
  std::string last;
  for (std::string line; std::getline(lines, line);)
    if (!line.empty())
      last = line;
  return last;
}

bool all_digits(const std::string& text)
{
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

} // namespace

bool on_path(const std::string& program)
{
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path == nullptr ? "" : path);
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && access((fs::path(dir) / program).c_str(), X_OK) == 0)
      return true;
  return false;
}

void check_sbatch()
{
  if (!on_path("sbatch"))
    throw InputError("tireplay sweep: --submit slurm: sbatch is not in PATH (run the sweep where Slurm's commands "
                     "are: a login node)");
}

SlurmSubmission submit_runs(const SweepPlan& plan, const std::vector<const SweepRun*>& runs,
                            const std::string& binary, int runs_per_task, const std::vector<std::string>& sbatch_args)
{
  check_sbatch();
  std::error_code error;
  const fs::path dir = fs::absolute(slurm_directory(plan.study), error);
  fs::create_directories(dir, error);
  if (error)
    throw InputError(dir.string() + ": cannot create the directory of the submissions: " + error.message());
  SlurmSubmission s;
  s.number        = static_cast<int>(read_submissions(plan.study).size());
  s.runs_per_task = std::max(1, runs_per_task);
  const std::string k = std::to_string(s.number);
  std::string commands, ids;
  for (const SweepRun* run : runs) {
    commands += run_command_line(binary, plan, *run) + "\n";
    ids += run->id + "\n";
    s.run_ids.push_back(run->id);
  }
  write_file(dir / (k + ".commands"), commands);
  write_file(dir / (k + ".runs"), ids);
  std::string args;
  for (const auto& a : sbatch_args)
    args += a + "\n";
  write_file(dir / (k + ".args"), args);
  s.sbatch_args = sbatch_args;
  const std::string n = std::to_string(s.runs_per_task);
  write_file(dir / (k + ".sh"), "#!/bin/sh\n# tireplay sweep --submit slurm, submission " + k +
                                    ": array task i runs lines i*" + n + "+1 to i*" + n + "+" + n + " of " + k +
                                    ".commands, one after the other\nfirst=$((SLURM_ARRAY_TASK_ID * " + n +
                                    " + 1))\nsed -n \"${first},$((first + " + n + " - 1))p\" " +
                                    shell_quote((dir / (k + ".commands")).string()) +
                                    " | while IFS= read -r command; do\n  sh -c \"$command\" < /dev/null\ndone\n");
  const size_t tasks = (runs.size() + static_cast<size_t>(s.runs_per_task) - 1) / static_cast<size_t>(s.runs_per_task);
  std::vector<std::string> argv{"sbatch", "--parsable", "--array=0-" + std::to_string(tasks - 1),
                                "--job-name=tireplay-sweep", "--chdir=" + fs::current_path(error).string(),
                                "--output=" + (dir / (k + "_%a.out")).string()};
  argv.insert(argv.end(), sbatch_args.begin(), sbatch_args.end());
  argv.push_back((dir / (k + ".sh")).string());
  std::string output;
  int status         = run_program(argv, output);
  std::string job_id = last_line(output).substr(0, last_line(output).find(';'));  // "ID" or "ID;CLUSTER"
  if (status != 0 || !all_digits(job_id)) {
    std::string command;
    for (const auto& a : argv)
      command += (command.empty() ? "" : " ") + shell_quote(a);
    throw InputError("tireplay sweep: sbatch refused the job array (exit " + std::to_string(status) + "): " +
                     (output.empty() ? "no message" : last_line(output)) + "\n  " + command);
  }
  s.job_id = job_id;
  write_file(dir / (k + ".job"), job_id + " " + n + "\n");  // last: a submission without it was not made
  return s;
}

std::vector<SlurmSubmission> read_submissions(const std::string& study)
{
  std::vector<SlurmSubmission> submissions;
  const fs::path dir = slurm_directory(study);
  for (int k = 0;; k++) {
    const fs::path job = dir / (std::to_string(k) + ".job");
    std::ifstream in(job);
    if (!in)
      return submissions;
    SlurmSubmission s;
    s.number = k;
    if (!(in >> s.job_id >> s.runs_per_task) || !all_digits(s.job_id) || s.runs_per_task < 1)
      throw InputError(job.string() + ": not a submission of ours ('JOB_ID RUNS_PER_TASK')");
    std::ifstream runs(dir / (std::to_string(k) + ".runs"));
    for (std::string id; runs >> id;)
      s.run_ids.push_back(id);
    std::ifstream args(dir / (std::to_string(k) + ".args"));
    for (std::string a; std::getline(args, a);)
      s.sbatch_args.push_back(a);
    submissions.push_back(std::move(s));
  }
}

std::map<std::string, std::string> queued_runs(const std::vector<SlurmSubmission>& submissions)
{
  std::map<std::string, std::string> queued;
  if (submissions.empty())
    return queued;
  if (!on_path("squeue"))
    throw InputError("tireplay sweep: squeue is not in PATH: cannot tell which runs are still queued (run this "
                     "where Slurm's commands are)");
  std::string output;
  int status = run_program({"squeue", "-h", "-r", "-o", "%i %T"}, output);
  if (status != 0)
    throw InputError("tireplay sweep: squeue failed (exit " + std::to_string(status) + "): " + last_line(output));
  std::istringstream lines(output);
  for (std::string id, state; lines >> id >> state;) {
    size_t cut = id.find('_');
    if (cut == std::string::npos || !all_digits(id.substr(cut + 1)) || id.size() - cut > 10)
      continue;  // not an array task of ours (a task id has at most 9 digits)
    std::string job = id.substr(0, cut);
    size_t task     = std::stoul(id.substr(cut + 1));
    std::transform(state.begin(), state.end(), state.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const auto& s : submissions)
      if (s.job_id == job)
        for (size_t r = task * static_cast<size_t>(s.runs_per_task);
             r < std::min(s.run_ids.size(), (task + 1) * static_cast<size_t>(s.runs_per_task)); r++)
          queued[s.run_ids[r]] = state;
  }
  return queued;
}

} // namespace tireplay
