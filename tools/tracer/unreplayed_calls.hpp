// The MPI calls tireplay does not replay (MPI-IO, neighbourhood collectives; of one-sided communication, the calls
// that take no time in its model: attach, detach, shared_query; MPI_Buffer_attach, and MPI_Buffer_detach, whose wait
// for the buffered messages to leave the replay takes at the end of the rank): the tracer records each as a region,
// so that its time is not taken for computation (MPI_Buffer_detach's was: 86 ms of `compute` for a rank blocked in it
// until its 1 MiB bsend was received), and otf2ti reports the calls and time of the MPI-IO and neighbourhood ones.
// One row per call: C name, Fortran names (lower, upper), OTF2 role, C parameters and arguments (as Open MPI 4.1's
// mpi.h declares them), and the number of arguments of its Fortran binding (ierror and hidden string lengths too).
#pragma once

#define TRACER_UNREPLAYED(X) \
  X(Win_attach, win_attach, WIN_ATTACH, RMA, (MPI_Win win, void *base, MPI_Aint size), (win, base, size), 4) \
  X(Win_detach, win_detach, WIN_DETACH, RMA, (MPI_Win win, const void *base), (win, base), 3) \
  X(Win_shared_query, win_shared_query, WIN_SHARED_QUERY, RMA, (MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr), (win, rank, size, disp_unit, baseptr), 6) \
  X(Buffer_attach, buffer_attach, BUFFER_ATTACH, FUNCTION, (void *buffer, int size), (buffer, size), 3) \
  X(Buffer_detach, buffer_detach, BUFFER_DETACH, FUNCTION, (void *buffer, int *size), (buffer, size), 3) \
  X(File_open, file_open, FILE_OPEN, FILE_IO, (MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh), (comm, filename, amode, info, fh), 7) \
  X(File_close, file_close, FILE_CLOSE, FILE_IO, (MPI_File *fh), (fh), 2) \
  X(File_delete, file_delete, FILE_DELETE, FILE_IO, (const char *filename, MPI_Info info), (filename, info), 4) \
  X(File_set_size, file_set_size, FILE_SET_SIZE, FILE_IO, (MPI_File fh, MPI_Offset size), (fh, size), 3) \
  X(File_preallocate, file_preallocate, FILE_PREALLOCATE, FILE_IO, (MPI_File fh, MPI_Offset size), (fh, size), 3) \
  X(File_get_size, file_get_size, FILE_GET_SIZE, FILE_IO, (MPI_File fh, MPI_Offset *size), (fh, size), 3) \
  X(File_set_view, file_set_view, FILE_SET_VIEW, FILE_IO, (MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char *datarep, MPI_Info info), (fh, disp, etype, filetype, datarep, info), 8) \
  X(File_sync, file_sync, FILE_SYNC, FILE_IO, (MPI_File fh), (fh), 2) \
  X(File_seek, file_seek, FILE_SEEK, FILE_IO, (MPI_File fh, MPI_Offset offset, int whence), (fh, offset, whence), 4) \
  X(File_seek_shared, file_seek_shared, FILE_SEEK_SHARED, FILE_IO, (MPI_File fh, MPI_Offset offset, int whence), (fh, offset, whence), 4) \
  X(File_read, file_read, FILE_READ, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_read_all, file_read_all, FILE_READ_ALL, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_read_at, file_read_at, FILE_READ_AT, FILE_IO, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, offset, buf, count, datatype, status), 7) \
  X(File_read_at_all, file_read_at_all, FILE_READ_AT_ALL, FILE_IO, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, offset, buf, count, datatype, status), 7) \
  X(File_read_shared, file_read_shared, FILE_READ_SHARED, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_read_ordered, file_read_ordered, FILE_READ_ORDERED, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_write, file_write, FILE_WRITE, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_write_all, file_write_all, FILE_WRITE_ALL, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_write_at, file_write_at, FILE_WRITE_AT, FILE_IO, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, offset, buf, count, datatype, status), 7) \
  X(File_write_at_all, file_write_at_all, FILE_WRITE_AT_ALL, FILE_IO, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, offset, buf, count, datatype, status), 7) \
  X(File_write_shared, file_write_shared, FILE_WRITE_SHARED, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_write_ordered, file_write_ordered, FILE_WRITE_ORDERED, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status), (fh, buf, count, datatype, status), 6) \
  X(File_iread, file_iread, FILE_IREAD, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, buf, count, datatype, request), 6) \
  X(File_iread_all, file_iread_all, FILE_IREAD_ALL, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, buf, count, datatype, request), 6) \
  X(File_iread_at, file_iread_at, FILE_IREAD_AT, FILE_IO, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, offset, buf, count, datatype, request), 7) \
  X(File_iread_at_all, file_iread_at_all, FILE_IREAD_AT_ALL, FILE_IO, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, offset, buf, count, datatype, request), 7) \
  X(File_iread_shared, file_iread_shared, FILE_IREAD_SHARED, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, buf, count, datatype, request), 6) \
  X(File_iwrite, file_iwrite, FILE_IWRITE, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, buf, count, datatype, request), 6) \
  X(File_iwrite_all, file_iwrite_all, FILE_IWRITE_ALL, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, buf, count, datatype, request), 6) \
  X(File_iwrite_at, file_iwrite_at, FILE_IWRITE_AT, FILE_IO, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, offset, buf, count, datatype, request), 7) \
  X(File_iwrite_at_all, file_iwrite_at_all, FILE_IWRITE_AT_ALL, FILE_IO, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, offset, buf, count, datatype, request), 7) \
  X(File_iwrite_shared, file_iwrite_shared, FILE_IWRITE_SHARED, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request), (fh, buf, count, datatype, request), 6) \
  X(File_read_all_begin, file_read_all_begin, FILE_READ_ALL_BEGIN, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype), (fh, buf, count, datatype), 5) \
  X(File_read_all_end, file_read_all_end, FILE_READ_ALL_END, FILE_IO, (MPI_File fh, void *buf, MPI_Status *status), (fh, buf, status), 4) \
  X(File_write_all_begin, file_write_all_begin, FILE_WRITE_ALL_BEGIN, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype), (fh, buf, count, datatype), 5) \
  X(File_write_all_end, file_write_all_end, FILE_WRITE_ALL_END, FILE_IO, (MPI_File fh, const void *buf, MPI_Status *status), (fh, buf, status), 4) \
  X(File_read_at_all_begin, file_read_at_all_begin, FILE_READ_AT_ALL_BEGIN, FILE_IO, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype), (fh, offset, buf, count, datatype), 6) \
  X(File_read_at_all_end, file_read_at_all_end, FILE_READ_AT_ALL_END, FILE_IO, (MPI_File fh, void *buf, MPI_Status *status), (fh, buf, status), 4) \
  X(File_write_at_all_begin, file_write_at_all_begin, FILE_WRITE_AT_ALL_BEGIN, FILE_IO, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype), (fh, offset, buf, count, datatype), 6) \
  X(File_write_at_all_end, file_write_at_all_end, FILE_WRITE_AT_ALL_END, FILE_IO, (MPI_File fh, const void *buf, MPI_Status *status), (fh, buf, status), 4) \
  X(File_read_ordered_begin, file_read_ordered_begin, FILE_READ_ORDERED_BEGIN, FILE_IO, (MPI_File fh, void *buf, int count, MPI_Datatype datatype), (fh, buf, count, datatype), 5) \
  X(File_read_ordered_end, file_read_ordered_end, FILE_READ_ORDERED_END, FILE_IO, (MPI_File fh, void *buf, MPI_Status *status), (fh, buf, status), 4) \
  X(File_write_ordered_begin, file_write_ordered_begin, FILE_WRITE_ORDERED_BEGIN, FILE_IO, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype), (fh, buf, count, datatype), 5) \
  X(File_write_ordered_end, file_write_ordered_end, FILE_WRITE_ORDERED_END, FILE_IO, (MPI_File fh, const void *buf, MPI_Status *status), (fh, buf, status), 4) \
  X(Neighbor_allgather, neighbor_allgather, NEIGHBOR_ALLGATHER, COLL_OTHER, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm), (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), 8) \
  X(Neighbor_allgatherv, neighbor_allgatherv, NEIGHBOR_ALLGATHERV, COLL_OTHER, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm), (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm), 9) \
  X(Neighbor_alltoall, neighbor_alltoall, NEIGHBOR_ALLTOALL, COLL_OTHER, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm), (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), 8) \
  X(Neighbor_alltoallv, neighbor_alltoallv, NEIGHBOR_ALLTOALLV, COLL_OTHER, (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm), (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm), 10) \
  X(Neighbor_alltoallw, neighbor_alltoallw, NEIGHBOR_ALLTOALLW, COLL_OTHER, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm), (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm), 10) \
  X(Ineighbor_allgather, ineighbor_allgather, INEIGHBOR_ALLGATHER, COLL_OTHER, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request), (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), 9) \
  X(Ineighbor_allgatherv, ineighbor_allgatherv, INEIGHBOR_ALLGATHERV, COLL_OTHER, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request), (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request), 10) \
  X(Ineighbor_alltoall, ineighbor_alltoall, INEIGHBOR_ALLTOALL, COLL_OTHER, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request), (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), 9) \
  X(Ineighbor_alltoallv, ineighbor_alltoallv, INEIGHBOR_ALLTOALLV, COLL_OTHER, (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request), (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request), 11) \
  X(Ineighbor_alltoallw, ineighbor_alltoallw, INEIGHBOR_ALLTOALLW, COLL_OTHER, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request), (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request), 11)
