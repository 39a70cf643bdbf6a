// prt/cpu/error.h: error reporting on the CPU backend.
#pragma once

#include "prt/cpu/state.h"

inline prtError_t prtGetLastError() {
    prtError_t e = prt::cpu::last_error();
    prt::cpu::last_error() = prtSuccess;
    return e;
}

inline prtError_t prtPeekAtLastError() { return prt::cpu::last_error(); }

inline const char* prtGetErrorString(prtError_t error) {
    switch (error) {
#define PRT_CPU_STRING(suffix, value, hip, doc) \
    case prt##suffix:                           \
        return doc;
        PRT_ERROR_LIST(PRT_CPU_STRING)
#undef PRT_CPU_STRING
    }
    return "unrecognized error code";
}

inline const char* prtGetErrorName(prtError_t error) {
    switch (error) {
#define PRT_CPU_NAME(suffix, value, hip, doc) \
    case prt##suffix:                         \
        return "prt" #suffix;
        PRT_ERROR_LIST(PRT_CPU_NAME)
#undef PRT_CPU_NAME
    }
    return "prtErrorUnknown";
}
