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
w, x = torch.randn(3, 4), torch.randn(2, 4)
layer = Int8Linear(w)  # quantized once, when the model is loaded
with torch.no_grad():  # records nothing either, and makes no inference tensors
    y = layer(x)
print("under no_grad():", tuple(y.shape), "| an inference tensor:", y.is_inference())

with torch.inference_mode():
    layer_in_mode = Int8Linear(w)  # or build the wrapper in the mode that uses it
    print("weight is an inference tensor:", layer_in_mode.weight.is_inference())
    y_in_mode = layer_in_mode(x)
print("same outputs both ways:", torch.equal(y, y_in_mode))
