"""The grammar of PyTorch's messages, shared with the paste box's script
(docs/javascripts/paste-reader.js reads PLACEHOLDERS and BACKWARD_SUFFIX from the page): where
a recorded output's warnings and uncaught error are (`messages`), a message's template (what
varies between occurrences replaced by placeholders), its form, its sentences, the autograd
nodes it names, and the id a wording makes."""

from __future__ import annotations

import functools
import re

from fieldguide.normalize import CPP_LOCATION, TRACEBACK_START

# A warning's header: the file:line it names, or "<torch source>" for a place inside torch.
WARNING_HEADER = re.compile(r"^(?:\S+:\d+|<torch source>): (\w*Warning): (.*)$")
# A warning torch's C++ code logs to stderr itself, as normalize.py leaves it: "[W <torch source>]
# Warning: ..." ("[rank0]:[W<timestamp> <torch source>] ..." on newer releases). Its message
# ends with the C++ function that warned, "(function operator())".
CPP_WARNING_HEADER = re.compile(r"^(?:\[rank\d+\]:)?\[W(?:<timestamp>)? <torch source>\] (Warning): (.*)$")
_CPP_WARNING_END = re.compile(r" \(function [^()\n]*(?:\(\))?\)$")
# What varies between occurrences of a message: (kind, pattern, placeholder), applied in
# order. The patterns are valid JavaScript too: the paste box applies the same ones, and
# reads what they capture (a node's name is the last group of `output` and `node`).
PLACEHOLDERS = [
    ("tensor", r"\[([\w.]+) \[([\d, ]*)\]\]", "[<tensor type> [<shape>]]"),
    ("size", r"torch\.Size\(\[([\d, ]*)\]\)", "torch.Size(<shape>)"),
    ("source", CPP_LOCATION.pattern, "(Triggered internally at <torch source>.)"),
    # autocast's device_type check names the type it got, as `<class 'torch.device'>` or `<class 'int'>`
    # (the closing backtick optional: a paste box reading Markdown may have taken it off)
    ("name", r"\bExpected `device_type` of type `str`, got: `([^`\n]+)`?",
     "Expected `device_type` of type `str`, got: `<type>`"),
    ("class", r"<class '([\w.]+)'>", "<class '<name>'>"),
    # the one name that differs between instances of a message: the reader's op, attribute, class
    ("name", r"\bderivative for '([^'\n]+)' is not implemented", "derivative for '<op>' is not implemented"),
    ("name", r"\bderivative for ((?:\w+::)?\w+) is not implemented", "derivative for <op> is not implemented"),
    # an attribute asked of DDP's or DataParallel's wrapper, or of a library's subclass of it
    # (MMDistributedDataParallel, LightningDistributedDataParallel): the attribute; before the
    # optimizer's and the scheduler's rules, whose class is any name ('optimizer', 'state')
    ("name", r"'\w*DistributedDataParallel' object has no attribute '(\w+)['\"](?:\. Did you mean: '\w+'\?)?",
     "'DistributedDataParallel' object has no attribute '<attr>'"),
    ("name", r"'(?!\w*Distributed)\w*DataParallel' object has no attribute '(\w+)['\"](?:\. Did you mean: '\w+'\?)?",
     "'DataParallel' object has no attribute '<attr>'"),
    # (only None's: another object's missing attribute is another message)
    ("name", r"'NoneType' object has no attribute '(\w+)'", "'NoneType' object has no attribute '<attr>'"),
    # get_last_lr() asked of a scheduler that lacks it: the scheduler's class (ReduceLROnPlateau
    # before 2.2, any scheduler before 1.4, a warm-up class that is not an LRScheduler)
    ("name", r"'(\w+)' object has no attribute 'get_last_lr'", "'<scheduler>' object has no attribute 'get_last_lr'"),
    # an attribute torch.optim.Optimizer's __init__ sets, missing from an object of the reader's class
    # (a wrapper optimizer that never called it); Python 3.10+'s "Did you mean" hint is not the message,
    # and a paste that wraps the message in double quotes may close the attribute's name with one
    ("name", r"'(\w+)' object has no attribute '(defaults|param_groups|state|_optimizer_\w+_hooks"
     r"|_zero_grad_profile_name|_warned_capturable_if_run_uncaptured)['\"](?:\. Did you mean: '\w+'\?)?",
     "'<optimizer>' object has no attribute '<attr>'"),
    # a scheduler without the optimizer attribute LRScheduler sets (SequentialLR and ChainedScheduler
    # on 1.10, a warm-up class that is not an LRScheduler), and 1.10's two without the rate get_last_lr()
    # returns (ReduceLROnPlateau's on 2.2 is object-has-no-attribute-get-last-lr's wording)
    ("name", r"'(\w+)' object has no attribute 'optimizer'(?:\. Did you mean: '\w+'\?)?",
     "'<scheduler>' object has no attribute 'optimizer'"),
    ("name", r"'(SequentialLR|ChainedScheduler)' object has no attribute '_last_lr'(?:\. Did you mean: '\w+'\?)?",
     "'<scheduler>' object has no attribute '_last_lr'"),
    # a name torch's module lacks on the reader's release (one a later release added, or an earlier
    # one removed): the module and the name, the file's path Python adds after it left out; a
    # Python before 3.7 names neither the module nor the file, and Python 2 the module's type;
    # a submodule of torch the release lacks altogether (torch._six from 2.0)
    ("name", r"\bcannot import name '(\w+)' from '(torch(?:\.\w+)*)'(?: \((?:[^()\n]|\([^()\n]*\))*\))?",
     "cannot import name '<name>' from '<module>'"),
    ("name", r"\bcannot import name '(\w+)'(?! from)", "cannot import name '<name>'"),
    ("name", r"\bcannot import name ([A-Za-z_]\w*)(?![\w.])", "cannot import name <name>"),
    ("name", r"\bNo module named '(torch(?:\.\w+)+)'", "No module named '<module>'"),
    ("name", r"\bmodule '(torch(?:\.\w+)*)' has no attribute '(\w+)'(?:\. Did you mean: '\w+'\?)?",
     "module '<module>' has no attribute '<name>'"),
    ("name", r"'module' object has no attribute '(\w+)'", "'module' object has no attribute '<name>'"),
    ("name", r"\b(\w+)\.__init__\(\) got an unexpected keyword",
     "<class>.__init__() got an unexpected keyword"),
    ("name", r"\b(\w+) is not an Optimizer\b", "<class> is not an Optimizer"),
    ("name", r"unsupported operand type\(s\) for ([^:\s]+):", "unsupported operand type(s) for <operator>:"),
    # Python's comparison of two types it cannot order (an optimizer's range check given a string):
    # the operator and both types vary
    ("name", r"'(<=|<|>=|>)' not supported between instances of '([\w.]+)' and '([\w.]+)'",
     "'<operator>' not supported between instances of '<type>' and '<type>'"),
    ("name", r"\bconvert (\w+(?::\d+)?) device type tensor", "convert <device> device type tensor"),
    ("name", r"\bdevices, (\w+(?::\d+)?) and (\w+(?::\d+)?)!", "devices, <device> and <device>!"),
    ("name", r"\bexpected scalar type (\w+) but found (\w+)", "expected scalar type <dtype> but found <dtype>"),
    ("name", r"\bFound dtype (\w+) but expected (\w+)", "Found dtype <dtype> but expected <dtype>"),
    ("name", r"\bexpected dtype (\w+) but got dtype (\w+)", "expected dtype <dtype> but got dtype <dtype>"),
    # TensorIterator's operand check of 1.1 (backends) and 1.2 (devices), one message for a device
    # and a dtype mismatch: operands on two backends or devices are the device mismatch, the same
    # one twice ("<same device>") only a dtype mismatch
    ("name", r"\bexpected backend (\w+) and dtype (\w+) but got backend (?!\1 )(\w+) and dtype (\w+)",
     "expected backend <device> and dtype <dtype> but got backend <device> and dtype <dtype>"),
    ("name", r"\bexpected backend (\w+) and dtype (\w+) but got backend \1 and dtype (\w+)",
     "expected backend <device> and dtype <dtype> but got backend <same device> and dtype <dtype>"),
    ("name", r"\bexpected device (\w+(?::\d+)?) and dtype (\w+) but got device (?!\1 )(\w+(?::\d+)?) and dtype (\w+)",
     "expected device <device> and dtype <dtype> but got device <device> and dtype <dtype>"),
    ("name", r"\bexpected device (\w+(?::\d+)?) and dtype (\w+) but got device \1 and dtype (\w+)",
     "expected device <device> and dtype <dtype> but got device <same device> and dtype <dtype>"),
    # its device check of 1.3 - 1.5
    ("name", r"\bexpected device (\w+(?::\d+)?) but got device (\w+(?::\d+)?)",
     "expected device <device> but got device <device>"),
    # the legacy TH check's backend and device type of 1.0 - 1.9, which name the argument
    ("name", r"\bExpected object of backend (\w+) but got backend (\w+) for argument #(\d+) '(\w+)'",
     "Expected object of backend <device> but got backend <device> for argument #<n> '<arg>'"),
    ("name", r"\bExpected object of backend (\w+) but got backend (\w+) for sequence element (\d+)",
     "Expected object of backend <device> but got backend <device> for sequence element <n>"),
    ("name", r"\bExpected object of device type (\w+) but got device type (\w+) for argument #(\d+) '(\w+)'",
     "Expected object of device type <device> but got device type <device> for argument #<n> '<arg>'"),
    # the legacy TH check of 1.0 - 1.9, which names the argument and the kernel; a loss's 'target'
    # first, which is the target-dtype entry's and not an operand mismatch
    ("name", r"\bExpected object of scalar type (\w+) but got scalar type (\w+) for argument #(\d+) 'target'",
     "Expected object of scalar type <dtype> but got scalar type <dtype> for argument #<n> 'target'"),
    ("name", r"\bExpected object of scalar type (\w+) but got scalar type (\w+) for argument #(\d+) '(\w+)'",
     "Expected object of scalar type <dtype> but got scalar type <dtype> for argument #<n> '<arg>'"),
    ("name", r"' in call to (\w+)", "' in call to <op>"),
    ("name", r"\bbatching rule for ((?:\w+::)?\w+(?:\.\w+)*)", "batching rule for <op>"),
    # vmap's fallback refusing an operator (an out= or view op, one with a list argument such as an RNN's)
    ("name", r"\bBatching rule not implemented for ((?:\w+::)?\w+(?:\.\w+)*)",
     "Batching rule not implemented for <op>"),
    # a metadata change (resize_, set_, squeeze_ ...) refused on a tensor from .data or .detach(), 1.1 - 1.12:
    # the TensorImpl setter it reached (set_sizes_contiguous, set_storage ...); 1.1 - 1.2 leave out the "a"
    ("name", r"\b(\w+) is not allowed on a Tensor created from", "<op> is not allowed on a Tensor created from"),
    ("name", r"\b(\w+) is not allowed on Tensor created from", "<op> is not allowed on Tensor created from"),
    # a torch.func transform's wrapper tensor asked for its storage: grad's and vjp's wrapper, or vmap's
    ("name", r"\bCannot access storage of (TensorWrapper|BatchedTensorImpl)\b", "Cannot access storage of <class>"),
    # forward mode refusing an operator: one with no forward-mode formula, or an out= one (which
    # 1.10 - 1.11 said in parentheses after its name)
    ("name", r"\bTrying to use forward AD with ((?:\w+::)?\w+(?:\.\w+)*)", "Trying to use forward AD with <op>"),
    ("name", r"\bInput type \(([\w.:]+)\) and (weight|bias) type \(([\w.:]+)\)",
     "Input type (<type>) and <param> type (<type>)"),
    ("name", r"\bexpected target dtype to be Long or Byte, but got (\w+)",
     "expected target dtype to be Long or Byte, but got <dtype>"),
    # the reader's own function that pickle refused (a scheduler's lr_lambda, a collate_fn)
    ("name", r"\bCan't pickle local object '([^'\n]+)'", "Can't pickle local object '<name>'"),
    # a function pickle could not find by its name (a lambda's is `<lambda>`), in the module it names;
    # the address as printed, or as this guide's recordings write it
    ("name",
     r"\bCan't pickle <function (\S+) at 0x(?:<address>|[0-9a-fA-F]+)>: attribute lookup (\S+) on ([\w.]+) failed",
     "Can't pickle <function <name> at 0x<address>>: attribute lookup <name> on <module> failed"),
    # CPython's SystemError when the autograd engine's run_backward came back with no exception set:
    # the method's repr (its address, or the `<method '...' objects>` form newer Pythons print) and
    # "error" or "exception" differ by the Python release, not by the reader's code
    ("name",
     r"<(?:built-in method run_backward of torch\._C\._EngineBase object at 0x(?:<address>|[0-9a-fA-F]+)"
     r"|method 'run_backward' of 'torch\._C\._EngineBase' objects)>"
     r" returned NULL without setting an? (?:error|exception)",
     "<built-in method run_backward of torch._C._EngineBase object at 0x<address>>"
     " returned NULL without setting an error"),
    # a custom Function's forward returned something not a tensor (1.8 and earlier): its backward
    # class (the Function's name + Backward) and what it returned
    ("name", r"\b(\w+)\.forward: expected Tensor or tuple of Tensor \(got ([^)\n]+)\) for return value",
     "<name>.forward: expected Tensor or tuple of Tensor (got <type>) for return value"),
    # a hook or a backward returned something not a tensor: what it returned
    ("name", r"\bexpected Variable or None \(got ([^)\n]+)\)", "expected Variable or None (got <type>)"),
    ("name", r"\bbut hook returned '([^'\n]+)'", "but hook returned '<type>'"),
    ("name", r"\bhook '([^'\n]+)' has returned an incorrect number", "hook '<name>' has returned an incorrect number"),
    ("name", r"\bhook '([^'\n]+)' has changed the size of value", "hook '<name>' has changed the size of value"),
    # a tensor pickled with a hook on it names the hook by its repr (a function's, a partial's,
    # a bound method's with its module's repr over several lines)
    ("name", r"\bbackward hook ((?:.|\n)+?) on tensor will not be serialized",
     "backward hook <repr> on tensor will not be serialized"),
    # the parameter a module refused, named twice in one message
    ("name", r"\bnon-leaf Tensor to parameter '([^'\n]+)'", "non-leaf Tensor to parameter '<name>'"),
    ("name", r"\bTo express '([^'\n]+)' as a function of another Tensor",
     "To express '<name>' as a function of another Tensor"),
    ("name", r"\bunsupported autocast device_type '([^'\n]*)'", "unsupported autocast device_type '<device>'"),
    # autocast's dtype check names the device it runs on, CPU here, MPS, XLA, CUDA, XPU, HPU or a custom
    # backend elsewhere: one f-string template from 2.10, per-device copies of it before
    ("name", r"\bIn (\w+) autocast, but the target dtype is not supported",
     "In <device> autocast, but the target dtype is not supported"),
    ("name", r"\b(\w+) Autocast only supports dtype", "<device> Autocast only supports dtype"),
    # the dispatcher finding no kernel of an operator for a tensor's backend: the operator (with its
    # namespace and overload) and the backend, where the message names them
    ("name", r"\bCould not run '((?:\w+::)?\w+(?:\.\w+)?)' with arguments from the '(\w+)' backend",
     "Could not run '<op>' with arguments from the '<backend>' backend"),
    ("name", r"'((?:\w+::)?\w+(?:\.\w+)?)' is only available for these backends: \[[^\]\n]*\]",
     "'<op>' is only available for these backends: [<backends>]"),
    # ... and the list under it, a line per backend with the file that registered its kernel: one
    # placeholder, as the backends list is (it differs with every build and release)
    ("name", r"(?:\n+\w+: (?:fallthrough )?registered at [^\n]*)+", "\n\n<registrations>"),
    ("name", r"\b((?:\w+::)?\w+(?:\.\w+)?): an autograd kernel was not registered",
     "<op>: an autograd kernel was not registered"),
    # vmap's argument checks open with the call: the reader's function (a name, or a module's
    # repr) and the in_dims they passed
    ("name", r"\bvmap\((.+?), in_dims=(.+?), \.\.\.\)\(<inputs>\)",
     "vmap(<function>, in_dims=<in_dims>, ...)(<inputs>)"),
    # a KeyError whose whole message is an object's id() (torch.optim's state_dict() numbering the
    # tensors its state holds), as pasted or as normalize.py records it
    ("name", r"^(?:\d{9,}|<id>)$", "<id>"),
    ("output", r"\boutput (\d+) of (?:\w+::)*(\w+)", "output <n> of <node>"),
    ("output", r"\bOutput (\d+) of (?:\w+::)*(\w+)", "Output <n> of <node>"),
    ("node", r"\b(\w+Backward\d*)\b", "<node>"),
    # the parameters DDP's unfinished-reduction error names under TORCH_DISTRIBUTED_DEBUG (a list
    # torchrun may break over lines, each behind its rank)
    ("name", r"\bdid not receive grad for rank (\d+): ([A-Za-z_][\w.]*(?:,\s*(?:\[rank\d+\]:\s*)?[A-Za-z_][\w.]*)*)",
     "did not receive grad for rank <n>: <names>"),
    # a number that ends a sentence, which the rule below leaves alone (it could be a decimal's);
    # nn.DataParallel's replica and its GPU, in the message that reports what a replica raised
    ("n", r"\bin_dim < (\d+)(?=\.)", "in_dim < <n>"),
    ("n", r"\bin replica (\d+) on device (\d+)(?=\.)", "in replica <n> on device <n>"),
    ("value", r"(?<![\w.])(\d+\.\d+(?:e[-+]?\d+)?)(?![\w.])", "<value>"),
    ("n", r"(?<![\w.</])(\d+)(?![\w.>])", "<n>"),
]
_PATTERNS = [(kind, re.compile(pattern), placeholder) for kind, pattern, placeholder in PLACEHOLDERS]
# Some releases call a node `PowBackward0` in "output 0 of ..."; later ones name the
# forward op, `Pow` (anomaly mode's warning keeps the backward name).
BACKWARD_SUFFIX = r"Backward(\d*)$"
# Sentences end at a full stop or colon before a space or a new line, or before a capital
# where PyTorch forgot the space ("not allowed.You can"), not inside `__main__.Name`.
# a line break ends a sentence, also as the two characters `\n` of a KeyError's quoted message
_SENTENCE_END = re.compile(r"(?<=[.:])\s+|(?<=[a-z)\]][.:])(?=[A-Z])|\n|\\n")
# (vmap's call, "vmap(<function>, in_dims=<in_dims>, ...)(<inputs>): ", is one too, and a custom
# Function's method, "<name>.forward: ")
_SOURCE_PREFIX = re.compile(
    r"^(?:[a-z_]+(?:\.[a-z_]+)*|<\w+>(?:\.forward)?|vmap\(<function>, in_dims=<in_dims>, \.\.\.\)\(<inputs>\)): "
)
_TORCH_NAME = re.compile(r"\btorch(?:\.\w+)+")
ID_LENGTH = 60

