#include "src/sweep/runner.hpp"

#include "format/interruption.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <sstream>
#include <csignal>
#include <spawn.h>
#include <sys/wait.h>

extern char** environ;

namespace tireplay {
namespace {

using Clock = std::chrono::steady_clock;

class SweepProgress {
public:
  SweepProgress(SweepDisplay display, size_t total) : display_(display), total_(total), start_(Clock::now()) {}

  void started() { running_++; draw(); }
  void finished(const SweepPlan& plan, const SweepRun& run, int status, double seconds);
  static constexpr int kBlocked = 3;  // tireplay replay's exit status when the replayed application deadlocks
  void failed(const std::string& command, const std::string& messages, int status);
  void done()
  {
    if (display_ == SweepDisplay::Bar && total_ > 0)
      std::fputc('\n', stderr);
  }

private:
  void draw() const;
  void clear_bar() const
  {
    if (display_ == SweepDisplay::Bar)
      std::fprintf(stderr, "\r\033[K");
  }

  SweepDisplay display_;
  size_t total_;
  size_t finished_ = 0, failed_ = 0, running_ = 0;
  Clock::time_point start_;
};

void SweepProgress::draw() const
{
  if (display_ != SweepDisplay::Bar)
    return;
  constexpr size_t kWidth = 30;
  size_t filled  = total_ == 0 ? kWidth : finished_ * kWidth / total_;
  double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  std::string bar = std::string(filled, '#') + std::string(kWidth - filled, '.');
  std::fprintf(stderr, "\r\033[K[%s] %zu/%zu runs, %zu running, %zu failed, %.0f s", bar.c_str(), finished_, total_,
               running_, failed_, elapsed);
  if (finished_ > 0 && finished_ < total_)
    std::fprintf(stderr, ", ETA %.0f s", elapsed * static_cast<double>(total_ - finished_) / finished_);
  std::fflush(stderr);
}

void SweepProgress::finished(const SweepPlan& plan, const SweepRun& run, int status, double seconds)
{
  running_--;
  finished_++;
  failed_ += status != 0 ? 1 : 0;
  if (display_ == SweepDisplay::Lines) {
    std::string values;
    for (size_t i = 0; i < run.values.size(); i++)
      values += (i > 0 ? " " : "") + plan.variations[i].key + "=" + run.values[i];
    std::fprintf(stderr, "sweep: run %s (%zu/%zu) %s in %.2f s: %s\n", run.id.c_str(), finished_, total_,
                 status == 0 ? "ok" : status == kBlocked ? "BLOCKED" : "FAILED", seconds, values.c_str());
  }
  draw();
}

void SweepProgress::failed(const std::string& command, const std::string& messages, int status)
{
  clear_bar();
  std::fprintf(stderr, "sweep: this run %s: %s\n",
               status == kBlocked ? "blocked (the replayed application deadlocks)" : "failed", command.c_str());
  std::istringstream lines(messages);
  for (std::string line; std::getline(lines, line);)
    std::fprintf(stderr, "  %s\n", line.c_str());
  draw();
}

/// Starts `binary replay ...` with stdout to /dev/null and stderr to the run's .err file. Returns its pid, or
/// -1 when it cannot start.
pid_t spawn_run(const std::string& binary, const SweepPlan& plan, const SweepRun& run)
{
  std::vector<char*> argv{const_cast<char*>(binary.c_str())};
  for (const auto& a : run.args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::string err = run_err_path(plan, run);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = -1;
  // Listed before it can run, SIGINT and SIGTERM blocked meanwhile: a signal then stops it with the sweep.
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  sigprocmask(SIG_BLOCK, &block, &old);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setsigmask(&attributes, &old);  // the child starts with the sweep's usual mask
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  int error = posix_spawn(&pid, binary.c_str(), &files, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&files);
  bool listed = error == 0 && add_interruption_child(pid);
  sigprocmask(SIG_SETMASK, &old, nullptr);
  if (error == 0 && !listed)
    std::fprintf(stderr, "sweep: warning: more than 1024 runs at once; an interruption may leave some running\n");
  return error == 0 ? pid : -1;
}

std::string read_text(const std::string& path)
{
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int exit_status(int wait_status)
{
  if (WIFEXITED(wait_status))
    return WEXITSTATUS(wait_status);
  return WIFSIGNALED(wait_status) ? 128 + WTERMSIG(wait_status) : 127;
}

} // namespace

std::vector<int> run_plan(const SweepPlan& plan, const RunnerOptions& options)
{
  std::vector<int> statuses(plan.runs.size(), 127);
  SweepProgress progress(options.display, plan.runs.size());
  std::map<pid_t, std::pair<size_t, Clock::time_point>> running;  // pid -> run index, start
  size_t next = 0;
  while (next < plan.runs.size() || !running.empty()) {
    while (next < plan.runs.size() && static_cast<int>(running.size()) < options.jobs) {
      pid_t pid = spawn_run(options.binary, plan, plan.runs[next]);
      progress.started();
      if (pid < 0) {
        progress.finished(plan, plan.runs[next], 127, 0);
        progress.failed(run_command_line(options.binary, plan, plan.runs[next]), "cannot start " + options.binary, 127);
      } else {
        running[pid] = {next, Clock::now()};
      }
      next++;
    }
    if (running.empty())
      continue;
    int wait_status = 0;
    pid_t pid       = waitpid(-1, &wait_status, 0);
    auto it         = running.find(pid);
    if (pid < 0 && errno != EINTR)
      break;  // no child left to wait for: cannot happen while `running` holds some
    if (it == running.end())
      continue;  // interrupted by a signal
    auto [index, start] = it->second;
    running.erase(it);
    remove_interruption_child(pid);
    const SweepRun& run = plan.runs[index];
    statuses[index]     = exit_status(wait_status);
    progress.finished(plan, run, statuses[index], std::chrono::duration<double>(Clock::now() - start).count());
    if (statuses[index] != 0) {
      std::ofstream(run_failed_path(plan, run)) << statuses[index] << "\n";
      progress.failed(run_command_line(options.binary, plan, run), read_text(run_err_path(plan, run)), statuses[index]);
    }
  }
  progress.done();
  return statuses;
}

} // namespace tireplay
