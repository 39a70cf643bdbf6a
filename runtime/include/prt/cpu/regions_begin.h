// prt/cpu/regions_begin.h: included before each CPU twin of a kernel with barriers (prt/cpu/regions.h), and
// prt/cpu/regions_end.h after it; no include guard, as each twin includes it. With GCC it turns on, for the twin
// only, two loop optimisations of -O3 that the twin's loops over the block's threads need and -O2 leaves out: a
// region such as `if (tid >= offset) v += s[tid - offset];` vectorises once its loop is split where the condition
// changes (-fsplit-loops), and loops whose trip count is known only at run time, over pointers that must be checked
// for overlap, are what -O2's very cheap cost model refuses to vectorise (-fvect-cost-model=dynamic). Options from
// the command line (-fno-strict-aliasing, the -O level: nothing vectorises below -O2) stay as they are; clang's -O2
// vectorises such loops by itself.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER)
#pragma GCC push_options
#pragma GCC optimize("split-loops", "vect-cost-model=dynamic")
#endif
