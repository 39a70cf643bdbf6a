// prt/ccl.h: collective communication (prtccl*), NCCL's API with a neutral prefix.
//
// NCCL on CUDA (link with -lnccl), RCCL on HIP (-lrccl). On the CPU:
// - prtcclCommInitAll makes ranks inside one process; their buffers are host memory. The calls of one
//   collective may come from one thread inside prtcclGroupStart/End (one call per rank, as with several GPUs
//   driven by one thread) or from one thread per rank.
// - prtcclCommInitRank joins ranks that share a prtcclUniqueId: threads of one process by default, or the
//   processes of an `mpirun` job when the program is built with -DPRT_WITH_MPI (then mpi.h and an MPI library are
//   needed; the runtime calls MPI_Init if the program has not, and every process of MPI_COMM_WORLD must take part
//   in each prtcclCommInitRank, as MPI_Comm_split requires).
// - A call first waits for its stream, then runs; outside a group it returns once its data has arrived, inside
//   one prtcclGroupEnd returns once every call of the group has. So later work on the stream sees the results.
// Collectives run in the order each rank issues them, as in NCCL; sums of floating-point data add ranks in rank
// order (fp16 and bf16 in fp32), so results are deterministic but may differ from NCCL's in the last bits.
#pragma once

#include <cstddef>

#include "prt/config.h"

#include "prt/stream.h"  // prtStream_t, prtStreamSynchronize

#define PRTCCL_UNIQUE_ID_BYTES 128  // size of a prtcclUniqueId (NCCL's NCCL_UNIQUE_ID_BYTES)

// Names a communicator before it exists: made by one rank, sent to the others (e.g. with MPI_Bcast).
typedef struct {
  char internal[PRTCCL_UNIQUE_ID_BYTES];  // opaque bytes
} prtcclUniqueId;

struct prtcclComm;                      // opaque communicator state
typedef struct prtcclComm* prtcclComm_t;  // handle to one rank's communicator

// Result of every prtccl call; values equal NCCL's.
typedef enum {
  prtcclSuccess = 0,             // no error
  prtcclUnhandledCudaError = 1,  // a device runtime call failed
  prtcclSystemError = 2,         // a system or MPI call failed
  prtcclInternalError = 3,       // internal error
  prtcclInvalidArgument = 4,     // an argument is invalid (null pointer, rank or root out of range, bad type)
  prtcclInvalidUsage = 5,        // the ranks' calls do not match (kind, count, type, operation or root)
  prtcclRemoteError = 6,         // a peer failed
  prtcclInProgress = 7,          // a non-blocking operation is still running
  prtcclNumResults = 9           // number of result values
} prtcclResult_t;

// Reduction operation; values equal NCCL's.
typedef enum {
  prtcclSum = 0,   // sum
  prtcclProd = 1,  // product
  prtcclMax = 2,   // maximum
  prtcclMin = 3,   // minimum
  prtcclAvg = 4,   // sum divided by the number of ranks
  prtcclNumOps = 5  // number of built-in operations
} prtcclRedOp_t;

// Element type; values equal NCCL's.
typedef enum {
  prtcclInt8 = 0,      // int8_t
  prtcclChar = 0,      // char (prtcclInt8)
  prtcclUint8 = 1,     // uint8_t
  prtcclInt32 = 2,     // int32_t
  prtcclInt = 2,       // int (prtcclInt32)
  prtcclUint32 = 3,    // uint32_t
  prtcclInt64 = 4,     // int64_t
  prtcclUint64 = 5,    // uint64_t
  prtcclFloat16 = 6,   // __half
  prtcclHalf = 6,      // __half (prtcclFloat16)
  prtcclFloat32 = 7,   // float
  prtcclFloat = 7,     // float (prtcclFloat32)
  prtcclFloat64 = 8,   // double
  prtcclDouble = 8,    // double (prtcclFloat64)
  prtcclBfloat16 = 9   // __nv_bfloat16
} prtcclDataType_t;

