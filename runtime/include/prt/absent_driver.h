// prt/absent_driver.h: driver entry points on the backends without the CUDA driver (CPU, HIP): a lookup succeeds
// and finds nothing, as CUDA answers for a symbol its driver lacks.
#pragma once

#include "prt/absent.h"

inline prtError_t prtGetDriverEntryPointByVersion(const char* symbol, void** funcPtr, unsigned int,
                                                  unsigned long long, prtDriverEntryPointQueryResult* driverStatus) {
    if (!symbol || !funcPtr) return prt::absent::prt_fail(prtErrorInvalidValue);
    *funcPtr = nullptr;
    if (driverStatus) *driverStatus = prtDriverEntryPointSymbolNotFound;
    return prtSuccess;
}
inline prtError_t prtGetDriverEntryPoint(const char* symbol, void** funcPtr, unsigned long long flags,
                                         prtDriverEntryPointQueryResult* driverStatus) {
    return prtGetDriverEntryPointByVersion(symbol, funcPtr, PRT_CUDART_VERSION, flags, driverStatus);
}
