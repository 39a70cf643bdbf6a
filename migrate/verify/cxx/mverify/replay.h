// mverify/replay.h: replays a recorded trace through the program that includes it first (portable-runtime code, any
// backend, usually the CPU): before launch i, every buffer argument is loaded with what the original's launch i
// read ($MVERIFY_TRACE_DIR/<i>/<arg>.before); after it, what this launch wrote is saved to $MVERIFY_REPLAY_DIR and
// the buffers are set to what the original wrote, so one diverging kernel does not disturb the launches after it.
#pragma once

#include "prt_device.h"
#include "trace.h"

namespace mverify {

// (prtLaunchKernel)(...) below calls the runtime's function, never a macro of the same name.
template <class... Params, class... Args>
inline prtError_t replay(const char* text, void (*kernel)(Params...), dim3 grid, dim3 block, size_t shmem,
                         prtStream_t stream, Args&&... args) {
    std::tuple<std::decay_t<Params>...> values(std::forward<Args>(args)...);
    auto go = [&] {
        return std::apply([&](auto&... v) { return (::prtLaunchKernel)(kernel, grid, block, shmem, stream, v...); },
                          values);
    };
    static const std::string trace = setting("MVERIFY_TRACE_DIR");
    static const std::string out = setting("MVERIFY_REPLAY_DIR");
    long index = next_launch();
    if (trace.empty() || out.empty() || index >= max_launches()) return go();
    const std::string recorded = launch_dir(trace, index);
    static const std::set<long> skipped = skipped_launches(trace);
    if (skipped.count(index)) return go();  // the recording ran it untraced (over its budget)
    auto load_inputs = [&](const std::string&, Range* r, size_t n, LaunchText& meta) {
        for (size_t i = 0; i < n; ++i)
            if (r[i].size && !load<PrtDevice>(recorded + "/" + std::to_string(i) + ".before", r[i]))
                meta.line("input " + std::to_string(i) + " missing-or-resized");
    };
    auto restore_outputs = [&](const std::string&, Range* r, size_t n) {
        for (size_t i = 0; i < n; ++i)
            if (r[i].size) load<PrtDevice>(recorded + "/" + std::to_string(i) + ".after", r[i]);
    };
    return traced<PrtDevice>(out, kernel_name(text), index, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                             shmem, values, false, go, load_inputs, restore_outputs);
}

}  // namespace mverify

#undef prtLaunchKernel  // the CPU backend defines one for speed; the function form serves here
#define prtLaunchKernel(...) ::mverify::replay(#__VA_ARGS__, __VA_ARGS__)
