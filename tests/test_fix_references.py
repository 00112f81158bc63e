"""A fix is proven by its gradients, not by the error going away.

Every fix (the target of a `# fixed-by:`, which the Error index and the paste box show as
the fix of its causes) that computes gradients declares `# reference: LABEL` and prints
`LABEL: True` from a comparison with gradients computed another way. The engine refuses a
run that prints anything else (fieldguide/engine.py's `reference_problem`), on every
release; these tests keep the rule complete and show that it catches the two ways a fix goes
wrong quietly: zeros for an input that requires grad, and a parameter left without one.
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

from fieldguide.engine import Engine, reference_problem
from fieldguide.snippet import Snippet, discover
from fieldguide.store import OutputStore

ROOT = Path(__file__).resolve().parents[1]
SNIPPETS = {snippet.key: snippet for snippet in discover(ROOT)}
FIXES = sorted({s.fixed_by for s in SNIPPETS.values() if s.fixed_by and s.fixed_by in SNIPPETS})

# What computes a gradient: backward, autograd.grad and the torch.func transforms, gradcheck,
# or reading the .grad a backward left.
GRADIENTS = re.compile(
    r"\.backward\(|\bautograd\.grad\(|\b(grad|vjp|jvp|jacrev|jacfwd|hessian|gradcheck|gradgradcheck)\(|\.grad\b"
)


def gradient_line(snippet: Snippet) -> tuple[int, str] | None:
    """The first line of code (comments left out) that computes a gradient."""
    source = snippet.path.read_text(encoding="utf-8")
    code = [
        token for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type not in (tokenize.COMMENT, tokenize.STRING)
    ]
    lines: dict[int, str] = {}
    for token in code:
        lines[token.start[0]] = lines.get(token.start[0], "") + token.string
    for number in sorted(lines):
        if GRADIENTS.search(lines[number]):
            return number, source.splitlines()[number - 1].strip()
    return None


def test_the_rule_sees_fixes_that_compute_gradients():
    """The pattern finds backward and .grad in code, not in comments or strings."""
    assert len(FIXES) > 100
    computing = [key for key in FIXES if gradient_line(SNIPPETS[key])]
    assert 0 < len(computing) < len(FIXES)


@pytest.mark.parametrize("key", FIXES)
def test_a_fix_that_computes_gradients_checks_them_against_a_reference(key):
    fix = SNIPPETS[key]
    found = gradient_line(fix)
    if found is None or fix.reference:
        return
    raising = sorted(s.relpath for s in SNIPPETS.values() if s.fixed_by == key)
    number, line = found
    pytest.fail(
        f"{fix.relpath} is the fix of {', '.join(raising)} and computes gradients (line {number}: "
        f"`{line}`) but checks none: a fix that only stops the error can leave a wrong gradient. "
        "Compute the gradients the reader wanted another way (the same function without the "
        "construct that raised, a plain differentiable implementation, or "
        "torch.autograd.gradcheck in float64), compare them with the fix's, print the result as "
        "'LABEL: True', and declare '# reference: LABEL' at the top of the file.",
        pytrace=False,
    )


@pytest.mark.parametrize("key", sorted(k for k, s in SNIPPETS.items() if s.reference))
def test_every_recording_of_a_reference_check_says_true(key):
    """The recordings carry the proof on every release that has one."""
    store = OutputStore(ROOT)
    label = SNIPPETS[key].reference
    assert store.index(key), f"{SNIPPETS[key].relpath} has no recording"
    for name, versions in store.index(key).items():
        problem = reference_problem((store.folder(key) / name).read_text(encoding="utf-8"), label)
        assert problem is None, f"{key}/{name} (torch {', '.join(versions)}): {problem}"


# The two quiet failures the check exists for, made from the guide's own fixes.
WRONG_FIXES = {
    "zeros for an input that requires grad": (
        "function/backward_zeros_like_input",
        "return grad_out * scale, None",
        "return grad_out * scale, torch.zeros_like(scale)",
    ),
    "a parameter left without its gradient": (
        "derivatives/checkpoint_function_tensor_args",
        "torch.autograd.backward(out, grad_out)\n        return (None, *(t.grad for t in inputs))",
        "return (None, *torch.autograd.grad(out, inputs, grad_out))",
    ),
}


@pytest.mark.parametrize("how", WRONG_FIXES)
def test_a_fix_that_silences_the_error_with_a_wrong_gradient_fails(how, tmp_path):
    key, right, wrong = WRONG_FIXES[how]
    source = SNIPPETS[key].path.read_text(encoding="utf-8")
    assert right in source, f"{SNIPPETS[key].relpath} no longer has {right!r}; update this test"
    topic, name = key.split("/")
    (tmp_path / "snippets" / topic).mkdir(parents=True)
    (tmp_path / "snippets" / topic / f"{name}.py").write_text(source.replace(right, wrong), encoding="utf-8")
    mutant = Snippet.load(tmp_path, topic, name)
    with Engine(sys.executable, tmp_path, warm=False) as engine:
        engine.submit_all([mutant])
        result = engine.result(mutant)
    assert result.raised is None, result.output  # the error stays silenced
    problem = result.problem(mutant)
    assert problem and f"printed '{mutant.reference}: False'" in problem, result.output
