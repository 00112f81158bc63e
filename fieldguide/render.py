"""The Markdown a page gets for `{{ snippet("topic/name") }}`: the code, then its output,
then the autograd graph when the snippet asks for one.

The code is pulled in by pymdownx.snippets (`check_paths: true`, so a missing file or
section fails the build), without the directive lines at the top of the file: the page
shows what they mean instead (a link to the fix, the diagram, a version note), and the
line numbers start where the shown code starts, so they match a traceback's. Outputs and
graphs come from the recorded stores, never from running anything. What every recorded
release shares is shown once; where releases differ (in output or graph), each variant
gets a tab labelled with its version range, newest first. A graph is inline SVG, so any
Markdown builder shows it. The words around them ("Output", "same on", ...) are in the
edition's language (`words`, translations.py), and so are the code's comments in an edition
other than the English one (comment_translation.py), which shows the code itself rather than
having pymdownx.snippets include the file.
"""

from __future__ import annotations

import difflib
import html
import re
import textwrap
from collections.abc import Collection
from itertools import pairwise

from fieldguide import comment_translation, fix_diff
from fieldguide.engine import Result
from fieldguide.graph_svg import svg
from fieldguide.normalize import TRACEBACK_START
from fieldguide.releases import version_key
from fieldguide.snippet import Snippet
from fieldguide.store import OutputStore
from fieldguide.translations import ENGLISH, ENGLISH_WORDS, Words


def version_range(versions: Collection[str], listed: list[str]) -> str:
    """'2.5.1 – 2.15.0' for releases adjacent in the listed matrix; runs joined by commas."""
    runs: list[list[str]] = []
    for version in sorted(listed, key=version_key):
        if version in versions:
            if runs and listed.index(version) - listed.index(runs[-1][-1]) == 1:
                runs[-1].append(version)
            else:
                runs.append([version])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]} – {run[-1]}" for run in runs)


def fence(text: str, classes: str, title: str, lang: str = "output", releases: Collection[str] = ()) -> str:
    """A fenced block; `releases` (an ```output fence's) become its `data-releases`, which
    docs/javascripts/release-picker.js reads to show the block of the reader's release."""
    ticks = _ticks(text)
    body = text if text.endswith("\n") else text + "\n"
    listed = f' releases="{" ".join(releases)}"' if releases else ""
    return f'{ticks} {{ .{lang} {classes} title="{html.escape(title)}"{listed} }}\n{body}{ticks}\n'


def _ticks(text: str) -> str:
    """The backticks that open and close a fence around `text`: more than any run in it."""
    return "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", text)), default=0))


def output_fence_options(language, inputs, options, attrs, md) -> bool:
    """pymdownx.superfences validator for ```output fences: a title and the releases that
    print it, nothing else."""
    options.update(inputs)
    return set(inputs) <= {"title", "releases"}


def output_fence(source, language, class_name, options, md, **kwargs) -> str:
    """pymdownx.superfences format for ```output fences (mkdocs.yml `custom_fences`): the
    markup a highlighted text block gets, without running a highlighter over plain text
    (a build has a thousand output blocks; Pygments spent a millisecond on each).

    A recording (class fg-output) is kept out of the site search (`data-search-exclude`,
    which Material removes from the page once it has indexed it): its tracebacks and
    printed values gave every page that shows one a match for most words of a pasted
    message, above the page that explains it; the lines a page's text relies on are quoted
    in its prose (`{{ quote() }}`). An Error-index entry's messages (fg-message) stay: they
    are what a pasted message should find."""
    classes = " ".join([*kwargs["classes"], "highlight"])
    title = f'<span class="filename">{html.escape(options["title"])}</span>' if "title" in options else ""
    releases = f' data-releases="{html.escape(options["releases"])}"' if options.get("releases") else ""
    body = source if source.endswith("\n") else source + "\n"
    code = html.escape(body, quote=False)
    unsearched = ' data-search-exclude="true"' if "fg-output" in kwargs["classes"] else ""
    return f'<div class="{classes}"{releases}{unsearched}>{title}<pre><span></span><code>{code}</code></pre></div>'


