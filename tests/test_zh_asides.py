"""No alias stuffed into the Chinese prose for the site search: a parenthesis, or a clause,
that says again in other words what its sentence says, so that a reader's search words are
on the page (“输出不尽相同（不同版本输出不一样）”, “报错大全（汇总）”). A page names
an alias once, at the term's first mention, in a parenthesis that says so (又称……:
tests/test_glossary.py); an English term in parentheses (叶子张量（leaf tensor）) is a
glossary gloss, not an alias.

Each paragraph and heading of a docs-zh/ page is read beside its twin in docs/ (the twin
pages have the same blocks in the same order; where a Chinese page has a block more, the
blocks are paired by their kind, their anchors, their embeds and their code). Code spans
are not prose. Two rules:

1. Parentheses. The Chinese block's parentheses, less the aliases that say so, the English
   glosses and those holding no words (numbers, a macro), must not outnumber the English
   block's parentheses that hold words. Where they do, each Chinese one that does not open
   as an aside (见…, 比如…, 例如…, 即…, 也就是…, 这里…) or with English or code fails if
   it restates its sentence (at least 3 of its words, 40% of them, are words of the rest
   of the sentence: two-character runs of Chinese, English words), or is a bare Chinese
   synonym (1 to 4 Chinese characters after a Chinese word), or carries the page's search
   words (a four-character run of a query in data/translations/search/zh.toml for the page
   that no glossary term holds).
2. Clauses. A clause (between commas or parentheses) that repeats three characters of the
   clause before it and brings in the page's search words that the clause before does not
   have fails too (“离真正引发它的那一行很远，难以定位出错的那一行代码”).

data/translations/asides/zh.toml lists the parentheses the rules take for an alias and are
not one (an English apposition the Chinese writes in parentheses)."""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path

import pytest

from fieldguide import editions, glossary
from fieldguide.page import Embed, Heading, Page, Paragraph

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = {edition.language: edition for edition in editions.load(ROOT)}
ENGLISH, CHINESE = ROOT / EDITIONS["en"].docs, ROOT / EDITIONS["zh"].docs
SEARCHES = ROOT / "data" / "translations" / "search" / "zh.toml"
ALLOWED = ROOT / "data" / "translations" / "asides" / "zh.toml"

CJK = re.compile(r"[\u4e00-\u9fff]")
CODE = re.compile(r"(`+)(.*?)(?<!`)\1(?!`)", re.DOTALL)
WORDED = re.compile(r"[A-Za-z\u4e00-\u9fff]")
# an alias that says so (tests/test_glossary.py reads these: once per page)
ALIAS = re.compile(r"又称|也称|也叫|也常写作|也常叫|也常说|或称|俗称|常说的")
ASIDE = re.compile(r"\s*(?:见|比如|例如|即|也就是|这里|如)")
GLOSS = re.compile(r"\s*[A-Za-z][A-Za-z0-9 .\-/，,]*")  # 损失（loss）, 检查点（stop-gradient）
OPENS_ENGLISH = re.compile(r"\s*[A-Za-z0-9_.\"'“`]")
AFTER_ENGLISH = re.compile(r"[A-Za-z0-9_.)\]`]\s*$")
BARE = re.compile(r"[\u4e00-\u9fff]{1,4}")


def runs(text: str, n: int) -> set[str]:
    """The n-character runs of Chinese in `text`."""
    return {run[i:i + n] for run in re.findall(r"[\u4e00-\u9fff]+", text) for i in range(len(run) - n + 1)}


