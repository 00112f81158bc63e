"""How a paste is read, in Python: a function-for-function port of the paste box's script,
docs/javascripts/paste-reader.js, so that a terminal can diagnose an error without Node or a
browser. Given the same data (fieldguide/errors/page.py's paste_data, as JSON) it gives the
same answers; tests/test_reader_parity.py runs both on every recorded message and every paste
in data/ and requires identical readings.

Names follow Python's style: pastedMessages is `pasted_messages`, pastedCode `pasted_code`,
forwardName `Reader.forward_name`. The results are plain dicts with the script's keys.

Where JavaScript and Python differ, the port does what the script does:

* regular expressions: the script's patterns (its own and those the data carries) are
  translated by `js_regex`: `\\w`, `\\d` and `\\b` are ASCII-only, `\\s` is JavaScript's
  whitespace set, `.` stops at any line terminator and `$` only matches at the very end;
* whitespace: trim() and trimStart() strip JavaScript's whitespace (`_SPACES`), not what
  str.strip() does (which includes \\x1c-\\x1f and \\x85 but not \\ufeff);
* string lengths and slices count UTF-16 code units, as JavaScript's do (`_slice`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

# A message this far from every recorded template is not one the guide knows.
KNOWN = 0.6
PREFIX = 6  # leading words compared: messages are told apart by how they begin
# How much of a message is read: DDP's "Expected to have finished reduction" may list
# thousands of parameter names, which would only drown the words that name it.
SCANNED = 4000
# What one kind of clue a paste carries adds to a cause's score: more than everything else.
CLUE = 4
# A category the entry never prints makes a message a little less likely to be it.
OTHER_CATEGORY = 0.9
# A message read from inside a line is a little less sure than one its line begins with: a
# message quoted inside another one (`got RuntimeError("...")`) is read as itself.
INSIDE = 0.95
# A message of a word or two ("KeyError: 'lr'") is read only where the paste names its
# exception or says nothing else: those words begin many a line of code or prose.
SHORT = 3
# A name a message quotes ('verbose', 'NoneType') is part of what it is: a paste that quotes
# names where a wording quotes some, none of them the wording's, is most likely another
# message (an operand's type may differ, 'float' for 'Tensor', beside the 'NoneType' it names).
NAMES = re.compile(r"'([A-Za-z_][\w.]*)'", re.ASCII)
OTHER_NAME = 0.5
# What a message is about, where its wording says it, each compared alone: the attribute an
# AttributeError misses ('get_lr' is not '_last_lr'), the kernel a dtype lacks ("max_all_cuda" is
# not "_amp_foreach_non_finite_check_and_unscale_cuda", though both lack 'BFloat16'), the
# condition of a failed assertion ("tensors.size() > 0 INTERNAL ASSERT FAILED" is not
# "expect_autograd_hooks_ INTERNAL ASSERT FAILED"), what an object is not ('NoneType' object is
# not iterable is not "... not subscriptable"), the exception nn.DataParallel caught in a replica
# ("Caught StopIteration in replica 0" is not "Caught RuntimeError in replica 0"), what two
# tensors' check compares ("to have the same type as tensor" is not "... the same device"). A
# paste about another one is another message.
SUBJECTS = (r"\battribute '([A-Za-z_]\w*)'", r'^"([A-Za-z_]\w*)" not implemented for\b',
            r"^(.+?) (?:INTERNAL )?ASSERT FAILED\b", r"\bobject is not (\w+)", r"\bCaught (\w+) in replica\b",
            r"\bto have the same (\w+) as tensor\b")


def quoted_names(text: str) -> list[str]:
    """The names a message quotes."""
    return NAMES.findall(text)


def subjects(text: str) -> list[str | None]:
    """What the message is about, one per SUBJECTS pattern (None where it does not say)."""
    return [m[1] if m else None for m in (js_regex(source).search(text) for source in SUBJECTS)]


def _other_subject(said: list[str | None], wording: list[str | None]) -> bool:
    return any(a is not None and b is not None and a != b for a, b in zip(said, wording))

Record = dict[str, Any]  # one of the script's objects, as a dict with its keys (dict[...] works at run time from 3.9)

# JavaScript's WhiteSpace and LineTerminator characters: what `\s`, trim() and trimStart() mean there.
_SPACES = ("\t\n\x0b\x0c\r \xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
           + "\u2028\u2029\u202f\u205f\u3000\ufeff")
_SPACE_CLASS = r"\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
# What JavaScript's `.` does not match (without the `s` flag).
_LINE_TERMINATORS = r"\n\r\u2028\u2029"
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def _python_source(source: str) -> str:
    """A JavaScript pattern (no flags but `g`) as Python's `re` reads it the same way, under re.ASCII."""
    out: list[str] = []
    i, in_class, n = 0, False, len(source)
    while i < n:
        c = source[i]
        if c == "\\" and i + 1 < n:
            escaped = source[i + 1]
            i += 2
            if escaped == "s":
                out.append(_SPACE_CLASS if in_class else f"[{_SPACE_CLASS}]")
            elif escaped == "S":
                if in_class:  # a class can't hold the complement of a set; no pattern needs it
                    raise ValueError(f"\\S inside a character class is not supported: {source!r}")
                out.append(f"[^{_SPACE_CLASS}]")
            else:
                out.append("\\" + escaped)
            continue
        i += 1
        if in_class:
            if c == "]":
                in_class = False
            elif c in "[&~|":  # literal in JavaScript; Python warns of nested sets and set operations
                c = "\\" + c
            out.append(c)
        elif c == "[":
            negated = source.startswith("^", i)
            if source.startswith("]", i + negated):  # JavaScript's [] matches nothing, [^] anything
                out.append(r"[\s\S]" if negated else "(?!)")
                i += negated + 1
            else:
                in_class = True
                out.append("[^" if negated else "[")
                i += negated
        elif c == ".":
            out.append(f"[^{_LINE_TERMINATORS}]")
        elif c == "$":
            out.append(r"\Z")  # Python's $ also matches before a final newline
        elif c == "(" and source.startswith("?<", i) and not source.startswith(("?<=", "?<!"), i):
            out.append("(?P<")  # a named group
            i += 2
        else:
            out.append(c)
    return "".join(out)


