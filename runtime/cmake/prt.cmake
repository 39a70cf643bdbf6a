# prt.cmake: the portable runtime's CMake interface, shared by find_package(prt) and add_subdirectory(runtime).
#
#   prt::prt                        header-only target: include directory, C++17, threads
#   PRT_BACKEND                     CPU (default), CUDA or HIP
#   prt_set_backend(<CPU|CUDA|HIP>) picks the backend and enables the language it compiles with
#   prt_add_sources(<target> ...)   adds sources to a target; .cu files get the language of the backend
#                                   (C++ with "-x c++" on CPU, CUDA, or HIP) and the target links prt::prt

include_guard(GLOBAL)

get_filename_component(PRT_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}/../include" ABSOLUTE)
set(PRT_BACKEND "CPU" CACHE STRING "Backend of the portable runtime: CPU, CUDA or HIP")
set_property(CACHE PRT_BACKEND PROPERTY STRINGS CPU CUDA HIP)

if(NOT TARGET prt::prt)
  find_package(Threads REQUIRED)
  add_library(prt_runtime INTERFACE)
  target_include_directories(prt_runtime INTERFACE "${PRT_INCLUDE_DIR}")
  target_compile_features(prt_runtime INTERFACE cxx_std_17)
  target_link_libraries(prt_runtime INTERFACE Threads::Threads)
  add_library(prt::prt ALIAS prt_runtime)
endif()

# A macro, not a function: enable_language must run in the calling directory's scope (call it from the
# top-level CMakeLists.txt).
macro(prt_set_backend prt_backend_arg)
  string(TOUPPER "${prt_backend_arg}" _prt_backend)
  if(NOT _prt_backend MATCHES "^(CPU|CUDA|HIP)$")
    message(FATAL_ERROR "prt_set_backend: unknown backend '${prt_backend_arg}' (CPU, CUDA or HIP)")
  endif()
  set(PRT_BACKEND "${_prt_backend}" CACHE STRING "Backend of the portable runtime: CPU, CUDA or HIP" FORCE)
  if(_prt_backend STREQUAL "CUDA" AND NOT CMAKE_CUDA_COMPILER_LOADED)
    enable_language(CUDA)
  elseif(_prt_backend STREQUAL "HIP" AND NOT CMAKE_HIP_COMPILER_LOADED)
    enable_language(HIP)
  endif()
endmacro()

# -DPRT_BACKEND=CUDA|HIP on the command line works too when this file is included from the top-level directory.
if(PRT_BACKEND MATCHES "^(CUDA|HIP)$" AND CMAKE_CURRENT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR)
  prt_set_backend(${PRT_BACKEND})
endif()

function(prt_add_sources target)
  target_sources(${target} PRIVATE ${ARGN})
  foreach(src IN LISTS ARGN)
    if(NOT src MATCHES "\\.cu$")
      continue()
    endif()
    if(PRT_BACKEND STREQUAL "CUDA")
      set_source_files_properties(${src} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE CUDA)
    elseif(PRT_BACKEND STREQUAL "HIP")
      set_source_files_properties(${src} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE HIP)
    else()
      set_source_files_properties(${src} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE CXX)
      if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang|Intel")
        set_property(SOURCE ${src} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_OPTIONS -x c++)
      endif()
    endif()
  endforeach()
  if(PRT_BACKEND STREQUAL "CPU")
    target_compile_definitions(${target} PRIVATE PRT_BACKEND_CPU)
  endif()
  target_link_libraries(${target} PRIVATE prt::prt)
endfunction()