def output_blocks(snippet: Snippet, text: str, words: Words = ENGLISH_WORDS, releases: Collection[str] = ()) -> str:
    """One output: what it printed, then (when the point is an error) the error, styled apart;
    each block lists the `releases` that print it (none for a live run)."""
    blocks = []
    printed, error = text, ""
    if snippet.raises and TRACEBACK_START in text:
        cut = text.rindex(TRACEBACK_START)
        printed, error = text[:cut], text[cut:]
    if printed or not error:
        blocks.append(fence(printed or words.say("no_output") + "\n", ".fg-output", words.say("output"),
                            releases=releases))
    if error:
        raised = snippet.raises_on(next(iter(releases), None))  # the releases of one output raise one type
        blocks.append(fence(error, ".fg-output .fg-error", words.say("raises", error=raised), releases=releases))
    return "\n".join(blocks)


def anchor(snippet: Snippet | str) -> str:
    """The id a page gives a snippet's block (by snippet or key), so other pages can link to it."""
    key = snippet if isinstance(snippet, str) else snippet.key
    return "snippet-" + key.replace("/", "-").replace("_", "-")


def graph_figure(snippet: Snippet, recorded: str, words: Words = ENGLISH_WORDS) -> str:
    """The HTML for one recorded graph: the drawing and what it shows."""
    names = snippet.graph
    shown = ", ".join(f"<code>{html.escape(name)}</code>" for name in names)
    drawing = svg(recorded, words.say("graph_title", names=", ".join(names)))
    caption = words.say("graph_caption", names=shown, backward="<code>backward()</code>")
    return f'<figure class="fg-graph">{drawing.replace(chr(10), "")}<figcaption>{caption}</figcaption></figure>'



def _variants(key: str, store: OutputStore, graphs: OutputStore) -> list[tuple[list[str], str, str | None]]:
    """(versions, output, graph or None) for each distinct pair, newest versions first."""
    drawn = {v: text for versions, text in graphs.by_output(key) for v in versions}
    groups: dict[tuple[str, str | None], list[str]] = {}
    for versions, text in store.by_output(key):
        for version in versions:
            groups.setdefault((text, drawn.get(version)), []).append(version)
    variants = [(sorted(vs, key=version_key), text, graph) for (text, graph), vs in groups.items()]
    return sorted(variants, key=lambda v: version_key(v[0][-1]), reverse=True)


def _variant_blocks(snippet: Snippet, text: str, graph: str | None, words: Words,
                    releases: Collection[str] = ()) -> str:
    """The output blocks, then the drawing: one line of HTML, a raw block to Markdown."""
    blocks = output_blocks(snippet, text, words, releases)
    return blocks + ("\n" + graph_figure(snippet, graph, words) + "\n" if graph else "")


def live_markdown(snippet: Snippet, live: Result, version: str, words: Words = ENGLISH_WORDS) -> str:
    """A run of an edited snippet during `mkdocs serve`, marked as not recorded yet."""
    problem = live.problem(snippet)
    why = f"\n\n    {problem}" if problem else ""
    note = f'!!! warning "{words.say("live_title")}"\n    {words.say("live_note", version=version)}{why}\n'
    return note + "\n" + _variant_blocks(snippet, live.output, live.graph, words)