_COMPILED: dict[str, re.Pattern[str]] = {}


def js_regex(source: str) -> re.Pattern[str]:
    """JavaScript's `new RegExp(source)`, compiled for Python's `re` (cached: the script builds
    the data's patterns anew on every call)."""
    pattern = _COMPILED.get(source)
    if pattern is None:
        pattern = _COMPILED[source] = re.compile(_python_source(source), re.ASCII)
    return pattern


def _trim(text: str) -> str:
    return text.strip(_SPACES)


def _trim_start(text: str) -> str:
    return text.lstrip(_SPACES)


def _units(text: str) -> int:
    """JavaScript's `text.length`: UTF-16 code units, two for a character beyond the BMP."""
    return len(text) + len(_ASTRAL.findall(text))


def _slice(text: str, start: int, end: int | None = None) -> str:
    """JavaScript's `text.slice(start, end)` for non-negative offsets, in UTF-16 code units (a
    cut through a surrogate pair leaves half of it, as there)."""
    if not _ASTRAL.search(text):
        return text[start:end]
    encoded = text.encode("utf-16-le", "surrogatepass")
    stop = len(encoded) if end is None else 2 * end
    return encoded[2 * start : stop].decode("utf-16-le", "surrogatepass")


# What a paste may carry before each line: an interpreter's prompt, the rank torchrun puts
# before every line of a worker, a forum's quote mark or inline-code backticks, pytest's
# "E   " before the lines of a failure.
PROMPT = js_regex(r"^(?:>>> ?|\.\.\. ?|In \[\d*\]: ?|\[(?:default)?rank\d+\]: ?|> ?(?=\S)|E {2,}(?=\S)|`(?=[^`]))")
_CLOSING_BACKTICK = js_regex(r"(?<=[^`])`$")
# The file:line a warning names; "<torch source>" where this guide's outputs hide one. A
# warning torch's C++ code logs to stderr itself ("[W reducer.cpp:1298] Warning: ...", from
# 2.4 with a timestamp after the W, "[W <torch source>] ..." in this guide's outputs) ends
# with "(function name)".
WARNING_LINE = js_regex(r"^(?:(?:\S.*?:\d+|<torch source>):|\[W[^\]\n]*\]) ([\w.]*Warning): (.*)$")
LOGGED_END = js_regex(r" \(function [^()]*(?:\(\))?\)$")
# (a forum's formatting may put spaces before the colon: "RuntimeError    : ...")
ERROR_LINE = js_regex(r"^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Interrupt)) *: ?(.*)$")
SEPARATOR = js_regex(
    r"^(?:(?:Original )?Traceback \(most recent call last\)|During handling of the above exception"
    r"|The above exception was the direct cause)"
)
# The C++ stack torch prints under some messages: where the message ends.
CPP_FRAMES = js_regex(r"^(?:Exception raised from |frame #\d+: )")
# An exception or a warning named inside a line, after a backtick or glued to what precedes it.
INLINE = js_regex(r"(`?)((?:[A-Z][A-Za-z]*\.)*[A-Z][A-Za-z]*(?:Error|Exception|Warning)): (.+)$")
# An exception quoted inside another one's message (`got RuntimeError("...")`), as
# torch.compile and other wrappers report what the code they ran raised.
QUOTED = js_regex(r"""\b([A-Za-z_][\w.]*(?:Error|Exception|Warning))\((["'])((?:\\.|(?!\2)[^\\])*)\2\)""")
# A wrapper that reports another error's message on the lines under its own (transformers'
# "Failed to import transformers.trainer because of the following error (look up to see its
# traceback):" and the message, without its exception's name): that message, read on its own.
WRAPPED = js_regex(r"^[^\n]*\bthe following error\b[^\n]*:\n((?:.|\n)+)$")
# A warning glued to the end of an error's line by a thread that lost a newline
# ("RuntimeError: ... Good luck!/usr/lib/.../__init__.py:175: UserWarning: ..."): two lines again.
GLUED_WARNING = js_regex(
    r"^(\s*[A-Za-z_][\w.]*(?:Error|Exception): .*?)((?:[A-Za-z]:)?[\\/][^\s:]*\.py:\d+: [\w.]*Warning: .*)$"
)
# The comment that ends the source line of torch's backward frame, with what a thread that
# lost a newline glued to it ("...run the backward passExpected to mark a variable ..."): two lines.
GLUED_FRAME = js_regex(r"^(.*# Calls into the C\+\+ engine to run the backward pass)(\S.*)$")
# A message a sentence quotes without its exception's name: after "error:" (on the same line
# or the next), between quotation marks ("", “” or ‘’), or between backticks.
AFTER_ERROR = js_regex(r"\b[Ee]rror(?: is| was)?:\s*(.*)$")
IN_QUOTES = js_regex(r'["\u201c\u2018]([^"\u201d\u2019\n]{12,})["\u201d\u2019]|(`+)([^`\n]{12,}?)\2'
                     r"|(?<![\w'])'([^'\n]{12,})'(?!\w)")
