// prt/cpu/exec.h: the CPU backend's kernel executor: a thread pool runs blocks; threads of a block run as a
// plain loop until one of them synchronises, and from then on as fibers.
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <tuple>
#include <mutex>
#include <thread>
#include <vector>

#include "prt/cpu/fiber.h"
#include "prt/cpu/vector.h"

// Built-in variables of the kernel language. A pool thread runs one block at a time and all of that block's
// fibers, so thread_local storage is per block; the scheduler rewrites threadIdx before resuming a fiber.
inline thread_local uint3 threadIdx;  // index of the running thread within its block
inline thread_local uint3 blockIdx;   // index of the running block within the grid
inline thread_local dim3 blockDim;    // extents of the block
inline thread_local dim3 gridDim;     // extents of the grid
constexpr int warpSize = 32;          // threads per warp on the CPU backend

namespace prt::cpu {

// A type-erased launch: run_loop runs blocks b->range_next .. b->range_hi - 1 as plain loops and returns early
// when a thread of a block synchronises (the block is then in fiber mode); run_thread runs one thread.
struct BlockCtx;
struct Launch {
    void (*run_loop)(const Launch*, BlockCtx*);
    void (*run_thread)(const Launch*);
    dim3 grid, block;
    size_t shared_bytes;
};

enum LaneState : uint8_t { kRunnable, kAtWarp, kAtBlock, kDone };

// Exchange slots of one warp, double-buffered by generation so that a lane that already moved on to the next
// warp operation cannot overwrite values its peers have not read yet.
struct WarpSlots {
    unsigned gen = 0;
    uint32_t arrived[2] = {0, 0};
    uint64_t slot[2][32];
};

struct Fiber;
struct GridBarrier;

// State of the block a pool thread is running.
struct BlockCtx {
    const Launch* launch = nullptr;
    unsigned nthreads = 0;
    bool fiber_mode = false;
    bool leave = false;                // the thread loop stops at this block: promoted, or a region twin ran it
    unsigned cur = 0;                  // linear index of the running thread
    std::vector<uint8_t> state;        // LaneState per thread (fiber mode)
    std::vector<Fiber*> lane_fiber;    // fiber per thread (fiber mode)
    std::vector<WarpSlots> warps;      // warp exchange (fiber mode)
    unsigned bar_gen = 0;              // block barrier generation
    int bar_count[2] = {0, 0};         // threads arriving at the barrier with a true predicate
    int bar_arrived[2] = {0, 0};       // threads arriving at the barrier
    char* dynamic_shared = nullptr;    // extern shared memory of this block
    uint64_t range_next = 0, range_hi = 0;  // blocks (linear indices) the runner fiber has still to run
    bool range_done = false;
    bool regions = false;              // a region-split twin (prt/cpu/regions.h) is running the block
    GridBarrier* grid = nullptr;       // the barrier of the whole grid, under a cooperative launch
    unsigned grid_seen = ~0u;          // the block barrier generation whose grid barrier this block has passed
};

// The barrier of every block of a cooperative launch: each block's OS thread waits here for the others.
struct GridBarrier {
    std::mutex mu;
    std::condition_variable cv;
    uint64_t blocks = 0, arrived = 0, generation = 0;

    void arrive_and_wait() {
        std::unique_lock<std::mutex> lk(mu);
        const uint64_t g = generation;
        if (++arrived == blocks) {
            arrived = 0;
            ++generation;
            cv.notify_all();
            return;
        }
        cv.wait(lk, [&] { return generation != g; });
    }
};

struct Worker;
struct Fiber {
    Context ctx;
    Worker* worker = nullptr;
    bool runner = false;  // runs the plain loop of a block rather than one thread
    unsigned lane = 0;
};

inline size_t env_size(const char* name, size_t fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    char* end = nullptr;
    unsigned long long x = std::strtoull(v, &end, 10);
    return x ? static_cast<size_t>(x) : fallback;
}

// Per-OS-thread executor state: its own context, a reusable set of fibers, the current block.
struct Worker {
    Context home;
    std::vector<std::unique_ptr<Fiber>> fibers;
    BlockCtx blk;
    std::vector<uint64_t> shared_arena;  // backs dynamic shared memory, 8-byte aligned
    size_t stack_bytes = env_size("PRT_CPU_STACK_SIZE", 256 * 1024);

    Worker() { home.adopt_current(); }