def words(text: str) -> set[str]:
    """`text`'s words: its two-character runs of Chinese and its English words."""
    return runs(text, 2) | {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


TERMS = glossary.load(ROOT, "zh").terms
IN_TERMS = set().union(*(runs(term.chinese, 4) for term in TERMS))
GLOSSED = {f"（{alias}）" for term in TERMS for alias in re.findall(r"（([^（）]+)）", term.chinese)}


def searched(page: str) -> set[str]:
    """The four-character runs of the page's search queries that no glossary term holds."""
    queries = tomllib.loads(SEARCHES.read_text(encoding="utf-8"))["query"]
    return set().union(*(runs(q["query"], 4) for q in queries if q["page"] == page)) - IN_TERMS


def allowed() -> set[tuple[str, str]]:
    return {(a["page"], a["text"]) for a in tomllib.loads(ALLOWED.read_text(encoding="utf-8"))["aside"]}


def parentheses(text: str) -> list[tuple[int, str]]:
    """(offset, content) of each outermost parenthesis of `text`, full-width or not."""
    found, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "（(":
            start = i if depth == 0 else start
            depth += 1
        elif char in "）)" and depth:
            depth -= 1
            if depth == 0:
                found.append((start, text[start + 1:i]))
    return found


def readable(text: str) -> tuple[str, str]:
    """`text` with each code span's content kept (its parentheses blanked) and, of the same
    length, with the code blanked."""
    kept = CODE.sub(lambda m: " " + re.sub(r"[()（）]", " ", m.group(2)) + " ", text)
    blank = CODE.sub(lambda m: " " * (len(m.group(2)) + 2), text)
    return kept, blank


def twins(page: str, chinese: str, english: str) -> list[tuple[Paragraph | Heading, Paragraph | Heading]]:
    """The Chinese page's prose blocks, each with its English twin."""
    def sign(block):
        if isinstance(block, Embed):
            return ("embed", block.key, block.section)
        if isinstance(block, Heading):
            return ("heading", block.level, block.anchor)
        return ("paragraph", block.nested, tuple(span.text for span in block.code))

    zh = Page.parse(chinese, CHINESE / page).blocks
    en = Page.parse(english, ENGLISH / page).blocks
    pairs = list(zip(zh, en, strict=False))
    if len(zh) != len(en):
        pairs = []
        matcher = difflib.SequenceMatcher(None, [sign(b) for b in zh], [sign(b) for b in en], autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
                pairs += zip(zh[i1:i2], en[j1:j2], strict=True)
    return [(z, e) for z, e in pairs if not isinstance(z, Embed) and not isinstance(e, Embed)]


def stuffed_parentheses(page: str, block: Paragraph | Heading, twin: Paragraph | Heading,
                        search: set[str]) -> list[str]:
    kept, blank = readable(block.text)
    own = [(start, inside) for start, inside in parentheses(kept)
           if WORDED.search(inside) and not ALIAS.search(inside) and not GLOSS.fullmatch(inside)]
    theirs = [inside for _, inside in parentheses(readable(twin.text)[0]) if WORDED.search(inside)]
    if len(own) <= len(theirs):
        return []
    found = []
    for start, inside in own:
        if not CJK.search(inside) or OPENS_ENGLISH.match(inside) or ASIDE.match(inside) or f"（{inside}）" in GLOSSED:
            continue
        end = start + len(inside) + 2
        sentence = re.split(r"[。！？]", kept[:start])[-1] + " " + re.split(r"[。！？]", kept[end:])[0]
        said = words(blank[start + 1:start + 1 + len(inside)])
        why = []
        if len(said) >= 3 and len(said & words(sentence)) >= 0.4 * len(said):
            why.append("says again what its sentence says")
        if BARE.fullmatch(inside) and not AFTER_ENGLISH.search(kept[:start]):
            why.append("is a bare synonym of the word before it")
        if carried := sorted(runs(inside, 4) & search):
            why.append(f"carries the search words {'、'.join(carried)}")
        if why:
            found.append((inside, f"docs-zh/{page}:{block.line}: （{inside}） {' and '.join(why)}, and the "
                                  f"English has no parenthesis for it ({len(theirs)} against {len(own)})"))
    return found


def stuffed_clauses(page: str, block: Paragraph | Heading, search: set[str]) -> list[tuple[str, str]]:
    found = []
    for sentence in re.split(r"[。！？；：]", readable(block.text)[1]):
        clauses = [c for c in re.split(r"[，（）()]", sentence) if c.strip()]
        for before, clause in zip(clauses, clauses[1:], strict=False):
            brought = sorted(runs(clause, 4) & search - runs(before, 4))
            if runs(before, 3) & runs(clause, 3) and brought and not ALIAS.search(before + clause):
                found.append((clause.strip(), f"docs-zh/{page}:{block.line}: “{clause.strip()}” says again what "
                                              f"“{before.strip()}” says, with the search words {'、'.join(brought)}"))
    return found


def problems(page: str, chinese: str, english: str) -> list[str]:
    """What the Chinese page `page` (its text `chinese`, its twin's `english`) stuffs in."""
    search, ok = searched(page), allowed()
    found = []
    for block, twin in twins(page, chinese, english):
        found += stuffed_parentheses(page, block, twin, search) + stuffed_clauses(page, block, search)
    return [f"  {said}" for text, said in found if (page, text) not in ok]


PAGES = sorted(p.name for p in CHINESE.glob("*.md") if (ENGLISH / p.name).exists())


@pytest.mark.parametrize("page", PAGES)
def test_a_chinese_page_stuffs_no_alias_in(page):
    found = problems(page, (CHINESE / page).read_text(encoding="utf-8"), (ENGLISH / page).read_text(encoding="utf-8"))
    assert not found, (f"docs-zh/{page} says things again for the search; drop the words, or name an alias once "
                       "at the term's first mention (（又称……）), or, where the English says it too, list it in "
                       f"{ALLOWED.relative_to(ROOT)}:\n" + "\n".join(found))


def test_each_allowed_aside_is_still_on_its_page():
    def asides(page):
        return {inside for block in Page.read(CHINESE / page).blocks if not isinstance(block, Embed)
                for _, inside in parentheses(readable(block.text)[0])}

    gone = [f"  {page}: （{text}）" for page, text in sorted(allowed()) if text not in asides(page)]
    assert not gone, (f"{ALLOWED.relative_to(ROOT)} lists parentheses no page has any more; remove them:\n"
                      + "\n".join(gone))


# The review zh-review-3's F-1 … F-6 and M-3, as the pages had them, each with its English.
REVIEWED = [
    ("version-changes.md", "它列出所有在不同版本上输出不尽相同（不同版本输出不一样）的例子。",
     "It lists every example whose output differs between releases."),
    ("nan-gradients.md", "损失（loss）打印出来是一个有限的数，梯度却可能全是 NaN（训练中 loss 正常、梯度却出现 nan）。",
     "A loss that prints a finite number can still have a gradient full of NaN."),
    ("inplace-training.md", "在前向传播之后、`backward()` 之前调用 `optimizer.step()`（把 step 放在 backward 之前），"
     "就会遇到这类 inplace 报错。",
     "Call `optimizer.step()` between the forward pass and `backward()`, and you meet it."),
    ("errors.md", "可以当作一份 autograd 报错大全（汇总）来查。", "Every error and warning that a snippet prints."),
    ("debugging.md", "很多 autograd 报错是由 `backward()` 抛出的，离真正引发它的那一行很远，难以定位出错的那一行代码。",
     "Many autograd errors are raised by `backward()`, far from the line that caused them."),
    ("distributed.md", "前向传播从未调用过的层得不到梯度（它的参数未参与损失计算），所以容纳它的桶永远凑不齐。",
     "A layer the forward never calls gets no gradient, so its bucket never fills."),
    ("detach.md", "它与 `t` 共用同一块内存（共享内存：原地修改其中一个，原张量也变了），不需要梯度。",
     "It looks at the same memory as `t` and does not require grad."),
]


@pytest.mark.parametrize(("page", "chinese", "english"), REVIEWED, ids=[r[0] for r in REVIEWED])
def test_the_stuffing_the_review_found_is_refused(page, chinese, english):
    assert problems(page, chinese + "\n", english + "\n")


def test_a_glossary_gloss_an_aside_and_an_alias_that_says_so_pass():
    assert not problems("detach.md", "结果是一个叶子张量（leaf tensor），所以它（见上文）就是常量（又称停止梯度）。\n",
                        "The result is a leaf, so it is a constant.\n")
