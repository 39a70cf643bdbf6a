# prtConfigVersion.cmake: the runtime is versioned with the migrate package; any requested version matches.
set(PACKAGE_VERSION "0.1.0")
set(PACKAGE_VERSION_COMPATIBLE TRUE)
if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
  set(PACKAGE_VERSION_EXACT TRUE)
endif()
