# reference: same gradients as the closed form, both fixes
import torch

torch.manual_seed(0)
backbone = torch.nn.Linear(3, 4)
head = torch.nn.Linear(4, 1)

with torch.inference_mode():
    feats = backbone(torch.ones(2, 3))
feats = feats.clone()  # fix 1: clone outside inference mode gives a normal tensor
print("feats.is_inference:", feats.is_inference())
head(feats).sum().backward()
print("grad, clone fix:  ", head.weight.grad)
fixes = [[p.grad for p in head.parameters()]]

head.zero_grad(set_to_none=True)
with torch.no_grad():  # fix 2: no_grad for the frozen part
    feats = backbone(torch.ones(2, 3))
head(feats).sum().backward()
print("grad, no_grad fix:", head.weight.grad)
fixes.append([p.grad for p in head.parameters()])

# The reference: for sum(feats @ W.T + b), W's gradient is feats summed over the rows, b's the row count.
feats = backbone(torch.ones(2, 3)).detach()
expected = [feats.sum(0, keepdim=True), torch.tensor([2.0])]
same = all(g is not None and torch.allclose(g, e) for grads in fixes for g, e in zip(grads, expected))
print("same gradients as the closed form, both fixes:", same)
