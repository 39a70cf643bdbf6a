// CUDA types behind typedefs, aliases and macros.
#include <cuda_runtime.h>
#include <vector>

typedef cudaStream_t Stream;
using Event = cudaEvent_t;
typedef Stream Queue;
typedef cudaStream_t *StreamList;
#define TIMER cudaEvent_t

struct Pipeline {
  Queue queue;
  std::vector<Event> marks;
};

int main() {
  Stream s;
  cudaStreamCreate(&s);
  TIMER start;
  cudaEventCreate(&start);
  Pipeline p{s, {start}};
  StreamList all = &p.queue;
  cudaStreamDestroy(*all);
  return 0;
}