Message = tuple[str, str]  # (category, text)


def messages(output: str) -> list[Message]:
    """(category, message) for every warning and the uncaught error (last) in one output."""
    found = []
    lines = output.splitlines()
    i = 0
    while i < len(lines):
        match = WARNING_HEADER.match(lines[i])
        logged = CPP_WARNING_HEADER.match(lines[i])
        i += 1
        if logged:
            text, end = [logged[2]], i  # a logged message goes on to the function that warned
            while not _CPP_WARNING_END.search(lines[end - 1]) and end < len(lines) and lines[end]:
                end += 1
            if _CPP_WARNING_END.search(lines[end - 1]):
                text += lines[i:end]
                i = end
            found.append((logged[1], "\n".join(text)))
        elif match:
            text = [match[2]]
            while i < len(lines) and lines[i] and not lines[i].startswith("  "):
                text.append(lines[i])  # a message that spans lines; its source line is indented
                i += 1
            found.append((match[1], "\n".join(text)))
    if TRACEBACK_START in output:
        tail = output[output.rindex(TRACEBACK_START) + len(TRACEBACK_START) :].splitlines()
        rest = [line for line in tail if not line.startswith(" ")]
        category, _, message = "\n".join(rest).partition(": ")
        found.append((category, message))
    return list(dict.fromkeys(found))


