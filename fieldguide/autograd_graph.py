"""Read the autograd graph behind a snippet's tensors, as it is once the snippet has run.

Runs inside the snippet's process (the fork server's child), after the snippet's last
line, for the names a snippet lists in `# graph: NAME, ...`. Like forkserver.py it needs
only the standard library and torch, so any PyTorch environment of the matrix can load it.

The result is a list of JSON lines, one per node or edge, so two recordings differ line
by line in a readable diff:

    {"id": "t0", "kind": "tensor", "label": "loss", "shape": [], "requires_grad": true, ...}
    {"id": "f1", "kind": "function", "label": "SumBackward0", "saved": [...]}
    {"id": "a2", "kind": "accumulate", "label": "AccumulateGrad"}
    {"id": "t3", "kind": "leaf", "label": "w", "shape": [3], "requires_grad": true, "grad": false}
    {"edge": ["t0", "f1"]}
    {"edge": ["f1", "f4"], "count": 2}     (both inputs of x * x lead to the same node)

Everything is read from the real objects: node names from `grad_fn.name()`, edges from
`next_functions`, leaves from `AccumulateGrad.variable`, saved tensors from the nodes'
`_saved_*` attributes. A saved tensor that was modified in place cannot be unpacked;
PyTorch's own error then says which version it was saved at and which it is at now.
"""

import json
import re
import warnings
from collections import Counter

MAX_NODES = 60
_STALE = re.compile(r"\[torch\.\w+ \[([\d, ]*)\]\].*is at version (\d+); expected version (\d+)")
_FREED = "after they have already been freed"


class GraphError(Exception):
    """A `# graph:` name that does not name a tensor after the snippet ran."""


def describe(names, namespace) -> str:
    """JSON lines for the graph reachable from `namespace[name]` for each name."""
    import torch

    roots = []
    for name in names:
        value = namespace.get(name)
        if not isinstance(value, torch.Tensor):
            found = "is not defined" if name not in namespace else f"is a {type(value).__name__}"
            raise GraphError(f"'# graph: {name}' names no tensor: after the run, {name} {found}")
        roots.append((name, value))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reading .grad of a non-leaf warns; the reader saw no such line
        return _Walk(namespace, torch).run(roots)


class _Walk:
    def __init__(self, namespace, torch):
        self.torch = torch
        self.known = self._named_tensors(namespace)
        self.ids = {}  # id(python object) -> node id
        self.lines = []
        self.edges = []
        self.keep = []  # objects whose id() is in self.ids stay alive while we walk

    def _named_tensors(self, namespace):
        """(name, tensor) for the snippet's globals, including parameters of its modules."""
        torch = self.torch
        named = []
        for name, value in namespace.items():
            if name.startswith("_"):
                continue
            if isinstance(value, torch.Tensor):
                named.append((name, value))
            elif isinstance(value, torch.nn.Module):
                named += [(f"{name}.{p}", t) for p, t in value.named_parameters()]
        return named

    def name_of(self, tensor):
        """The snippet's name for a tensor: the same object, else one sharing its memory
        and grad_fn (a saved tensor unpacks to a new Python object)."""
        for name, value in self.known:
            if value is tensor:
                return name
        for name, value in self.known:
            try:
                same_memory = value.data_ptr() == tensor.data_ptr()
            except RuntimeError:  # tensors without storage (sparse, meta)
                continue
            if (
                same_memory
                and value.shape == tensor.shape
                and value.grad_fn is tensor.grad_fn
                and value.requires_grad == tensor.requires_grad
            ):
                return name
        return None

    def add(self, obj, kind, **fields):
        key = id(obj)
        if key not in self.ids:
            self.ids[key] = f"{kind[0]}{len(self.ids)}"
            self.keep.append(obj)
            self.lines.append({"id": self.ids[key], "kind": kind, **fields})
        return self.ids[key]

    def tensor(self, name, tensor):
        kind = "tensor" if tensor.grad_fn is not None else "leaf"
        fields = {
            "label": name,
            "shape": list(tensor.shape),
            "requires_grad": tensor.requires_grad,
            "grad": tensor.grad is not None,
        }
        if tensor.grad_fn is None and tensor.requires_grad is False:
            fields["tracked"] = False
        return self.add(tensor, kind, **fields)

    def run(self, roots):
        todo = []
        for name, tensor in roots:
            node = self.tensor(name, tensor)
            if tensor.grad_fn is not None:
                todo.append((node, tensor.grad_fn))
        while todo and len(self.ids) <= MAX_NODES:
            parent, fn = todo.pop(0)
            seen = id(fn) in self.ids
            child = self.function(fn)
            self.edges.append([parent, child])
            if seen:
                continue
            variable = getattr(fn, "variable", None)
            if variable is not None:
                self.edges.append([child, self.tensor(self.name_of(variable) or "(leaf)", variable)])
            todo += [(child, nxt) for nxt, _ in fn.next_functions if nxt is not None]
        if todo:
            self.lines.append({"truncated": f"more than {MAX_NODES} nodes; the rest is not drawn"})
        counts = Counter(tuple(edge) for edge in self.edges)  # insertion-ordered
        edges = [{"edge": list(e), **({"count": n} if n > 1 else {})} for e, n in counts.items()]
        return "".join(json.dumps(line) + "\n" for line in self.lines + edges)

    def function(self, fn):
        label = fn.name().split("::")[-1]
        if id(fn) in self.ids:
            return self.ids[id(fn)]
        if label == "AccumulateGrad":
            return self.add(fn, "accumulate", label=label)
        return self.add(fn, "function", label=label, saved=self.saved(fn))

    def saved(self, fn):
        """The tensors a node saved for backward, with their version as saved and now."""
        out = []
        for attribute in sorted(a for a in dir(fn) if a.startswith("_saved_")):
            entry: dict[str, object] = {"name": attribute[len("_saved_") :]}
            try:
                value = getattr(fn, attribute)
            except RuntimeError as error:
                message = str(error)
                stale = _STALE.search(message)
                if stale:
                    shape = [int(d) for d in stale[1].split(",") if d.strip()]
                    entry.update(shape=shape, saved_version=int(stale[3]), version=int(stale[2]))
                elif _FREED in message:
                    entry["freed"] = True
                else:
                    continue
                out.append(entry)
                continue
            if not isinstance(value, self.torch.Tensor):
                continue  # sizes, scalars and options: not part of the picture
            entry.update(shape=list(value.shape), version=value._version)
            label = self.name_of(value)
            if label:
                entry["tensor"] = label
            out.append(entry)
        return out
