"""The Python port of the paste box's script (explain/autograd_fieldguide/reader.py, which a
terminal uses to diagnose an error without Node) reads every paste exactly as the script
(docs/javascripts/paste-reader.js, run by Node through tests/paste_reader.mjs) does.

Both read, on each edition's data, every recorded message of every release as the reader
pastes it and the variants built from those (tests/test_paste_answers.py), every recorded
output file whole (a terminal sees the whole output), every paste in data/ (real, held-out,
blind and unknown pastes), every wording only PyTorch's source has, the custom Function
variants and a few tricky pastes; the readings must be the same in every field: the message
chosen and where it starts, the reader's code, the score (exactly), the entry, the wording,
the node, each placeholder's match, and the causes in order with their clues, scores and
closeness. The port's functions are also checked one by one against the script's on tricky
inputs (glued and quoted messages, C++ frames, torchrun's rank prefixes, CRLF, Unicode
whitespace, characters beyond the BMP, a 10,000-character DDP message)."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
import shutil
import subprocess
import warnings
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from autograd_fieldguide import reader
from paste_reader import ROOT, _node, read, site_data
from test_paste_answers import CUSTOM_FUNCTION_VARIANTS, recorded_cases, variants

from fieldguide import editions, pastes, wordings
from fieldguide.errors import data_files, grammar

CONFIGS = ["mkdocs.yml", "mkdocs.zh.yml"]
SHOWN = 10  # differing pastes an assertion lists

# A DDP message as long as a large model makes it: thousands of parameter indices.
DDP = (
    "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This "
    "error indicates that your module has parameters that were not used in producing loss. You can enable unused "
    "parameter detection by passing the keyword argument `find_unused_parameters=True` to "
    "`torch.nn.parallel.DistributedDataParallel`, and by \nmaking sure all `forward` function outputs participate "
    "in calculating loss. \nParameter indices which did not receive grad for rank 0: "
)
DDP_LONG = DDP + " ".join(str(i) for i in range(3000))[: 10_000 - len(DDP)]
# A message the 4,000 UTF-16 code units read of it cut inside a surrogate pair.
ASTRAL_CUT = "RuntimeError: x" + "\U0001f600" * 2500
INPLACE = ("RuntimeError: one of the variables needed for gradient computation has been modified by an inplace "
           "operation: [torch.FloatTensor [3, 4]], which is output 0 of ReluBackward0, is at version 1; expected "
           "version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its "
           "gradient, with torch.autograd.set_detect_anomaly(True).")
SECOND = ("RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after "
          "they have already been freed). Saved intermediate values of the graph are freed when you call .backward() "
          "or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
          "if you need to access saved tensors after calling backward.")
TRACEBACK = ('Traceback (most recent call last):\n  File "train.py", line 41, in <module>\n    loss.backward()\n'
             '  File "/usr/lib/python3.10/site-packages/torch/_tensor.py", line 487, in backward\n'
             "    torch.autograd.backward(\n" + INPLACE + "\n")

# Pastes that take the rules where JavaScript and Python differ: whitespace sets, line
# terminators, UTF-16 lengths, prefixes, message ends.
TRICKY = [
    "",
    "  \n\t\n",
    "x = model(inp)\nloss.backward() in the backward pass" + SECOND,  # glued to the line before
    "I get `" + SECOND[:80] + "` after two epochs, any idea?",
    "I get `" + INPLACE + "`",
    SECOND + "\nException raised from backward at ../torch/csrc/autograd/engine.cpp:1044 (most recent call first):\n"
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f in libc10.so)\n"
    "frame #1: <unknown function> + 0x1234 (0x7f in libtorch.so)\n",
    "".join(f"[rank0]: {line}\n" for line in TRACEBACK.splitlines()),
    "".join(f"[default1]:{line}\n" for line in TRACEBACK.splitlines()),
    TRACEBACK.replace("\n", "\r\n"),
    TRACEBACK.replace("\n", "\r"),
    TRACEBACK.replace("    ", "\u00a0\u00a0\u00a0\u00a0"),
    TRACEBACK.replace("    ", "\u3000\u3000"),
    TRACEBACK.replace("  ", "\u00a0\u2002"),  # the frames' indentation too
    "/home/u/train.py:12: UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being "
    "accessed.\n\u3000print(y.grad)\n",
    "my\u00a0loss is nan\n\u00a0indented line\n\u2009\u2009x = model(y)\nz\u00a0= x.sum()\n",
    "MyÜError: a category with a letter beyond ASCII\nrank\u0661 IndexError: in a line\n",
    "[rank\u0661]: " + SECOND,
    "\ufeff" + TRACEBACK,  # a byte-order mark: whitespace to JavaScript, not to Python
    TRACEBACK.replace("    loss", "\x85\x1c  loss"),  # whitespace to Python, not to JavaScript
    TRACEBACK + "\u00a0\u3000\u2003",
    "\u3000" + INPLACE + "\u3000",
    INPLACE.replace("failed to", "failed\u2028to"),  # a line terminator to JavaScript, not a line here
    SECOND.replace("graph", "graph \U0001f525", 1) + "\n",  # beyond the BMP: two UTF-16 code units
    "    " + INPLACE + "\n  \U0001f600\U0001f600 goes on\n",
    INPLACE.replace("output 0", "output \u0661").replace("[3, 4]", "[\uff13, 4]"),  # digits outside ASCII
    DDP_LONG,
    "\U0001f600" * 3000 + DDP_LONG,
    ASTRAL_CUT,
    ASTRAL_CUT[1:],
    "  File \"train.py\", line 9, in step\n    " + DDP_LONG,
    ">>> loss.backward()\n" + TRACEBACK + ">>> ",
    "In [3]: loss.backward()\n" + SECOND,
    "E   " + SECOND + "\nE   next line\n",
    "> " + SECOND,
    "---------------------------------------------------------------------------\n"
    "RuntimeError                              Traceback (most recent call last)\n"
    "Cell In[7], line 3\n      1 out = model(x)\n----> 3 out.sum().backward()\n\n" + SECOND,
    "[W reducer.cpp:1298] Warning: find_unused_parameters=True was specified in DDP constructor, but did not find "
    "any unused parameters in the forward pass. (function operator())\n",
    "[W1126 22:48:49.568080379 reducer.cpp:1400] Warning: find_unused_parameters=True was specified in DDP "
    "constructor,\nbut did not find any unused parameters (function operator())\nnext line\n",
    "/home/u/train.py:12: UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being "
    "accessed.\n  print(y.grad)\n",
    'torch._dynamo.exc.TorchRuntimeError: Failed running call_function <built-in method backward>:\n'
    'got RuntimeError("a \\"quoted\\" message\\nover two lines")\n',
    "my loss is nan and backward does nothing\n  indented line\nsecond line",
    "RuntimeError: Failed to import transformers.trainer because of the following error (look up to see its "
    "traceback):\ncannot import name 'LRScheduler' from 'torch.optim.lr_scheduler'\n",
]


def raw(config: str) -> tuple[dict, dict]:
    """The paste box's data as every edition shares it, and the edition's words (as site_data reads them)."""
    listed = editions.load(ROOT)
    edition = next(e for e in listed if e.config == config)
    data = json.loads(data_files.contents(ROOT, listed[0])[data_files.PASTE_DATA])
    words = json.loads(data_files.contents(ROOT, edition)[data_files.PASTE_WORDS])
    return data, words


@functools.cache
def sources() -> tuple[tuple[str, str], ...]:
    """(where it comes from, paste) for every paste both readers read."""
    recorded = recorded_cases()
    found = [("recorded message", case.paste) for case in recorded]
    found += [("variant of a recorded message", case.paste) for case in variants(recorded)]
    for path in sorted((ROOT / "outputs").glob("*/*/*.txt")):
        output = path.read_text(encoding="utf-8")
        if grammar.messages(output):  # an output that prints an error or a warning
            found.append(("recorded output file", output))
    for name, load in (("data/pastes", pastes.load), ("data/held-out-pastes", pastes.load_held_out),
                       ("data/blind-pastes", pastes.load_blind), ("data/unknown-pastes", pastes.load_unknown)):
        found += [(name, paste.paste) for paste in load(ROOT)]
    found += [("data/wordings.toml", f"{w.category}: {w.text}") for w in wordings.load(ROOT)]
    found += [("custom Function variant", paste) for paste, _, _ in CUSTOM_FUNCTION_VARIANTS]
    found += [("tricky paste", paste) for paste in TRICKY]
    return tuple(found)


def reading(port: reader.Reader, text: str) -> dict | None:
    """The port's reading in tests/paste_reader.mjs's shape, through JSON as Node's comes."""
    result = port.read(text)
    if result is None:
        return None
    pasted, found, template = result["pasted"], result["found"], result.get("template")
    shaped = {
        "category": pasted["category"], "message": pasted["message"], "code": result["code"],
        "score": result["score"], "entry": found["entry"]["id"] if found else None,
        "worded": result.get("worded"), "releases": template["releases"] if template else None,
        "library": (template.get("library") or "") if template else None,
        "causes": [{
            "mechanism": c["cause"]["mechanism"], "text": c["cause"]["text"], "fix": c["cause"]["fix"],
            "tell": c["cause"]["tell"], "clues": c["clues"], "fits": c["fits"], "close": bool(c["close"]),
            "pairs": [{"snippet": p["snippet"], "url": p["url"], "fix": p["fix"], "fixUrl": p["fixUrl"],
                       "diff": len(p["diff"])} for p in c["cause"]["pairs"]],
            "notShown": c["cause"]["notShown"], "reports": len(c["cause"]["reports"]),
            "row": c["row"], "rankScore": c["score"], "shape": c["shape"], "opening": c["opening"],
            "named": c["named"],
        } for c in result.get("ranked") or []],
        "line": pasted["line"], "warning": pasted["warning"], "indented": pasted["indented"],
        "form": found["form"] if found else None, "templated": found["text"] if found else None,
        "named": found["named"] if found else None, "seen": found["seen"] if found else None,
        "matched": found["template"]["text"] if found else None,
        "template": template["text"] if template else None, "node": result.get("node"),
        "details": port.details(pasted["message"]),
    }
    return json.loads(json.dumps(shaped))