@functools.cache  # the index asks about the same few hundred messages again and again
def template(message: str) -> str:
    for _, pattern, placeholder in _PATTERNS:
        message = pattern.sub(placeholder, message)
    return message


@functools.cache
def form(message: str) -> tuple[str, ...]:
    """The kinds of placeholder a message needs: its shape, whatever the wording."""
    found = set()
    for kind, pattern, placeholder in _PATTERNS:
        message, count = pattern.subn(placeholder, message)
        if count:
            found.add(kind)
    return tuple(sorted(found))


def sentences(text: str, count: int) -> list[str]:
    """The first `count` sentences of a text, each without its full stop or colon. A module's
    name before a colon ("torch.utils.checkpoint: the use_reentrant ...", or the op a
    message is about, "<op>: an autograd kernel ...") says where the message comes from and
    starts the first sentence rather than being one."""
    prefix = _SOURCE_PREFIX.match(text)
    # a dotted name under torch ("torch.cuda.amp.GradScaler", "torch.Size") ends no sentence
    body = _TORCH_NAME.sub(lambda m: m[0].replace(".", "\0"), text[prefix.end() if prefix else 0:])
    parts = [part.replace("\0", ".") for part in _SENTENCE_END.split(body, maxsplit=count)[:count]]
    if prefix:
        parts[0] = prefix[0] + parts[0]
    return [part.rstrip(".:,") for part in parts]