// Names a result value.
inline const char* prtcclGetErrorString(prtcclResult_t result);
// Returns the library version (NCCL's encoding on CUDA and HIP; 0 on the CPU).
inline prtcclResult_t prtcclGetVersion(int* version);
// Makes a new unique id (call on one rank, then share it).
inline prtcclResult_t prtcclGetUniqueId(prtcclUniqueId* uniqueId);
// Joins rank `rank` of an nranks-rank communicator named by commId; returns once all ranks have joined.
inline prtcclResult_t prtcclCommInitRank(prtcclComm_t* comm, int nranks, prtcclUniqueId commId, int rank);
// Makes ndev communicators of one clique inside this process, rank i on device devlist[i] (or i if null).
inline prtcclResult_t prtcclCommInitAll(prtcclComm_t* comms, int ndev, const int* devlist);
// Completes a communicator's outstanding operations, before prtcclCommDestroy (NCCL 2.14's ncclCommFinalize; on
// the CPU every call has completed when it returns, or at the end of its group, so none is left).
inline prtcclResult_t prtcclCommFinalize(prtcclComm_t comm);
// Frees a communicator.
inline prtcclResult_t prtcclCommDestroy(prtcclComm_t comm);
// Frees a communicator, abandoning its pending operations.
inline prtcclResult_t prtcclCommAbort(prtcclComm_t comm);
// Returns an error raised by a communicator's asynchronous work (always prtcclSuccess on the CPU).
inline prtcclResult_t prtcclCommGetAsyncError(prtcclComm_t comm, prtcclResult_t* asyncError);
// Returns the number of ranks.
inline prtcclResult_t prtcclCommCount(const prtcclComm_t comm, int* count);
// Returns the device a communicator uses.
inline prtcclResult_t prtcclCommCuDevice(const prtcclComm_t comm, int* device);
// Returns this communicator's rank.
inline prtcclResult_t prtcclCommUserRank(const prtcclComm_t comm, int* rank);

// recvbuff = op over ranks of sendbuff (count elements; in place when sendbuff == recvbuff).
inline prtcclResult_t prtcclAllReduce(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                      prtcclRedOp_t op, prtcclComm_t comm, prtStream_t stream);
// recvbuff on every rank = sendbuff of rank root (count elements).
inline prtcclResult_t prtcclBroadcast(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                      int root, prtcclComm_t comm, prtStream_t stream);
// buff on every rank = buff of rank root (in-place broadcast).
inline prtcclResult_t prtcclBcast(void* buff, size_t count, prtcclDataType_t datatype, int root, prtcclComm_t comm,
                                  prtStream_t stream);
// recvbuff on rank root = op over ranks of sendbuff (count elements).
inline prtcclResult_t prtcclReduce(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                   prtcclRedOp_t op, int root, prtcclComm_t comm, prtStream_t stream);
// recvbuff[r * sendcount, (r + 1) * sendcount) = sendbuff of rank r, on every rank.
inline prtcclResult_t prtcclAllGather(const void* sendbuff, void* recvbuff, size_t sendcount,
                                      prtcclDataType_t datatype, prtcclComm_t comm, prtStream_t stream);
// recvbuff on rank r = block r (recvcount elements) of op over ranks of sendbuff (nranks * recvcount elements).
inline prtcclResult_t prtcclReduceScatter(const void* sendbuff, void* recvbuff, size_t recvcount,
                                          prtcclDataType_t datatype, prtcclRedOp_t op, prtcclComm_t comm,
                                          prtStream_t stream);
// Sends count elements to rank peer, which must post a matching prtcclRecv.
inline prtcclResult_t prtcclSend(const void* sendbuff, size_t count, prtcclDataType_t datatype, int peer,
                                 prtcclComm_t comm, prtStream_t stream);
// Receives count elements from rank peer, which must post a matching prtcclSend.
inline prtcclResult_t prtcclRecv(void* recvbuff, size_t count, prtcclDataType_t datatype, int peer,
                                 prtcclComm_t comm, prtStream_t stream);
// Opens a group: calls until the matching prtcclGroupEnd are issued together (groups nest).
inline prtcclResult_t prtcclGroupStart();
// Closes a group; the outermost one issues the group's calls.
inline prtcclResult_t prtcclGroupEnd();

// Shared by every backend: the name of a result value.
inline const char* prtcclGetErrorString(prtcclResult_t result) {
  switch (result) {
    case prtcclSuccess: return "no error";
    case prtcclUnhandledCudaError: return "unhandled device runtime error";
    case prtcclSystemError: return "unhandled system error";
    case prtcclInternalError: return "internal error";
    case prtcclInvalidArgument: return "invalid argument";
    case prtcclInvalidUsage: return "invalid usage";
    case prtcclRemoteError: return "remote process exited or there was a network error";
    case prtcclInProgress: return "operation in progress";
    default: return "unknown result code";
  }
}

#if PRT_BACKEND_CPU
#include "prt/cpu/ccl.h"
#else
#include "prt/gpu/ccl.h"
#endif
