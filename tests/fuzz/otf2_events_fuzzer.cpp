// libFuzzer target for otf2ti's event handling (tools/otf2ti): a small archive's definitions with a fuzzed event file.
//
// The archive is made once, before fuzzing, by tests/otf2/make_archive.py (run_fuzzer.sh passes its directory in
// $OTF2TI_FUZZ_ARCHIVE): its `patterns` run, 2 ranks: MPI_Init, computations, MPI_Sendrecv with two tags and with
// an MPI_PROC_NULL half, MPI_PROC_NULL in a send, an isend, an irecv completed by a waitall and a sendrecv, an
// allreduce, MPI_Finalize (the seeds of its earlier archive, a polling loop, still read as events). Input: byte 0 picks the location whose event file it replaces (byte % 2) and, by its bit 1,
// --keep-tests; the rest is that file. Then the conversion runs as otf2ti runs it: convert_rank for each rank (the
// definitions, unchanged, are read once), fill_counts. OTF2's own error messages are silenced.
// The OTF2 library reads some corrupted event files past their end; otf2ti turns such a crash into a message and
// exit 2 (crash_guard.hpp). Here a fault whose code is in the OTF2 library jumps back and the input counts as
// rejected (with ASan's SEGV handling off, and leak detection off: the jump leaks what the reader held); a fault
// anywhere else goes to libFuzzer's handler, which records the crash. A std::runtime_error is otf2ti rejecting the archive, which is fine; any other exception,
// a sanitizer report or a hang is a bug.
#include "tools/otf2ti/collectives.hpp"
#include "tools/otf2ti/convert.hpp"
#include "tools/otf2ti/crash_guard.hpp"
#include "tools/otf2ti/definitions.hpp"

#include <otf2/otf2.h>

#include <csetjmp>
#include <csignal>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace fs = std::filesystem;

namespace {

fs::path g_archive;  // the working copy whose event file each input replaces
otf2ti::Definitions g_defs;

sigjmp_buf g_escape;
volatile sig_atomic_t g_reading = 0;
struct sigaction g_libfuzzer[3];  // the handlers libFuzzer installed for SIGSEGV, SIGBUS, SIGFPE
constexpr int kSignals[3] = {SIGSEGV, SIGBUS, SIGFPE};

void contain(int signal, siginfo_t* info, void* context)
{
  if (g_reading && otf2ti::in_otf2_library(otf2ti::faulting_pc(context)))
    siglongjmp(g_escape, 1);
  for (int i = 0; i < 3; i++)
    if (kSignals[i] == signal && (g_libfuzzer[i].sa_flags & SA_SIGINFO) && g_libfuzzer[i].sa_sigaction)
      return g_libfuzzer[i].sa_sigaction(signal, info, context);
  std::abort();
}

OTF2_ErrorCode quiet(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code, const char*, va_list)
{
  return code;
}

} // namespace

extern "C" const char* __asan_default_options() { return "handle_segv=0:handle_sigbus=0:detect_leaks=0"; }

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
  const char* source = std::getenv("OTF2TI_FUZZ_ARCHIVE");
  if (source == nullptr || !fs::exists(fs::path(source) / "traces.otf2")) {
    std::fprintf(stderr, "otf2_events_fuzzer: set OTF2TI_FUZZ_ARCHIVE to an archive made by make_archive.py\n");
    std::exit(1);
  }
  std::string pattern = (fs::temp_directory_path() / "otf2-events-fuzz-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr)
    std::abort();
  g_archive = fs::path(pattern) / "archive";
  fs::copy(source, g_archive, fs::copy_options::recursive);
  OTF2_Error_RegisterCallback(quiet, nullptr);
  struct sigaction action {};
  action.sa_sigaction = contain;
  action.sa_flags     = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < 3; i++)
    sigaction(kSignals[i], &action, &g_libfuzzer[i]);
  g_defs = otf2ti::read_definitions((g_archive / "traces.otf2").string(), "");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  if (size < 1)
    return 0;
  {
    std::ofstream out(g_archive / "traces" / (std::to_string(data[0] % 2) + ".evt"), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data) + 1, static_cast<std::streamsize>(size - 1));
  }
  std::string archive = (g_archive / "traces.otf2").string();
  otf2ti::Options options;
  options.keep_tests = (data[0] & 2) != 0;
  if (sigsetjmp(g_escape, 1) != 0) {  // the OTF2 library crashed: otf2ti reports it and exits 2
    g_reading = 0;
    return 0;
  }
  g_reading = 1;
  try {
    std::vector<otf2ti::RankTrace> traces;
    for (size_t r = 0; r < g_defs.location_of_rank.size(); r++)
      traces.push_back(otf2ti::convert_rank(archive, g_defs, static_cast<int>(r), options));
    otf2ti::fill_counts(traces, g_defs);
  } catch (const std::runtime_error&) {
  }
  g_reading = 0;
  return 0;
}