AFTER_NAME = js_regex(r"\b[A-Za-z_][\w.]*(?:Error|Exception) ([A-Za-z][^.\n]*)")
SENTENCE = 4  # words quoted that read as a message, not as code (`torch.amp.autocast(...)`)
# A line of source in a notebook's traceback (`   3493     "ignore", "Anomaly ...",`, `-> 3496 ...`):
# what it quotes is code, not a message the reader was given.
NUMBERED_SOURCE = js_regex(r"^(?:\s+|-*> ?)\d+ +\S")
# ... except the line that raises: its string is the message, and a paste cut before the error
# line has only that (`    203   raise TypeError("optimizer can only optimize Tensors, "`).
RAISING = js_regex(r"\braise\s+[\w.]+\(")
# The string a `raise` line of a traceback gives its exception, to its closing quote or the line's end.
RAISED = js_regex(r"""\braise\s+([\w.]*(?:Error|Exception|Warning))\((["'])((?:\\.|(?!\2)[^\\])*)""")
_LINE_BREAK = js_regex(r"\r\n?")
_LEADING_SPACE = js_regex(r"^\s")
_ESCAPED_NEWLINE = js_regex(r"\\n")
_ESCAPED_QUOTE = js_regex(r"""\\(["'\\])""")


def _clean(line: str) -> str:
    line = PROMPT.sub("", line, count=1)
    line = _CLOSING_BACKTICK.sub("", line, count=1)
    return line.rstrip(_SPACES)


def lines(text: str) -> list[str]:
    found: list[str] = []
    for line in (_clean(raw) for raw in _LINE_BREAK.sub("\n", text).split("\n")):
        for part in (frame[1], frame[2]) if (frame := GLUED_FRAME.search(line)) else (line,):
            glued = GLUED_WARNING.search(part)
            found += [glued[1], glued[2]] if glued else [part]
    return found


def _indent(line: str) -> int:
    return len(line) - len(_trim_start(line))  # whitespace is in the BMP: code points are code units


