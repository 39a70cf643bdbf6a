// prt/cpu/regions_end.h: included after each CPU twin of a kernel with barriers: ends what prt/cpu/regions_begin.h
// turned on. No include guard, as each twin includes it.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER)
#pragma GCC pop_options
#endif
