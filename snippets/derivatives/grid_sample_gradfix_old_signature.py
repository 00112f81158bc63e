# raises: RuntimeError
# fixed-by: derivatives/grid_sample_gradfix_output_mask
# cause: a grid_sample_gradfix copied from StyleGAN2-ADA calls the internal grid_sampler_2d_backward op with the arguments it took before PyTorch 1.11, without output_mask
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
        grad_input, grad_grid = op(grad_output, input, grid, 0, 0, False)  # bilinear, zeros, align_corners
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