def first_sentence(text: str) -> str:
    return sentences(text, 1)[0]


def node_names(message: str, outputs_only: bool = False) -> list[str]:
    """The autograd nodes a message names, as printed (with `outputs_only`, only the one it
    says produced the tensor: "output 0 of <node>")."""
    return list(_node_names(message, outputs_only))


@functools.cache
def _node_names(message: str, outputs_only: bool) -> tuple[str, ...]:
    kinds = ("output",) if outputs_only else ("output", "node")
    return tuple(dict.fromkeys(
        m.groups()[-1] for kind, pattern, _ in _PATTERNS if kind in kinds for m in pattern.finditer(message)
    ))


def forward_name(node: str) -> str:
    """`ClampBackward1` -> `Clamp1`, `PowBackward0` -> `Pow`: the name releases that print
    the forward op use (drop `Backward`, and a trailing 0)."""
    return re.sub(BACKWARD_SUFFIX, lambda m: "" if m[1] in ("", "0") else m[1], node)


def slug(text: str, length: int = ID_LENGTH) -> str:
    words = re.findall(r"[a-z0-9]+", re.sub(r"<[^<>]*>|'", "", text.lower()))
    out = words[0] if words else "message"
    for word in words[1:]:
        if len(out) + 1 + len(word) > length:
            break
        out += "-" + word
    return out


def family(category: str) -> str:
    """Warnings move between categories (UserWarning, then FutureWarning); errors do not."""
    return "Warning" if category.endswith("Warning") else category


