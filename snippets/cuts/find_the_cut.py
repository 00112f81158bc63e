import torch
import torch.nn.functional as F


class Classifier(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU())
        self.head = torch.nn.Linear(8, 3)

    def forward(self, x):
        features = self.encoder(x).detach()  # the cut we are looking for
        return self.head(features)


def show_graph(node, names, depth=0):
    """Print the backward graph from `node`, naming the parameters it reaches."""
    indent = "  " * depth
    if node is None:  # an input that needs no gradient: data, or a cut
        print(indent + "None")
        return
    parameter = getattr(node, "variable", None)  # AccumulateGrad nodes hold their leaf
    reached = f" -> {names[parameter]}" if parameter is not None else ""
    print(indent + type(node).__name__ + reached)
    for child, _ in node.next_functions:
        show_graph(child, names, depth + 1)


torch.manual_seed(0)
model = Classifier()
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
loss = F.cross_entropy(model(x), y)

names = {p: name for name, p in model.named_parameters()}
show_graph(loss.grad_fn, names)
