#include "crash_guard.hpp"

#include <dlfcn.h>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstring>

namespace otf2ti {
namespace {

char g_message[4096];  // written by guard_crashes: the handler may only write and exit
char g_in_otf2[4096];

void on_crash(int, siginfo_t*, void* context)
{
  const char* text = in_otf2_library(faulting_pc(context)) ? g_in_otf2 : g_message;
  ssize_t written  = write(STDERR_FILENO, text, std::strlen(text));
  (void)written;
  _exit(2);
}

void copy(char* to, const std::string& text)
{
  std::strncpy(to, text.c_str(), sizeof g_message - 1);
  to[sizeof g_message - 1] = '\0';
}

} // namespace

bool in_otf2_library(const void* pc)
{
  Dl_info info{};
  return pc != nullptr && dladdr(pc, &info) != 0 && info.dli_fname != nullptr &&
         (std::strstr(info.dli_fname, "open-trace-format") != nullptr || std::strstr(info.dli_fname, "otf2") != nullptr);
}

const void* faulting_pc(const void* context)
{
#if defined(__x86_64__)
  return reinterpret_cast<const void*>(static_cast<const ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
#else
  (void)context;
  return nullptr;
#endif
}

void guard_crashes(const std::string& archive)
{
  copy(g_in_otf2, "\notf2ti: " + archive + ": the OTF2 library crashed reading the archive: its event files are "
                  "corrupted (a record's size or type is wrong)\n");
  copy(g_message, "\notf2ti: " + archive + ": otf2ti crashed reading the archive (a bug of otf2ti: please report "
                  "it with the archive)\n");
  struct sigaction action {};
  action.sa_sigaction = on_crash;
  action.sa_flags     = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE})
    sigaction(signal, &action, nullptr);
}

} // namespace otf2ti
