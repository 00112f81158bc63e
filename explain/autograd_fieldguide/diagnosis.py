"""The diagnosis of a traceback or a message: the paste box's answer (reader.py reads it as the
site's box does), said in a few lines of text, or as HTML for a notebook.

Everything comes from the package's data (data/, written by the site's build): the entries and
their causes, the words of each edition, and where the site's pages are.
"""

from __future__ import annotations

import functools
import glob
import html
import json
import os
import re
import sys
from dataclasses import dataclass
from importlib import resources

from autograd_fieldguide import reader

LANGUAGE_VARIABLES = ("AUTOGRAD_FIELDGUIDE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
SITE_VARIABLE = "AUTOGRAD_FIELDGUIDE_SITE"  # another copy of the site (a mirror, `mkdocs serve`)


def _data(name: str):
    return json.loads(resources.files("autograd_fieldguide").joinpath("data", name).read_text(encoding="utf-8"))


@functools.cache
def site() -> dict:
    return _data("site.json")


def language() -> str:
    """The reader's language: the first of the variables that is set, as gettext reads them;
    an edition of that language, else English."""
    for name in LANGUAGE_VARIABLES:
        value = os.environ.get(name, "")
        if value:
            code = re.split(r"[_.@-]", value)[0].lower()
            return code if code in site()["editions"] else "en"
    return "en"


@functools.cache
def reader_for(lang: str) -> reader.Reader:
    return reader.Reader(reader.localize(_data("paste-data.json"), _data(f"words-{lang}.json")))


@functools.cache
def words(lang: str) -> dict:
    said = _data(f"words-{lang}.json")
    return {**said["words"], **{f"explain_{key}": text for key, text in said["explain"].items()}}


def torch_release() -> str | None:
    """The installed torch's release ("2.13.0"), from the name of its package's metadata folder
    on the path: torch itself is never imported (nor importlib.metadata, whose import alone
    takes half the time the diagnosis may)."""
    for folder in sys.path:
        for found in glob.glob(os.path.join(glob.escape(folder or "."), "torch-*.dist-info")):
            return os.path.basename(found)[len("torch-"):-len(".dist-info")].split("+")[0]
    return None


@dataclass
class Diagnosis:
    """What the terminal and the notebook show: `entry` is None when the message read is not
    one the guide knows (`line` says which line was read)."""

    language: str
    line: str
    entry: dict | None = None
    name: str = ""
    url: str = ""
    cause: str = ""
    reasons: list[str] | None = None
    fix: str = ""
    others: int = 0


def entry_name(entry: dict, release: str | None) -> str:
    """The entry's heading as the reader's release words it (the site's diagnosis.js's
    entryName; tests/test_js_parity.py): the first sentence of a wording that release prints,
    when it does not print the newest."""
    printed = [template[1] for template, releases in zip(entry["templates"], entry.get("templateReleases") or [])
               if release and release in releases]
    name = printed[0] if printed and entry["summary"] not in printed else entry["summary"]
    return f"{entry['category']}: {name}"


def _say(lang: str, key: str, **values: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], words(lang)[key])


def _reasons(lang: str, result: dict) -> list[str]:
    """Why the first cause ranks first, in the box's words (the site's diagnosis.js's reasons;
    tests/test_js_parity.py)."""
    ranked = result["ranked"]
    first = ranked[0]
    said = []
    for clue in first["clues"]:
        kind, what = clue[0], clue[1] if len(clue) > 1 else ""
        key = {"node": "why_node", "leaf": "why_leaf", "code": "why_code", "pasted_code": "why_pasted_code",
               "message": "why_message"}[kind]
        field = {"node": "node", "code": "line", "pasted_code": "line", "message": "text"}.get(kind)
        said.append(_say(lang, key, **({field: f"`{what}`"} if field else {})))

    def tells(key: str) -> bool:
        return any(item[key] != first[key] for item in ranked)

    if tells("shape") and first["shape"] > 0:
        said.append(_say(lang, "why_shape"))
    if tells("opening") and first["opening"] == 1:
        said.append(_say(lang, "why_opening"))
    if tells("named") and first["named"] and not any(c[0] == "node" for c in first["clues"]):
        said.append(_say(lang, "why_named", node=f"`{reader_for(lang).forward_name(result['node'])}`"))
    return list(dict.fromkeys(said))  # a line two patterns match, or seen in the code and the traceback, once