def pasted_messages(text: str) -> list[Record]:
    """Every message the paste states, the likeliest first: uncaught errors (last first), then
    indented ones (a traceback nested under another frame), then errors quoted inside those
    messages, then warnings (last first). Without any "SomeError:" line, a message glued to
    the line before or quoted in a sentence; failing that, the unindented lines as they are,
    then what its sentences quote after "error:", between quotation marks or between backticks,
    then each of those lines alone, the last first. A warning runs to its indented source
    line, an error to a blank line (its deeper-indented lines left out). Each is {category
    (None if unnamed), message, warning, indented, line}, `line` the index of the paste's
    line it starts on."""
    all_ = lines(text)
    heads = []
    for line in all_:
        trimmed = _trim_start(line)
        heads.append(WARNING_LINE.search(trimmed) or ERROR_LINE.search(trimmed))

    def ends(i: int) -> bool:
        trimmed = _trim_start(all_[i])
        return (all_[i] == "" or SEPARATOR.search(trimmed) is not None or CPP_FRAMES.search(trimmed) is not None
                or heads[i] is not None)

    found: list[Record] = []
    i = 0
    while i < len(all_):
        match = heads[i]
        if not match:
            i += 1
            continue
        indent = _indent(all_[i])
        # "UserWarning: ..." alone on its line, without the file that warned, is a warning too
        warning = WARNING_LINE.search(_trim_start(all_[i])) is not None or match[1].endswith("Warning")
        start = i
        parts = [match[2]]
        logged = warning and _trim_start(all_[i]).startswith("[W")
        # PyTorch indents a message's own lines with a tab (an overload's signatures); Python
        # indents a warning's source line, and a traceback its code, with spaces.
        def tabbed(line: str, indent: int = indent) -> bool:
            return _slice(line, indent).startswith("\t")

        while (not (logged and LOGGED_END.search(parts[-1])) and i + 1 < len(all_) and not ends(i + 1)
               and not (warning and _indent(all_[i + 1]) > indent and not tabbed(all_[i + 1]))):
            i += 1
            following = all_[i]
            if _indent(following) <= indent or tabbed(following):
                parts.append(_slice(following, indent))
        category = match[1].split(".")[-1]
        found.append({"category": category, "message": _trim("\n".join(parts)), "warning": warning,
                      "indented": indent > 0, "line": start})
        i += 1
    if not found:
        # A message that does not start its line: glued to the line before by a thread that
        # lost a newline, or quoted in a sentence, where it ends at the closing backtick.
        for i, line in enumerate(all_):
            inline = INLINE.search(line)
            if not inline:
                continue
            quote, name, rest = inline.groups()
            category = name.split(".")[-1]
            message = _trim(rest.split("`")[0] if quote else rest)
            if message:
                found.append({"category": category, "message": message, "warning": category.endswith("Warning"),
                              "indented": False, "line": i})
    prose: list[Record] = []
    own_lines: list[Record] = []
    if not found:
        def says(line: str) -> bool:
            return bool(_trim(line)) and not _LEADING_SPACE.search(line) and not SEPARATOR.search(line)

        rest_lines = [line for line in all_ if says(line)]
        if rest_lines:
            found.append({"category": None, "message": _trim("\n".join(rest_lines)), "warning": False,
                          "indented": False, "line": 0})
        for i, line in enumerate(all_):
            if NUMBERED_SOURCE.search(line) and not RAISING.search(line):
                continue
            after = AFTER_ERROR.search(line)
            # the next line that says something, looked for only where "error:" ends its line
            said = [_trim(after[1]) or _trim(next((later for later in all_[i + 1:] if _trim(later)), ""))] \
                if after else []
            for quote in IN_QUOTES.finditer(line):
                body = _trim(next(group for group in (quote[1], quote[3], quote[4]) if group is not None))
                if quote[1] is not None or len(body.split()) >= SENTENCE:
                    said.append(body)
            said += [_trim(named[1]) for named in AFTER_NAME.finditer(line) if len(named[1].split()) >= SENTENCE]
            prose += [{"category": None, "message": message, "warning": False, "indented": False, "line": i}
                      for message in said if message]
        # each of those lines alone (a message on a line of its own among sentences), the last first
        if len(rest_lines) > 1:
            own_lines = [{"category": None, "message": _trim(line), "warning": False, "indented": False, "line": i}
                         for i, line in enumerate(all_) if says(line)][::-1]
    quoted = []
    for outer in found:
        for quote in QUOTED.finditer(outer["message"]):
            category, body = quote[1], quote[3]
            message = _ESCAPED_QUOTE.sub(lambda m: m[1], _ESCAPED_NEWLINE.sub(lambda m: "\n", body))
            quoted.append({"category": category.split(".")[-1], "message": _trim(message),
                           "warning": category.endswith("Warning"), "indented": False, "line": outer["line"]})
        wrapped = WRAPPED.search(outer["message"])
        if wrapped:
            quoted.append({"category": None, "message": _trim(wrapped[1]), "warning": False, "indented": False,
                           "line": outer["line"]})
    # An error line a paste cut to nothing ('KeyError: "'): the string of the `raise` just above it.
    for outer in found:
        if outer["warning"] or words(outer["message"]):
            continue
        for back in range(outer["line"] - 1, max(-1, outer["line"] - 4), -1):
            if raised := RAISED.search(all_[back]):
                quoted.append({"category": raised[1].split(".")[-1], "message": _trim(raised[3]),
                               "warning": raised[1].endswith("Warning"), "indented": False, "line": back})
                break
    for item in found:
        item["message"] = _slice(item["message"], 0, SCANNED)  # a message's start tells it apart
    errors = [f for f in found if not f["warning"]]
    return ([f for f in reversed(errors) if not f["indented"]] + [f for f in reversed(errors) if f["indented"]]
            + quoted[::-1] + prose + own_lines + [f for f in reversed(found) if f["warning"]])


