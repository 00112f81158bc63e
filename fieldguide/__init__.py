"""Build and test machinery of the Autograd Field Guide.

snippet.py   what a snippet is and the directives it declares
forkserver.py  the warm process that imports torch once and forks a child per snippet
engine.py    the client that starts a fork server and schedules snippets on it
normalize.py what makes captured output byte-stable
store.py     the committed recorded outputs, one file per distinct output
render.py    the Markdown a page gets for a snippet
"""
