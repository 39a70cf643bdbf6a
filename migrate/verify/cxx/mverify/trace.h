// mverify/trace.h: what the kernel recorder and the replayer share: the launch counter, the allocation table,
// element type names, and the trace layout: <dir>/<launch>/launch.txt plus <arg>.before and <arg>.after buffers.
#pragma once

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace mverify {

// One device allocation: its first byte and its size.
struct Range {
    uintptr_t base = 0;
    size_t size = 0;
};

// Allocations seen through the wrapped allocators, for backends that cannot be asked for a pointer's range.
class Allocations {
public:
    static Allocations& get() {
        static Allocations* a = new Allocations();  // never destroyed: frees may come from static destructors
        return *a;
    }
    void add(const void* p, size_t size) {
        if (!p || !size) return;
        std::lock_guard<std::mutex> lk(mu_);
        map_[reinterpret_cast<uintptr_t>(p)] = size;
    }
    void remove(const void* p) {
        std::lock_guard<std::mutex> lk(mu_);
        map_.erase(reinterpret_cast<uintptr_t>(p));
    }
    Range find(const void* p) {
        std::lock_guard<std::mutex> lk(mu_);
        uintptr_t a = reinterpret_cast<uintptr_t>(p);
        auto it = map_.upper_bound(a);
        if (it == map_.begin()) return {};
        --it;
        if (a >= it->first + it->second) return {};
        return {it->first, it->second};
    }

private:
    std::mutex mu_;
    std::map<uintptr_t, size_t> map_;
};

// The element type of a buffer or scalar, by the name numpy gives it; "bytes" for anything else.
template <class T>
inline const char* dtype_name() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, float>) return "float32";
    else if constexpr (std::is_same_v<U, double>) return "float64";
    else if constexpr (std::is_same_v<U, bool>) return "bool";
    else if constexpr (std::is_integral_v<U>) {
        constexpr bool s = std::is_signed_v<U>;
        switch (sizeof(U)) {
            case 1: return s ? "int8" : "uint8";
            case 2: return s ? "int16" : "uint16";
            case 4: return s ? "int32" : "uint32";
            default: return s ? "int64" : "uint64";
        }
    } else if constexpr (std::is_enum_v<U>) return dtype_name<std::underlying_type_t<U>>();
    else return "bytes";
}

// Environment settings: the trace to write or read, and how much of it.
inline std::string setting(const char* name, const char* fallback = "") {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string(fallback);
}

inline long max_launches() {
    static long n = std::atol(setting("MVERIFY_MAX_LAUNCHES", "64").c_str());
    return n;
}

inline size_t max_bytes() {
    static size_t n = size_t(std::atoll(setting("MVERIFY_MAX_BYTES", "1073741824").c_str()));
    return n;
}

// What a recording may write in all: a launch whose buffers (before and after) would take the trace past it is
// run untraced and listed in <dir>/skipped.txt, so one program with large arrays cannot fill the disk.
inline size_t max_trace_bytes() {
    static size_t n = size_t(std::atoll(setting("MVERIFY_MAX_TRACE_BYTES", "4294967296").c_str()));
    return n;
}

// Takes `n` bytes of the recording's budget; false (and nothing taken) where they do not fit.
inline bool take_budget(size_t n) {
    static std::mutex mu;
    static size_t used = 0;
    std::lock_guard<std::mutex> lk(mu);
    if (n > max_trace_bytes() - used) return false;
    used += n;
    return true;
}

// The launches a recording left untraced: the first field of each line of <dir>/skipped.txt.
inline std::set<long> skipped_launches(const std::string& root) {
    std::set<long> out;
    FILE* f = std::fopen((root + "/skipped.txt").c_str(), "rb");
    if (!f) return out;
    char chunk[512];
    bool at_start = true;  // a long line comes in several chunks; only the first holds the index
    while (std::fgets(chunk, sizeof chunk, f)) {
        if (at_start) out.insert(std::atol(chunk));
        at_start = std::strchr(chunk, '\n') != nullptr;
    }
    std::fclose(f);
    return out;
}

inline void append_line(const std::string& path, const std::string& line) {
    FILE* f = std::fopen(path.c_str(), "ab");
    if (!f) return;
    std::fputs((line + "\n").c_str(), f);
    std::fclose(f);
}

// The index of the next launch in program order (launches from several host threads get distinct indices).
inline long next_launch() {
    static std::mutex mu;
    static long n = 0;
    std::lock_guard<std::mutex> lk(mu);
    return n++;
}

inline void make_dirs(const std::string& path) {
    for (size_t i = 1; i <= path.size(); ++i)
        if (i == path.size() || path[i] == '/') ::mkdir(path.substr(0, i).c_str(), 0755);
}

inline std::string launch_dir(const std::string& root, long index) {
    char name[32];
    std::snprintf(name, sizeof name, "/%06ld", index);
    return root + name;
}

inline bool write_file(const std::string& path, const void* data, size_t n) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return false;
    bool ok = (n == 0 || std::fwrite(data, 1, n, f) == n);
    return std::fclose(f) == 0 && ok;
}

inline bool read_file(const std::string& path, std::vector<unsigned char>& out) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return false;
    out.clear();
    unsigned char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) out.insert(out.end(), chunk, chunk + got);
    std::fclose(f);
    return true;
}

