// prt/profile.h: per-kernel launch timing, on when PRT_PROFILE is defined (nothing otherwise). A launch wrapped as
// `(::prt::profile::Mark("kernel", stream, __PRETTY_FUNCTION__), launch)` is timed from the Mark's construction to
// the end of the full expression: CUDA/HIP events around it on the GPU backend, the steady clock on the CPU backend
// (where a launch returns when its grid has run). At exit the table goes to the file $PRT_PROFILE_OUT (one line per
// kernel, in the order of their first launches: name, backend, launches, total ms, median ms, min ms, max ms,
// launches not timed; tab-separated), or to stderr. A launch site inside a function template (`k<T, R><<<...>>>`)
// names one kernel per instantiation: when launches of one name come from several instantiations of the enclosing
// function, each gets a row of its own, the name followed by the template arguments
// (`k<T, R> [T = float; R = Red::SUM]`).
#pragma once

#if defined(PRT_PROFILE)

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace prt::profile {

// Every launch's milliseconds, per kernel name; one table per program (inline function statics are shared
// across translation units).
struct Table {
    using Key = std::pair<std::string, std::string>;  // kernel name, template arguments of the launching function
    std::mutex lock;
    std::map<Key, std::vector<double>> times;  // in launch order
    std::map<Key, long> untimed;               // launches whose timing could not be read back
    std::map<Key, long> first;                 // the number of each key's first launch
    long launches = 0;
    const char* backend = "cpu";
    bool registered = false;
};

inline Table& table() {
    static Table* t = new Table();  // never destroyed: atexit writers run after static destructors may have
    return *t;
}

inline void write_table();  // the exit-time writer (below)

// The template arguments of a function signature as __PRETTY_FUNCTION__ spells it: GCC's and nvcc's
// `void run(int) [with T = float; Red R = Red::SUM]`, Clang's `void run(int) [T = float, R = Red::SUM]`; "" for a
// function that is no template.
inline std::string template_arguments(const char* where) {
    if (!where) return "";
    std::string s(where);
    if (s.empty() || s.back() != ']') return "";
    int depth = 0;
    for (size_t i = s.size(); i-- > 0;) {
        if (s[i] == ']') ++depth;
        if (s[i] == '[' && --depth == 0) {
            std::string inner = s.substr(i + 1, s.size() - i - 2);
            return inner.rfind("with ", 0) == 0 ? inner.substr(5) : inner;
        }
    }
    return "";
}

inline void add(const char* name, const char* where, double ms, const char* backend) {
    Table& t = table();
    Table::Key key(name, template_arguments(where));
    std::lock_guard<std::mutex> hold(t.lock);
    t.backend = backend;
    t.first.emplace(key, t.launches++);
    if (ms >= 0) t.times[key].push_back(ms);
    else t.untimed[key] += 1;
}

// Registers the exit-time writer once, at the first launch: after the GPU runtime's own exit handlers, which it
// registered when first called, so the writer runs while the device can still be read.
inline void arm() {
    Table& t = table();
    std::lock_guard<std::mutex> hold(t.lock);
    if (!t.registered) {
        t.registered = true;
        std::atexit(write_table);
    }
}

inline double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

inline void flush_pending();  // the backend part: read back every outstanding timing (defined below)

inline void write_table() {
    flush_pending();
    Table& t = table();
    std::lock_guard<std::mutex> hold(t.lock);
    const char* path = std::getenv("PRT_PROFILE_OUT");
    FILE* out = path && *path ? std::fopen(path, "w") : stderr;
    if (!out) return;
    // One row per kernel name, or per instantiation where one name was launched from several.
    std::map<std::string, std::vector<Table::Key>> names;
    for (auto& entry : t.times) names[entry.first.first].push_back(entry.first);
    for (auto& entry : t.untimed)
        if (!t.times.count(entry.first)) names[entry.first.first].push_back(entry.first);
    std::vector<std::pair<std::string, Table::Key>> rows;
    for (auto& entry : names) {
        if (entry.second.size() == 1) rows.push_back({entry.first, entry.second[0]});
        else
            for (auto& key : entry.second) rows.push_back({entry.first + " [" + key.second + "]", key});
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [&t](const auto& a, const auto& b) { return t.first[a.second] < t.first[b.second]; });
    if (out == stderr) std::fprintf(out, "prt profile (%s): kernel launches total_ms median_ms\n", t.backend);
    for (auto& row : rows) {
        const std::vector<double>& v = t.times[row.second];
        double total = 0, lo = 0, hi = 0;
        for (double x : v) total += x;
        if (!v.empty()) {
            lo = *std::min_element(v.begin(), v.end());
            hi = *std::max_element(v.begin(), v.end());
        }
        std::fprintf(out, "%s\t%s\t%zu\t%.6f\t%.6f\t%.6f\t%.6f\t%ld\n", row.first.c_str(), t.backend, v.size(),
                     total, median(v), lo, hi, t.untimed[row.second]);
    }
    if (out != stderr) std::fclose(out);
}

}  // namespace prt::profile

#if defined(PRT_PROFILE_GPU) || PRT_BACKEND_CUDA || PRT_BACKEND_HIP
#include "gpu/profile.h"
#else
#include "cpu/profile.h"
#endif

#endif  // PRT_PROFILE