# PyTorch's own frames and warnings say nothing about the reader's code (an old release's
# backward frame even prints `retain_graph`).
OWN_FRAME = js_regex(r"""^\s*(?:File ")?[^"]*[\\/]torch[\\/]|^<torch source>""")
FRAME = js_regex(r"""^\s*File ".*", line \d+""")
NOTEBOOK_FRAME = js_regex(r"^(?:File \S.*?:\d+, in |\S.*?\.py in |<ipython-input-\S+> in |Cell In\[\d*\], line \d+)")
NOTEBOOK_SOURCE = js_regex(r"^-*> ?\d+\s+(\S.*)$")
NOT_SOURCE = js_regex(
    r"""^\s*(?:File "|Traceback |During handling|The above exception|[\w.]+(?:Error|Exception|Warning)\b)"""
)
# A line of Python a reader pasted beside the error: a call, an assignment, a statement.
PYTHON = js_regex(
    r"""^\s*(?:(?:for|if|elif|while|with|def|class|return|import|from)\b.*|[\w.[\]'"]+\s*(?:[-+*/@]?=)(?!=).*"""
    r"""|[\w.[\]]+\(.*)$"""
)
_INDENTED_SOURCE = js_regex(r"^\s+\S")


def pasted_code(text: str) -> list[Record]:
    """The reader's own code in a paste, each {text, traceback}: a traceback's frames (not
    torch's) and the source line under each (also when a forum stripped the indentation: the
    line after a frame that is not another frame or the message), IPython's `path.py in f(...)`,
    `File path:N, in f` and `Cell In[N], line N` frames with their `---> 38 code` lines, and a
    warning's source line (all `traceback: True`); then the lines of Python outside every
    traceback and message (`traceback: False`)."""
    all_ = lines(text)
    used = set()  # lines that belong to a traceback or a message
    for stated in pasted_messages(text):
        start = stated["line"]
        for i in range(start, min(start + len(stated["message"].split("\n")), len(all_))):
            used.add(i)
    code = []
    own_notebook_frame = False
    # (The script also sets an inTraceback flag in this pass, which nothing reads.)
    for i, line in enumerate(all_):
        if NOTEBOOK_FRAME.search(line):
            used.add(i)
            own_notebook_frame = OWN_FRAME.search(line) is not None
            if not own_notebook_frame:
                code.append({"text": _trim(line), "traceback": True})
            continue
        ran = NOTEBOOK_SOURCE.search(line)
        if ran:
            used.add(i)
            if not own_notebook_frame:
                code.append({"text": _trim(ran[1]), "traceback": True})
            continue
        warning = WARNING_LINE.search(line) is not None
        if not FRAME.search(line) and not warning:
            continue
        used.add(i)
        if OWN_FRAME.search(line):
            used.add(i + 1)
            continue
        if not warning:
            code.append({"text": _trim(line), "traceback": True})
        following = all_[i + 1] if i + 1 < len(all_) else None
        # a warning's message may go on over unindented lines; its source line is indented
        if warning:
            source = _INDENTED_SOURCE.search(following or "") is not None
        else:
            source = bool(following and _trim(following)) and not NOT_SOURCE.search(following or "")
        if source and following is not None:
            used.add(i + 1)
            code.append({"text": _trim(following), "traceback": True})
    # Lines before a traceback starts, or after a blank line that ends one, are the reader's.
    in_traceback = False
    for i, line in enumerate(all_):
        if SEPARATOR.search(_trim(line)) or FRAME.search(line) or NOTEBOOK_FRAME.search(line):
            in_traceback = True
        if _trim(line) == "":
            in_traceback = False
        if not in_traceback and i not in used and PYTHON.search(line) and not ERROR_LINE.search(_trim(line)):
            code.append({"text": _trim(line), "traceback": False})
    return code


_WORD = js_regex(r"<[^<>]+>|[a-z0-9_]+")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def lcs(a: list[str], b: list[str]) -> int:
    """The length of the longest common subsequence of two word lists."""
    # Hyyrö's bit-parallel form of the script's row-by-row table: the same length, found in a
    # few big-integer steps per word of `a` (long pastes against every template is the hot loop).
    masks: dict[str, int] = {}
    for j, word in enumerate(b):
        masks[word] = masks.get(word, 0) | (1 << j)
    full = (1 << len(b)) - 1
    row = full  # a 0 bit at j: the common length grew at b[j]
    for word in a:
        matched = row & masks.get(word, 0)
        row = ((row + matched) | (row - matched)) & full
    return len(b) - bin(row).count("1")