def diagnose(text: str, lang: str | None = None, release: str | None = None) -> Diagnosis | None:
    """The diagnosis of a traceback, a message or a paste; None when it holds no message."""
    lang = lang or language()
    result = reader_for(lang).read(text)
    if result is None:
        return None
    pasted = result["pasted"]
    line = (f"{pasted['category']}: " if pasted["category"] else "") + pasted["message"].split("\n")[0]
    found = result["found"]
    if not found:
        return Diagnosis(lang, line)
    entry = found["entry"]
    first = result["ranked"][0]
    cause = first["cause"]
    base = os.environ.get(SITE_VARIABLE, "").rstrip("/") + "/" if os.environ.get(SITE_VARIABLE) else site()["site"]
    return Diagnosis(
        lang, line, entry, entry_name(entry, release if release is not None else torch_release()),
        f"{base}{site()['editions'][lang]}errors/{entry['id']}/",
        cause["text"] or words(lang)["not_stated"], _reasons(lang, result), cause["fix"] or "",
        len(result["ranked"]) - 1,
    )


def as_text(d: Diagnosis, color: bool = False) -> str:
    """The diagnosis in at most seven lines; bold headings where `color` allows."""
    def bold(text: str) -> str:
        return f"\033[1m{text}\033[0m" if color else text

    if d.entry is None:
        return _say(d.language, "explain_unknown", line=d.line[:160])
    said = words(d.language)
    lines = [bold(_say(d.language, "explain_title", entry=d.name))]
    label = said["likeliest"] if d.others else said["the_cause"]
    cause = f"{bold(label)}{said['gap']}{d.cause}"
    if d.reasons:
        cause += _say(d.language, "matches", reasons=said["list_separator"].join(d.reasons))
    lines.append(cause)
    if d.fix:
        lines.append(f"{bold(said['fix'])}{said['gap']}{d.fix}")
    if d.others:
        lines.append(_say(d.language, "explain_others", count=str(d.others)))
    lines.append(_say(d.language, "explain_more", url=d.url))
    return "\n".join(lines)


def as_html(d: Diagnosis) -> str:
    """The diagnosis for a notebook: the same lines, the entry linked, `code` as code."""
    def marked(text: str) -> str:
        return re.sub(r"`([^`]*)`", r"<code>\1</code>", html.escape(text, quote=False))

    box = '<div class="autograd-fieldguide" style="border-left:3px solid #e65100;padding-left:.8em">'
    if d.entry is None:
        return f'{box}<p>{marked(_say(d.language, "explain_unknown", line=d.line[:160]))}</p></div>'
    said = words(d.language)
    link = f'<a href="{html.escape(d.url)}" target="_blank">{html.escape(d.name)}</a>'
    title = html.escape(_say(d.language, "explain_title", entry="\0")).replace("\0", link)
    label = said["likeliest"] if d.others else said["the_cause"]
    reasons = _say(d.language, "matches", reasons=said["list_separator"].join(d.reasons)) if d.reasons else ""
    parts = [f"<p><strong>{title}</strong></p>",
             f"<p><strong>{html.escape(label)}</strong>{said['gap']}{marked(d.cause)}{marked(reasons)}</p>"]
    if d.fix:
        parts.append(f"<p><strong>{html.escape(said['fix'])}</strong>{said['gap']}{marked(d.fix)}</p>")
    if d.others:
        parts.append(f"<p>{marked(_say(d.language, 'explain_others', count=str(d.others)))}</p>")
    return box + "".join(parts) + "</div>"
