"""Build and test machinery of the Autograd Field Guide.

snippet.py        what a snippet is and the directives it declares
forkserver.py     the warm process that imports torch once and forks a child per snippet
engine.py         the client that starts a fork server and hands out results per snippet
normalize.py      what makes captured output byte-stable
store.py          the committed recorded outputs, one file per distinct output
matrix.py         the PyTorch releases, their environments, bisecting a change
pytest_plugin.py  pytest options and the session's engine (checks: tests/test_snippets.py)
render.py         the Markdown a page gets for a snippet
mkdocs_hooks.py   the MkDocs hook that expands snippet lines in pages
"""
