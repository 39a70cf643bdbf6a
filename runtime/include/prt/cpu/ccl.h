// prt/cpu/ccl.h: the CPU backend of prt/ccl.h: ranks in one process meet in a shared clique; with
// PRT_WITH_MPI, prtcclCommInitRank spans the processes of an MPI job instead (prt/cpu/ccl_mpi.h).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#ifndef PRT_WITH_MPI
#define PRT_WITH_MPI 0  // 1: prtcclCommInitRank joins the processes of an MPI job (needs mpi.h and libmpi)
#endif

namespace prt {
namespace ccl_detail {

// Completion of one rank's part of an operation.
struct Pending {
  bool done = false;                       // set under the clique's lock when the data has arrived
  prtcclResult_t result = prtcclSuccess;  // the outcome for this rank
};

enum class Kind { AllReduce, Broadcast, Reduce, AllGather, ReduceScatter };  // collective kinds

// One collective as the ranks post it: it runs when the last rank arrives.
struct Collective : Pending {
  Kind kind;                         // what to run
  size_t count;                      // elements per rank as the call gives them
  prtcclDataType_t type;             // element type
  prtcclRedOp_t op;                  // reduction
  int root;                          // root rank (broadcast, reduce)
  std::vector<const void*> send;     // per rank
  std::vector<void*> recv;           // per rank
  int arrived = 0;                   // ranks posted so far
};

// One half of a point-to-point transfer, waiting in its channel for the other half.
struct Transfer : Pending {
  void* buffer;   // source (send) or destination (recv)
  size_t bytes;   // its size
};

// Ranks of one communicator inside this process: everything they share, under one lock.
struct Clique {
  explicit Clique(int n) : nranks(n), joined(0) {}
  const int nranks;                                            // number of ranks
  int joined;                                                  // ranks that have joined (CommInitRank)
  std::mutex mutex;                                            // guards everything below
  std::condition_variable cv;                                  // signalled when anything completes
  std::map<uint64_t, std::shared_ptr<Collective>> collectives;  // by sequence number, until all ranks arrive
  std::map<std::pair<int, int>, std::vector<std::shared_ptr<Transfer>>> sends, recvs;  // by (from, to), FIFO
};

inline size_t type_size(prtcclDataType_t t) {
  switch (t) {
    case prtcclInt8: case prtcclUint8: return 1;
    case prtcclFloat16: case prtcclBfloat16: return 2;
    case prtcclInt32: case prtcclUint32: case prtcclFloat32: return 4;
    default: return 8;
  }
}

inline bool valid_type(prtcclDataType_t t) { return t >= prtcclInt8 && t <= prtcclBfloat16; }
inline bool valid_op(prtcclRedOp_t op) { return op >= prtcclSum && op <= prtcclAvg; }

// fp16 and bf16 bits to float and back (round to nearest even).
inline float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1Fu, mant = h & 0x3FFu, bits;
  if (exp == 0x1F) {
    bits = sign | 0x7F800000u | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;
  } else {
    int e = 113;
    while ((mant & 0x400u) == 0) {
      mant <<= 1;
      --e;
    }
    bits = sign | (static_cast<uint32_t>(e) << 23) | ((mant & 0x3FFu) << 13);
  }
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
inline uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t abs = x & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) return sign | (abs > 0x7F800000u ? 0x7E00u : 0x7C00u);
  if (abs >= 0x477FF000u) return sign | 0x7C00u;
  if (abs < 0x38800000u) {
    if (abs < 0x33000000u) return sign;
    const uint32_t e = abs >> 23, mant = (abs & 0x7FFFFFu) | 0x800000u, shift = 126 - e;
    uint32_t q = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (q & 1u))) ++q;
    return sign | static_cast<uint16_t>(q);
  }
  uint32_t r = abs - 0x38000000u;
  const uint32_t rest = r & 0x1FFFu;
  r >>= 13;
  if (rest > 0x1000u || (rest == 0x1000u && (r & 1u))) ++r;
  return sign | static_cast<uint16_t>(r);
}
inline float bf16_to_float(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
inline uint16_t float_to_bf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  x += 0x7FFFu + ((x >> 16) & 1u);
  return static_cast<uint16_t>(x >> 16);
}

