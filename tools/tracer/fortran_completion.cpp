// The Fortran bindings of waits and tests (fortran_support.hpp; traced_completion.cpp records them). Fortran's
// indices are 1-based, C's 0-based.
#include "fortran_support.hpp"

using namespace tracer;

FORTRAN_ENTRY(wait, MPI_WAIT, (Int request, Int status, Int ierr))
{
  wait(request_of(request), [=](MPI_Status& st) {
    FortranStatuses f(status, 1);
    real_wait()(request, f.get(), ierr);
    f.to_c(&st, 1);
    return *ierr;
  });
}

FORTRAN_ENTRY(waitall, MPI_WAITALL, (Int count, Int requests, Int statuses, Int ierr))
{
  waitall(requests_of(count, requests), [=](MPI_Status* st) {
    FortranStatuses f(statuses, *count);
    real_waitall()(count, requests, f.get(), ierr);
    f.to_c(st, *count);
    return *ierr;
  });
}

FORTRAN_ENTRY(waitany, MPI_WAITANY, (Int count, Int requests, Int index, Int status, Int ierr))
{
  waitany(requests_of(count, requests), [=](int& done, MPI_Status& st) {
    FortranStatuses f(status, 1);
    real_waitany()(count, requests, index, f.get(), ierr);
    f.to_c(&st, 1);
    done = *index == MPI_UNDEFINED ? MPI_UNDEFINED : *index - 1;
    return *ierr;
  });
}

#define TRACER_FORTRAN_SOME(lower, upper, Name)                                                                       \
  FORTRAN_ENTRY(lower, upper, (Int incount, Int requests, Int outcount, Int indices, Int statuses, Int ierr))        \
  {                                                                                                                   \
    waitsome(Region::Name, requests_of(incount, requests), [=](int& done, int* which, MPI_Status* st) {              \
      FortranStatuses f(statuses, *incount);                                                                          \
      real_##lower()(incount, requests, outcount, indices, f.get(), ierr);                                          \
      done = *outcount;                                                                                               \
      if (done != MPI_UNDEFINED) {                                                                                    \
        f.to_c(st, done);                                                                                             \
        for (int k = 0; k < done; k++)                                                                                \
          which[k] = indices[k] - 1;                                                                                  \
      }                                                                                                               \
      return *ierr;                                                                                                   \
    });                                                                                                               \
  }
TRACER_FORTRAN_SOME(waitsome, MPI_WAITSOME, Waitsome)
TRACER_FORTRAN_SOME(testsome, MPI_TESTSOME, Testsome)

FORTRAN_ENTRY(test, MPI_TEST, (Int request, Int flag, Int status, Int ierr))
{
  test(request_of(request), [=](int& done, MPI_Status& st) {
    FortranStatuses f(status, 1);
    real_test()(request, flag, f.get(), ierr);
    done = *flag;
    if (done)
      f.to_c(&st, 1);
    return *ierr;
  });
}

FORTRAN_ENTRY(testall, MPI_TESTALL, (Int count, Int requests, Int flag, Int statuses, Int ierr))
{
  testall(requests_of(count, requests), [=](int& done, MPI_Status* st) {
    FortranStatuses f(statuses, *count);
    real_testall()(count, requests, flag, f.get(), ierr);
    done = *flag;
    if (done)
      f.to_c(st, *count);
    return *ierr;
  });
}

FORTRAN_ENTRY(testany, MPI_TESTANY, (Int count, Int requests, Int index, Int flag, Int status, Int ierr))
{
  testany(requests_of(count, requests), [=](int& which, int& done, MPI_Status& st) {
    FortranStatuses f(status, 1);
    real_testany()(count, requests, index, flag, f.get(), ierr);
    done  = *flag;
    which = *index == MPI_UNDEFINED ? MPI_UNDEFINED : *index - 1;
    if (done)
      f.to_c(&st, 1);
    return *ierr;
  });
}
