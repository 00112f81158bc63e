# raises: RuntimeError
# fixed-by: no_grad/inference_tensor_saved_fixed
# cause: features of a frozen backbone computed under inference_mode(), fed to a trainable head
import torch

backbone = torch.nn.Linear(3, 4)
head = torch.nn.Linear(4, 1)

with torch.inference_mode():
    feats = backbone(torch.ones(2, 3))  # frozen features, made fast

loss = head(feats).sum()  # head's weight gradient needs feats: saved for backward
loss.backward()