    static void fiber_main(void* p) {
        Context::on_fiber_entry();
        auto* f = static_cast<Fiber*>(p);
        for (;;) {
            Worker& w = *f->worker;
            BlockCtx& b = w.blk;
            if (f->runner) {
                // Runs blocks [range_next, range_hi) as plain loops; a block whose thread synchronises is finished
                // by the scheduler on the pool thread's stack, which then resumes this loop at the next block.
                for (;;) {
                    b.fiber_mode = false;
                    b.launch->run_loop(b.launch, &b);
                    if (!b.fiber_mode) break;
                    b.state[b.cur] = kDone;
                    f->ctx.switch_to(w.home);
                }
                b.range_done = true;
            } else {
                b.launch->run_thread(b.launch);
                b.state[f->lane] = kDone;
            }
            f->ctx.switch_to(w.home);
        }
    }

    Fiber* fiber(size_t i) {
        while (fibers.size() <= i) {
            auto f = std::make_unique<Fiber>();
            f->worker = this;
            if (!f->ctx.create(&Worker::fiber_main, f.get(), stack_bytes)) std::abort();
            fibers.push_back(std::move(f));
        }
        return fibers[i].get();
    }

    static void set_thread_index(unsigned lin) {
        unsigned bx = blockDim.x, by = blockDim.y;
        threadIdx = uint3{lin % bx, (lin / bx) % by, lin / (bx * by)};
    }

    // Called on the running thread's stack when it reaches its first synchronising operation in loop mode:
    // threads before it have finished, it keeps the runner fiber, the rest get fibers of their own.
    void promote() {
        BlockCtx& b = blk;
        b.cur = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
        unsigned n = b.nthreads, t = b.cur;
        b.fiber_mode = true;
        b.leave = true;
        b.state.assign(n, kDone);
        b.lane_fiber.assign(n, nullptr);
        b.lane_fiber[t] = fibers[0].get();
        b.state[t] = kRunnable;
        for (unsigned l = t + 1; l < n; ++l) {
            Fiber* f = fiber(l - t);
            f->runner = false;
            f->lane = l;
            b.lane_fiber[l] = f;
            b.state[l] = kRunnable;
        }
        b.warps.assign((n + 31) / 32, WarpSlots{});
        b.bar_gen = 0;
        b.bar_count[0] = b.bar_count[1] = b.bar_arrived[0] = b.bar_arrived[1] = 0;
    }

    // Suspend the running thread until the scheduler resumes it.
    void yield() { blk.lane_fiber[blk.cur]->ctx.switch_to(home); }

    void resume(unsigned lane) {
        blk.cur = lane;
        set_thread_index(lane);
        home.switch_to(blk.lane_fiber[lane]->ctx);
    }

    // Runs the fibers of a promoted block to completion: warp by warp, each warp until no lane can proceed
    // without the others (warp operations release within the warp), then the block barrier. The warps run from
    // the last to the first: where a kernel's first warp gathers a result into shared memory that the others read
    // after a barrier, and goes on to overwrite it before the next barrier (a block reduction called twice with
    // no barrier between the calls), the others have read it by the time the first warp runs, as they have on a
    // GPU, where the warps run side by side.
    void schedule() {
        BlockCtx& b = blk;
        unsigned n = b.nthreads;
        unsigned nwarps = (n + 31) / 32;
        for (;;) {
            for (unsigned wr = nwarps; wr-- > 0;) {
                unsigned wi = wr;
                unsigned lo = wi * 32, hi = std::min(n, lo + 32);
                for (;;) {
                    for (unsigned l = lo; l < hi; ++l)
                        if (b.state[l] == kRunnable) resume(l);
                    bool waiting = false;
                    for (unsigned l = lo; l < hi; ++l)
                        if (b.state[l] == kAtWarp) {
                            b.state[l] = kRunnable;
                            waiting = true;
                        }
                    if (!waiting) break;
                    WarpSlots& ws = b.warps[wi];
                    ++ws.gen;
                    ws.arrived[ws.gen & 1] = 0;
                }
            }
            bool waiting = false;
            for (unsigned l = 0; l < n; ++l)
                if (b.state[l] == kAtBlock) {
                    b.state[l] = kRunnable;
                    waiting = true;
                }
            if (!waiting) break;
            ++b.bar_gen;
            b.bar_count[b.bar_gen & 1] = 0;
            b.bar_arrived[b.bar_gen & 1] = 0;
        }
    }