def leading(a: list[str], b: list[str]) -> int:
    n = 0
    while n < PREFIX and n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def likeness(said: list[str], template: Record) -> float:
    """How well a message's words read like a template, 0 to 1: how much of the message the
    template explains, how much of the template's first sentence the message has, whether
    they begin alike, and (between wordings) how much of the template the message has."""
    common = lcs(said, template["words"])
    return (0.35 * common / max(len(said), 1)
            + 0.35 * lcs(said, template["head"]) / max(len(template["head"]), 1)
            + 0.2 * leading(said, template["words"]) / max(min(PREFIX, len(template["words"])), 1)
            + 0.1 * common / max(len(template["words"]), 1))


PART = 8
# A part alone is the message only when the paste reads clearly like it: its sentences
# are often boilerplate other messages share ("is deprecated and will be removed in a future
# version"), which a library's own warning may say too.
PART_KNOWN = 0.65
SENTENCE_START = re.compile(r"(?<=[.!?])\s+(?=[A-Z<])")


def parts(text: str) -> list[Record]:
    """What a reader may quote of a message without its start, each read as a message of its
    own: what it says after a blank line (checkpoint's "Tip: ..."), and each later sentence of
    PART words or more, to the message's end (from the middle of DDP's message)."""
    tail = words("\n".join(text.split("\n\n")[1:]))
    found = [{"words": tail, "head": tail}] if tail else []
    starts = [m.end() for m in SENTENCE_START.finditer(text)]
    for k, start in enumerate(starts):
        head = words(text[start:starts[k + 1] if k + 1 < len(starts) else None])
        if len(head) >= PART:
            found.append({"words": words(text[start:]), "head": head})
    return found


def _parse(row: list[Any]) -> Record:
    """A template row of the data, [text, first sentence, releases, recorded?, library?], as it is
    matched. `recorded` is False for a wording only PyTorch's source has; `library` names the
    training library whose message it is (not PyTorch's), whose releases `releases` are."""
    text, head, releases = row[0], row[1], row[2]
    recorded = row[3] if len(row) > 3 else True
    library = row[4] if len(row) > 4 else ""
    return {"text": text, "releases": releases, "recorded": recorded, "library": library,
            "words": words(text), "head": words(head),
            "parts": parts(text), "names": quoted_names(text), "subjects": subjects(text)}


def _other_names(said: list[str], wording: list[str]) -> bool:
    return bool(said) and bool(wording) and not any(name in said for name in wording)


