// libs_io.h: what the FFT, solver and sparse test programs share: raw little-endian arrays read from and written to
// the folder tests/runtime_libs/references.py fills and checks.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "libs_test.h"

namespace libs_io {

inline std::string& folder() {
  static std::string d;
  return d;
}

// The n elements of <folder>/<name>; exits when the file is missing or short.
template <class T>
std::vector<T> read(const std::string& name, size_t n) {
  std::vector<T> v(n);
  const std::string path = folder() + "/" + name;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(v.data(), sizeof(T), n, f) != n) {
    std::fprintf(stderr, "cannot read %zu elements from %s\n", n, path.c_str());
    std::exit(2);
  }
  std::fclose(f);
  return v;
}

// Writes the elements of v to <folder>/<name>.
template <class T>
void write(const std::string& name, const std::vector<T>& v) {
  const std::string path = folder() + "/" + name;
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size()) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(2);
  }
  std::fclose(f);
}

// Takes the folder from the command line; exits with usage otherwise.
inline void start(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FOLDER (filled by tests/runtime_libs/references.py)\n", argv[0]);
    std::exit(2);
  }
  folder() = argv[1];
}

}  // namespace libs_io
