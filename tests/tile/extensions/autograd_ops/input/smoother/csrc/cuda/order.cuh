#pragma once

// Runs the lambda with ORDER a compile-time constant equal to the order given.
#define DISPATCH_ORDER(order, ...)                                             \
  [&] {                                                                        \
    switch (order) {                                                           \
    case 1: {                                                                  \
      const int64_t ORDER = 1;                                                 \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    case 2: {                                                                  \
      const int64_t ORDER = 2;                                                 \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    case 3: {                                                                  \
      const int64_t ORDER = 3;                                                 \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    default:                                                                   \
      AT_ERROR("order not implemented");                                      \
    }                                                                          \
  }()
