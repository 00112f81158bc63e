"""Checked quotes: prose that quotes what a snippet prints names the snippet, and the
quote is checked against the recorded outputs.

In a page:

    {{ quote("data/version_counter", "t._version 1") }}
    {{ quote("inplace/exp_output_index_assign", "output 0 of Exp", since="2.11") }}
    {{ quote("inplace/exp_output_index_assign", "ExpBackward0", until="2.10") }}

The text must occur in the snippet's recorded output on every listed release the quote
speaks of: all of them, or, with `since`/`until` (a minor release such as "2.11",
inclusive), exactly those: inside the range it must occur, outside it must not. The page
shows the quote as inline code linked to the output it comes from, with the range
written out, so the sentence always names the releases it holds on.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from fieldguide.releases import version_key
from fieldguide.store import OutputStore
from fieldguide.translations import Words

# `{{ quote(...) }}` anywhere in a line; the arguments are Python/Jinja literals
QUOTE_CALL = re.compile(r"\{\{\s*quote\((.*?)\)\s*\}\}")
QUOTE_WORD = re.compile(r"\bquote\s*\(")  # what a reader means as a quote, readable or not


class QuoteError(ValueError):
    """A quote whose call cannot be read; the message says what to write instead."""


@dataclass(frozen=True)
class Quote:
    key: str
    text: str
    since: str | None = None
    until: str | None = None

    def covers(self, version: str) -> bool:
        minor = version_key(version).release[:2]
        return (self.since is None or minor >= version_key(self.since).release[:2]) and (
            self.until is None or minor <= version_key(self.until).release[:2]
        )

    @property
    def code(self) -> str:
        """The text as inline Markdown code (a backtick in it taken care of)."""
        ticks, pad = ("``", " ") if "`" in self.text else ("`", "")
        return f"{ticks}{pad}{self.text}{pad}{ticks}"

    @property
    def label(self) -> str:
        """The releases the quote is about, as an English page writes them ('' when all)."""
        return self.label_in(Words())

    def label_in(self, words: Words) -> str:
        """The releases the quote is about, in `words`' language ('' when all)."""
        if self.since and self.until:
            return words.say("quote_range", since=self.since, until=self.until)
        if self.since:
            return words.say("quote_since", since=self.since)
        return words.say("quote_until", until=self.until) if self.until else ""


def parse(arguments: str) -> Quote:
    """The Quote for the text between `quote(` and `)`."""
    try:
        call = ast.parse(f"quote({arguments})", mode="eval").body
        if not isinstance(call, ast.Call):  # arguments such as `1) + (2` close the call early
            raise ValueError("not one call")
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {}
        for keyword in call.keywords:
            if keyword.arg is None:  # **mapping
                raise ValueError("** is not read; name each argument")
            kwargs[keyword.arg] = ast.literal_eval(keyword.value)
        quote = Quote(*args, **kwargs)
    except (SyntaxError, ValueError, TypeError) as error:
        raise QuoteError(
            f"quote({arguments}) cannot be read ({error}); write "
            '{{ quote("topic/name", "text") }}, optionally with since="2.11" or until="2.10".'
        ) from None
    for bound in (quote.since, quote.until):
        if bound is not None and not re.fullmatch(r"\d+\.\d+", bound):
            raise QuoteError(f'quote({arguments}): a release bound is a minor release such as "2.11"')
    return quote


def problems(quote: Quote, store: OutputStore, listed: list[str]) -> list[str]:
    """Why the quote is not what the recordings print on the releases it speaks of."""
    recorded = {v: text for versions, text in store.by_output(quote.key) for v in versions}
    if not recorded:
        return [f"{quote.key} has no recorded output; check the snippet name"]
    missing = [v for v in listed if v in recorded and quote.covers(v) and quote.text not in recorded[v]]
    extra = [v for v in listed if v in recorded and not quote.covers(v) and quote.text in recorded[v]]
    covered = [v for v in listed if v in recorded and quote.covers(v)]
    out = []
    if not covered:
        out.append(f"the range {quote.label!r} holds no recorded release of {quote.key}")
    if missing:
        out.append(f"{quote.key} does not print {quote.text!r} on torch {', '.join(missing)}")
    if extra:
        out.append(
            f"{quote.key} also prints {quote.text!r} on torch {', '.join(extra)}, outside "
            f"{quote.label!r}; widen the range (or drop it if it holds everywhere)"
        )
    return out
