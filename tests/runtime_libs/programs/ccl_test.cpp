// ccl_test.cpp: prtccl inside one process: prtcclCommInitAll driven by one thread in groups, the same
// communicators driven by one thread per rank, and prtcclCommInitRank joined by threads. CPU: 4 ranks; CUDA and
// HIP: one rank per device (up to 4).
#include <thread>

#include "ccl_common.h"

namespace {

int ranks() {
#if PRT_BACKEND_CPU
  return 4;
#else
  const int n = libs_test::gpu_count();
  return n < 4 ? n : 4;
#endif
}

int device_of(int rank) {
  const int n = libs_test::gpu_count();
  return n > 0 ? rank % n : 0;
}

// One thread drives every rank, each round inside a group.
void test_grouped(prtcclComm_t* comms, int n, size_t count) {
  std::vector<ccl_test::Rank> rs(n);
  for (int r = 0; r < n; ++r) {
    libs_test::set_device(device_of(r));
    rs[r].setup(r, n, count);
  }
  CHECK(prtcclGroupStart() == prtcclSuccess, "group start");
  for (int r = 0; r < n; ++r) {
    libs_test::set_device(device_of(r));
    rs[r].issue(comms[r]);
  }
  CHECK(prtcclGroupEnd() == prtcclSuccess, "group end");
  prtcclGroupStart();
  for (int r = 0; r < n; ++r) {
    libs_test::set_device(device_of(r));
    rs[r].issue_rooted(comms[r]);
  }
  prtcclGroupEnd();
  for (int r = 0; r < n; ++r) {
    libs_test::set_device(device_of(r));
    rs[r].check();
    rs[r].check_rooted();
    rs[r].release();
  }
}

// One thread per rank; point-to-point calls go in a group on each thread so that the ring cannot deadlock.
void test_threads(prtcclComm_t* comms, int n, size_t count) {
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r) {
    threads.emplace_back([=] {
      libs_test::set_device(device_of(r));
      ccl_test::Rank me;
      me.setup(r, n, count);
      prtcclGroupStart();
      me.issue(comms[r]);
      prtcclGroupEnd();
      me.issue_rooted(comms[r]);
      me.check();
      me.check_rooted();
      me.release();
    });
  }
  for (std::thread& t : threads) t.join();
}

// prtcclCommInitRank from one thread per rank, sharing one unique id.
void test_init_rank(int n, size_t count) {
  prtcclUniqueId id;
  CHECK(prtcclGetUniqueId(&id) == prtcclSuccess, "unique id");
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r) {
    threads.emplace_back([=] {
      libs_test::set_device(device_of(r));
      prtcclComm_t comm = nullptr;
      CHECK(prtcclCommInitRank(&comm, n, id, r) == prtcclSuccess, "init rank %d", r);
      int got_n = 0, got_r = -1;
      prtcclCommCount(comm, &got_n);
      prtcclCommUserRank(comm, &got_r);
      CHECK(got_n == n && got_r == r, "rank %d: count %d, user rank %d", r, got_n, got_r);
      ccl_test::Rank me;
      me.setup(r, n, count);
      prtcclGroupStart();
      me.issue(comm);
      prtcclGroupEnd();
      me.check();
      me.release();
      CHECK(prtcclCommFinalize(comm) == prtcclSuccess, "finalize");
      CHECK(prtcclCommDestroy(comm) == prtcclSuccess, "destroy");
    });
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace

int main() {
  const int n = ranks();
  if (n == 0) {
    std::printf("SKIP ccl_test: no device\n");
    return 0;
  }
  std::vector<prtcclComm_t> comms(n);
  CHECK(prtcclCommInitAll(comms.data(), n, nullptr) == prtcclSuccess, "init all");
  for (int r = 0; r < n; ++r) {
    int c = 0, u = -1;
    prtcclCommCount(comms[r], &c);
    prtcclCommUserRank(comms[r], &u);
    CHECK(c == n && u == r, "comm %d: count %d, rank %d", r, c, u);
  }
  test_grouped(comms.data(), n, 1000);
  test_grouped(comms.data(), n, 1);
  test_threads(comms.data(), n, 4099);
  test_init_rank(n, 513);
#if PRT_BACKEND_CPU
  // Ranks that disagree on the count: every rank is told, no buffer is touched.
  float a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  prtcclGroupStart();
  for (int r = 0; r < n; ++r) prtcclAllReduce(a, b, r == 0 ? 3 : 4, prtcclFloat, prtcclSum, comms[r], nullptr);
  CHECK(prtcclGroupEnd() == prtcclInvalidUsage, "mismatched counts are invalid usage");
  CHECK(b[0] == 0, "no data moved after a mismatch");
  CHECK(prtcclAllReduce(a, b, 4, prtcclFloat, prtcclSum, nullptr, nullptr) == prtcclInvalidArgument, "null comm");
  CHECK(prtcclGroupEnd() == prtcclInvalidUsage, "group end without start");
  CHECK(prtcclCommFinalize(nullptr) == prtcclInvalidArgument, "finalize a null comm");
#endif
  CHECK(std::string(prtcclGetErrorString(prtcclInvalidUsage)) == "invalid usage", "error string");
  for (int r = 0; r < n; ++r) CHECK(prtcclCommDestroy(comms[r]) == prtcclSuccess, "destroy");
  return libs_test::finish("ccl_test");
}
