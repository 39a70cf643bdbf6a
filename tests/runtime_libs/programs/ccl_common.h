// ccl_common.h: what the collective test programs share: per-rank buffers and the expected results.
#pragma once

#include <cstdint>
#include <string>

#include "libs_test.h"
#include "prt/ccl.h"

namespace ccl_test {

// The value rank r contributes at index i: small integers and halves, exact in fp16, bf16 and fp32 sums.
inline float value(int r, size_t i) { return static_cast<float>((r + 1) * static_cast<int>(i % 7)) * 0.5f; }

// Runs every collective on rank `rank` of comm (ranks issue the same calls in the same order) and checks it.
// On the calling thread's device; when `grouped`, the caller wraps the calls of all ranks in a group, so the
// results may only be checked afterwards: check() does that.
struct Rank {
  int rank, nranks;
  size_t count;
  float *send, *recv, *gather, *scatter;  // device buffers
  int* ints;                              // device buffer for the integer max
  void* halves;                           // device buffer of fp16
  void* bf16s;                            // device buffer of bf16
  float *ring_out, *ring_in;              // device buffers for send/recv
  float* bcast;                           // device buffer for the broadcast

  void setup(int r, int n, size_t c) {
    rank = r, nranks = n, count = c;
    std::vector<float> v(count);
    for (size_t i = 0; i < count; ++i) v[i] = value(r, i);
    send = libs_test::upload(v);
    recv = static_cast<float*>(libs_test::alloc(count * sizeof(float)));
    gather = static_cast<float*>(libs_test::alloc(count * n * sizeof(float)));
    std::vector<float> big(count * n);
    for (size_t i = 0; i < big.size(); ++i) big[i] = value(r, i);
    scatter = libs_test::upload(big);
    std::vector<int> iv(count);
    for (size_t i = 0; i < count; ++i) iv[i] = static_cast<int>((i * 31 + r * 17) % 101) - 50;
    ints = libs_test::upload(iv);
    std::vector<__half> hv(count);
    std::vector<__nv_bfloat16> bv(count);
    for (size_t i = 0; i < count; ++i) hv[i] = __float2half(v[i]), bv[i] = __float2bfloat16(v[i]);
    halves = libs_test::upload(hv);
    bf16s = libs_test::upload(bv);
    ring_out = libs_test::upload(v);
    ring_in = static_cast<float*>(libs_test::alloc(count * sizeof(float)));
    bcast = static_cast<float*>(libs_test::alloc(count * sizeof(float)));
  }

  // Issues this rank's calls.
  void issue(prtcclComm_t comm) {
    CHECK(prtcclAllReduce(send, recv, count, prtcclFloat, prtcclSum, comm, nullptr) == prtcclSuccess, "allreduce");
    CHECK(prtcclAllReduce(ints, ints, count, prtcclInt32, prtcclMax, comm, nullptr) == prtcclSuccess, "max");
    CHECK(prtcclAllReduce(halves, halves, count, prtcclHalf, prtcclSum, comm, nullptr) == prtcclSuccess, "half");
    CHECK(prtcclAllReduce(bf16s, bf16s, count, prtcclBfloat16, prtcclAvg, comm, nullptr) == prtcclSuccess, "bf16");
    CHECK(prtcclAllGather(send, gather, count, prtcclFloat, comm, nullptr) == prtcclSuccess, "allgather");
    CHECK(prtcclReduceScatter(scatter, scatter + rank * count, count, prtcclFloat, prtcclSum, comm, nullptr) ==
              prtcclSuccess,
          "reducescatter in place");
    CHECK(prtcclSend(ring_out, count, prtcclFloat, (rank + 1) % nranks, comm, nullptr) == prtcclSuccess, "send");
    CHECK(prtcclRecv(ring_in, count, prtcclFloat, (rank + nranks - 1) % nranks, comm, nullptr) == prtcclSuccess,
          "recv");
  }

  // Broadcast and reduce from the last rank, issued after issue() (a second round).
  void issue_rooted(prtcclComm_t comm) {
    const int root = nranks - 1;
    CHECK(prtcclBroadcast(send, bcast, count, prtcclFloat, root, comm, nullptr) == prtcclSuccess, "broadcast");
    CHECK(prtcclReduce(ring_out, ring_out, count, prtcclFloat, prtcclProd, root, comm, nullptr) == prtcclSuccess,
          "reduce");
  }

  void check() {
    libs_test::synchronize();
    const int n = nranks;
    const std::vector<float> r = libs_test::download(recv, count);
    const std::vector<int> iv = libs_test::download(ints, count);
    const std::vector<__half> hv = libs_test::download(static_cast<__half*>(halves), count);
    const std::vector<__nv_bfloat16> bv = libs_test::download(static_cast<__nv_bfloat16*>(bf16s), count);
    const std::vector<float> g = libs_test::download(gather, count * n);
    const std::vector<float> sc = libs_test::download(scatter + rank * count, count);
    const std::vector<float> ring = libs_test::download(ring_in, count);
    int bad = 0;
    for (size_t i = 0; i < count && bad < 5; ++i) {
      float sum = 0;
      int mx = -1000;
      for (int k = 0; k < n; ++k) {
        sum += value(k, i);
        mx = std::max(mx, static_cast<int>((i * 31 + k * 17) % 101) - 50);
      }
      float scattered = 0;
      for (int k = 0; k < n; ++k) scattered += value(k, rank * count + i);
      const float avg = __bfloat162float(__float2bfloat16(sum / n));
      bool ok = true;
      ok &= r[i] == sum;
      ok &= iv[i] == mx;
      ok &= __half2float(hv[i]) == sum;
      ok &= __bfloat162float(bv[i]) == avg;
      ok &= sc[i] == scattered;
      ok &= ring[i] == value((rank + n - 1) % n, i);
      for (int k = 0; k < n; ++k) ok &= g[k * count + i] == value(k, i);
      if (!ok) {
        ++bad;
        CHECK(false, "rank %d index %zu: sum %g/%g max %d/%d half %g bf16 %g/%g scatter %g/%g ring %g", rank, i,
              r[i], sum, iv[i], mx, __half2float(hv[i]), __bfloat162float(bv[i]), avg, sc[i], scattered, ring[i]);
      }
    }
  }

  void check_rooted() {
    libs_test::synchronize();
    const int root = nranks - 1;
    const std::vector<float> r = libs_test::download(bcast, count);
    const std::vector<float> p = libs_test::download(ring_out, count);
    int bad = 0;
    for (size_t i = 0; i < count && bad < 5; ++i) {
      float prod = 1;
      for (int k = 0; k < nranks; ++k) prod *= value(k, i);
      bool ok = r[i] == value(root, i);
      if (rank == root) ok &= p[i] == prod;
      if (!ok) {
        ++bad;
        CHECK(false, "rank %d index %zu: broadcast %g/%g reduce %g/%g", rank, i, r[i], value(root, i), p[i], prod);
      }
    }
  }

  void release() {
    for (void* p : {static_cast<void*>(send), static_cast<void*>(recv), static_cast<void*>(gather),
                    static_cast<void*>(scatter), static_cast<void*>(ints), halves, bf16s,
                    static_cast<void*>(ring_out), static_cast<void*>(ring_in), static_cast<void*>(bcast)}) {
      libs_test::release(p);
    }
  }
};

}  // namespace ccl_test
