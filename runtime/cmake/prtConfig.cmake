# prtConfig.cmake: find_package(prt) support; point prt_DIR (or CMAKE_PREFIX_PATH) at runtime/cmake.
include("${CMAKE_CURRENT_LIST_DIR}/prt.cmake")
set(prt_FOUND TRUE)