// The kernel's spelling from the stringified launch arguments: the text before the first top-level comma.
inline std::string kernel_name(const char* text) {
    std::string s;
    int depth = 0;
    for (const char* c = text; *c; ++c) {
        if (*c == '(' || *c == '<' || *c == '[') ++depth;
        if (*c == ')' || *c == '>' || *c == ']') --depth;
        if (*c == ',' && depth <= 0) break;
        if (*c == '\n' || *c == '\t') s += ' ';
        else s += *c;
    }
    size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    s = a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
    while (s.size() > 2 && s.front() == '(' && s.back() == ')') s = s.substr(1, s.size() - 2);  // (k<A, B>)
    return s;
}

template <class T>
inline std::string hex_bytes(const T& value) {
    std::string s;
    const unsigned char* p = reinterpret_cast<const unsigned char*>(&value);
    char two[3];
    for (size_t i = 0; i < sizeof(T); ++i) {
        std::snprintf(two, sizeof two, "%02x", p[i]);
        s += two;
    }
    return s;
}

// What one launch looked like; written as launch.txt, one `key value...` line each.
struct LaunchText {
    std::string text;
    void line(const std::string& s) { text += s + "\n"; }
};

inline std::string dims(unsigned x, unsigned y, unsigned z) {
    return std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z);
}

// How a backend reaches device memory. Device is a class with static sync(), range(p), to_host(), to_device().
template <class Device, class Param>
inline void describe_arg(LaunchText& meta, size_t index, const Param& value, Range* range) {
    using P = std::decay_t<Param>;
    std::string head = "arg " + std::to_string(index) + " ";
    if constexpr (std::is_pointer_v<P>) {
        using E = std::remove_pointer_t<P>;
        const char* dt = dtype_name<E>();
        *range = value ? Device::range(reinterpret_cast<const void*>(value)) : Range{};
        if (!range->size) {
            meta.line(head + "pointer " + dt + " untracked");
            return;
        }
        if (range->size > max_bytes()) {
            meta.line(head + "pointer " + dt + " too-large " + std::to_string(range->size));
            *range = Range{};
            return;
        }
        size_t offset = reinterpret_cast<uintptr_t>(value) - range->base;
        size_t item = 1;
        if constexpr (!std::is_void_v<E>) item = sizeof(E);
        meta.line(head + "buffer " + dt + " " + std::to_string(item) + " " + std::to_string(offset) + " " +
                  std::to_string(range->size));
    } else if constexpr (std::is_arithmetic_v<P> || std::is_enum_v<P>) {
        *range = Range{};
        meta.line(head + "scalar " + dtype_name<P>() + " " + hex_bytes(value));
    } else {
        *range = Range{};
        meta.line(head + "value bytes " + std::to_string(sizeof(P)));  // a struct: its padding is not compared
    }
}

template <class Device>
inline void dump(const std::string& dir, size_t index, const Range& r, const char* suffix) {
    if (!r.size) return;
    std::vector<unsigned char> host(r.size);
    Device::to_host(host.data(), reinterpret_cast<const void*>(r.base), r.size);
    write_file(dir + "/" + std::to_string(index) + suffix, host.data(), host.size());
}

template <class Device>
inline bool load(const std::string& path, const Range& r) {
    std::vector<unsigned char> data;
    if (!r.size || !read_file(path, data)) return false;
    Device::to_device(reinterpret_cast<void*>(r.base), data.data(), data.size() < r.size ? data.size() : r.size);
    return data.size() == r.size;
}

// Runs `launch` between a description and a dump of every buffer argument before and after it. `before` may
// replace buffer contents (the replayer loads the recorded inputs there); `after` runs once the outputs are saved.
template <class Device, class Tuple, class Launch, class Before, class After>
inline auto traced(const std::string& root, const std::string& name, long index, unsigned gx, unsigned gy,
                   unsigned gz, unsigned bx, unsigned by, unsigned bz, size_t shmem, Tuple& values, bool save_before,
                   Launch&& launch, Before&& before, After&& after) {
    constexpr size_t n = std::tuple_size_v<Tuple>;
    std::string dir = launch_dir(root, index);
    LaunchText meta;
    meta.line("kernel " + name);
    meta.line("grid " + dims(gx, gy, gz));
    meta.line("block " + dims(bx, by, bz));
    meta.line("shmem " + std::to_string(shmem));
    Range ranges[n + 1];
    Device::sync();
    std::apply([&](auto&... v) {
        size_t i = 0;
        ((describe_arg<Device>(meta, i, v, &ranges[i]), ++i), ...);
    }, values);
    if (save_before) {  // a recording: its launches share the trace's budget
        size_t bytes = 0;
        for (size_t i = 0; i < n; ++i) bytes += 2 * ranges[i].size;
        if (!take_budget(bytes)) {
            make_dirs(root);
            append_line(root + "/skipped.txt", std::to_string(index) + " " + name + " " + std::to_string(bytes));
            return launch();
        }
    }
    make_dirs(dir);
    before(dir, ranges, n, meta);
    if (save_before)
        for (size_t i = 0; i < n; ++i) dump<Device>(dir, i, ranges[i], ".before");
    auto result = launch();
    Device::sync();
    meta.line(std::string("status ") + Device::status(result));
    for (size_t i = 0; i < n; ++i) dump<Device>(dir, i, ranges[i], ".after");
    write_file(dir + "/launch.txt", meta.text.data(), meta.text.size());
    after(dir, ranges, n);
    return result;
}

}  // namespace mverify