// Element storage type T, arithmetic type A, and the conversions between them.
template <class T, class A = T>
struct Plain {
  static A load(const void* p, size_t i) { return static_cast<A>(static_cast<const T*>(p)[i]); }
  static void store(void* p, size_t i, A v) { static_cast<T*>(p)[i] = static_cast<T>(v); }
};
struct Half {
  static float load(const void* p, size_t i) { return half_to_float(static_cast<const uint16_t*>(p)[i]); }
  static void store(void* p, size_t i, float v) { static_cast<uint16_t*>(p)[i] = float_to_half(v); }
};
struct Bf16 {
  static float load(const void* p, size_t i) { return bf16_to_float(static_cast<const uint16_t*>(p)[i]); }
  static void store(void* p, size_t i, float v) { static_cast<uint16_t*>(p)[i] = float_to_bf16(v); }
};

// out[i] = op over k of in[k][offset + i], i < count; ranks combine in rank order.
template <class E>
void reduce_as(const std::vector<const void*>& in, size_t offset, size_t count, prtcclRedOp_t op, void* out) {
  using A = decltype(E::load(nullptr, 0));
  const size_t n = in.size();
  for (size_t i = 0; i < count; ++i) {
    A acc = E::load(in[0], offset + i);
    for (size_t k = 1; k < n; ++k) {
      const A v = E::load(in[k], offset + i);
      switch (op) {
        case prtcclProd: acc = static_cast<A>(acc * v); break;
        case prtcclMax: acc = v > acc ? v : acc; break;
        case prtcclMin: acc = v < acc ? v : acc; break;
        default: acc = static_cast<A>(acc + v); break;
      }
    }
    if (op == prtcclAvg) acc = static_cast<A>(acc / static_cast<A>(n));
    E::store(out, i, acc);
  }
}

// Reduction dispatched on the element type.
inline void reduce(prtcclDataType_t t, const std::vector<const void*>& in, size_t offset, size_t count,
                   prtcclRedOp_t op, void* out) {
  switch (t) {
    case prtcclInt8: reduce_as<Plain<int8_t>>(in, offset, count, op, out); break;
    case prtcclUint8: reduce_as<Plain<uint8_t>>(in, offset, count, op, out); break;
    case prtcclInt32: reduce_as<Plain<int32_t>>(in, offset, count, op, out); break;
    case prtcclUint32: reduce_as<Plain<uint32_t>>(in, offset, count, op, out); break;
    case prtcclInt64: reduce_as<Plain<int64_t>>(in, offset, count, op, out); break;
    case prtcclUint64: reduce_as<Plain<uint64_t>>(in, offset, count, op, out); break;
    case prtcclFloat16: reduce_as<Half>(in, offset, count, op, out); break;
    case prtcclBfloat16: reduce_as<Bf16>(in, offset, count, op, out); break;
    case prtcclFloat32: reduce_as<Plain<float>>(in, offset, count, op, out); break;
    default: reduce_as<Plain<double>>(in, offset, count, op, out); break;
  }
}

// What a thread has issued inside its current group, to wait for at the outermost prtcclGroupEnd.
struct Group {
  int depth = 0;                                                                      // nesting of GroupStart
  std::vector<std::pair<std::shared_ptr<Clique>, std::shared_ptr<Pending>>> pending;  // local operations
};
inline Group& group() {
  static thread_local Group g;
  return g;
}

}  // namespace ccl_detail
}  // namespace prt

#if PRT_WITH_MPI
#include "prt/cpu/ccl_mpi.h"
#endif

// One rank's communicator: in a clique of this process, or (with MPI) in an MPI communicator.
struct prtcclComm {
  std::shared_ptr<prt::ccl_detail::Clique> clique;  // ranks of this process (null for an MPI communicator)
  int rank = 0;                                     // this rank
  int nranks = 0;                                   // number of ranks
  int device = 0;                                   // the device it was made for
  uint64_t collectives = 0;                         // collectives issued so far (their sequence numbers)
#if PRT_WITH_MPI
  MPI_Comm mpi = MPI_COMM_NULL;  // the MPI communicator, for a communicator across processes
#endif
};

