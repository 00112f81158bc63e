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

head.weight.grad = None
with torch.no_grad():  # fix 2: no_grad for the frozen part
    feats = backbone(torch.ones(2, 3))
head(feats).sum().backward()
print("grad, no_grad fix:", head.weight.grad)
