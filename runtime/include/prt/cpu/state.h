// prt/cpu/state.h: process state of the CPU backend: last error, allocation registry.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "prt/types.h"

namespace prt::cpu {

inline prtError_t& last_error() {
    static thread_local prtError_t e = prtSuccess;
    return e;
}

// Records a failure as the thread's last error and passes the code through.
inline prtError_t prt_fail(prtError_t e) {
    if (e != prtSuccess) last_error() = e;
    return e;
}

enum class MemKind { Device, Host, Managed, Registered, Symbol };

// Every allocation the runtime made (and every registered host range), so that copies and frees can reject
// pointers CUDA would reject.
class Registry {
public:
    struct Range {
        size_t size;
        MemKind kind;
    };

    static Registry& get() {
        static Registry* r = new Registry();  // never destroyed: allocations may outlive static destructors
        return *r;
    }

    void add(void* p, size_t size, MemKind kind) {
        std::lock_guard<std::mutex> lk(mu_);
        map_[reinterpret_cast<uintptr_t>(p)] = Range{size, kind};
    }

    // Removes the allocation starting exactly at p; false if there is none of that kind.
    bool remove(void* p, MemKind kind) {
        std::lock_guard<std::mutex> lk(mu_);
        auto it = map_.find(reinterpret_cast<uintptr_t>(p));
        if (it == map_.end() || it->second.kind != kind) return false;
        map_.erase(it);
        return true;
    }

    // Finds the allocation holding [p, p+size); returns false when there is none.
    bool find(const void* p, size_t size, MemKind* kind = nullptr) {
        std::lock_guard<std::mutex> lk(mu_);
        uintptr_t a = reinterpret_cast<uintptr_t>(p);
        auto it = map_.upper_bound(a);
        if (it == map_.begin()) return false;
        --it;
        if (a + size > it->first + it->second.size || a < it->first) return false;
        if (size == 0 && a >= it->first + it->second.size) return false;
        if (kind) *kind = it->second.kind;
        return true;
    }

    bool is_device(const void* p, size_t size) {
        MemKind k;
        return find(p, size, &k) && (k == MemKind::Device || k == MemKind::Managed || k == MemKind::Symbol);
    }

    // Frees every device and managed allocation (prtDeviceReset).
    void reset() {
        std::lock_guard<std::mutex> lk(mu_);
        for (auto it = map_.begin(); it != map_.end();) {
            if (it->second.kind == MemKind::Device || it->second.kind == MemKind::Managed) {
                std::free(reinterpret_cast<void*>(it->first));
                it = map_.erase(it);
            } else {
                ++it;
            }
        }
    }

private:
    std::mutex mu_;
    std::map<uintptr_t, Range> map_;
};

constexpr size_t kAlignment = 256;  // alignment of every allocation, as cudaMalloc guarantees

inline void* aligned_alloc_bytes(size_t size) {
    size_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
    return std::aligned_alloc(kAlignment, rounded ? rounded : kAlignment);
}

}  // namespace prt::cpu
