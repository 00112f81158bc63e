"""Make captured output byte-stable across runs, machines and checkouts.

Only what varies for reasons unrelated to the snippet is rewritten: memory addresses (and
an object's id(), its address in decimal, where a KeyError names it as the missing key),
the checkout's absolute path, the interpreter's install prefix and temporary names.
The C++ source location PyTorch appends to its warnings ("Triggered internally at
<build path>/TensorBody.h:493.") names the build machine's checkout and moves with every
release, so it becomes "<torch source>". So does the place in torch's own Python code
that a warning names (".../torch/autograd/graph.py:825: UserWarning: ...", and the source
line printed under the message, which becomes "<torch source line>"): it moves with every
release while the warning stays the same, and each reader sees their own release's place.
A warning torch's C++ code logs to stderr itself ("[W reducer.cpp:1298] Warning: ...") loses
its file:line the same way, and from 2.4 on the date and time it starts with become "<timestamp>".
Stack listings that PyTorch prints itself (anomaly mode's "Traceback of forward call") also
show the engine's own frames, which a reader running `python snippet.py` never sees, and on
some releases frames of torch's own code (1.13 lists its `format_stack`); both are removed.

`keep_snippet_frames` is for output from outside the engine: it cuts a Python traceback
down to the snippet's own frames, as the engine prints uncaught errors.
"""

from __future__ import annotations

import linecache
import re
import tempfile
from pathlib import Path

_ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
# A KeyError whose key is an object's id() (an optimizer's state_dict() looking up a tensor it does
# not number): the number is where the object lies in memory, new on every run.
_KEY_ID = re.compile(r"^KeyError: \d{9,}$", re.MULTILINE)
_SITE_PACKAGES = re.compile(r"(?:/[^\s\"':/]+)+/(?:site|dist)-packages/")
_PYTHON_LIB = re.compile(r"(?:/[^\s\"':/]+)+/lib/python3\.\d+/")
# The header Python's warnings module prints for a warning raised in torch's own Python code.
_TORCH_WARNING = re.compile(
    r"^(?P<file>(?:/[^\s\"':/]+)+/(?:site|dist)-packages/torch/[^\s:]+\.py):(?P<line>\d+): (?=\w+: )",
    re.MULTILINE,
)
# Where in torch's C++ source a warning was raised; errors/grammar.py masks it in messages too.
CPP_LOCATION = re.compile(r"\(Triggered internally at [^)\s]+:\d+\.\)")
# A frame of fieldguide/forkserver.py (in whichever checkout) and the source/caret lines under it.
_ENGINE_FRAME = re.compile(
    r'^  File "(?:[^"\n]*/)?fieldguide/forkserver\.py", line \d+, in .*\n(?:    .*\n)*', re.MULTILINE
)
# A frame of torch's own code in a stack listing PyTorch printed (after _SITE_PACKAGES).
_TORCH_FRAME = re.compile(r'^  File "<site-packages>/torch/[^"\n]*", line \d+, in .*\n(?:    .*\n)*', re.MULTILINE)
# Where an uncaught error's traceback starts in what a snippet printed.
TRACEBACK_START = "Traceback (most recent call last):\n"
_TRACEBACK = re.compile(r"^Traceback \(most recent call last\):\n(?:  .*\n)*", re.MULTILINE)
_FRAME = re.compile(r'  File "(?P<file>[^"\n]*)", line \d+, in .*\n(?:    .*\n|  \[Previous line .*\n)*')
# In a process that joined a process group, torch.distributed's exception hook starts every
# line of an uncaught traceback with the rank; the engine formats tracebacks itself, unprefixed.
_RANK_PREFIX = re.compile(r"^\[rank\d+\]: ", re.MULTILINE)
# A warning torch's C++ code logs itself (c10's logger writes it to stderr, where Python's
# warnings never see it): "[W reducer.cpp:1298] Warning: ..." up to 2.3, and from 2.4 with the
# date and time the line was written, "[W1126 22:48:49.568080379 reducer.cpp:1400] Warning: ...".
# The time differs on every run and the line with every release; both are masked, and what the
# line starts with otherwise ("[rank0]:" from 2.2 on, in a process group) is kept.
_CPP_LOG = re.compile(
    r"^(?P<start>(?:\[rank\d+\]:)?\[[IWEF])(?P<time>\d{3,4} \d\d:\d\d:\d\d\.\d+(?: \d+)?)? [\w.+-]+\.\w+:\d+\] ",
    re.MULTILINE,
)


def normalize(text: str, root: Path) -> str:
    text = text.replace("\r\n", "\n")
    text = _RANK_PREFIX.sub("", text)
    text = _CPP_LOG.sub(lambda m: m["start"] + ("<timestamp>" if m["time"] else "") + " <torch source>] ", text)
    text = _torch_warning_locations(text)
    text = _SITE_PACKAGES.sub("<site-packages>/", text)
    text = _PYTHON_LIB.sub("<python-lib>/", text)
    text = text.replace(f"{Path(root).resolve()}/", "")
    text = _ENGINE_FRAME.sub("", text)
    text = _TORCH_FRAME.sub("", text)
    text = CPP_LOCATION.sub("(Triggered internally at <torch source>.)", text)
    tmp = re.escape(tempfile.gettempdir().rstrip("/"))
    # A temporary name ends before punctuation that follows it in a sentence.
    text = re.sub(tmp + r"/[^\s\"':,;()\[\]]+(?<!\.)", "<tmp>", text)
    text = _KEY_ID.sub("KeyError: <id>", text)
    return _ADDRESS.sub("0x<address>", text)


def _torch_warning_locations(text: str) -> str:
    """Replace the file:line of each warning raised inside torch, and the source line Python
    prints after its message (read from that file: the run that printed it used it, on this
    machine). The source line stays a line of its own: it is where a message ends."""
    headers = list(_TORCH_WARNING.finditer(text))
    parts, end = [], 0
    for header, following in zip(headers, headers[1:] + [None], strict=False):  # [None] alone when no header
        parts.append(text[end:header.start()] + "<torch source>: ")
        end = header.end()
        source = linecache.getline(header["file"], int(header["line"])).strip()
        if source:
            bound = following.start() if following else len(text)
            at = text.find(f"\n  {source}\n", end, bound + 1)
            if at != -1:
                parts.append(text[end:at + 1] + "  <torch source line>\n")
                end = at + len(source) + 4
    return "".join(parts) + text[end:]


def keep_snippet_frames(text: str, relpath: str) -> str:
    """Drop every traceback frame that is not in `relpath` (a normalized path)."""

    def snippet_frames(traceback: re.Match) -> str:
        return _FRAME.sub(lambda frame: frame[0] if frame["file"] == relpath else "", traceback[0])

    return _TRACEBACK.sub(snippet_frames, text)
