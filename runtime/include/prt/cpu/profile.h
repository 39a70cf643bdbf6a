// prt/cpu/profile.h: launch timing on the CPU backend: the steady clock around a launch, which returns when its
// grid has run.
#pragma once

#include <chrono>

namespace prt::profile {

inline void flush_pending() {}  // nothing is outstanding: each launch is timed when it returns

// Times the launch that follows it in the same full expression (see prt/profile.h).
class Mark {
  public:
    template <class Stream>
    Mark(const char* name, Stream, const char* where = nullptr) : Mark(name, where) {}
    explicit Mark(const char* name, const char* where = nullptr) : name_(name), where_(where) {
        arm();
        start_ = std::chrono::steady_clock::now();
    }
    Mark(const Mark&) = delete;
    Mark& operator=(const Mark&) = delete;
    ~Mark() {
        std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start_;
        add(name_, where_, ms.count(), "cpu");
    }

  private:
    const char* name_;
    const char* where_;  // the launching function's __PRETTY_FUNCTION__
    std::chrono::steady_clock::time_point start_;
};

}  // namespace prt::profile
