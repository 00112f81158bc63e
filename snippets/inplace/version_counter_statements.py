import torch

# A confusion matrix counted one prediction at a time, as many evaluation loops do.
labels = [0, 2, 1, 2]
preds = [0, 1, 1, 2]

confusion = torch.zeros(3, 3)
for t, p in zip(labels, preds):
    confusion[t, p] += 1  # takes the view confusion[t, p], adds into it, then assigns it back
print("4 x confusion[t, p] += 1:    version", confusion._version)

confusion = torch.zeros(3, 3)
for t, p in zip(labels, preds):
    confusion[[t], [p]] += 1  # a list index reads a copy; only the assignment writes confusion
print("4 x confusion[[t], [p]] += 1: version", confusion._version)

confusion = torch.zeros(3, 3)
ones = torch.ones(len(labels))
confusion.index_put_((torch.tensor(labels), torch.tensor(preds)), ones, accumulate=True)
print("one index_put_:              version", confusion._version)
print(confusion)
