"""A docs page (docs/*.md) as one model, read with markdown-it-py: its headings, its
prose with the inline code spans in it, and the snippets it embeds, in page order.

Code blocks are not prose, so a `# comment` in a fenced block is no heading and a
`{{ snippet(...) }}` line in one is no embed. Two things of this site are read beside
CommonMark: the mkdocs-macros calls `{{ ... }}` (a `{{ snippet("topic/name") }}` or
`{{ snippet("topic/name", "section") }}` line of its own embeds a snippet; a
`{{ quote(...) }}` is a checked quote, see quotes.py), and Python-Markdown's attribute
lists (`{ #anchor }`), which say nothing to a reader but give a heading its anchor.
Admonitions (`!!!`, `???`) and tables are parsed as blocks, their text nested in them; YAML
front matter (`---` ... `---` at the top) is the page's settings, not its text.

mkdocs-macros renders the whole page as a template before Markdown sees it, code blocks
included, so a macro call inside code is refused: the model and the builders would read it
differently (wrap it in `{% raw %}` ... `{% endraw %}` to show it as text).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.admon import admon_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from fieldguide.quotes import QUOTE_CALL, QUOTE_WORD, Quote, QuoteError
from fieldguide.quotes import parse as parse_quote
from fieldguide.snippet import Snippet

# A snippet call; as an embed it is the whole line (surrounding spaces aside).
SNIPPET_CALL = re.compile(r'\{\{\s*snippet\(\s*"([a-z0-9_]+/[a-z0-9_]+)"\s*(?:,\s*"([\w-]+)"\s*)?\)\s*\}\}')
# Inline: a macro call on one line, or an attribute list such as `{ #anchor }` or `{: .class }`.
MACRO_OR_ATTRIBUTES = re.compile(r"\{\{(?P<macro>.*?)\}\}|\{:?\s*[.#][^}\n]*\}")
ANCHOR = re.compile(r"#([\w-]+)")
RAW = re.compile(r"\{%\s*raw\s*%\}.*?\{%\s*endraw\s*%\}", re.DOTALL)


class PageError(ValueError):
    """A page the model cannot read; the message names the line and what to write."""


@dataclass(frozen=True)
class Code:
    """An inline code span of the prose (not one inside a quote call)."""

    line: int
    text: str


@dataclass(frozen=True)
class QuoteCall:
    """A `{{ quote(...) }}` of the prose, read."""

    line: int
    quote: Quote


@dataclass(frozen=True)
class Prose:
    line: int  # where it starts, from 1
    # as Markdown that stands on its own: links keep only their words, a quote is its
    # code with its releases, other macros and attribute lists are left out
    text: str
    code: tuple[Code, ...]
    quotes: tuple[QuoteCall, ...] = ()


@dataclass(frozen=True)
class Heading(Prose):
    level: int = 1
    anchor: str | None = None  # from its attribute list, `## Title { #anchor }`


@dataclass(frozen=True)
class Paragraph(Prose):
    # inside a list, table, admonition or block quote (a table cell and an admonition's
    # title count as paragraphs there)
    nested: bool = False


@dataclass(frozen=True)
class Embed:
    """A `{{ snippet(...) }}` line: the snippet's key and the section it shows, if any."""

    line: int
    key: str
    section: str | None

    def snippet(self, root: Path) -> Snippet:
        return Snippet.load(root, *self.key.split("/"))


Block = Heading | Paragraph | Embed


@dataclass(frozen=True)
class Page:
    path: Path
    blocks: tuple[Block, ...]

    @classmethod
    def read(cls, path: Path) -> Page:
        # A build reads each page several times (embeds, notebook cells); parsing one
        # takes milliseconds. An edited page has another stamp, so it is read again.
        stat = path.stat()
        return _read(path, stat.st_mtime_ns, stat.st_size)

    @classmethod
    def parse(cls, markdown: str, path: Path) -> Page:
        """The model of `markdown`, the text of `path` (named in errors)."""
        tokens = _parser().parse(markdown)
        blocks: list[Block] = []
        for before, token in zip([None, *tokens], tokens, strict=False):  # the last token is before none
            if token.type == "snippet_embed":
                blocks.append(Embed(_first_line(token), *token.meta["call"].groups()))
            elif token.type in ("fence", "code_block", "html_block"):
                _no_macro_in_code(token, path)
            elif token.type == "inline":
                line = _first_line(token)
                text, code, quotes, anchor = _prose(token, path)
                if before is not None and before.type == "heading_open":
                    blocks.append(Heading(line, text, code, quotes, level=int(before.tag[1:]), anchor=anchor))
                else:
                    blocks.append(Paragraph(line, text, code, quotes, nested=token.level > 1))
        return cls(path, tuple(blocks))

    @property
    def title(self) -> str:
        """The first level-1 heading's text, '' when there is none."""
        return next((b.text for b in self.blocks if isinstance(b, Heading) and b.level == 1), "")

    @property
    def code(self) -> list[Code]:
        """Every inline code span of the prose, in page order."""
        return [span for block in self.blocks if not isinstance(block, Embed) for span in block.code]

    @property
    def embeds(self) -> list[Embed]:
        return [block for block in self.blocks if isinstance(block, Embed)]

    @property
    def quotes(self) -> list[QuoteCall]:
        """Every checked quote of the prose, in page order."""
        return [call for block in self.blocks if not isinstance(block, Embed) for call in block.quotes]

    @property
    def headings(self) -> list[Heading]:
        return [block for block in self.blocks if isinstance(block, Heading)]


