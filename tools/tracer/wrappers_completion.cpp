// The C bindings of waits and tests (traced_completion.cpp records them).
#include "traced.hpp"
#include "wrap_support.hpp"

using namespace tracer;

namespace {

using Some = int (*)(int, MPI_Request[], int*, int[], MPI_Status[]);

/// Waitsome and Testsome.
int c_some(Region region, Some call, int incount, MPI_Request requests[], int* outcount, int indices[],
           MPI_Status statuses[])
{
  return waitsome(region, std::vector<MPI_Request>(requests, requests + incount),
                  [&](int& done, int* which, MPI_Status* st) {
                    int rc = with_statuses(statuses, st, incount, [&](MPI_Status* s) {
                      return call(incount, requests, outcount, indices, s);
                    });
                    done = *outcount;
                    if (done != MPI_UNDEFINED)
                      std::copy(indices, indices + done, which);
                    return rc;
                  });
}

} // namespace

int MPI_Wait(MPI_Request* request, MPI_Status* status)
{
  return wait(*request, [&](MPI_Status& st) {
    return with_status(status, st, [&](MPI_Status* s) { return PMPI_Wait(request, s); });
  });
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
  return waitall(std::vector<MPI_Request>(requests, requests + count), [&](MPI_Status* st) {
    return with_statuses(statuses, st, count, [&](MPI_Status* s) { return PMPI_Waitall(count, requests, s); });
  });
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status)
{
  return waitany(std::vector<MPI_Request>(requests, requests + count), [&](int& done, MPI_Status& st) {
    int rc = with_status(status, st, [&](MPI_Status* s) { return PMPI_Waitany(count, requests, index, s); });
    done   = *index;
    return rc;
  });
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[])
{
  return c_some(Region::Waitsome, PMPI_Waitsome, incount, requests, outcount, indices, statuses);
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[])
{
  return c_some(Region::Testsome, PMPI_Testsome, incount, requests, outcount, indices, statuses);
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status)
{
  struct {
    MPI_Request* request;
    int* flag;
    MPI_Status* status;
  } a{request, flag, status};  // captured by one reference: no allocation in this call made millions of times
  return test(*request, [&a](int& done, MPI_Status& st) {
    int rc = with_status(a.status, st, [&a](MPI_Status* s) { return PMPI_Test(a.request, a.flag, s); });
    done   = *a.flag;
    return rc;
  });
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[])
{
  return testall(std::vector<MPI_Request>(requests, requests + count), [&](int& done, MPI_Status* st) {
    int rc = with_statuses(statuses, st, count, [&](MPI_Status* s) { return PMPI_Testall(count, requests, flag, s); });
    done   = *flag;
    return rc;
  });
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status)
{
  return testany(std::vector<MPI_Request>(requests, requests + count), [&](int& which, int& done, MPI_Status& st) {
    int rc = with_status(status, st, [&](MPI_Status* s) { return PMPI_Testany(count, requests, index, flag, s); });
    which  = *index;
    done   = *flag;
    return rc;
  });
}
