# raises: RuntimeError
# fixed-by: no_grad/inference_tensor_inplace_fixed
# cause: a model built inside inference_mode(), then trained: batch norm updates its running statistics in place
import torch
import torch.nn.functional as F


@torch.inference_mode()
def load_and_check():
    model = torch.nn.Sequential(
        torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 3)
    )
    model.eval()
    print("check passed:", tuple(model(torch.ones(1, 4)).shape))  # a quick sanity check
    return model


torch.manual_seed(0)
model = load_and_check()  # its parameters and buffers were created as inference tensors
print("inference tensors: weight", model[0].weight.is_inference(), end=" | ")
print("running_mean", model[1].running_mean.is_inference())

model.train()  # fine-tune it
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
loss = F.cross_entropy(model(x), y)