def short(value, limit: int = 300) -> str:
    said = json.dumps(value, ensure_ascii=False)
    return said if len(said) <= limit else said[:limit] + f"... ({len(said)} characters)"


def differences(node: dict | None, python: dict | None) -> list[str]:
    """Each field where the two readings differ, in words (a cause's fields one by one)."""
    if node is None or python is None:
        return [] if node is python else [f"reading: node {short(node, 120)}, python {short(python, 120)}"]
    found = []
    for key in sorted(set(node) | set(python)):
        if key == "causes" and len(node[key]) == len(python[key]):
            for i, (a, b) in enumerate(zip(node[key], python[key], strict=True)):
                found += [f"causes[{i}].{k}: node {short(a.get(k))}, python {short(b.get(k))}"
                          for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        elif node.get(key) != python.get(key):
            found.append(f"{key}: node {short(node.get(key))}, python {short(python.get(key))}")
    return found


@pytest.mark.parametrize("config", CONFIGS)
def test_localize_words_the_data_as_the_script_does(config):
    data, words = raw(config)
    before = copy.deepcopy(data)
    assert reader.localize(data, words) == site_data(config)
    assert data == before, "localize changed the data it was given"


def test_the_data_s_patterns_compile_in_python():
    """The placeholders (fieldguide/errors/grammar.py) compile in Python's `re` as they are and
    as translated; every clue pattern of data/reports compiles translated, with no warning."""
    data = site_data()
    for _, source, _ in data["placeholders"]:
        re.compile(source)
    patterns = [p for entry in data["entries"] for cause in entry["causes"]
                for p in cause["clueCode"] + cause["clueMessage"]]
    patterns += [source for _, source, _ in data["placeholders"]] + [data["backwardSuffix"]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Python's FutureWarning on `[[` or `--` in a class
        for source in patterns:
            reader._COMPILED.pop(source, None)
            reader.js_regex(source)
    assert len(patterns) > 300


@pytest.mark.parametrize("config", CONFIGS)
def test_every_paste_reads_the_same_in_python(config):
    listed = sources()
    unique = list(dict.fromkeys(paste for _, paste in listed))
    where = {}
    for source, paste in listed:
        where.setdefault(paste, source)
    data = site_data(config)
    before = copy.deepcopy(data)
    port = reader.Reader(data)
    with ThreadPoolExecutor(1) as pool:  # Node reads while Python does
        by_node = pool.submit(read, data, unique)
        python = [reading(port, paste) for paste in unique]
        node = by_node.result()
    assert data == before, "the port changed the data it was given"
    counts = Counter(source for source, _ in listed)
    for source, count in counts.items():
        print(f"{config}: {source}: {count} pastes")
    print(f"{config}: {len(unique)} distinct pastes read by both")
    assert counts["recorded message"] >= 200 and counts["variant of a recorded message"] >= 1000
    assert counts["recorded output file"] >= 200 and counts["data/blind-pastes"] >= 150
    assert sum(r is not None and r["entry"] is not None for r in node) >= 1000, "too few pastes land on an entry"
    differing = [(paste, found) for paste, a, b in zip(unique, node, python, strict=True)
                 if (found := differences(a, b))]
    shown = "\n\n".join(f"[{where[paste]}] {short(paste, 200)}\n  " + "\n  ".join(found[:6])
                        for paste, found in differing[:SHOWN])
    assert not differing, f"{len(differing)} of {len(unique)} pastes read otherwise in Python ({config}):\n\n{shown}"


def test_the_functions_read_tricky_pastes_as_the_script_does():
    calls = [[name, paste] for paste in TRICKY for name in ("pastedMessages", "pastedCode")]
    ported = {"pastedMessages": reader.pasted_messages, "pastedCode": reader.pasted_code}
    differing = []
    for (name, paste), node in zip(calls, _node({"calls": calls}), strict=True):
        python = json.loads(json.dumps(ported[name](paste)))
        if python != node:
            differing.append(f"{name}({short(paste, 200)}):\n  node   {short(node)}\n  python {short(python)}")
    assert not differing, "\n\n".join(differing[:SHOWN])
    # the inputs do take the rules they are meant for
    assert reader.pasted_messages("\ufeff" + TRACEBACK)[0]["message"] == INPLACE.partition(": ")[2]
    long = reader.pasted_messages(DDP_LONG)[0]["message"]
    assert len(long) == reader.SCANNED and long.startswith("Expected to have finished reduction")
    cut = reader.pasted_messages(ASTRAL_CUT)[0]["message"]  # 4,000 UTF-16 code units, the last half a pair
    assert len(cut) == 1 + (reader.SCANNED - 1) // 2 + 1 and cut[-1] == "\ud83d"
    assert [m["message"] for m in reader.pasted_messages("I get `" + INPLACE + "`")] == [INPLACE.partition(": ")[2]]


def test_words_lcs_leading_and_likeness_as_the_script_computes_them():
    rng = random.Random(7)
    vocabulary = ["a", "b", "c", "d", "<n>", "grad", "the"]
    pairs = [([rng.choice(vocabulary) for _ in range(rng.randrange(90))],
              [rng.choice(vocabulary) for _ in range(rng.randrange(90))]) for _ in range(200)]
    texts = [paste[:2000] for paste in TRICKY] + ["Tensor [<tensor type> [<shape>]] ÄÖ İstanbul ΣΑΣ \u212a ǅ <Σ>"]
    calls = ([["lcs", a, b] for a, b in pairs] + [["leading", a, b] for a, b in pairs]
             + [["words", text] for text in texts]
             + [["likeness", a, {"words": b, "head": b[:5]}] for a, b in pairs])
    expected = _node({"calls": calls})
    got = ([reader.lcs(a, b) for a, b in pairs] + [reader.leading(a, b) for a, b in pairs]
           + [reader.words(text) for text in texts]
           + [reader.likeness(a, {"words": b, "head": b[:5]}) for a, b in pairs])
    differing = [f"{name}: node {short(n)}, python {short(p)}"
                 for (name, *_), n, p in zip(calls, expected, got, strict=True) if n != p]
    assert not differing, "\n".join(differing[:SHOWN])


def test_the_reader_reads_the_same_twice_and_leaves_the_data_alone():
    data = site_data()
    before = copy.deepcopy(data)
    port = reader.Reader(data)
    first = [reading(port, paste) for paste in TRICKY]
    assert [reading(reader.Reader(data), paste) for paste in TRICKY] == first
    assert [reading(port, paste) for paste in TRICKY] == first
    assert data == before


# (pattern, text) where JavaScript's and Python's regular expressions disagree untranslated.
REGEX_CASES = [
    ("a$", "a\n"), ("^a.b$", "a\u2028b"), ("^a.b$", "a\rb"), ("^a.b$", "a\u0085b"), (r"\d+", "\u0661\uff13 7"),
    (r"\w+", "é_x"), (r"\bx\b", "éxé"), (r"^\s+", "\u00a0\u3000\ufeff\u2028x"), (r"^\s+", "\x85\x1cx"),
    (r"^\S+", "\x85\x1c\u00a0x"), (r"[^)\s]+", "ab\u00a0c"), ("[^]", "\n"), ("a[]", "a"), (r"[\w.[\]]+", "a[0].b c"),
    ("(?<name>x)y", "axy"), (r"a|b|c$", "c\n"), ("x{2,}", "xxx"),
]


def test_js_regex_matches_as_javascript_does():
    script = ("const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(cases.map(([p, s]) => { const m = new RegExp(p).exec(s);"
              " return m && [m.index, m[0]]; })));")
    node = shutil.which("node")
    assert node, "Node.js is missing (`make nodejs`)"
    proc = subprocess.run([node, "-e", script], input=json.dumps(REGEX_CASES), capture_output=True, text=True,
                          timeout=60, check=True)
    expected = json.loads(proc.stdout)
    got = []
    for pattern, text in REGEX_CASES:
        found = reader.js_regex(pattern).search(text)
        # JavaScript's index counts UTF-16 code units; these texts stay in the BMP
        got.append(found and [found.start(), found[0]])
    assert got == expected
