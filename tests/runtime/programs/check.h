// check.h: tiny harness for the runtime's test programs. A program prints "VALUE <key> <number>" lines (compared
// across backends by benchmarks/runtime_device.sh), "FAIL ..." for each failed check, and finally PASSED or
// FAILED; its exit status is 0 only when every check passed.
#pragma once

#include <prt/prt.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

static int g_failures = 0;

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);       \
            ++g_failures;                                                      \
        }                                                                      \
    } while (0)

#define CHECK_OK(call)                                                                             \
    do {                                                                                           \
        prtError_t e_ = (call);                                                                    \
        if (e_ != prtSuccess) {                                                                    \
            std::printf("FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call, prtGetErrorName(e_)); \
            ++g_failures;                                                                          \
        }                                                                                          \
    } while (0)

#define CHECK_ERR(call, expected)                                                                   \
    do {                                                                                            \
        prtError_t e_ = (call);                                                                     \
        if (e_ != (expected)) {                                                                     \
            std::printf("FAIL %s:%d: %s -> %d, expected %d\n", __FILE__, __LINE__, #call, int(e_),  \
                        int(expected));                                                             \
            ++g_failures;                                                                           \
        }                                                                                           \
    } while (0)

inline void value(const char* key, double v) { std::printf("VALUE %s %.9g\n", key, v); }

inline bool near(double got, double want, double rel = 1e-6, double abs = 1e-12) {
    return std::fabs(got - want) <= abs + rel * std::fabs(want);
}

inline int finish() {
    if (g_failures)
        std::printf("FAILED %d\n", g_failures);
    else
        std::printf("PASSED\n");
    return g_failures ? 1 : 0;
}