    // Runs blocks [lo, hi) of the current launch.
    void run_range(uint64_t lo, uint64_t hi) {
        blk.range_next = lo;
        blk.range_hi = hi;
        blk.range_done = false;
        Fiber* r = fiber(0);
        r->runner = true;
        while (!blk.range_done) {
            home.switch_to(r->ctx);
            if (!blk.range_done) schedule();  // a block was promoted to fibers
        }
    }

    void begin_launch(const Launch* L) {
        blk.launch = L;
        blockDim = L->block;
        gridDim = L->grid;
        blk.nthreads = L->block.x * L->block.y * L->block.z;
        size_t words = (L->shared_bytes + 7) / 8;
        if (shared_arena.size() < words) shared_arena.resize(words);
        blk.dynamic_shared = reinterpret_cast<char*>(shared_arena.data());
    }
};

inline Worker& this_worker() {
    static thread_local Worker w;
    return w;
}

// Synchronising operations, called from kernel code. Each one promotes a block still in loop mode. Inside a
// region-split twin no thread can wait for another: reaching one there (through a function the twin's analysis
// could not see into) stops the program rather than give a wrong result.
inline Worker& sync_worker() {
    Worker& w = this_worker();
    if (w.blk.regions) {
        std::fprintf(stderr, "prt: a barrier or warp operation was reached inside a kernel whose threads run as "
                             "region loops (a function it calls synchronises); build with -DPRT_CPU_FIBERS\n");
        std::abort();
    }
    if (!w.blk.fiber_mode) w.promote();
    return w;
}

// __syncthreads and its reductions: returns the number of threads that passed a true predicate; `arrived`
// receives the number of threads that reached the barrier.
inline int block_barrier(int pred, int* arrived = nullptr) {
    Worker& w = sync_worker();
    BlockCtx& b = w.blk;
    unsigned g = b.bar_gen & 1;
    b.bar_count[g] += pred != 0;
    b.bar_arrived[g] += 1;
    b.state[b.cur] = kAtBlock;
    w.yield();
    if (arrived) *arrived = b.bar_arrived[g];
    return b.bar_count[g];
}

// this_grid().sync(): every thread of the block reaches the block's barrier, then the first of them to resume
// waits for every other block of the cooperative launch (the block's other threads, resumed after it on the same
// OS thread, pass straight on).
inline void grid_sync() {
    if (!this_worker().blk.grid) {
        std::fprintf(stderr, "prt: a grid-wide sync outside a cooperative launch (prtLaunchCooperativeKernel)\n");
        std::abort();
    }
    block_barrier(1);
    BlockCtx& b = this_worker().blk;
    if (b.grid_seen != b.bar_gen) {
        b.grid_seen = b.bar_gen;
        b.grid->arrive_and_wait();
    }
}

// Deposits `value` for the calling lane, waits for the warp, and returns the slots of this round.
inline const WarpSlots& warp_exchange(uint64_t value, unsigned* lane_out, unsigned* gen_out) {
    Worker& w = sync_worker();
    BlockCtx& b = w.blk;
    unsigned lane = b.cur % 32;
    WarpSlots& ws = b.warps[b.cur / 32];
    unsigned g = ws.gen & 1;
    ws.slot[g][lane] = value;
    ws.arrived[g] |= 1u << lane;
    b.state[b.cur] = kAtWarp;
    w.yield();
    *lane_out = lane;
    *gen_out = g;
    return ws;
}

// Lanes of the caller's warp that have not exited.
inline unsigned active_lanes() {
    Worker& w = this_worker();
    BlockCtx& b = w.blk;
    unsigned cur = b.fiber_mode ? b.cur : threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned wi = cur / 32, lo = wi * 32, hi = std::min(b.nthreads, lo + 32);
    unsigned mask = 0;
    for (unsigned l = lo; l < hi; ++l)
        if (b.fiber_mode ? b.state[l] != kDone : l >= cur) mask |= 1u << (l - lo);
    return mask;
}

inline char* dynamic_shared() { return this_worker().blk.dynamic_shared; }

// Fixed-size pool of OS threads; the launching thread takes part in its own launches.
class Pool {
public:
    struct Job {
        const Launch* launch;
        uint64_t nblocks;
        uint64_t chunk;
        std::atomic<uint64_t> next{0};
        uint64_t done = 0;    // guarded by the pool mutex
        unsigned active = 0;  // pool threads inside this job, guarded by the pool mutex
    };

