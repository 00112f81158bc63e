"""Live authoring: while `mkdocs serve` runs, a saved snippet is re-executed on a warm
engine and its page shows the fresh output, marked as not yet recorded.

The engine (reference release, this environment's Python) starts when serving starts,
so torch is already imported when the first edit arrives; a rebuild then only pays for
running the edited snippets. Snippets are compared with their content when serving
began: only those that changed are run, and each version of a file is run once.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from fieldguide.engine import Engine, Result
from fieldguide.releases import load as load_matrix
from fieldguide.snippet import Snippet, SnippetError, keys
from fieldguide.store import OutputStore


class LiveRuns:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.engine = Engine(sys.executable, self.root)
        self.at_start = {key: self._digest(key) for key in keys(self.root)}
        self.results: dict[tuple[str, str | None], Result] = {}  # (key, content digest) -> run

    def _digest(self, key: str) -> str | None:
        path = self.root / "snippets" / f"{key}.py"
        return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None

    def edited(self) -> dict[str, Result]:
        """Fresh results for every snippet changed (or added) since serving began."""
        queued = []  # submitted first, collected after: edited snippets run side by side
        current = {}
        for key in keys(self.root):
            digest = self._digest(key)
            if digest == self.at_start.get(key):
                continue
            try:
                snippet = Snippet.load(self.root, *key.split("/"))
            except SnippetError:
                continue  # the page build reports it
            current[key] = (key, digest)
            if current[key] not in self.results:
                self.engine.submit(snippet, again=True)
                queued.append(snippet)
        for snippet in queued:
            self.results[current[snippet.key]] = self.engine.result(snippet)
        return {key: self.results[run] for key, run in current.items()}

    def changed(self) -> dict[str, tuple[Result, str]]:
        """The edited snippets whose run differs from the reference recording (or failed):
        an edit that changes nothing a page shows is not marked."""
        reference = load_matrix(self.root).reference
        store, graphs = OutputStore(self.root), OutputStore.graphs(self.root)
        shown = {}
        for key, result in self.edited().items():
            recorded = store.recorded(key, reference)
            drawn = graphs.recorded(key, reference)
            same = (result.output, result.graph) == (recorded and recorded[1], drawn and drawn[1])
            snippet = Snippet.load(self.root, *key.split("/"))
            if result.problem(snippet) or not same:
                shown[key] = (result, reference)
        return shown

    def close(self) -> None:
        self.engine.close()
