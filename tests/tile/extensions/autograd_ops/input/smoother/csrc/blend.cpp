// out = w * x^order, differentiable in x: the op applies an autograd Function whose forward and backward call
// functions that pick the CUDA function under a device test.
#include <torch/script.h>

#include "cpu/blend_cpu.h"
#ifdef WITH_CUDA
#include "cuda/blend_cuda.h"
#endif

torch::Tensor blend_fw(torch::Tensor x, torch::Tensor w, int64_t order) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return blend_fw_cuda(x, w, order);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return blend_fw_cpu(x, w, order);
  }
}

torch::Tensor blend_bw(torch::Tensor grad_out, torch::Tensor x, torch::Tensor w, int64_t order) {
  if (grad_out.device().is_cuda()) {
#ifdef WITH_CUDA
    return blend_bw_cuda(grad_out, x, w, order);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return blend_bw_cpu(grad_out, x, w, order);
  }
}

using torch::autograd::AutogradContext;
using torch::autograd::Variable;
using torch::autograd::variable_list;

class Blend : public torch::autograd::Function<Blend> {
public:
  static variable_list forward(AutogradContext *ctx, Variable x, Variable w, int64_t order) {
    ctx->saved_data["order"] = order;
    auto out = blend_fw(x, w, order);
    ctx->save_for_backward({x, w});
    return {out};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grad_outs) {
    auto grad_out = grad_outs[0];
    auto saved = ctx->get_saved_variables();
    auto x = saved[0], w = saved[1];
    auto order = ctx->saved_data["order"].toInt();
    auto grad_x = Variable();
    if (torch::autograd::any_variable_requires_grad({x})) {
      grad_x = blend_bw(grad_out, x, w, order);
    }
    return {grad_x, Variable(), Variable()};
  }
};

torch::Tensor blend(torch::Tensor x, torch::Tensor w, int64_t order) {
  x = x.contiguous();
  return Blend::apply(x, w, order)[0];
}

static auto registry = torch::RegisterOperators().op("smoother::blend", &blend);
