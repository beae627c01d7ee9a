// Waits and tests: each completed request's completion event, each unsuccessful test's MpiRequestTest. The
// handles are copied before the call, which resets completed ones to MPI_REQUEST_NULL.
#include "wrap_support.hpp"

#include <vector>

using namespace tracer;

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

int MPI_Wait(MPI_Request* request, MPI_Status* status)
{
  Scope scope(Region::Wait);
  MPI_Request before = *request;
  Statuses st(status, 1);
  int rc         = PMPI_Wait(request, st.get());
  if (scope.on())
    completed(before, *st.get());
  return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
  Scope scope(Region::Waitall);
  std::vector<MPI_Request> before(requests, requests + count);
  Statuses st(statuses, count);
  int rc = PMPI_Waitall(count, requests, st.get());
  if (scope.on())
    for (int i = 0; i < count; i++)
      completed(before[static_cast<size_t>(i)], st.get()[i]);
  return rc;
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status)
{
  Scope scope(Region::Waitany);
  std::vector<MPI_Request> before(requests, requests + count);
  Statuses st(status, 1);
  int rc         = PMPI_Waitany(count, requests, index, st.get());
  if (scope.on() && *index != MPI_UNDEFINED)
    completed(before[static_cast<size_t>(*index)], *st.get());
  return rc;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[])
{
  Scope scope(Region::Waitsome);
  std::vector<MPI_Request> before(requests, requests + incount);
  Statuses st(statuses, incount);
  int rc = PMPI_Waitsome(incount, requests, outcount, indices, st.get());
  if (scope.on() && *outcount != MPI_UNDEFINED)
    for (int k = 0; k < *outcount; k++)
      completed(before[static_cast<size_t>(indices[k])], st.get()[k]);
  return rc;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status)
{
  Scope scope(Region::Test);
  MPI_Request before = *request;
  Statuses st(status, 1);
  int rc         = PMPI_Test(request, flag, st.get());
  if (scope.on()) {
    if (*flag)
      completed(before, *st.get());
    else
      tested({before});
  }
  return rc;
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[])
{
  Scope scope(Region::Testall);
  std::vector<MPI_Request> before(requests, requests + count);
  Statuses st(statuses, count);
  int rc = PMPI_Testall(count, requests, flag, st.get());
  if (scope.on()) {
    if (*flag)
      for (int i = 0; i < count; i++)
        completed(before[static_cast<size_t>(i)], st.get()[i]);
    else
      tested(before);
  }
  return rc;
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status)
{
  Scope scope(Region::Testany);
  std::vector<MPI_Request> before(requests, requests + count);
  Statuses st(status, 1);
  int rc         = PMPI_Testany(count, requests, index, flag, st.get());
  if (scope.on()) {
    if (*flag && *index != MPI_UNDEFINED)
      completed(before[static_cast<size_t>(*index)], *st.get());
    else
      tested(before);
  }
  return rc;
}