class Reader:
    """Reads pastes against the paste box's data (fieldguide/errors/page.py's paste_data, in an
    edition's words). The data is left as it is: parsed templates live here, by entry id."""

    def __init__(self, data: Record):
        self.data = data
        self.patterns = [{"kind": kind, "regex": js_regex(source), "source": source, "placeholder": placeholder}
                         for kind, source, placeholder in data["placeholders"]]
        self.backward_suffix = js_regex(data["backwardSuffix"])
        self.parsed: dict[str, list[Record]] = {entry["id"]: [_parse(row) for row in entry["templates"]]
                                               for entry in data["entries"]}

    def template(self, message: str) -> Record:
        """A message's template and the kinds of placeholder it needed, as
        fieldguide/errors/grammar.py's template() and form() make them: {text, form}."""
        kinds = set()
        for pattern in self.patterns:
            # a function, not a replacement string: the placeholder is put in as it is
            message, count = pattern["regex"].subn(lambda _, placeholder=pattern["placeholder"]: placeholder, message)
            if count:
                kinds.add(pattern["kind"])
        return {"text": message, "form": " ".join(sorted(kinds))}

    def details(self, message: str) -> list[Record]:
        """What each placeholder matched, in order: [{kind, groups, source, before}], `source` the
        pattern's and `before` the 40 UTF-16 code units ahead of the match in the text as it was when
        that pattern ran (what says which number is which)."""
        found = []
        for pattern in self.patterns:
            def replace(m: re.Match[str], pattern: Record = pattern, message: str = message) -> str:
                at = _units(message[: m.start()])
                found.append({"kind": pattern["kind"], "groups": list(m.groups()), "source": pattern["source"],
                              "before": _slice(message, max(0, at - 40), at)})
                return str(pattern["placeholder"])
            message = pattern["regex"].sub(replace, message)
        return found

    def forward_name(self, node: str) -> str:
        """`ClampBackward1` -> `Clamp1`, `PowBackward0` -> `Pow`: the name newer releases print."""
        return self.backward_suffix.sub(lambda m: "" if m[1] in ("0", "") else m[1], node, count=1)

    def nodes(self, message: str) -> list[str | None]:
        """The nodes a message names (the last group of each `output` and `node` match), in order."""
        return [d["groups"][-1] if d["groups"] else None
                for d in self.details(message) if d["kind"] in ("output", "node")]

    def match(self, pasted: Record, around: Sequence[str] = ()) -> Record | None:
        """The entry whose templates read most like the message, with its score (0 to 1; below
        KNOWN the guide does not know the message): {entry, template, score, form, text, named,
        seen}. An entry whose message many operations raise (`traceback` patterns) is one only
        where a line of the paste (`around`: a frame of its traceback, the source line under it)
        matches a pattern, or where the paste has no traceback at all and its message is one the
        entry answers alone (`alone`)."""
        templated = self.template(pasted["message"])
        text, form = templated["text"], templated["form"]
        said = words(text)
        # where each word comes after the first: a message may begin inside a line, after a
        # frame's source glued to it or a sentence's words
        starts: dict[str, list[int]] = {}
        for k, word in enumerate(said[1:], 1):
            starts.setdefault(word, []).append(k)
        names, about = quoted_names(text), subjects(text)
        best: Record | None = None
        naming: dict[str, bool] = {}

        def named(entry: Record) -> bool:
            # asked only on a tie: compiling every entry's patterns would double a first reading's time
            if entry["id"] not in naming:
                naming[entry["id"]] = any(js_regex(p).search(pasted["message"])
                                          for c in entry["causes"] for p in c["clueMessage"])
            return naming[entry["id"]]

        framed: list[bool] = []  # whether the paste has a line of a traceback, asked only for an entry with `alone`

        def bare(entry: Record) -> bool:
            if not any(js_regex(p).search(pasted["message"]) for p in entry.get("alone", [])):
                return False
            if not framed:
                framed.append(any(FRAME.search(line) or NOTEBOOK_FRAME.search(line) for line in around))
            return not framed[0]

        for entry in self.data["entries"]:
            if entry["traceback"] and not any(js_regex(p).search(line) for p in entry["traceback"] for line in around) \
                    and not bare(entry):
                continue
            # Wordings of two entries can read alike (once names are placeholders, or a shared
            # tail): a tie goes to the entry with a cause about the pasted name, then to a
            # wording a recorded release prints, then to the entry more public reports show.
            seen = sum(c["seen"] for c in entry["causes"])
            for template in self.parsed[entry["id"]]:
                if not pasted["category"] and len(template["words"]) < SHORT and said != template["words"]:
                    continue
                score = likeness(said, template)
                if len(template["words"]) >= PREFIX:
                    for k in starts.get(template["words"][0], ()):
                        if leading(said[k:], template["words"]) == PREFIX:
                            score = max(score, INSIDE * likeness(said[k:], template))
                # a paste with no "SomeError:" line may be a part of the message alone
                if not pasted["category"]:
                    score = max([score, *(near for part in template["parts"]
                                          if (near := likeness(said, part)) >= PART_KNOWN)])
                if pasted["category"] and not any(c.split(".")[-1] == pasted["category"] for c in entry["categories"]):
                    score *= OTHER_CATEGORY
                if _other_names(names, template["names"]) or _other_subject(about, template["subjects"]):
                    score *= OTHER_NAME
                better = best is None or score > best["score"] or (score == best["score"] and (
                    named(entry) > named(best["entry"]) or (named(entry) == named(best["entry"]) and (
                        template["recorded"] > best["template"]["recorded"]
                        or (template["recorded"] == best["template"]["recorded"] and seen > best["seen"])))))
                if better:
                    best = {"entry": entry, "template": template, "score": score, "form": form, "text": text,
                            "seen": seen}
        if best is not None:
            best["named"] = named(best["entry"])
        return best

    def rank(self, entry: Record, said: list[str], form: str, node: str | None, code: list[Record],
             message: str = "") -> list[Record]:
        """The entry's causes, the likeliest first. A cause with `message` patterns fits only a
        message that matches one; the others fit any. Among those that fit: the clues data/reports
        gives (the node named, a leaf where the message names no node, the reader's own lines,
        the message's words), then the shape, opening and node of its snippets' messages, then
        how many public reports show it; ties keep the page's order. Each keeps its clues, and
        `close` says the paste cannot tell it from the first (no clue separates them)."""
        leaf = bool(entry["clauses"].get("output")) and "output" not in form.split(" ")
        forward = None if node is None else self.forward_name(node)
        scored = []
        for row, cause in enumerate(entry["causes"]):
            clues: list[list[Any]] = []
            if forward is not None and forward in cause["clueNodes"]:
                clues.append(["node", node])
            if leaf and cause["clueLeaf"]:
                clues.append(["leaf"])
            for pattern in cause["clueCode"]:
                line = next((c for c in code if js_regex(pattern).search(c["text"])), None)
                if line:
                    clues.append(["code" if line["traceback"] else "pasted_code", line["text"]])
            named = next((m for m in (js_regex(p).search(message) for p in cause["clueMessage"]) if m), None)
            if named:
                clues.append(["message", named[0]])
            fits = not cause["clueMessage"] or named is not None
            total = sum(cause["forms"].values())
            shape = (cause["forms"].get(form) or 0) / max(total, 1)
            opening = max([0, *(lcs(said, w) / len(w) for w in map(words, cause["openings"]) if w)])
            node_named = forward is not None and forward in cause["nodes"]
            kinds = len({"code" if c[0] == "pasted_code" else c[0] for c in clues})
            scored.append({"cause": cause, "row": row, "clues": clues, "shape": shape, "opening": opening,
                           "named": node_named, "fits": fits,
                           "score": CLUE * kinds + (2 if node_named else 0) + (1 if shape > 0 else 0) + opening,
                           "close": False})
        # The script's comparator orders by every field down to the row, so any sort gives its order.
        scored.sort(key=lambda s: (-s["fits"], -s["score"], -s["cause"]["labelled"], -s["cause"]["seen"], s["row"]))
        # Causes the paste cannot separate from the first: no clue (each weighs CLUE) puts the
        # first above them. The card shows what tells them apart.
        for item in scored[1:]:
            item["close"] = item["fits"] == scored[0]["fits"] and scored[0]["score"] - item["score"] < CLUE
            if item["close"]:
                scored[0]["close"] = True
        return scored

    def read(self, text: str) -> Record | None:
        """The whole reading of a paste, None if it states nothing: the message it is about (of
        those stated, the one most like a known message, a warning only where no error is
        known; on a tie the first), {pasted, code,
        score, found}, `found` None when no stated message is one the guide knows; else also the
        wording it has (`template`, `worded`), the node it names and the entry's causes ranked."""
        candidates = pasted_messages(text)
        if not candidates:
            return None
        code = pasted_code(text)
        pasted = candidates[0]
        around = lines(text)
        best = self.match(pasted, around)
        for other in candidates[1:]:
            # a warning beside an error the guide knows (anomaly mode's "Error detected in ...")
            # is not what the reader asks about
            if other["warning"] and not pasted["warning"] and best and best["score"] >= KNOWN:
                continue
            found = self.match(other, around)
            if found and best and found["score"] > best["score"] + 0.02 and found["score"] >= KNOWN:
                pasted, best = other, found
        known = best if best and best["score"] >= KNOWN else None
        result: Record = {"pasted": pasted, "code": code, "score": best["score"] if best else 0, "found": known}
        if not known:
            return result
        entry, form = known["entry"], known["form"]
        nodes = self.nodes(pasted["message"])
        node = nodes[0] if nodes else None
        # The wording the paste has exactly, if a release printed it, else the closest one. A
        # message read from a paste ends at a blank line; some go on past one ("Tip: ...").
        said = " ".join(words(known["text"]))
        exact = next((t for t in self.parsed[entry["id"]]
                      if any(" ".join(words(w)) == said for w in (t["text"], t["text"].split("\n\n")[0]))), None)
        result["template"] = exact or known["template"]
        if not exact:
            result["worded"] = "worded_none"
        elif exact["library"]:
            result["worded"] = "worded_library"
        elif not exact["recorded"]:
            result["worded"] = "worded_source"
        else:
            result["worded"] = "worded_many" if " " in exact["releases"] else "worded_one"
        result["node"] = node
        result["ranked"] = self.rank(entry, words(known["text"]), form, node, code, pasted["message"])
        return result