    static Pool& get() {
        static Pool* p = new Pool();  // never destroyed: its threads may still sleep at exit
        return *p;
    }

    unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }

    // Runs every block of the launch and returns when all have finished.
    void run(const Launch* L) {
        uint64_t nblocks = uint64_t(L->grid.x) * L->grid.y * L->grid.z;
        Worker& me = this_worker();
        me.begin_launch(L);
        if (reverse_blocks()) {
            // A check for blocks that race: the grid runs on the launching thread, last block first, so a result
            // that depends on the order blocks run in comes out unlike the usual order's.
            for (uint64_t i = nblocks; i-- > 0;) me.run_range(i, i + 1);
            return;
        }
        if (nblocks == 1 || threads_.empty()) {
            me.run_range(0, nblocks);
            return;
        }
        Job job;
        job.launch = L;
        job.nblocks = nblocks;
        job.chunk = std::max<uint64_t>(1, nblocks / (uint64_t(size()) * 8));
        {
            std::lock_guard<std::mutex> lk(mu_);
            queue_.push_back(&job);
        }
        work_cv_.notify_all();
        uint64_t mine = work(me, job);
        std::unique_lock<std::mutex> lk(mu_);
        job.done += mine;
        remove(&job);
        done_cv_.wait(lk, [&] { return job.active == 0 && job.done == job.nblocks; });
    }

    // Runs every block of a cooperative launch at once, each on an OS thread of its own (the launching thread
    // runs the first), so that a grid-wide sync can wait for all of them; returns when all have finished.
    static void run_cooperative(const Launch* L) {
        const uint64_t nblocks = uint64_t(L->grid.x) * L->grid.y * L->grid.z;
        GridBarrier barrier;
        barrier.blocks = nblocks;
        auto block = [L, &barrier](uint64_t i) {
            Worker& w = this_worker();
            w.begin_launch(L);
            w.blk.grid = &barrier;
            w.blk.grid_seen = ~0u;
            w.run_range(i, i + 1);
            w.blk.grid = nullptr;
        };
        std::vector<std::thread> others;
        others.reserve(nblocks - 1);
        for (uint64_t i = 1; i < nblocks; ++i) others.emplace_back(block, i);
        block(0);
        for (auto& t : others) t.join();
    }

private:
    // PRT_CPU_BLOCK_ORDER=reverse: every grid's blocks run one at a time, last to first.
    static bool reverse_blocks() {
        static const bool reverse = [] {
            const char* order = std::getenv("PRT_CPU_BLOCK_ORDER");
            return order != nullptr && std::strcmp(order, "reverse") == 0;
        }();
        return reverse;
    }

    Pool() {
        unsigned n = static_cast<unsigned>(env_size("PRT_CPU_THREADS", std::thread::hardware_concurrency()));
        if (n == 0) n = 1;
        for (unsigned i = 1; i < n; ++i) threads_.emplace_back([this] { loop(); });
        for (auto& t : threads_) t.detach();
    }

    static uint64_t work(Worker& w, Job& job) {
        uint64_t count = 0;
        for (;;) {
            uint64_t lo = job.next.fetch_add(job.chunk, std::memory_order_relaxed);
            if (lo >= job.nblocks) return count;
            uint64_t hi = std::min(job.nblocks, lo + job.chunk);
            w.run_range(lo, hi);
            count += hi - lo;
        }
    }

    void remove(Job* job) {
        auto it = std::find(queue_.begin(), queue_.end(), job);
        if (it != queue_.end()) queue_.erase(it);
    }

    void loop() {
        Worker& me = this_worker();
        std::unique_lock<std::mutex> lk(mu_);
        for (;;) {
            work_cv_.wait(lk, [&] { return !queue_.empty(); });
            Job* job = queue_.front();
            if (job->next.load(std::memory_order_relaxed) >= job->nblocks) {
                queue_.pop_front();
                continue;
            }
            ++job->active;
            lk.unlock();
            me.begin_launch(job->launch);
            uint64_t mine = work(me, *job);
            lk.lock();
            job->done += mine;
            --job->active;
            remove(job);
            if (job->active == 0) done_cv_.notify_all();
        }
    }