def snippet_markdown(
    snippet: Snippet,
    store: OutputStore,
    graphs: OutputStore,
    listed: list[str],
    section: str | None = None,
    live: tuple[Result, str] | None = None,
    links: dict[str, str] | None = None,
    words: Words = ENGLISH_WORDS,
) -> str:
    """Code, then every distinct recorded output (and graph) labelled with the releases
    that print it. `listed` is the version matrix, oldest first. `live` is a fresh run
    of an edited snippet and its PyTorch version, shown instead of the recordings.
    `links` maps snippet keys to the page that shows them, for the link to the fix a
    `# fixed-by:` snippet names and, folded under it, what the fix changes (fix_diff). The
    labels are in `words`' language.
    """
    links = links or {}
    if section:
        include, first = f"{snippet.relpath}:{section}", snippet.section_start(section)
    else:  # from the first line after the directives to the end
        include, first = f"{snippet.relpath}:{snippet.code_start}:", snippet.code_start
    # The English edition's code is the file's, which pymdownx.snippets includes (and checks);
    # another edition's is the same code with its comments in its language.
    code = f'--8<-- "{include}"' if words.language == ENGLISH else comment_translation.block(snippet, section, words)
    ticks = _ticks(code)
    parts = [
        f'<span id="{anchor(snippet)}"></span>\n',
        f'{ticks}python title="{snippet.relpath}" linenums="{first}"\n{code}\n{ticks}\n',
    ]
    if snippet.fixed_by and snippet.fixed_by in links:
        target = f"{links[snippet.fixed_by]}#{anchor(snippet.fixed_by)}"
        fix = words.say("fixed_by", fix=f"[`{snippet.fixed_by}`]({target})")
        parts.append(f"{fix}\n{{ .fg-fix }}\n")
        fixed = Snippet.load(snippet.root, *snippet.fixed_by.split("/"))
        parts.append(fix_diff.html(fix_diff.hunks(snippet, fixed, words=words), snippet.key, f"#{anchor(snippet)}",
                                   fixed.key, target, words))
    if live:
        return "\n".join(parts + [live_markdown(snippet, *live, words)])
    note = ""
    if snippet.min_torch:
        note = words.say("min_torch", version=snippet.min_torch)
    if snippet.before_torch:
        note += words.say("before_torch", version=snippet.before_torch)
    listed = [v for v in listed if snippet.runs_on(v)]
    # A recording for a release no longer listed, or below `# min-torch`, is stale (the
    # snippet tests flag it until it is re-recorded): it gets no label, so it is not shown.
    groups = [
        (shown, text, graph)
        for versions, text, graph in _variants(snippet.key, store, graphs)
        if (shown := [v for v in versions if v in listed])
    ]
    if not groups:
        return "\n".join(parts)  # not recorded yet: the hook warns, strict builds fail
    if len(groups) == 1:
        versions, text, graph = groups[0]
        parts.append(_variant_blocks(snippet, text, graph, words, versions))
        # one id per sentence: a language may word "same on" and "recorded on" apart
        key = ("versions_same" if len(versions) > 1 else "versions_one") + ("_graph" if graph else "")
        said = words.say(key, releases=version_range(versions, listed))
        parts.append(f'<p class="fg-versions"{_listed(versions)}>{said}{note}</p>\n')
    else:
        parts.append(f'<p class="fg-versions"{_listed(listed)}>{words.say("versions_differ")}{note}</p>\n')
        for versions, text, graph in groups:
            parts.append(
                f'=== "{version_range(versions, listed)}"\n\n'
                + textwrap.indent(_variant_blocks(snippet, text, graph, words, versions), "    ")
            )
    return "\n".join(parts)


def _listed(versions: Collection[str]) -> str:
    """The releases a note speaks of, for the release picker: those a single output is recorded
    on, or, above version tabs, every release the snippet runs on."""
    return f' data-releases="{" ".join(versions)}"'


def changes_markdown(
    stores: dict[str, OutputStore], snippets: list[Snippet], pages: dict, listed: list[str],
    words: Words = ENGLISH_WORDS, searchable: bool = True,
) -> str:
    """Every snippet whose recorded output or graph differs between releases, with the diff
    between each pair of neighbouring distinct recordings. `stores` maps a heading word
    ("Output", "Graph", in `words`' language) to its store; `pages` maps snippet keys to
    page paths. Not `searchable`: each snippet's section is kept out of the site search."""
    out = []
    for snippet in snippets:
        changed = {what: store.by_output(snippet.key) for what, store in stores.items()}
        changed = {what: groups for what, groups in changed.items() if len(groups) > 1}
        if not changed:
            continue
        where = pages.get(snippet.key)
        link = f" ([{where}]({where}#{anchor(snippet)}))" if where else ""
        unsearched = "" if searchable else ' { data-search-exclude="true" }'
        out.append(f"## `{snippet.key}`{unsearched}\n\n`{snippet.relpath}`{link}\n")
        for what, groups in changed.items():
            if len(stores) > 1:
                out.append(f"**{what}**\n")
            out += _diffs(groups, listed, words)
    if not out:
        return words.say("changes_none") + "\n"
    return "\n".join(out)


def _diffs(groups: list[tuple[list[str], str]], listed: list[str], words: Words) -> list[str]:
    out = []
    for (new_versions, new), (old_versions, old) in pairwise(groups):
        diff = difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"PyTorch {version_range(old_versions, listed)}",
            tofile=f"PyTorch {version_range(new_versions, listed)}",
        )
        out.append(f"**{words.say('changed_in', version=new_versions[0])}**\n")
        out.append(fence("".join(diff), ".fg-output .fg-diff", "diff", lang="diff"))
    return out
