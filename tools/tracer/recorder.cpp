#include "recorder.hpp"

#include "global_definitions.hpp"

#define OTF2_MPI_USE_PMPI
#include <otf2/OTF2_MPI_Collectives.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>
#include <thread>
#include <vector>

namespace tracer {
namespace {

thread_local int g_depth = 0;            // traced calls under way in this thread
std::thread::id g_main_thread;            // the thread that initialised MPI: the only one recorded
std::atomic<uint64_t> g_other_calls{0};   // MPI calls made by other threads (not recorded)

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp post_flush(void*, OTF2_FileType, OTF2_LocationRef) { return wall_ns(); }
OTF2_FlushCallbacks g_flush = {pre_flush, post_flush};

[[noreturn]] void die(int rank, const std::string& what)
{
  std::fprintf(stderr, "tireplay tracer (rank %d): %s\n", rank, what.c_str());
  PMPI_Abort(MPI_COMM_WORLD, 2);
  std::abort();
}

/// At the process's exit: a process that used MPI but whose trace was never started or never written says so, rather
/// than leaving nothing (or a broken archive) without a word.
__attribute__((destructor)) void check_at_exit()
{
  int initialized = 0, finalized = 0;
  PMPI_Initialized(&initialized);
  PMPI_Finalized(&finalized);
  if (!initialized && !finalized)
    return;  // not an MPI process (mpirun, a launcher)
  if (!recorder().started())
    std::fprintf(stderr, "tireplay tracer: this process used MPI but the tracer never saw its MPI_Init or "
                         "MPI_Init_thread (a language binding it does not wrap?): no trace was written\n");
  else if (recorder().recording())
    std::fprintf(stderr, "tireplay tracer: the process ended without MPI_Finalize: its trace was not written\n");
}

} // namespace

Recorder& recorder()
{
  static Recorder instance;
  return instance;
}

void Recorder::start()
{
  started_    = true;
  g_main_thread = std::this_thread::get_id();
  const char* every = std::getenv("TIREPLAY_TRACE_EVERY_TEST");
  every_test_ = every != nullptr && std::string(every) == "1";
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  PMPI_Comm_size(MPI_COMM_WORLD, &size_);
  const char* env = std::getenv("TIREPLAY_TRACE_DIR");
  std::string dir = env && *env ? env : "tireplay-trace";
  int exists = 0;
  if (rank_ == 0) {
    struct stat st {};
    exists = stat(dir.c_str(), &st) == 0;
  }
  PMPI_Bcast(&exists, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (exists)
    die(rank_, dir + " already exists: remove it or set TIREPLAY_TRACE_DIR to a new directory");

  std::string why_not;
  int have = flops_.start(why_not) ? 1 : 0, all = 0;
  PMPI_Allreduce(&have, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  have_flops_ = all == 1;
  if (rank_ == 0 && !have_flops_)
    std::fprintf(stderr, "tireplay tracer: no flop counter (%s); compute is measured as each rank's CPU time\n",
                 why_not.empty() ? "not available on every rank" : why_not.c_str());

  archive_ = OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, 1 << 20, 4 << 20, OTF2_SUBSTRATE_POSIX,
                               OTF2_COMPRESSION_NONE);
  if (archive_ == nullptr)
    die(rank_, "cannot create the OTF2 archive " + dir);
  OTF2_Archive_SetFlushCallbacks(archive_, &g_flush, nullptr);
  OTF2_MPI_Archive_SetCollectiveCallbacks(archive_, MPI_COMM_WORLD, MPI_COMM_NULL);
  OTF2_Archive_OpenEvtFiles(archive_);
  writer_ = OTF2_Archive_GetEvtWriter(archive_, static_cast<OTF2_LocationRef>(rank_));
  if (writer_ == nullptr)
    die(rank_, "cannot open the event writer of " + dir);
  measure_costs();
  start_ = wall_ns();
}

void Recorder::measure_costs()
{
  constexpr int kReadings = 1000;
  uint64_t before = thread_cpu_ns();
  for (int i = 0; i < kReadings; i++)
    thread_cpu_ns();
  clock_cost_ = (thread_cpu_ns() - before) / kReadings;

  // A receive nothing will match, on a communicator only the tracer knows, tested as a polling loop tests.
  MPI_Comm own = MPI_COMM_NULL;
  PMPI_Comm_dup(MPI_COMM_SELF, &own);
  char byte = 0;
  MPI_Request request = MPI_REQUEST_NULL;
  PMPI_Irecv(&byte, 1, MPI_BYTE, 0, 0, own, &request);
  constexpr int kTests = 2000;
  int flag = 0;
  before = thread_cpu_ns();
  for (int i = 0; i < kTests; i++)
    PMPI_Test(&request, &flag, MPI_STATUS_IGNORE);
  uint64_t spent = thread_cpu_ns() - before;
  poll_cost_ = spent > clock_cost_ ? (spent - clock_cost_) / kTests : 0;
  if (!flag) {
    PMPI_Cancel(&request);
    PMPI_Wait(&request, MPI_STATUS_IGNORE);
  }
  PMPI_Comm_free(&own);
}

void Recorder::write_metrics(uint64_t time, uint64_t cpu)
{
  OTF2_Type types[3]        = {OTF2_TYPE_UINT64, OTF2_TYPE_UINT64, OTF2_TYPE_UINT64};
  OTF2_MetricValue values[3] = {};
  // Never decreasing, whatever the estimate of the clock's cost: a computation is never negative.
  last_cpu_                  = std::max(last_cpu_, cpu > own_cpu_ ? cpu - own_cpu_ : 0);
  values[0].unsigned_int     = last_cpu_;
  int n                      = 1;
  if (have_flops_)
    values[n++].unsigned_int = flops_.read();
  values[n++].unsigned_int = checks_;  // the class's members: cpu_time, the flop counter if any, polls
  OTF2_EvtWriter_Metric(writer_, nullptr, time, 0, static_cast<uint8_t>(n), types, values);
}

void Recorder::enter(Region region)
{
  uint64_t t = wall_ns();
  write_metrics(t, thread_cpu_ns());
  OTF2_EvtWriter_Enter(writer_, nullptr, t, static_cast<OTF2_RegionRef>(region));
}

void Recorder::leave(Region region)
{
  uint64_t t = wall_ns(), cpu = thread_cpu_ns();
  write_metrics(t, cpu);
  OTF2_EvtWriter_Leave(writer_, nullptr, t, static_cast<OTF2_RegionRef>(region));
  // Writing the events after the call is the tracer's work, not the program's: left out of the CPU time the next
  // computation is measured by (in a program making millions of calls it would add up to seconds), and so is one
  // reading of the clock (the halves of the readings at the next Enter and here that fall in the computation).
  own_cpu_ += thread_cpu_ns() - cpu + clock_cost_;
  last_return_ = wall_ns();
}

void Recorder::finish()
{
  if (!recording())
    return;
  if (!not_traced_.empty()) {
    std::string calls;
    for (const auto& [region, count] : not_traced_)
      calls += std::string(" ") + region_info(region).name + " x" + std::to_string(count);
    std::fprintf(stderr, "tireplay tracer (rank %d): calls on intercommunicators are not traced (tireplay does not "
                         "replay them):%s\n", rank_, calls.c_str());
  }
  if (uint64_t others = g_other_calls.load(); others > 0)
    std::fprintf(stderr, "tireplay tracer (rank %d): %llu MPI calls made by other threads than the one that "
                         "initialised MPI were not recorded: the trace lacks them and may not replay (run one "
                         "thread per rank, e.g. SCOTCH_PTHREAD_NUMBER=1 for PT-Scotch)\n",
                 rank_, static_cast<unsigned long long>(others));
  uint64_t events = 0;
  OTF2_EvtWriter_GetNumberOfEvents(writer_, &events);
  OTF2_Archive_CloseEvtWriter(archive_, writer_);
  writer_ = nullptr;
  OTF2_Archive_CloseEvtFiles(archive_);
  OTF2_Archive_OpenDefFiles(archive_);  // empty local definitions: the references are global already
  OTF2_Archive_CloseDefWriter(archive_, OTF2_Archive_GetDefWriter(archive_, static_cast<OTF2_LocationRef>(rank_)));
  OTF2_Archive_CloseDefFiles(archive_);

  uint64_t end = wall_ns(), first = 0, last = 0;
  PMPI_Reduce(&start_, &first, 1, MPI_UINT64_T, MPI_MIN, 0, MPI_COMM_WORLD);
  PMPI_Reduce(&end, &last, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
  std::vector<uint64_t> counts(static_cast<size_t>(size_));
  PMPI_Gather(&events, 1, MPI_UINT64_T, counts.data(), 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  RunDefinitions run;
  run.start = first, run.end = last, run.events = counts;
  run.comms = comms.gather_on_root();
  windows.gather_on_root(run.windows, run.groups);
  run.flop_metric = have_flops_ ? flops_.name() : "";
  if (rank_ == 0)
    write_global_definitions(archive_, run);
  OTF2_Archive_Close(archive_);
  archive_ = nullptr;
}

bool Recorder::polling(uint64_t key) const
{
  return polled_ == key && !every_test_ && g_depth == 0 && recording() && std::this_thread::get_id() == g_main_thread;
}

Scope::Scope(Region region) : region_(region), on_(recorder().recording() && g_depth == 0)
{
  if (on_ && std::this_thread::get_id() != g_main_thread) {
    on_ = false;  // one sequence of actions per rank: a second thread's calls would interleave with the first's
    g_other_calls++;
  }
  g_depth++;
  if (on_)
    recorder().call_made();
  if (on_)
    recorder().enter(region_);
}

Scope::~Scope()
{
  if (on_)
    recorder().leave(region_);
  g_depth--;
}

} // namespace tracer