def localize(data: Record, edition: Record) -> Record:
    """The box's data (the same for every edition) in an edition's words (page.py's
    paste_words): its language, the interface's words, the edition's text for each cause's
    English text, fix, tell and reason not shown, and each line of what a fix changes as the
    edition shows it (its comments), by snippet and line number. A new dict; `data` is left
    as it is."""
    def said(text: str | None) -> str | None:
        return (text and edition["texts"].get(text)) or text

    def line(pair: Record, row: list) -> list:
        kind, text, old, added = row
        key, number = (pair["fix"], added) if old is None else (pair["snippet"], old)
        return [kind, edition["lines"].get(key, {}).get(str(number)) or text, old, added]

    return {
        **data, "language": edition["language"], "words": edition["words"],
        "entries": [
            {**entry, "causes": [
                {**cause, "text": said(cause["text"]), "fix": said(cause["fix"]), "tell": said(cause["tell"]),
                 "notShown": said(cause["notShown"]),
                 "pairs": [{**pair, "diff": [[line(pair, row) for row in hunk] for hunk in pair["diff"]]}
                           for pair in cause["pairs"]]}
                for cause in entry["causes"]
            ]}
            for entry in data["entries"]
        ],
    }


__all__ = ["CLUE", "KNOWN", "OTHER_CATEGORY", "OTHER_NAME", "PREFIX", "SCANNED", "Reader", "js_regex", "lcs", "leading",
           "likeness", "lines", "localize", "pasted_code", "pasted_messages", "words"]