    std::mutex mu_;
    std::condition_variable work_cv_, done_cv_;
    std::deque<Job*> queue_;
    std::vector<std::thread> threads_;
};

// The typed launch: Thread(args...) runs the kernel for the current thread; Args is the tuple of converted
// arguments. The loop copies the arguments into locals first, so that the compiler can keep them in registers
// while the (inlined) kernel stores through its pointers.
//
// The threads of a block run x innermost, as a counted loop the compiler can vectorise. Two details make
// CUDA's `int i = blockIdx.x * blockDim.x + threadIdx.x` vectorisable there:
//  - The loop counter is the signed global index g = offset + x (offset = blockIdx.x * blockDim.x), and
//    threadIdx.x is stored as unsigned(g) - offset right before the kernel runs. The kernel's unsigned sum then
//    folds to unsigned(g) and its conversion to int to g itself, an induction variable that cannot wrap, so the
//    accesses are affine. (Counting x in unsigned leaves int(offset + x), which may wrap, and GCC gives up on
//    the access pattern.) The loop is used when the block's global x indices fit in int; otherwise each thread
//    runs through thread_call, one call per thread.
//  - threadIdx.x is stored again after the kernel returns. Kernel stores through pointers may alias threadIdx
//    (a global), so the compiler can only sink the stores of threadIdx.x out of the loop when one of them comes
//    last in the iteration; a store left in the loop stops vectorisation.
// Both stores write the value threadIdx.x holds anyway, so kernels see CUDA's values.
template <class Thread, class Args>
struct LaunchOf : Launch {
    Thread call;
    const Args* args;

    static void loop(const Launch* base, BlockCtx* b) {
        const LaunchOf* self = static_cast<const LaunchOf*>(base);
        Thread f = self->call;
        Args a = *self->args;
        const unsigned gx = base->grid.x, gy = base->grid.y;
        // blockDim as the kernel reads it, so that its blockIdx.x * blockDim.x is the `offset` below.
        const unsigned bx = blockDim.x, by = blockDim.y, bz = blockDim.z;
        const uint64_t hi = b->range_hi;
        uint64_t i = b->range_next;
        unsigned ix = unsigned(i % gx), iy = unsigned((i / gx) % gy), iz = unsigned(i / (uint64_t(gx) * gy));
        for (; i < hi; ++i) {
            blockIdx = uint3{ix, iy, iz};
            b->range_next = i + 1;
            b->fiber_mode = false;
            b->leave = false;
            const unsigned offset = ix * bx;  // blockIdx.x * blockDim.x, the global x index of thread 0
            const bool counted = uint64_t(ix) * bx + bx <= uint64_t(INT_MAX);
            for (unsigned z = 0; z < bz; ++z) {
                threadIdx.z = z;
                for (unsigned y = 0; y < by; ++y) {
                    threadIdx.y = y;
                    if (counted) {
                        const int end = int(offset + bx);
                        for (int g = int(offset); g < end; ++g) {
                            const unsigned x = unsigned(g) - offset;
                            threadIdx.x = x;
                            std::apply(f, a);
                            threadIdx.x = x;
                            if (b->leave) goto left;
                        }
                    } else {
                        for (unsigned x = 0; x < bx; ++x) {
                            threadIdx.x = x;
                            thread_call(base);
                            if (b->leave) goto left;
                        }
                    }
                }
            }
            if (false) {
            left:
                // Promoted: the scheduler runs the rest of the block. Otherwise a region twin (prt/cpu/regions.h)
                // ran every thread of the block from its first, and the others have nothing left to do.
                if (b->fiber_mode) return;
            }
            if (++ix == gx) {
                ix = 0;
                if (++iy == gy) {
                    iy = 0;
                    ++iz;
                }
            }
        }
    }
    static void thread(const Launch* base) {
        const LaunchOf* self = static_cast<const LaunchOf*>(base);
        Thread f = self->call;
        Args a = *self->args;
        std::apply(f, a);
    }
    // One thread, not inlined into the loop (which holds its own inlined copy of the kernel).
    [[gnu::noinline]] static void thread_call(const Launch* base) { thread(base); }

    LaunchOf(Thread f, const Args* a, dim3 g, dim3 blk, size_t shmem)
        : Launch{&loop, &thread, g, blk, shmem}, call(std::move(f)), args(a) {}
};

}  // namespace prt::cpu
