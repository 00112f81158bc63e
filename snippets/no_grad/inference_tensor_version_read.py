# raises: RuntimeError
# fixed-by: no_grad/inference_tensor_version_read_fixed
# cause: a cache reads _version, to notice in-place edits, on a tensor made under inference_mode()
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
with torch.inference_mode():  # decoding in inference mode
    scores = model(torch.randn(2, 4))
    print("scores is an inference tensor:", scores.is_inference())
    cache = LengthCache(scores)
