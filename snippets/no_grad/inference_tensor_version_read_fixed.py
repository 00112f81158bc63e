import torch


class LengthCache:
    """Remembers a tensor's row lengths; recomputes them when the tensor was edited in place."""

    def __init__(self, scores):
        self.scores = scores
        self.version = scores._version  # the version counter at the time of the computation
        self.lengths = (scores > 0).sum(dim=1)

    def get(self):
        if self.scores._version != self.version:
            self.__init__(self.scores)
        return self.lengths


torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
with torch.no_grad():  # records nothing either, and its tensors keep a version counter
    scores = model(torch.randn(2, 4))
    print("scores is an inference tensor:", scores.is_inference())
    cache = LengthCache(scores)
    print("version:", scores._version, "| lengths:", cache.get().tolist())
    scores[0] = 1.0  # an in-place edit bumps the counter, and the cache notices
    print("version after the edit:", scores._version, "| lengths:", cache.get().tolist())
