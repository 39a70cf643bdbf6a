// A buffer written once for every backend; which API it calls is decided where it is instantiated.
#pragma once
#include <cstddef>

template <class Api>
struct Buffer {
  void *data = nullptr;
  typename Api::stream_t stream{};
  explicit Buffer(std::size_t bytes) { Api::alloc(&data, bytes); }
  ~Buffer() { Api::release(data); }
};

template <typename T>
struct Blas;

template <typename T>
void gemm(typename Blas<T>::handle_t h, int n, const T *a, const T *b, T *c) {
  const T one = 1, zero = 0;
  Blas<T>::gemm(h, Blas<T>::no_trans, Blas<T>::no_trans, n, n, n, &one, a, n, b, n, &zero, c, n);
}
