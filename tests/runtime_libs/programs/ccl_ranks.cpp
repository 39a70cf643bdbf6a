// ccl_ranks.cpp: prtccl across ranks joined by prtcclCommInitRank: one rank per process under mpirun when
// built with -DPRT_WITH_MPI (CPU backend), else one thread per rank (argv[1] ranks, default 2; on CUDA and HIP
// one device each). Runs every collective, checks it, and prints an all-reduce digest that is the same on every
// backend, so a CPU/MPI run and an NCCL run of this source can be compared line for line.
#include <thread>

#include "ccl_common.h"

#if PRT_WITH_MPI
#include <mpi.h>
#endif

namespace {

constexpr size_t kCount = 1 << 20;  // elements per rank in the all-reduce digest

// Sum over ranks, fp32, of value(r, i) for a large buffer; returns a digest of the result.
double allreduce_digest(prtcclComm_t comm, int rank) {
  std::vector<float> v(kCount);
  for (size_t i = 0; i < kCount; ++i) v[i] = ccl_test::value(rank, i);
  float* d = libs_test::upload(v);
  CHECK(prtcclAllReduce(d, d, kCount, prtcclFloat, prtcclSum, comm, nullptr) == prtcclSuccess, "big allreduce");
  libs_test::synchronize();
  const std::vector<float> out = libs_test::download(d, kCount);
  libs_test::release(d);
  double digest = 0;
  for (size_t i = 0; i < kCount; ++i) digest += out[i] * static_cast<double>(i % 13 + 1);
  return digest;
}

void run_rank(prtcclComm_t comm, int rank, int n) {
  int got_n = 0, got_r = -1;
  prtcclCommCount(comm, &got_n);
  prtcclCommUserRank(comm, &got_r);
  CHECK(got_n == n && got_r == rank, "count %d rank %d", got_n, got_r);
  for (size_t count : {size_t(1), size_t(1000), size_t(65537)}) {
    ccl_test::Rank me;
    me.setup(rank, n, count);
    prtcclGroupStart();
    me.issue(comm);
    prtcclGroupEnd();
    me.issue_rooted(comm);
    me.check();
    me.check_rooted();
    me.release();
  }
  const double digest = allreduce_digest(comm, rank);
  if (rank == 0) std::printf("allreduce ranks=%d count=%zu digest=%.1f\n", n, kCount, digest);
}

}  // namespace

int main(int argc, char** argv) {
#if PRT_WITH_MPI
  MPI_Init(&argc, &argv);
  int rank = 0, n = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  prtcclUniqueId id;
  if (rank == 0) CHECK(prtcclGetUniqueId(&id) == prtcclSuccess, "unique id");
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  prtcclComm_t comm = nullptr;
  CHECK(prtcclCommInitRank(&comm, n, id, rank) == prtcclSuccess, "init rank %d", rank);
  run_rank(comm, rank, n);
  CHECK(prtcclCommFinalize(comm) == prtcclSuccess, "finalize");
  CHECK(prtcclCommDestroy(comm) == prtcclSuccess, "destroy");
  // Every process reports; the exit status carries its own checks.
  char name[32];
  std::snprintf(name, sizeof name, "ccl_ranks[%d/%d]", rank, n);
  const int status = libs_test::finish(name);
  MPI_Finalize();
  return status;
#else
  const int n = argc > 1 ? std::atoi(argv[1]) : 2;
#if !PRT_BACKEND_CPU
  const int gpus = libs_test::gpu_count();
  if (gpus == 0) {
    std::printf("SKIP ccl_ranks: no device\n");
    return 0;
  }
#endif
  prtcclUniqueId id;
  CHECK(prtcclGetUniqueId(&id) == prtcclSuccess, "unique id");
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r) {
    threads.emplace_back([=] {
#if !PRT_BACKEND_CPU
      libs_test::set_device(r % gpus);
#endif
      prtcclComm_t comm = nullptr;
      CHECK(prtcclCommInitRank(&comm, n, id, r) == prtcclSuccess, "init rank %d", r);
      run_rank(comm, r, n);
      CHECK(prtcclCommDestroy(comm) == prtcclSuccess, "destroy");
    });
  }
  for (std::thread& t : threads) t.join();
  return libs_test::finish("ccl_ranks");
#endif
}
