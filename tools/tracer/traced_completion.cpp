// Waits and tests: each completed request's completion event, each unsuccessful test's MpiRequestTest. `before`
// holds the handles as they were before the call, which resets completed ones to MPI_REQUEST_NULL.
#include "traced.hpp"
#include "wrap_support.hpp"

namespace tracer {
namespace {

void completed(MPI_Request request, const MPI_Status& status)
{
  if (request != MPI_REQUEST_NULL)
    recorder().requests.completed(out(), now(), request, status);
}

void tested(const std::vector<MPI_Request>& requests)
{
  for (MPI_Request r : requests)
    if (r != MPI_REQUEST_NULL)
      recorder().requests.tested(out(), now(), r);
}

/// What a test looks at: its requests.
uint64_t key_of(const std::vector<MPI_Request>& requests)
{
  static_assert(sizeof(MPI_Request) == sizeof(uintptr_t), "Open MPI's handles are pointers");
  return poll_key(reinterpret_cast<const uintptr_t*>(requests.data()), requests.size());
}

} // namespace

int wait(MPI_Request before, const CallStatus& call)
{
  Scope scope(Region::Wait);
  MPI_Status status{};
  int rc = call(status);
  if (scope.on())
    completed(before, status);
  return rc;
}

int waitall(const std::vector<MPI_Request>& before, const CallStatuses& call)
{
  Scope scope(Region::Waitall);
  std::vector<MPI_Status> statuses(before.size());
  int rc = call(statuses.data());
  if (scope.on())
    for (size_t i = 0; i < before.size(); i++)
      completed(before[i], statuses[i]);
  return rc;
}

int waitany(const std::vector<MPI_Request>& before, const std::function<int(int& index, MPI_Status&)>& call)
{
  Scope scope(Region::Waitany);
  MPI_Status status{};
  int index = MPI_UNDEFINED;
  int rc    = call(index, status);
  if (scope.on() && index >= 0 && static_cast<size_t>(index) < before.size())
    completed(before[static_cast<size_t>(index)], status);
  return rc;
}

int waitsome(Region region, const std::vector<MPI_Request>& before,
             const std::function<int(int& outcount, int* indices, MPI_Status*)>& call)
{
  std::vector<MPI_Status> statuses(before.size());
  std::vector<int> indices(before.size());
  int outcount = MPI_UNDEFINED;
  auto make    = [&](bool& done) {
    int rc = call(outcount, indices.data(), statuses.data());
    done   = outcount != MPI_UNDEFINED && outcount > 0;
    return rc;
  };
  auto record = [&](bool done) {
    if (outcount == MPI_UNDEFINED)
      return;
    if (!done) {  // testsome found none complete
      tested(before);
      return;
    }
    for (int k = 0; k < outcount; k++) {
      size_t i = static_cast<size_t>(indices[static_cast<size_t>(k)]);
      if (i < before.size())
        completed(before[i], statuses[static_cast<size_t>(k)]);
    }
  };
  if (region == Region::Testsome)
    return polled_call(region, key_of(before), make, record);
  Scope scope(region);
  bool done = false;
  int rc    = make(done);
  if (scope.on())
    record(done);
  return rc;
}

int test(MPI_Request before, const std::function<int(int& flag, MPI_Status&)>& call)
{
  MPI_Status status{};
  return polled_call(
      Region::Test, poll_key(reinterpret_cast<const uintptr_t*>(&before), 1),
      [&](bool& done) {
        int flag = 0;
        int rc   = call(flag, status);
        done     = flag != 0;
        return rc;
      },
      [&](bool done) { done ? completed(before, status) : tested({before}); });
}

int testall(const std::vector<MPI_Request>& before, const std::function<int(int& flag, MPI_Status*)>& call)
{
  std::vector<MPI_Status> statuses(before.size());
  return polled_call(
      Region::Testall, key_of(before),
      [&](bool& done) {
        int flag = 0;
        int rc   = call(flag, statuses.data());
        done     = flag != 0;
        return rc;
      },
      [&](bool done) {
        if (!done)
          return tested(before);
        for (size_t i = 0; i < before.size(); i++)
          completed(before[i], statuses[i]);
      });
}

int testany(const std::vector<MPI_Request>& before, const std::function<int(int& index, int& flag, MPI_Status&)>& call)
{
  MPI_Status status{};
  int index = MPI_UNDEFINED;
  return polled_call(
      Region::Testany, key_of(before),
      [&](bool& done) {
        int flag = 0;
        int rc   = call(index, flag, status);
        done     = flag != 0;
        return rc;
      },
      [&](bool done) {
        if (!done)
          tested(before);
        else if (index >= 0 && static_cast<size_t>(index) < before.size())
          completed(before[static_cast<size_t>(index)], status);
      });
}

} // namespace tracer
