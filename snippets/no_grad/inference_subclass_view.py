# raises: RuntimeError
# fixed-by: no_grad/inference_subclass_view_fixed
# cause: a tensor subclass (an int8 weight) built outside inference_mode() and viewed inside it: its __torch_dispatch__ makes the view a new wrapper, an inference tensor, which cannot share the original's version counter
import torch


class Int8Weight(torch.Tensor):
    """A weight kept as int8 values and one scale; PyTorch sees a float32 tensor."""

    __torch_function__ = torch._C._disabled_torch_function_impl

    @staticmethod
    def __new__(cls, q, scale):
        return torch.Tensor._make_wrapper_subclass(cls, q.shape, dtype=torch.float32)

    def __init__(self, q, scale):
        self.q, self.scale = q, scale

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.t.default:  # a view: a new wrapper around the transposed values
            return cls(args[0].q.t(), args[0].scale)
        args = [a.q.float() * a.scale if isinstance(a, cls) else a for a in args]
        return func(*args, **(kwargs or {}))  # any other operation: on the float values


class Int8Linear(torch.nn.Module):
    def __init__(self, weight):
        super().__init__()
        scale = weight.abs().max() / 127
        self.weight = Int8Weight(torch.round(weight / scale).to(torch.int8), scale)

    def forward(self, x):
        return x @ self.weight.t()


torch.manual_seed(0)
layer = Int8Linear(torch.randn(3, 4))  # quantized once, when the model is loaded
print("weight is an inference tensor:", layer.weight.is_inference())
with torch.inference_mode():  # then every request runs in inference mode
    y = layer(torch.randn(2, 4))
