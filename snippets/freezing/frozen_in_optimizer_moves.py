import torch
import torch.nn.functional as F


def fine_tune(**zero_grad_args):
    torch.manual_seed(0)
    backbone, head = torch.nn.Linear(4, 8), torch.nn.Linear(8, 3)
    model = torch.nn.Sequential(backbone, torch.nn.ReLU(), head)
    x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
    opt = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.1)
    for step in range(6):
        if step == 3:  # warm-up over: freeze the backbone, keep the same optimizer
            backbone.requires_grad_(False)
            frozen = backbone.weight.detach().clone()
        opt.zero_grad(**zero_grad_args)
        F.cross_entropy(model(x), y).backward()
        opt.step()
    args = ", ".join(f"{k}={v}" for k, v in zero_grad_args.items())
    moved = (backbone.weight - frozen).abs().max().item()
    print(f"zero_grad({args}): frozen backbone.weight moved by {moved:.5f}")


fine_tune(set_to_none=False)  # .grad stays zeros: AdamW still decays and follows its momentum
fine_tune(set_to_none=True)  # .grad is None: AdamW skips the parameter
fine_tune()  # the default
