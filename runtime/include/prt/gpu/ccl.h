// prt/gpu/ccl.h: the GPU backend of prt/ccl.h, forwarding to NCCL on CUDA (link with -lnccl) and to RCCL, which
// keeps NCCL's names and values, on HIP (link with -lrccl).
#pragma once

#if PRT_BACKEND_CUDA
#include <nccl.h>
#elif __has_include(<rccl/rccl.h>)
#include <rccl/rccl.h>
#else
#include <rccl.h>
#endif

#include <cstring>

static_assert(sizeof(prtcclUniqueId) == sizeof(ncclUniqueId), "prtcclUniqueId must hold an ncclUniqueId");

namespace prt {
namespace ccl_detail {
inline ncclComm_t native(prtcclComm_t c) { return reinterpret_cast<ncclComm_t>(c); }
inline prtcclResult_t result(ncclResult_t r) { return static_cast<prtcclResult_t>(r); }
inline ncclDataType_t type(prtcclDataType_t t) { return static_cast<ncclDataType_t>(t); }
inline ncclRedOp_t op(prtcclRedOp_t o) { return static_cast<ncclRedOp_t>(o); }
inline PRT_GPU(Stream_t) stream(prtStream_t s) { return (PRT_GPU(Stream_t))s; }
}  // namespace ccl_detail
}  // namespace prt

inline prtcclResult_t prtcclGetVersion(int* version) { return prt::ccl_detail::result(ncclGetVersion(version)); }
inline prtcclResult_t prtcclGetUniqueId(prtcclUniqueId* uniqueId) {
  return prt::ccl_detail::result(ncclGetUniqueId(reinterpret_cast<ncclUniqueId*>(uniqueId)));
}
inline prtcclResult_t prtcclCommInitRank(prtcclComm_t* comm, int nranks, prtcclUniqueId commId, int rank) {
  ncclUniqueId id;
  std::memcpy(&id, &commId, sizeof id);
  return prt::ccl_detail::result(ncclCommInitRank(reinterpret_cast<ncclComm_t*>(comm), nranks, id, rank));
}
inline prtcclResult_t prtcclCommInitAll(prtcclComm_t* comms, int ndev, const int* devlist) {
  return prt::ccl_detail::result(ncclCommInitAll(reinterpret_cast<ncclComm_t*>(comms), ndev, devlist));
}
inline prtcclResult_t prtcclCommFinalize(prtcclComm_t comm) {
  return prt::ccl_detail::result(ncclCommFinalize(prt::ccl_detail::native(comm)));
}
inline prtcclResult_t prtcclCommDestroy(prtcclComm_t comm) {
  return prt::ccl_detail::result(ncclCommDestroy(prt::ccl_detail::native(comm)));
}
inline prtcclResult_t prtcclCommAbort(prtcclComm_t comm) {
  return prt::ccl_detail::result(ncclCommAbort(prt::ccl_detail::native(comm)));
}
inline prtcclResult_t prtcclCommGetAsyncError(prtcclComm_t comm, prtcclResult_t* asyncError) {
  ncclResult_t e = ncclSuccess;
  const ncclResult_t r = ncclCommGetAsyncError(prt::ccl_detail::native(comm), &e);
  if (asyncError != nullptr) *asyncError = prt::ccl_detail::result(e);
  return prt::ccl_detail::result(r);
}
inline prtcclResult_t prtcclCommCount(const prtcclComm_t comm, int* count) {
  return prt::ccl_detail::result(ncclCommCount(prt::ccl_detail::native(comm), count));
}
inline prtcclResult_t prtcclCommCuDevice(const prtcclComm_t comm, int* device) {
  return prt::ccl_detail::result(ncclCommCuDevice(prt::ccl_detail::native(comm), device));
}
inline prtcclResult_t prtcclCommUserRank(const prtcclComm_t comm, int* rank) {
  return prt::ccl_detail::result(ncclCommUserRank(prt::ccl_detail::native(comm), rank));
}

inline prtcclResult_t prtcclAllReduce(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                      prtcclRedOp_t op, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclAllReduce(sendbuff, recvbuff, count, type(datatype), prt::ccl_detail::op(op), native(comm),
                              prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclBroadcast(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                      int root, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclBroadcast(sendbuff, recvbuff, count, type(datatype), root, native(comm),
                              prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclBcast(void* buff, size_t count, prtcclDataType_t datatype, int root, prtcclComm_t comm,
                                  prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclBcast(buff, count, type(datatype), root, native(comm), prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclReduce(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                   prtcclRedOp_t op, int root, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclReduce(sendbuff, recvbuff, count, type(datatype), prt::ccl_detail::op(op), root, native(comm),
                           prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclAllGather(const void* sendbuff, void* recvbuff, size_t sendcount,
                                      prtcclDataType_t datatype, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclAllGather(sendbuff, recvbuff, sendcount, type(datatype), native(comm),
                              prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclReduceScatter(const void* sendbuff, void* recvbuff, size_t recvcount,
                                          prtcclDataType_t datatype, prtcclRedOp_t op, prtcclComm_t comm,
                                          prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclReduceScatter(sendbuff, recvbuff, recvcount, type(datatype), prt::ccl_detail::op(op),
                                  native(comm), prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclSend(const void* sendbuff, size_t count, prtcclDataType_t datatype, int peer,
                                 prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclSend(sendbuff, count, type(datatype), peer, native(comm), prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclRecv(void* recvbuff, size_t count, prtcclDataType_t datatype, int peer,
                                 prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  return result(ncclRecv(recvbuff, count, type(datatype), peer, native(comm), prt::ccl_detail::stream(stream)));
}
inline prtcclResult_t prtcclGroupStart() { return prt::ccl_detail::result(ncclGroupStart()); }
inline prtcclResult_t prtcclGroupEnd() { return prt::ccl_detail::result(ncclGroupEnd()); }
