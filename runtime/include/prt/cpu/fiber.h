// prt/cpu/fiber.h: stackful fibers for the CPU backend (one per GPU thread of a block that synchronises).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define PRT_CPU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PRT_CPU_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define PRT_CPU_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PRT_CPU_TSAN 1
#endif
#endif

#if defined(PRT_CPU_ASAN)
extern "C" void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, size_t size);
extern "C" void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old, size_t* size_old);
#endif
#if defined(PRT_CPU_TSAN)
extern "C" void* __tsan_get_current_fiber(void);
extern "C" void* __tsan_create_fiber(unsigned flags);
extern "C" void __tsan_destroy_fiber(void* fiber);
extern "C" void __tsan_switch_to_fiber(void* fiber, unsigned flags);
#endif

// x86-64 System V gets a hand-written switch (six callee-saved registers and the stack pointer); other
// targets, or -DPRT_CPU_UCONTEXT, use ucontext.
#if defined(__x86_64__) && defined(__ELF__) && !defined(PRT_CPU_UCONTEXT)
#define PRT_CPU_ASM_SWITCH 1
// prt_fiber_switch(from, to): saves the current stack pointer to *from and resumes the context saved at to.
// prt_fiber_start: first frame of a new fiber; calls r13(r12) and never returns.
// Emitted into a COMDAT group so that every translation unit may carry it and the linker keeps one copy.
__asm__(
    ".pushsection .text.prt_fiber_switch,\"axG\",@progbits,prt_fiber_switch,comdat\n"
    ".weak prt_fiber_switch\n"
    ".hidden prt_fiber_switch\n"
    ".type prt_fiber_switch,@function\n"
    "prt_fiber_switch:\n"
    "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
    "  ret\n"
    ".size prt_fiber_switch, .-prt_fiber_switch\n"
    ".weak prt_fiber_start\n"
    ".hidden prt_fiber_start\n"
    ".type prt_fiber_start,@function\n"
    "prt_fiber_start:\n"
    "  movq %r12, %rdi\n"
    "  callq *%r13\n"
    "  ud2\n"
    ".size prt_fiber_start, .-prt_fiber_start\n"
    ".popsection\n");
extern "C" void prt_fiber_switch(void** from, void* to);
extern "C" void prt_fiber_start();
#else
#include <ucontext.h>
#endif

namespace prt::cpu {

// One execution context: either a thread's own stack (the scheduler) or a fiber with its own mmap'd stack.
class Context {
public:
    Context() = default;
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;
    ~Context() { release(); }

    // Make this a fiber that runs fn(arg) on a fresh stack of `stack_bytes` (plus a guard page).
    bool create(void (*fn)(void*), void* arg, size_t stack_bytes) {
        size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        stack_bytes = (stack_bytes + page - 1) / page * page;
        map_bytes_ = stack_bytes + page;
        void* m = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                       -1, 0);
        if (m == MAP_FAILED) return false;
        mprotect(m, page, PROT_NONE);  // guard page below the stack
        map_ = m;
        stack_lo_ = static_cast<char*>(m) + page;
        stack_size_ = stack_bytes;
#if defined(PRT_CPU_ASM_SWITCH)
        auto* top = reinterpret_cast<uintptr_t*>(stack_lo_ + stack_size_);
        top -= 2;  // keeps rsp 16-byte aligned when prt_fiber_start calls fn
        *--top = reinterpret_cast<uintptr_t>(&prt_fiber_start);  // return address of the first switch
        *--top = 0;                                             // rbp
        *--top = 0;                                             // rbx
        *--top = reinterpret_cast<uintptr_t>(arg);              // r12
        *--top = reinterpret_cast<uintptr_t>(fn);               // r13
        *--top = 0;                                             // r14
        *--top = 0;                                             // r15
        sp_ = top;
#else
        getcontext(&uc_);
        uc_.uc_stack.ss_sp = stack_lo_;
        uc_.uc_stack.ss_size = stack_size_;
        uc_.uc_link = nullptr;
        entry_fn_ = fn;
        entry_arg_ = arg;
        makecontext(&uc_, reinterpret_cast<void (*)()>(&Context::uc_entry), 2,
                    static_cast<unsigned>(reinterpret_cast<uintptr_t>(this) & 0xffffffffu),
                    static_cast<unsigned>(reinterpret_cast<uintptr_t>(this) >> 32));
#endif
#if defined(PRT_CPU_TSAN)
        tsan_ = __tsan_create_fiber(0);
#endif
        return true;
    }

    // Turn this object into the handle of the calling thread's own context (the scheduler side).
    void adopt_current() {
#if defined(PRT_CPU_TSAN)
        tsan_ = __tsan_get_current_fiber();
        owns_tsan_ = false;
#endif
    }

    // Save the running context into *this and resume `to`.
    void switch_to(Context& to) {
#if defined(PRT_CPU_ASAN)
        void* fake = nullptr;
        if (to.stack_lo_)
            __sanitizer_start_switch_fiber(&fake, to.stack_lo_, to.stack_size_);
        else
            __sanitizer_start_switch_fiber(&fake, asan_home().lo, asan_home().size);
#endif
#if defined(PRT_CPU_TSAN)
        __tsan_switch_to_fiber(to.tsan_, 0);
#endif
#if defined(PRT_CPU_ASM_SWITCH)
        prt_fiber_switch(&sp_, to.sp_);
#else
        swapcontext(&uc_, &to.uc_);
#endif
#if defined(PRT_CPU_ASAN)
        const void* lo = nullptr;
        size_t size = 0;
        __sanitizer_finish_switch_fiber(fake, &lo, &size);
        if (stack_lo_) asan_home() = {lo, size};  // a fiber is only ever resumed from its thread's own stack
#endif
    }

    // Called first thing on a new fiber's stack (keeps the sanitizers' view of stacks right).
    static void on_fiber_entry() {
#if defined(PRT_CPU_ASAN)
        const void* lo = nullptr;
        size_t size = 0;
        __sanitizer_finish_switch_fiber(nullptr, &lo, &size);
        asan_home() = {lo, size};
#endif
    }

private:
#if defined(PRT_CPU_ASAN)
    struct StackBounds {
        const void* lo;
        size_t size;
    };
    static StackBounds& asan_home() {
        static thread_local StackBounds b{nullptr, 0};
        return b;
    }
#endif
    void release() {
#if defined(PRT_CPU_TSAN)
        if (tsan_ && owns_tsan_) __tsan_destroy_fiber(tsan_);
        tsan_ = nullptr;
#endif
        if (map_) munmap(map_, map_bytes_);
        map_ = nullptr;
    }
#if !defined(PRT_CPU_ASM_SWITCH)
    static void uc_entry(unsigned lo, unsigned hi) {
        auto* self = reinterpret_cast<Context*>((static_cast<uintptr_t>(hi) << 32) | lo);
        self->entry_fn_(self->entry_arg_);
        std::abort();
    }
    ucontext_t uc_{};
    void (*entry_fn_)(void*) = nullptr;
    void* entry_arg_ = nullptr;
#endif
    void* sp_ = nullptr;
    void* map_ = nullptr;
    size_t map_bytes_ = 0;
    char* stack_lo_ = nullptr;
    size_t stack_size_ = 0;
#if defined(PRT_CPU_TSAN)
    void* tsan_ = nullptr;
    bool owns_tsan_ = true;
#endif
};

}  // namespace prt::cpu
