# prt.cmake: the portable runtime's CMake interface, shared by find_package(prt) and add_subdirectory(runtime).
#
#   prt::prt                        header-only target: include directory, C++17, threads
#   prt::blas, prt::rand, prt::ccl  the libraries behind prtblas*, prtrand*, prtccl*: cuBLAS, cuRAND and NCCL
#                                   under CUDA; hipBLAS, hipRAND and RCCL under HIP; OpenBLAS (and MPI when
#                                   PRT_WITH_MPI is on) on the CPU
#   PRT_BACKEND                     CPU (default), CUDA or HIP; `migrate apply` sets CUDA in the projects it
#                                   migrates, so they keep building for NVIDIA GPUs until told otherwise
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
  # Kernels written for nvcc store through reinterpret_cast'ed vector pointers (uint4*, float4*), which nvcc
  # compiles as written; GCC and Clang at -O2 may reorder such stores unless strict aliasing is off.
  target_compile_options(prt_runtime INTERFACE $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-fno-strict-aliasing>)
  add_library(prt::prt ALIAS prt_runtime)
endif()

# The library areas. Each is an INTERFACE target that links what its backend needs, created once.
if(NOT TARGET prt::blas)
  add_library(prt_blas INTERFACE)
  add_library(prt_rand INTERFACE)
  add_library(prt_ccl INTERFACE)
  target_link_libraries(prt_blas INTERFACE prt::prt)
  target_link_libraries(prt_rand INTERFACE prt::prt)
  target_link_libraries(prt_ccl INTERFACE prt::prt)
  if(PRT_BACKEND STREQUAL "CUDA")
    find_package(CUDAToolkit REQUIRED)
    # Toolkits without the libraries (they come as pip packages too) leave the targets out; such a project
    # passes the libraries' folder in CMAKE_LIBRARY_PATH and they are found by name.
    foreach(_prt_pair IN ITEMS "blas:cublas" "blas:cublasLt" "rand:curand")
      string(REPLACE ":" ";" _prt_pair "${_prt_pair}")
      list(GET _prt_pair 0 _prt_area)
      list(GET _prt_pair 1 _prt_lib)
      if(TARGET CUDA::${_prt_lib})
        target_link_libraries(prt_${_prt_area} INTERFACE CUDA::${_prt_lib})
      else()
        find_library(PRT_${_prt_lib}_LIBRARY ${_prt_lib})
        if(PRT_${_prt_lib}_LIBRARY)
          target_link_libraries(prt_${_prt_area} INTERFACE "${PRT_${_prt_lib}_LIBRARY}")
        endif()
      endif()
    endforeach()
    find_library(PRT_NCCL_LIBRARY nccl)
    if(PRT_NCCL_LIBRARY)
      target_link_libraries(prt_ccl INTERFACE "${PRT_NCCL_LIBRARY}")
    endif()
  elseif(PRT_BACKEND STREQUAL "HIP")
    find_package(hipblas QUIET)
    find_package(hiprand QUIET)
    find_package(rccl QUIET)
    if(TARGET roc::hipblas)
      target_link_libraries(prt_blas INTERFACE roc::hipblas)
    endif()
    if(TARGET hip::hiprand)
      target_link_libraries(prt_rand INTERFACE hip::hiprand)
    endif()
    if(TARGET rccl)
      target_link_libraries(prt_ccl INTERFACE rccl)
    endif()
  else()
    find_package(BLAS REQUIRED)
    target_link_libraries(prt_blas INTERFACE ${BLAS_LIBRARIES})
    option(PRT_WITH_MPI "prtccl across processes through MPI on the CPU backend" OFF)
    if(PRT_WITH_MPI)
      find_package(MPI REQUIRED COMPONENTS CXX)
      target_link_libraries(prt_ccl INTERFACE MPI::MPI_CXX)
      target_compile_definitions(prt_ccl INTERFACE PRT_WITH_MPI)
    endif()
  endif()
  add_library(prt::blas ALIAS prt_blas)
  add_library(prt::rand ALIAS prt_rand)
  add_library(prt::ccl ALIAS prt_ccl)
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
