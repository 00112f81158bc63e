"""Build and test machinery of the Autograd Field Guide.

snippet.py        what a snippet is and the directives it declares
forkserver.py     the warm process that imports torch once and forks a child per snippet
autograd_graph.py reads a snippet's autograd graph in its child, after the run (# graph:)
engine.py         the client that starts a fork server and hands out results per snippet
normalize.py      what makes captured output byte-stable
reader_check.py   checks that each recorded output is what `python snippet.py` prints
reader_zygote.py  an interpreter that has run only `import torch`, forked for the reader check
store.py          the committed recordings: outputs, and graphs beside them
releases.py       the PyTorch releases listed in pyproject.toml, and the order of release numbers
matrix.py         each release's environment, running the snippets on it, bisecting a change
pytest_plugin.py  pytest options and the session's engine (checks: tests/test_snippets.py)
render.py         the Markdown a page gets for a snippet
page.py           a docs page as one model: headings, prose and its inline code, snippet embeds
graph_svg.py      draws a recorded graph as SVG
errors/           the error index, from the recorded outputs: grammar.py (the messages in an
                  output), grouping.py (entries and their causes), clues.py (what points to
                  each cause), page.py (the index page and its paste box's data)
fix_diff.py       what a fix changes: a raising snippet's lines against its fix's
wordings.py       other wordings of the index's messages, from PyTorch's source (data/wordings.toml)
pastes.py         real pastes from public threads that measure the paste box
translations.py   the words the site generates, per edition language (data/translations/)
comment_translation.py the comments of the code an edition shows, in its language
causes.py         the causes readers hit per error-index entry, and the public reports behind them
notebook.py       one executed Jupyter notebook per page
live.py           re-runs edited snippets while `mkdocs serve` runs
mkdocs_plugin.py  the MkDocs plugin: wires the MkDocs-only jobs below to MkDocs' events
notebook_pages.py every page's notebook as a page of a MkDocs build
stale_pages.py    the pages `mkdocs serve --dirty` rebuilds besides those whose Markdown changed
serving.py        every edition served and watched by one `mkdocs serve`
zensical_config.py an edition's config flattened by MkDocs' INHERIT rules, for Zensical
tally.py          the counts of a CI run's parts and its closing `N passed, N failed` line
editions.py       the site's editions (mkdocs.yml's extra.alternate) and what follows from each
site_build.py     `make build`: every edition built at once, then put in its place in site/
mutation_report.py make mutation's figures per module
"""

from pathlib import Path

# The project's caches (passed checks, executed notebooks, converted notebooks, compiled
# templates), relative to the checkout. Not in .cache/: that is Zensical's, and `zensical
# build --clean` empties all of it.
CACHE = Path(".fieldguide_cache")
