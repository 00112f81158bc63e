# reference: same R1 gradient and penalty gradients as bilinear sampling written out
import torch
from torch import nn

torch.manual_seed(0)


class GridSample2dForward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, grid):
        ctx.save_for_backward(input, grid)
        return nn.functional.grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=False)

    @staticmethod
    def backward(ctx, grad_output):
        input, grid = ctx.saved_tensors
        return GridSample2dBackward.apply(grad_output, input, grid)


class GridSample2dBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_output, input, grid):
        op = torch.ops.aten.grid_sampler_2d_backward.default
        output_mask = [ctx.needs_input_grad[1], ctx.needs_input_grad[2]]  # the gradients wanted, since 1.11
        grad_input, grad_grid = op(grad_output, input, grid, 0, 0, False, output_mask)
        ctx.save_for_backward(grid)
        return grad_input, grad_grid

    @staticmethod
    def backward(ctx, grad2_grad_input, grad2_grad_grid):
        (grid,) = ctx.saved_tensors
        return GridSample2dForward.apply(grad2_grad_input, grid), None, None


# real images, augmented by a small rotation, scored by a discriminator; the R1 penalty
# is the squared gradient of the scores with respect to the real images
real = torch.randn(2, 1, 6, 6, dtype=torch.float64, requires_grad=True)
angle = torch.tensor(0.3, dtype=torch.float64)
theta = torch.stack([torch.stack([angle.cos(), -angle.sin(), angle * 0]), torch.stack([angle.sin(), angle.cos(), angle * 0])])
grid = nn.functional.affine_grid(theta.expand(2, 2, 3), [2, 1, 6, 6], align_corners=False)
D = nn.Sequential(nn.Conv2d(1, 3, 3), nn.Softplus(), nn.Flatten(), nn.Linear(48, 1)).double()

scores = D(GridSample2dForward.apply(real, grid))
(r1_grad,) = torch.autograd.grad(scores.sum(), real, create_graph=True)
r1_grad.square().sum().backward()
print("R1 penalty:", round(r1_grad.square().sum().item(), 6))


# The reference: bilinear sampling written out in differentiable ops (zero padding,
# align_corners=False), whose second derivative autograd takes by itself.
def bilinear(image, grid):
    n, c, h, w = image.shape
    x = ((grid[..., 0] + 1) * w - 1) / 2
    y = ((grid[..., 1] + 1) * h - 1) / 2
    out = 0
    for xi in (x.floor(), x.floor() + 1):
        for yi in (y.floor(), y.floor() + 1):
            inside = (xi >= 0) & (xi <= w - 1) & (yi >= 0) & (yi <= h - 1)
            weight = (1 - (x - xi).abs()) * (1 - (y - yi).abs()) * inside
            index = (yi.clamp(0, h - 1) * w + xi.clamp(0, w - 1)).long().flatten(1)
            values = image.flatten(2).gather(2, index.unsqueeze(1).expand(n, c, -1))
            out = out + values.view(n, c, *x.shape[1:]) * weight.unsqueeze(1)
    return out


plain_real = real.detach().clone().requires_grad_()
plain_D = nn.Sequential(nn.Conv2d(1, 3, 3), nn.Softplus(), nn.Flatten(), nn.Linear(48, 1)).double()
plain_D.load_state_dict(D.state_dict())
(plain_grad,) = torch.autograd.grad(plain_D(bilinear(plain_real, grid)).sum(), plain_real, create_graph=True)
plain_grad.square().sum().backward()
# the last bias gets no gradient from the penalty, in either
grads = [[p.grad for p in model.parameters()] for model in (D, plain_D)]
same = torch.allclose(r1_grad, plain_grad) and all(
    (g is None and h is None) or (g is not None and h is not None and torch.allclose(g, h)) for g, h in zip(*grads)
)
print("parameters given a gradient:", sum(g is not None for g in grads[0]), "of", len(grads[0]))
print("same R1 gradient and penalty gradients as bilinear sampling written out:", same)
