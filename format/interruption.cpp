#include "format/interruption.hpp"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace tireplay {
namespace {

char g_cleanup[4096] = "";  // read in the handlers: no allocation there
char g_input[4096]   = "";
char g_output[4096]  = "";  // an output being written under a temporary name
double (*g_clock)()  = nullptr;  // the simulated date, for the message after SimGrid stops
// Child processes to stop with us (a sweep's replays): signalled by the handler, which may not allocate.
constexpr int kMaxChildren = 1024;
volatile sig_atomic_t g_children[kMaxChildren];

void remove_cleanup();

void say(const char* text)
{
  ssize_t ignored = write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

void on_abort(int)
{
  remove_cleanup();
  if (g_input[0] == '\0') {  // no replay under way: not SimGrid's
    say("tireplay: stopped by an internal error (its message is above): please report it\n");
    _exit(2);
  }
  say("tireplay: the simulation was stopped by SimGrid (its message is above)");
  if (g_clock != nullptr && g_clock() > 0) {  // at 0: while the platform loads
    // snprintf does not allocate for a double: the abort came from SimGrid's own code, not from within malloc
    char date[64];
    std::snprintf(date, sizeof date, " at simulated time %.6g s", g_clock());
    say(date);
  }
  say(" while replaying ");
  say(g_input);
  say(": an input or option beyond what it can simulate\n");
  _exit(2);
}

void on_interruption(int signal)
{
  for (int i = 0; i < kMaxChildren; i++)
    if (g_children[i] > 0)
      kill(static_cast<pid_t>(g_children[i]), signal);
  remove_cleanup();
  if (signal != SIGPIPE) {  // a reader that went away (`tireplay ... | head`) needs no message
    const char message[] = "\ntireplay: interrupted\n";
    ssize_t ignored      = write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
  }
  _exit(128 + signal);  // as the shell says of a program a signal ended: Ctrl-C 130, SIGTERM 143
}

/// The signals after which the temporary files are removed: every one whose default is to end the program and that
/// a program can catch (a batch scheduler's CPU limit sends SIGXCPU, `ulimit -f` SIGXFSZ, `timeout` SIGTERM).
constexpr int kInterruptions[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU, SIGXFSZ, SIGUSR1, SIGUSR2,
                                  SIGALRM};

void remove_cleanup()
{
  if (g_output[0] != '\0')
    unlink(g_output);
  if (g_cleanup[0] != '\0') {
    // opendir() allocates, and a signal that comes while the allocator holds its lock would wait for ever in it:
    // the directory is read with system calls only (open, getdents64, unlinkat: safe in a handler).
    int dir = open(g_cleanup, O_RDONLY | O_DIRECTORY);
    if (dir >= 0) {
      static char entries[8192];
      long got;
      while ((got = syscall(SYS_getdents64, dir, entries, sizeof entries)) > 0) {
        for (long at = 0; at < got;) {
          // struct linux_dirent64: inode (8 bytes), offset (8), record length (2), type (1), then the name
          unsigned short length;
          std::memcpy(&length, entries + at + 16, sizeof length);
          const char* name = entries + at + 19;
          if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0)
            unlinkat(dir, name, 0);  // relative to the directory: no path to build
          at += length;
        }
      }
      close(dir);
    }
    rmdir(g_cleanup);
  }
}

} // namespace

void exit_on_interruption(bool over_handlers)
{
  struct sigaction action {};
  action.sa_handler = on_interruption;
  sigemptyset(&action.sa_mask);
  for (int signal : kInterruptions) {
    struct sigaction before {};
    sigaction(signal, nullptr, &before);
    // ignored by who started us (nohup, `trap '' XFSZ`): it stays ignored; another's handler stays unless asked
    bool handled = (before.sa_flags & SA_SIGINFO) != 0 || before.sa_handler != SIG_DFL;
    if (before.sa_handler != SIG_IGN && (over_handlers || !handled))
      sigaction(signal, &action, nullptr);
  }
}

void exit_2_on_abort()
{
  struct sigaction action {};
  action.sa_handler = on_abort;
  sigemptyset(&action.sa_mask);
  sigaction(SIGABRT, &action, nullptr);
}

void set_abort_context(const char* input, double (*clock)())
{
  std::strncpy(g_input, input, sizeof g_input - 1);
  g_clock = clock;
}

namespace {
/// Copies `text` into `target` with the interruptions blocked (their handler reads it).
void set_guarded(char (&target)[4096], const char* text)
{
  sigset_t block, old;
  sigemptyset(&block);
  for (int signal : kInterruptions)
    sigaddset(&block, signal);
  sigprocmask(SIG_BLOCK, &block, &old);
  std::strncpy(target, text, sizeof target - 1);
  sigprocmask(SIG_SETMASK, &old, nullptr);
}
} // namespace

void set_interruption_cleanup(const char* directory) { set_guarded(g_cleanup, directory); }

void set_interruption_output(const char* file) { set_guarded(g_output, file); }

bool add_interruption_child(pid_t pid)
{
  for (auto& slot : g_children)
    if (slot == 0) {
      slot = pid;
      return true;
    }
  return false;
}

void remove_interruption_child(pid_t pid)
{
  for (auto& slot : g_children)
    if (slot == pid)
      slot = 0;
}

} // namespace tireplay