@functools.lru_cache(maxsize=64)  # the site has under 64 pages
def _read(path: Path, mtime_ns: int, size: int) -> Page:
    return Page.parse(path.read_text(encoding="utf-8"), path)


def _embed(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Block rule: a snippet call on a line of its own. It may interrupt a paragraph: an
    embed is a line, whatever the lines around it."""
    if state.is_code_block(start):
        return False
    call = SNIPPET_CALL.fullmatch(state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]].rstrip())
    if not call:
        return False
    if not silent:
        token = state.push("snippet_embed", "", 0)
        token.map = [start, start + 1]
        token.meta = {"call": call}
        state.line = start + 1
    return True


def _macro(state: StateInline, silent: bool) -> bool:
    """Inline rule: a macro call or an attribute list, as one token (so no code span or
    emphasis is read inside it)."""
    found = MACRO_OR_ATTRIBUTES.match(state.src, state.pos)
    if not found:
        return False
    if not silent:
        token = state.push("macro" if found["macro"] is not None else "attributes", "", 0)
        token.content = found[0]
    state.pos = found.end()
    return True


@functools.cache  # built on first use: every page is parsed with the one parser
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark").enable("table").use(admon_plugin).use(front_matter_plugin)
    md.block.ruler.before("paragraph", "snippet_embed", _embed, {"alt": ["paragraph"]})
    md.inline.ruler.before("text", "macro", _macro)
    # keep escapes and entities as written (text_special tokens), so the text stays Markdown
    md.disable("text_join")
    return md



def _first_line(token: Token) -> int:
    """The 1-based line `token` starts on: block-level tokens, inline ones included, carry their lines."""
    assert token.map is not None, f"a {token.type} token without source lines"
    return token.map[0] + 1


def _no_macro_in_code(token: Token, path: Path) -> None:
    code = RAW.sub(lambda raw: "\n" * raw[0].count("\n"), token.content)
    for number, text in enumerate(code.splitlines(), _first_line(token) + (token.type == "fence")):
        if "{{" in text:
            raise PageError(f"{path}:{number}: a macro call inside code is expanded by the build; "
                            "wrap it in {% raw %} ... {% endraw %} to show it as written")


def _prose(inline: Token, path: Path) -> tuple[str, tuple[Code, ...], tuple[QuoteCall, ...], str | None]:
    """The inline content's text as standalone Markdown, its code spans, its quotes and the
    anchor its attribute list gives."""
    parts, code, quotes, anchor, line = [], [], [], None, _first_line(inline)
    for child in inline.children or []:
        if child.type == "code_inline":
            code.append(Code(line, child.content))
            pad = " " if child.content[:1] in " `" or child.content[-1:] in " `" else ""
            parts.append(f"{child.markup}{pad}{child.content}{pad}{child.markup}")
        elif child.type in ("softbreak", "hardbreak"):
            line += 1
            parts.append("\n" if child.type == "softbreak" else "\\\n")
        elif child.type == "macro":
            quote = _macro_quote(child.content, f"{path}:{line}")
            if quote is not None:
                quotes.append(QuoteCall(line, quote))
                parts.append(quote.code + (f" ({quote.label})" if quote.label else ""))
        elif child.type == "attributes":
            found = ANCHOR.search(child.content)
            anchor = found[1] if found else anchor
        elif "{{" in child.content:
            raise PageError(f"{path}:{line}: a macro call must be written as {{{{ name(...) }}}} on one line")
        elif child.type in ("text_special", "em_open", "em_close", "strong_open", "strong_close"):
            parts.append(child.markup)  # as written: `\*`, `&amp;`, `*`, `**`
        elif child.type not in ("link_open", "link_close"):
            parts.append(child.content)  # text, inline HTML; an image keeps its words, as a link does
    return "".join(parts).strip(), tuple(code), tuple(quotes), anchor


def _macro_quote(call: str, where: str) -> Quote | None:
    """The quote a macro call in prose makes; None for any other macro (it reads as nothing)."""
    if call[2:].lstrip().startswith("snippet("):
        raise PageError(
            f"{where}: {call} is not an embed; write "
            '{{ snippet("topic/name") }} or {{ snippet("topic/name", "section") }} on a line of its own'
        )
    quoted = QUOTE_CALL.fullmatch(call)
    if not quoted:
        if QUOTE_WORD.search(call):
            raise QuoteError(f"{where}: {call} is not a quote the checker can read; write "
                             '{{ quote("topic/name", "text") }}')
        return None
    try:
        return parse_quote(quoted[1])
    except QuoteError as error:
        raise QuoteError(f"{where}: {error}") from None
