// prt/gpu/profile.h: launch timing on the GPU backend (CUDA or HIP, through the vendor prefix): an event recorded
// on the launch's stream before it and one after it; the elapsed times are read back in batches and at exit.
#pragma once

#include <deque>
#include <mutex>
#include <vector>

namespace prt::profile {

#if PRT_BACKEND_HIP
constexpr const char* kGpuBackend = "hip";
#else
constexpr const char* kGpuBackend = "cuda";
#endif

// Launches whose stop event has been recorded but not yet read back, and spare events to reuse.
struct Pending {
    struct Launch {
        const char* name;
        const char* where;
        PRT_GPU(Event_t) start;
        PRT_GPU(Event_t) stop;
    };
    std::mutex lock;
    std::deque<Launch> launches;
    std::vector<PRT_GPU(Event_t)> spare;
};

inline Pending& pending() {
    static Pending* p = new Pending();
    return *p;
}

inline PRT_GPU(Event_t) take_event() {
    Pending& p = pending();
    {
        std::lock_guard<std::mutex> hold(p.lock);
        if (!p.spare.empty()) {
            PRT_GPU(Event_t) e = p.spare.back();
            p.spare.pop_back();
            return e;
        }
    }
    PRT_GPU(Event_t) e = nullptr;
    return PRT_GPU(EventCreate)(&e) == PRT_GPU(Success) ? e : nullptr;
}

// Reads back the oldest `count` launches (all with count < 0), waiting for each stop event.
inline void resolve(long count) {
    Pending& p = pending();
    std::lock_guard<std::mutex> hold(p.lock);
    while (!p.launches.empty() && count != 0) {
        Pending::Launch l = p.launches.front();
        p.launches.pop_front();
        float ms = -1;
        if (!l.start || !l.stop || PRT_GPU(EventSynchronize)(l.stop) != PRT_GPU(Success) ||
            PRT_GPU(EventElapsedTime)(&ms, l.start, l.stop) != PRT_GPU(Success))
            ms = -1;
        add(l.name, l.where, ms, kGpuBackend);
        if (l.start) p.spare.push_back(l.start);
        if (l.stop) p.spare.push_back(l.stop);
        if (count > 0) --count;
    }
}

inline void flush_pending() {
    PRT_GPU(DeviceSynchronize)();
    resolve(-1);
}

// Times the launch that follows it in the same full expression (see prt/profile.h).
class Mark {
  public:
    Mark(const char* name, PRT_GPU(Stream_t) stream = 0, const char* where = nullptr)
        : name_(name), where_(where), stream_(stream) {
        arm();
        start_ = take_event();
        if (start_) PRT_GPU(EventRecord)(start_, stream_);
    }
    Mark(const Mark&) = delete;
    Mark& operator=(const Mark&) = delete;
    ~Mark() {
        PRT_GPU(Event_t) stop = take_event();
        if (stop) PRT_GPU(EventRecord)(stop, stream_);
        size_t queued;
        {
            Pending& p = pending();
            std::lock_guard<std::mutex> hold(p.lock);
            p.launches.push_back({name_, where_, start_, stop});
            queued = p.launches.size();
        }
        if (queued >= 4096) resolve(2048);  // long finished by now: reading them back costs no overlap
    }

  private:
    const char* name_;
    const char* where_;  // the launching function's __PRETTY_FUNCTION__
    PRT_GPU(Stream_t) stream_;
    PRT_GPU(Event_t) start_ = nullptr;
};

}  // namespace prt::profile