namespace prt {
namespace ccl_detail {

// Runs a collective whose ranks have all arrived. Results go through a scratch buffer, so any aliasing of
// send and receive buffers (in-place calls) is safe.
inline void run(Collective& c) {
  const int n = static_cast<int>(c.send.size());
  const size_t es = type_size(c.type), block = c.count * es;
  std::vector<unsigned char> scratch;
  switch (c.kind) {
    case Kind::AllReduce:
      scratch.resize(block);
      reduce(c.type, c.send, 0, c.count, c.op, scratch.data());
      for (int r = 0; r < n; ++r) std::memcpy(c.recv[r], scratch.data(), block);
      break;
    case Kind::Reduce:
      scratch.resize(block);
      reduce(c.type, c.send, 0, c.count, c.op, scratch.data());
      std::memcpy(c.recv[c.root], scratch.data(), block);
      break;
    case Kind::Broadcast:
      scratch.assign(static_cast<const unsigned char*>(c.send[c.root]),
                     static_cast<const unsigned char*>(c.send[c.root]) + block);
      for (int r = 0; r < n; ++r) std::memcpy(c.recv[r], scratch.data(), block);
      break;
    case Kind::AllGather:
      scratch.resize(block * n);
      for (int r = 0; r < n; ++r) std::memcpy(scratch.data() + r * block, c.send[r], block);
      for (int r = 0; r < n; ++r) std::memcpy(c.recv[r], scratch.data(), block * n);
      break;
    case Kind::ReduceScatter:
      scratch.resize(block * n);
      reduce(c.type, c.send, 0, c.count * n, c.op, scratch.data());
      for (int r = 0; r < n; ++r) std::memcpy(c.recv[r], scratch.data() + r * block, block);
      break;
  }
}

// Waits for a local operation's data.
inline prtcclResult_t wait(Clique& clique, Pending& p) {
  std::unique_lock<std::mutex> lock(clique.mutex);
  clique.cv.wait(lock, [&] { return p.done; });
  return p.result;
}

// Issues a local operation: waited for now outside a group, at the group's end inside one.
inline prtcclResult_t issue(const std::shared_ptr<Clique>& clique, const std::shared_ptr<Pending>& p) {
  Group& g = group();
  if (g.depth > 0) {
    g.pending.emplace_back(clique, p);
    return prtcclSuccess;
  }
  return wait(*clique, *p);
}

// Posts this rank's part of a collective; the last rank to arrive runs it.
inline prtcclResult_t post(prtcclComm_t comm, Kind kind, const void* send, void* recv, size_t count,
                           prtcclDataType_t type, prtcclRedOp_t op, int root) {
  Clique& cl = *comm->clique;
  std::shared_ptr<Collective> c;
  bool last = false;
  {
    std::lock_guard<std::mutex> lock(cl.mutex);
    std::shared_ptr<Collective>& slot = cl.collectives[comm->collectives++];
    if (!slot) {
      slot = std::make_shared<Collective>();
      slot->kind = kind;
      slot->count = count;
      slot->type = type;
      slot->op = op;
      slot->root = root;
      slot->send.assign(cl.nranks, nullptr);
      slot->recv.assign(cl.nranks, nullptr);
    } else if (slot->kind != kind || slot->count != count || slot->type != type || slot->op != op ||
               slot->root != root) {
      slot->result = prtcclInvalidUsage;  // the ranks disagree: nobody's buffers are touched
    }
    c = slot;
    c->send[comm->rank] = send;
    c->recv[comm->rank] = recv;
    if (++c->arrived == cl.nranks) {
      last = true;
      cl.collectives.erase(comm->collectives - 1);
    }
  }
  if (last) {
    if (c->result == prtcclSuccess) run(*c);
    std::lock_guard<std::mutex> lock(cl.mutex);
    c->done = true;
    cl.cv.notify_all();
  }
  return issue(comm->clique, c);
}

// Posts one half of a transfer from rank `from` to rank `to`; the second half to arrive copies the data.
inline prtcclResult_t post_transfer(prtcclComm_t comm, bool sending, void* buffer, size_t bytes, int peer) {
  Clique& cl = *comm->clique;
  const std::pair<int, int> channel = sending ? std::make_pair(comm->rank, peer) : std::make_pair(peer, comm->rank);
  auto mine = std::make_shared<Transfer>();
  mine->buffer = buffer;
  mine->bytes = bytes;
  std::shared_ptr<Transfer> other;
  {
    std::lock_guard<std::mutex> lock(cl.mutex);
    auto& waiting = sending ? cl.recvs[channel] : cl.sends[channel];
    if (waiting.empty()) {
      (sending ? cl.sends[channel] : cl.recvs[channel]).push_back(mine);
    } else {
      other = waiting.front();
      waiting.erase(waiting.begin());
    }
  }
  if (other) {
    const std::shared_ptr<Transfer>& src = sending ? mine : other;
    const std::shared_ptr<Transfer>& dst = sending ? other : mine;
    if (src->bytes != dst->bytes) {
      src->result = dst->result = prtcclInvalidUsage;
    } else if (src->bytes > 0) {
      std::memcpy(dst->buffer, src->buffer, src->bytes);
    }
    std::lock_guard<std::mutex> lock(cl.mutex);
    src->done = dst->done = true;
    cl.cv.notify_all();
  }
  return issue(comm->clique, mine);
}

// Registry of communicators being formed by prtcclCommInitRank inside this process, by unique id.
struct Rendezvous {
  std::mutex mutex;                                            // guards cliques
  std::map<std::string, std::shared_ptr<Clique>> cliques;      // forming cliques by id bytes
};
inline Rendezvous& rendezvous() {
  static Rendezvous r;
  return r;
}

// Joins (creating if first) the in-process clique named by id; returns once all nranks have joined.
inline std::shared_ptr<Clique> join(const prtcclUniqueId& id, int nranks) {
  Rendezvous& rv = rendezvous();
  const std::string key(id.internal, sizeof id.internal);
  std::shared_ptr<Clique> clique;
  {
    std::lock_guard<std::mutex> lock(rv.mutex);
    std::shared_ptr<Clique>& slot = rv.cliques[key];
    if (!slot) slot = std::make_shared<Clique>(nranks);
    clique = slot;
    if (clique->nranks != nranks) return nullptr;
    std::lock_guard<std::mutex> inner(clique->mutex);
    if (++clique->joined == nranks) {
      rv.cliques.erase(key);
      clique->cv.notify_all();
    }
  }
  std::unique_lock<std::mutex> lock(clique->mutex);
  clique->cv.wait(lock, [&] { return clique->joined == clique->nranks; });
  return clique;
}

// Common checks of a data call; waits for the stream so that the buffers hold what earlier work wrote.
inline prtcclResult_t enter(prtcclComm_t comm, prtcclDataType_t type, prtStream_t stream) {
  if (comm == nullptr || !valid_type(type)) return prtcclInvalidArgument;
  if (prtStreamSynchronize(stream) != 0) return prtcclUnhandledCudaError;
  return prtcclSuccess;
}

// Runs a collective on whichever kind of communicator comm is.
inline prtcclResult_t collective(prtcclComm_t comm, Kind kind, const void* send, void* recv, size_t count,
                                 prtcclDataType_t type, prtcclRedOp_t op, int root) {
#if PRT_WITH_MPI
  if (comm->mpi != MPI_COMM_NULL) return mpi_collective(comm->mpi, kind, send, recv, count, type, op, root);
#endif
  return post(comm, kind, send, recv, count, type, op, root);
}

}  // namespace ccl_detail
}  // namespace prt

