// prt/cpu/ccl_mpi.h: communicators across processes for the CPU backend of prt/ccl.h, on MPI's non-blocking
// collectives (MPI 3). Included by prt/cpu/ccl.h when PRT_WITH_MPI is 1; link with the MPI library (mpicxx).
#pragma once

#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1  // the C API is enough; the deprecated C++ bindings only add warnings
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <climits>
#include <cstdlib>
#include <functional>

namespace prt {
namespace ccl_detail {

// One MPI request of a prtccl call, with what must stay alive until it completes and what to do after.
struct MpiPending {
  MPI_Request request = MPI_REQUEST_NULL;  // the non-blocking MPI operation
  std::vector<unsigned char> scratch;      // a copy of overlapping input, kept until completion
  std::function<void()> finish;            // work after completion (the division of prtcclAvg)
};

// MPI requests a thread has issued inside its current group.
inline std::vector<MpiPending>& mpi_group() {
  static thread_local std::vector<MpiPending> pending;
  return pending;
}

// Calls MPI_Init if the program has not (and MPI_Finalize at exit in that case).
inline void mpi_ensure_init() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  std::atexit([] {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
  });
}

// Element-wise reduction of 16-bit floats for MPI (which has no fp16 or bf16 type), one per operation.
template <int Op>
void mpi_reduce16(void* in, void* inout, int* len, MPI_Datatype* type);

// The MPI types and operations made once for fp16 and bf16.
struct MpiTypes {
  MPI_Datatype half = MPI_DATATYPE_NULL;  // two bytes holding an fp16
  MPI_Datatype bf16 = MPI_DATATYPE_NULL;  // two bytes holding a bf16
  MPI_Op ops[4] = {MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL};  // sum, prod, max, min on them
};
inline const MpiTypes& mpi_types() {
  static const MpiTypes types = [] {
    MpiTypes t;
    MPI_Type_contiguous(2, MPI_BYTE, &t.half);
    MPI_Type_commit(&t.half);
    MPI_Type_contiguous(2, MPI_BYTE, &t.bf16);
    MPI_Type_commit(&t.bf16);
    MPI_Op_create(&mpi_reduce16<prtcclSum>, 1, &t.ops[0]);
    MPI_Op_create(&mpi_reduce16<prtcclProd>, 1, &t.ops[1]);
    MPI_Op_create(&mpi_reduce16<prtcclMax>, 1, &t.ops[2]);
    MPI_Op_create(&mpi_reduce16<prtcclMin>, 1, &t.ops[3]);
    return t;
  }();
  return types;
}

template <int Op>
void mpi_reduce16(void* in, void* inout, int* len, MPI_Datatype* type) {
  const bool bf16 = *type == mpi_types().bf16;
  const std::vector<const void*> inputs = {inout, in};
  const prtcclDataType_t t = bf16 ? prtcclBfloat16 : prtcclFloat16;
  std::vector<uint16_t> out(static_cast<size_t>(*len));
  reduce(t, inputs, 0, out.size(), static_cast<prtcclRedOp_t>(Op), out.data());
  std::memcpy(inout, out.data(), out.size() * sizeof(uint16_t));
}

inline MPI_Datatype mpi_type(prtcclDataType_t t) {
  switch (t) {
    case prtcclInt8: return MPI_INT8_T;
    case prtcclUint8: return MPI_UINT8_T;
    case prtcclInt32: return MPI_INT32_T;
    case prtcclUint32: return MPI_UINT32_T;
    case prtcclInt64: return MPI_INT64_T;
    case prtcclUint64: return MPI_UINT64_T;
    case prtcclFloat16: return mpi_types().half;
    case prtcclBfloat16: return mpi_types().bf16;
    case prtcclFloat32: return MPI_FLOAT;
    default: return MPI_DOUBLE;
  }
}

// The MPI operation for a reduction (prtcclAvg sums; the division follows completion).
inline MPI_Op mpi_op(prtcclDataType_t t, prtcclRedOp_t op) {
  const int index = op == prtcclAvg ? 0 : static_cast<int>(op);
  if (t == prtcclFloat16 || t == prtcclBfloat16) return mpi_types().ops[index];
  static const MPI_Op builtin[4] = {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN};
  return builtin[index];
}

// buffer[i] /= n for i < count, in the buffer's own type (integers truncate, as NCCL's prtcclAvg does).
inline void divide(void* buffer, size_t count, prtcclDataType_t t, int n) {
  switch (t) {
    case prtcclFloat16:
      for (size_t i = 0; i < count; ++i) Half::store(buffer, i, Half::load(buffer, i) / n);
      break;
    case prtcclBfloat16:
      for (size_t i = 0; i < count; ++i) Bf16::store(buffer, i, Bf16::load(buffer, i) / n);
      break;
    case prtcclInt8: for (size_t i = 0; i < count; ++i) static_cast<int8_t*>(buffer)[i] /= n; break;
    case prtcclUint8: for (size_t i = 0; i < count; ++i) static_cast<uint8_t*>(buffer)[i] /= n; break;
    case prtcclInt32: for (size_t i = 0; i < count; ++i) static_cast<int32_t*>(buffer)[i] /= n; break;
    case prtcclUint32: for (size_t i = 0; i < count; ++i) static_cast<uint32_t*>(buffer)[i] /= n; break;
    case prtcclInt64: for (size_t i = 0; i < count; ++i) static_cast<int64_t*>(buffer)[i] /= n; break;
    case prtcclUint64: for (size_t i = 0; i < count; ++i) static_cast<uint64_t*>(buffer)[i] /= n; break;
    case prtcclFloat32: for (size_t i = 0; i < count; ++i) static_cast<float*>(buffer)[i] /= n; break;
    default: for (size_t i = 0; i < count; ++i) static_cast<double*>(buffer)[i] /= n; break;
  }
}

// Waits for one request and runs its follow-up.
inline prtcclResult_t mpi_finish(MpiPending& p) {
  if (MPI_Wait(&p.request, MPI_STATUS_IGNORE) != MPI_SUCCESS) return prtcclSystemError;
  if (p.finish) p.finish();
  return prtcclSuccess;
}

// Issues a request: waited for now outside a group, at the group's end inside one.
inline prtcclResult_t mpi_issue(MpiPending&& p, int status) {
  if (status != MPI_SUCCESS) return prtcclSystemError;
  if (group().depth > 0) {
    mpi_group().push_back(std::move(p));
    return prtcclSuccess;
  }
  return mpi_finish(p);
}

// Completes every request of the calling thread's group.
inline prtcclResult_t mpi_complete() {
  prtcclResult_t result = prtcclSuccess;
  for (MpiPending& p : mpi_group()) {
    const prtcclResult_t r = mpi_finish(p);
    if (result == prtcclSuccess) result = r;
  }
  mpi_group().clear();
  return result;
}

// Do the byte ranges [a, a + an) and [b, b + bn) overlap?
inline bool overlap(const void* a, size_t an, const void* b, size_t bn) {
  const auto x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
  return x < y + bn && y < x + an;
}

// Forms the MPI communicator of the ranks sharing id: every process of MPI_COMM_WORLD calls this together.
inline prtcclResult_t mpi_join(const prtcclUniqueId& id, int nranks, int rank, MPI_Comm* out) {
  mpi_ensure_init();
  uint32_t hash = 2166136261u;  // FNV-1a over the id picks the MPI_Comm_split colour
  for (char c : id.internal) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  if (MPI_Comm_split(MPI_COMM_WORLD, static_cast<int>(hash & 0x7FFFFFFFu), rank, out) != MPI_SUCCESS) {
    return prtcclSystemError;
  }
  int size = 0, me = -1;
  MPI_Comm_size(*out, &size);
  MPI_Comm_rank(*out, &me);
  if (size != nranks || me != rank) {
    MPI_Comm_free(out);
    return prtcclInvalidUsage;
  }
  return prtcclSuccess;
}

// Frees an MPI communicator unless MPI has already been finalised.
inline void mpi_free(MPI_Comm* comm) {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Comm_free(comm);
  *comm = MPI_COMM_NULL;
}

// One collective on an MPI communicator.
inline prtcclResult_t mpi_collective(MPI_Comm comm, Kind kind, const void* send, void* recv, size_t count,
                                     prtcclDataType_t type, prtcclRedOp_t op, int root) {
  if (count > static_cast<size_t>(INT_MAX)) return prtcclInvalidArgument;
  int n = 0, rank = 0;
  MPI_Comm_size(comm, &n);
  MPI_Comm_rank(comm, &rank);
  const int c = static_cast<int>(count);
  const size_t bytes = count * type_size(type);
  const MPI_Datatype dt = mpi_type(type);
  MpiPending p;
  int status = MPI_SUCCESS;
  auto average = [&p, op, type, n](void* buffer, size_t elements) {
    if (op == prtcclAvg) p.finish = [=] { divide(buffer, elements, type, n); };
  };
  switch (kind) {
    case Kind::AllReduce:
      status = MPI_Iallreduce(send == recv ? MPI_IN_PLACE : send, recv, c, dt, mpi_op(type, op), comm, &p.request);
      average(recv, count);
      break;
    case Kind::Reduce:
      status = MPI_Ireduce(rank == root && send == recv ? MPI_IN_PLACE : send, recv, c, dt, mpi_op(type, op), root,
                           comm, &p.request);
      if (rank == root) average(recv, count);
      break;
    case Kind::Broadcast:
      if (rank == root && send != recv && bytes > 0) std::memmove(recv, send, bytes);
      status = MPI_Ibcast(recv, c, dt, root, comm, &p.request);
      break;
    case Kind::AllGather: {
      const void* in = send;
      if (send == static_cast<unsigned char*>(recv) + rank * bytes) {
        in = MPI_IN_PLACE;
      } else if (overlap(send, bytes, recv, bytes * n)) {
        p.scratch.assign(static_cast<const unsigned char*>(send), static_cast<const unsigned char*>(send) + bytes);
        in = p.scratch.data();
      }
      status = MPI_Iallgather(in, c, dt, recv, c, dt, comm, &p.request);
      break;
    }
    case Kind::ReduceScatter: {
      const void* in = send;
      if (overlap(send, bytes * n, recv, bytes)) {
        p.scratch.assign(static_cast<const unsigned char*>(send),
                         static_cast<const unsigned char*>(send) + bytes * n);
        in = p.scratch.data();
      }
      status = MPI_Ireduce_scatter_block(in, recv, c, dt, mpi_op(type, op), comm, &p.request);
      average(recv, count);
      break;
    }
  }
  return mpi_issue(std::move(p), status);
}

// One half of a point-to-point transfer on an MPI communicator (tag 0: MPI keeps their order per peer).
inline prtcclResult_t mpi_transfer(MPI_Comm comm, bool sending, void* buffer, size_t count, prtcclDataType_t type,
                                   int peer) {
  if (count > static_cast<size_t>(INT_MAX)) return prtcclInvalidArgument;
  MpiPending p;
  const int c = static_cast<int>(count);
  const int status = sending ? MPI_Isend(buffer, c, mpi_type(type), peer, 0, comm, &p.request)
                             : MPI_Irecv(buffer, c, mpi_type(type), peer, 0, comm, &p.request);
  return mpi_issue(std::move(p), status);
}

}  // namespace ccl_detail
}  // namespace prt
