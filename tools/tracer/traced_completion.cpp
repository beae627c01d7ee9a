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
  Scope scope(region);
  std::vector<MPI_Status> statuses(before.size());
  std::vector<int> indices(before.size());
  int outcount = MPI_UNDEFINED;
  int rc       = call(outcount, indices.data(), statuses.data());
  if (!scope.on() || outcount == MPI_UNDEFINED)
    return rc;
  std::vector<MPI_Request> pending = before;
  for (int k = 0; k < outcount; k++) {
    size_t i = static_cast<size_t>(indices[static_cast<size_t>(k)]);
    if (i < before.size()) {
      completed(before[i], statuses[static_cast<size_t>(k)]);
      pending[i] = MPI_REQUEST_NULL;
    }
  }
  if (outcount == 0)  // testsome found none complete
    tested(pending);
  return rc;
}

int test(MPI_Request before, const std::function<int(int& flag, MPI_Status&)>& call)
{
  Scope scope(Region::Test);
  MPI_Status status{};
  int flag = 0;
  int rc   = call(flag, status);
  if (scope.on()) {
    if (flag)
      completed(before, status);
    else
      tested({before});
  }
  return rc;
}

int testall(const std::vector<MPI_Request>& before, const std::function<int(int& flag, MPI_Status*)>& call)
{
  Scope scope(Region::Testall);
  std::vector<MPI_Status> statuses(before.size());
  int flag = 0;
  int rc   = call(flag, statuses.data());
  if (scope.on()) {
    if (flag)
      for (size_t i = 0; i < before.size(); i++)
        completed(before[i], statuses[i]);
    else
      tested(before);
  }
  return rc;
}

int testany(const std::vector<MPI_Request>& before, const std::function<int(int& index, int& flag, MPI_Status&)>& call)
{
  Scope scope(Region::Testany);
  MPI_Status status{};
  int index = MPI_UNDEFINED, flag = 0;
  int rc    = call(index, flag, status);
  if (scope.on()) {
    if (flag && index >= 0 && static_cast<size_t>(index) < before.size())
      completed(before[static_cast<size_t>(index)], status);
    else if (!flag)
      tested(before);
  }
  return rc;
}

} // namespace tracer