inline prtcclResult_t prtcclGetVersion(int* version) {
  if (version == nullptr) return prtcclInvalidArgument;
  *version = 0;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclGetUniqueId(prtcclUniqueId* uniqueId) {
  if (uniqueId == nullptr) return prtcclInvalidArgument;
  // A tag, 128 random bits and a serial number (two ids made by one process always differ).
  static std::mutex mutex;
  static std::mt19937_64 bits{std::random_device{}() ^ (static_cast<uint64_t>(std::random_device{}()) << 32)};
  static uint64_t serial = 0;
  std::lock_guard<std::mutex> lock(mutex);
  std::memset(uniqueId->internal, 0, sizeof uniqueId->internal);
  const uint64_t words[4] = {0x0101636374727070ull /* a tag: "pprtcc" */, bits(), bits(), ++serial};
  std::memcpy(uniqueId->internal, words, sizeof words);
  return prtcclSuccess;
}

inline prtcclResult_t prtcclCommInitAll(prtcclComm_t* comms, int ndev, const int* devlist) {
  if (comms == nullptr || ndev <= 0) return prtcclInvalidArgument;
  auto clique = std::make_shared<prt::ccl_detail::Clique>(ndev);
  clique->joined = ndev;
  for (int i = 0; i < ndev; ++i) {
    comms[i] = new (std::nothrow) prtcclComm;
    if (comms[i] == nullptr) {
      for (int j = 0; j < i; ++j) delete comms[j];
      return prtcclSystemError;
    }
    comms[i]->clique = clique;
    comms[i]->rank = i;
    comms[i]->nranks = ndev;
    comms[i]->device = devlist != nullptr ? devlist[i] : i;
  }
  return prtcclSuccess;
}

inline prtcclResult_t prtcclCommInitRank(prtcclComm_t* comm, int nranks, prtcclUniqueId commId, int rank) {
  if (comm == nullptr || nranks <= 0 || rank < 0 || rank >= nranks) return prtcclInvalidArgument;
  auto* c = new (std::nothrow) prtcclComm;
  if (c == nullptr) return prtcclSystemError;
  c->rank = rank;
  c->nranks = nranks;
#if PRT_WITH_MPI
  const prtcclResult_t r = prt::ccl_detail::mpi_join(commId, nranks, rank, &c->mpi);
  if (r != prtcclSuccess) {
    delete c;
    return r;
  }
#else
  c->clique = prt::ccl_detail::join(commId, nranks);
  if (!c->clique) {
    delete c;
    return prtcclInvalidUsage;
  }
#endif
  *comm = c;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclCommFinalize(prtcclComm_t comm) {
  return comm == nullptr ? prtcclInvalidArgument : prtcclSuccess;  // nothing is left outstanding here
}

inline prtcclResult_t prtcclCommDestroy(prtcclComm_t comm) {
  if (comm == nullptr) return prtcclInvalidArgument;
#if PRT_WITH_MPI
  if (comm->mpi != MPI_COMM_NULL) prt::ccl_detail::mpi_free(&comm->mpi);
#endif
  delete comm;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclCommAbort(prtcclComm_t comm) { return prtcclCommDestroy(comm); }

inline prtcclResult_t prtcclCommGetAsyncError(prtcclComm_t comm, prtcclResult_t* asyncError) {
  if (comm == nullptr || asyncError == nullptr) return prtcclInvalidArgument;
  *asyncError = prtcclSuccess;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclCommCount(const prtcclComm_t comm, int* count) {
  if (comm == nullptr || count == nullptr) return prtcclInvalidArgument;
  *count = comm->nranks;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclCommCuDevice(const prtcclComm_t comm, int* device) {
  if (comm == nullptr || device == nullptr) return prtcclInvalidArgument;
  *device = comm->device;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclCommUserRank(const prtcclComm_t comm, int* rank) {
  if (comm == nullptr || rank == nullptr) return prtcclInvalidArgument;
  *rank = comm->rank;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclAllReduce(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                      prtcclRedOp_t op, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  if (prtcclResult_t r = enter(comm, datatype, stream)) return r;
  if (!valid_op(op) || (count > 0 && (sendbuff == nullptr || recvbuff == nullptr))) return prtcclInvalidArgument;
  return collective(comm, Kind::AllReduce, sendbuff, recvbuff, count, datatype, op, 0);
}

inline prtcclResult_t prtcclBroadcast(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                      int root, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  if (prtcclResult_t r = enter(comm, datatype, stream)) return r;
  if (root < 0 || root >= comm->nranks || (count > 0 && recvbuff == nullptr)) return prtcclInvalidArgument;
  if (count > 0 && comm->rank == root && sendbuff == nullptr) return prtcclInvalidArgument;
  return collective(comm, Kind::Broadcast, sendbuff, recvbuff, count, datatype, prtcclSum, root);
}

inline prtcclResult_t prtcclBcast(void* buff, size_t count, prtcclDataType_t datatype, int root, prtcclComm_t comm,
                                  prtStream_t stream) {
  return prtcclBroadcast(buff, buff, count, datatype, root, comm, stream);
}

inline prtcclResult_t prtcclReduce(const void* sendbuff, void* recvbuff, size_t count, prtcclDataType_t datatype,
                                   prtcclRedOp_t op, int root, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  if (prtcclResult_t r = enter(comm, datatype, stream)) return r;
  if (!valid_op(op) || root < 0 || root >= comm->nranks || (count > 0 && sendbuff == nullptr)) {
    return prtcclInvalidArgument;
  }
  if (count > 0 && comm->rank == root && recvbuff == nullptr) return prtcclInvalidArgument;
  return collective(comm, Kind::Reduce, sendbuff, recvbuff, count, datatype, op, root);
}

inline prtcclResult_t prtcclAllGather(const void* sendbuff, void* recvbuff, size_t sendcount,
                                      prtcclDataType_t datatype, prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  if (prtcclResult_t r = enter(comm, datatype, stream)) return r;
  if (sendcount > 0 && (sendbuff == nullptr || recvbuff == nullptr)) return prtcclInvalidArgument;
  return collective(comm, Kind::AllGather, sendbuff, recvbuff, sendcount, datatype, prtcclSum, 0);
}

inline prtcclResult_t prtcclReduceScatter(const void* sendbuff, void* recvbuff, size_t recvcount,
                                          prtcclDataType_t datatype, prtcclRedOp_t op, prtcclComm_t comm,
                                          prtStream_t stream) {
  using namespace prt::ccl_detail;
  if (prtcclResult_t r = enter(comm, datatype, stream)) return r;
  if (!valid_op(op) || (recvcount > 0 && (sendbuff == nullptr || recvbuff == nullptr))) return prtcclInvalidArgument;
  return collective(comm, Kind::ReduceScatter, sendbuff, recvbuff, recvcount, datatype, op, 0);
}

inline prtcclResult_t prtcclSend(const void* sendbuff, size_t count, prtcclDataType_t datatype, int peer,
                                 prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  if (prtcclResult_t r = enter(comm, datatype, stream)) return r;
  if (peer < 0 || peer >= comm->nranks || (count > 0 && sendbuff == nullptr)) return prtcclInvalidArgument;
#if PRT_WITH_MPI
  if (comm->mpi != MPI_COMM_NULL) return mpi_transfer(comm->mpi, true, const_cast<void*>(sendbuff), count, datatype, peer);
#endif
  return post_transfer(comm, true, const_cast<void*>(sendbuff), count * type_size(datatype), peer);
}

inline prtcclResult_t prtcclRecv(void* recvbuff, size_t count, prtcclDataType_t datatype, int peer,
                                 prtcclComm_t comm, prtStream_t stream) {
  using namespace prt::ccl_detail;
  if (prtcclResult_t r = enter(comm, datatype, stream)) return r;
  if (peer < 0 || peer >= comm->nranks || (count > 0 && recvbuff == nullptr)) return prtcclInvalidArgument;
#if PRT_WITH_MPI
  if (comm->mpi != MPI_COMM_NULL) return mpi_transfer(comm->mpi, false, recvbuff, count, datatype, peer);
#endif
  return post_transfer(comm, false, recvbuff, count * type_size(datatype), peer);
}

inline prtcclResult_t prtcclGroupStart() {
  ++prt::ccl_detail::group().depth;
  return prtcclSuccess;
}

inline prtcclResult_t prtcclGroupEnd() {
  using namespace prt::ccl_detail;
  Group& g = group();
  if (g.depth == 0) return prtcclInvalidUsage;
  if (--g.depth > 0) return prtcclSuccess;
  prtcclResult_t result = prtcclSuccess;
  for (auto& item : g.pending) {
    const prtcclResult_t r = wait(*item.first, *item.second);
    if (result == prtcclSuccess) result = r;
  }
  g.pending.clear();
#if PRT_WITH_MPI
  const prtcclResult_t r = mpi_complete();
  if (result == prtcclSuccess) result = r;
#endif
  return result;
}
