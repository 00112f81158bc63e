"""The page model (fieldguide/page.py): headings, prose with its inline code, and snippet
embeds, read as Markdown rather than line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from fieldguide.page import Code, Embed, Heading, Page, PageError, Paragraph, QuoteCall
from fieldguide.quotes import Quote, QuoteError

PATH = Path("docs/example.md")


def parse(markdown: str) -> Page:
    return Page.parse(markdown, PATH)


def test_a_comment_in_a_code_fence_is_no_heading():
    page = parse(
        "# Title\n\n"
        "```python\n"
        "# the loss\n"
        "{% raw %}{{ shown as written }}{% endraw %}\n"
        "```\n\n"
        "    # indented code, no heading either\n"
    )
    assert page.blocks == (Heading(1, "Title", (), level=1),)


@pytest.mark.parametrize("markdown, line", [
    ('# T\n\n```python\nx = 1\n{{ snippet("leaf/retain_grad") }}\n```\n', 5),
    ('# T\n\n    {{ quote("k/n", "t") }}\n', 3),
    ("# T\n\n```\n{% raw %}\n{{ a }}\n{% endraw %}\n{{ b }}\n```\n", 7),
])
def test_a_macro_call_inside_code_is_refused_as_the_build_would_expand_it(markdown, line):
    with pytest.raises(PageError, match=rf"docs/example.md:{line}: a macro call inside code .* {{% raw %}}"):
        parse(markdown)


def test_front_matter_is_settings_not_text():
    page = parse("---\nsearch:\n  boost: 3\n---\n\n# Errors\n\nProse.\n")
    assert page.blocks == (Heading(6, "Errors", (), level=1), Paragraph(8, "Prose.", ()))


def test_headings_have_their_level_and_plain_text():
    page = parse(
        "# The title\n\n"
        "## Why [the book](book.md) said `x` { #why-the-book }\n\n"
        '### {{ quote("data/version_counter", "t._version 1", until="2.10") }} moves\n'
    )
    assert page.title == "The title"
    quote = Quote("data/version_counter", "t._version 1", until="2.10")
    assert page.blocks[1:] == (
        Heading(3, "Why the book said `x`", (Code(3, "x"),), level=2, anchor="why-the-book"),
        Heading(5, "`t._version 1` (up to 2.10) moves", (), (QuoteCall(5, quote),), level=3),
    )
    assert [h.anchor for h in page.headings] == [None, "why-the-book", None]
    assert page.quotes == [QuoteCall(5, quote)]


def test_embeds_are_lines_of_their_own_with_their_section():
    page = parse(
        "Some prose\n"
        '{{ snippet("leaf/retain_grad") }}\n\n'
        '{{ snippet("inplace/exp_output", "fix-1") }}  \n\n'
        'Inline {{ notebook() }} macros are not embeds.\n'
    )
    assert page.embeds == [Embed(2, "leaf/retain_grad", None), Embed(4, "inplace/exp_output", "fix-1")]
    assert page.blocks[0] == Paragraph(1, "Some prose", (), nested=False)
    assert page.blocks[-1] == Paragraph(6, "Inline  macros are not embeds.", (), nested=False)


def test_inline_code_spans_have_their_lines_and_quotes_are_not_spans():
    page = parse(
        "Call `x.backward()` and\n"
        'read {{ quote("data/version_counter", "a `b` c") }} then ``a`b`` at\n'
        "last `y`.\n"
    )
    (paragraph,) = page.blocks
    assert paragraph.code == (Code(1, "x.backward()"), Code(2, "a`b"), Code(3, "y"))
    assert paragraph.text == "Call `x.backward()` and\nread `` a `b` c `` then ``a`b`` at\nlast `y`."


def test_text_in_lists_tables_and_admonitions_is_nested():
    page = parse(
        "Intro with [a link](other.md) and \\*stars\\*.\n\n"
        "- a `listed` item\n\n"
        "| a | b |\n| --- | --- |\n| `cell` | 2 |\n\n"
        '!!! warning "Misconception: `.data` is detach()"\n'
        "    Both are `wrong`.\n"
    )
    top = [b for b in page.blocks if not b.nested]
    assert top == [Paragraph(1, "Intro with a link and \\*stars\\*.", (), nested=False)]
    assert page.code == [Code(3, "listed"), Code(7, "cell"), Code(9, ".data"), Code(10, "wrong")]


def test_prose_keeps_its_markup_as_written_and_a_links_words():
    """What the prose checks read is the paragraph as Markdown: emphasis and strong markers,
    escapes and entities stay as typed, a link is its words, an image its alt text, and a
    hard break is a backslash before the new line."""
    (paragraph,) = parse(
        "An *emphasised* word, a **strong** one, a _second_ and __third__,\\\n"
        '[a link](other.md "title") and ![a diagram](d.png), &amp; \\_kept\\_.\n'
    ).blocks
    assert paragraph.text == (
        "An *emphasised* word, a **strong** one, a _second_ and __third__,\\\n"
        "a link and a diagram, &amp; \\_kept\\_."
    )


def test_a_snippet_call_that_is_no_embed_names_the_line_and_the_fix():
    with pytest.raises(PageError, match=r"docs/example.md:3: .* on a line of its own"):
        parse('# T\n\nSee {{ snippet("leaf/retain_grad") }} here.\n')
    with pytest.raises(PageError, match=r"docs/example.md:2: "):
        parse('Prose\n{{ snippet("Leaf/Retain") }}\n')


def test_an_unreadable_quote_names_its_line():
    with pytest.raises(QuoteError, match=r"docs/example.md:2: quote\(.*\) cannot be read"):
        parse('One line,\nthen {{ quote("k/n") }}.\n')
    with pytest.raises(PageError, match=r"docs/example.md:2: a macro call must be written as .* on one line"):
        parse('One line,\nthen {{ quote("k/n",\n"text") }}.\n')
    with pytest.raises(QuoteError, match=r"docs/example.md:1: .* is not a quote the checker can read"):
        parse("A {{ quote ('k/n', 't') }}.\n")


def test_quotes_are_listed_in_page_order_with_their_lines():
    page = parse('# T\n\n- {{ quote("a/b", "one") }}\n\n| c |\n| - |\n| {{ quote("c/d", "two", since="2.1") }} |\n')
    assert page.quotes == [QuoteCall(3, Quote("a/b", "one")), QuoteCall(7, Quote("c/d", "two", since="2.1"))]


def test_an_edited_page_is_read_again(tmp_path):
    path = tmp_path / "page.md"
    path.write_text('{{ snippet("leaf/retain_grad") }}\n', encoding="utf-8")
    assert Page.read(path).embeds == [Embed(1, "leaf/retain_grad", None)]
    path.write_text('# Title\n\n{{ snippet("leaf/retain_grad", "part") }}\n', encoding="utf-8")
    assert Page.read(path).embeds == [Embed(3, "leaf/retain_grad", "part")]
