"""Recorded outputs: committed files, written only by `pytest --update-outputs`.

Layout, one folder per snippet (outputs/<topic>/<name>/ mirrors snippets/<topic>/<name>.py):

    outputs/leaf/is_leaf/
        3f2a9c1e07b2.txt    one file per distinct output, named by its content hash
        versions.json       {"3f2a9c1e07b2.txt": ["2.0.1", "2.13.0"], ...}
        5be01c9d4a77.jsonl  the autograd graph a `# graph:` snippet leaves (autograd_graph.py)
        graphs.json         {"5be01c9d4a77.jsonl": ["2.13.0"], ...}

An output shared by several PyTorch releases is stored once; versions.json says which
releases share which file. Graphs are kept the same way, beside the outputs.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fieldguide.releases import version_key

OUTPUTS_DIR = "outputs"
INDEX = "versions.json"


class OutputStore:
    """Recorded outputs; `OutputStore.graphs(root)` is the same store for recorded graphs."""

    def __init__(self, root: Path, index: str = INDEX, suffix: str = ".txt"):
        self.root = Path(root)
        self.dir = self.root / OUTPUTS_DIR
        self.index_name = index
        self.suffix = suffix

    @classmethod
    def graphs(cls, root: Path) -> OutputStore:
        return cls(root, index="graphs.json", suffix=".jsonl")

    def folder(self, key: str) -> Path:
        return self.dir / key

    def index(self, key: str) -> dict[str, list[str]]:
        """{file name: [versions]} for one snippet; empty when nothing is recorded."""
        path = self.folder(key) / self.index_name
        if not path.exists():
            return {}
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except ValueError as error:
            raise ValueError(
                f"{path.relative_to(self.root)} is not valid JSON ({error}); "
                "delete the folder and run `make record` to record it again."
            ) from None

    def recorded(self, key: str, version: str) -> tuple[Path, str] | None:
        """(file, text) of the output recorded for `version`, or None."""
        for name, versions in self.index(key).items():
            if version in versions:
                path = self.folder(key) / name
                return path, path.read_text(encoding="utf-8")
        return None

    def by_output(self, key: str) -> list[tuple[list[str], str]]:
        """Every distinct output with the versions that share it, newest versions first."""
        groups = []
        for name, versions in self.index(key).items():
            text = (self.folder(key) / name).read_text(encoding="utf-8")
            groups.append((sorted(versions, key=version_key), text))
        groups.sort(key=lambda group: version_key(group[0][-1]), reverse=True)
        return groups

    def record(self, key: str, version: str, text: str) -> list[Path]:
        """Store `text` as the output of `key` on `version`; return the files it changed."""
        folder = self.folder(key)
        index = self._without(self.index(key), version)
        name = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12] + self.suffix
        index.setdefault(name, []).append(version)
        index[name].sort(key=version_key)
        path = folder / name
        changed = []
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            changed.append(path)
        return changed + self._save(key, index)

    def forget(self, key: str, version: str) -> list[Path]:
        """Drop what was recorded for `version` (a release no longer listed, or too old)."""
        index = self.index(key)
        if not any(version in versions for versions in index.values()):
            return []
        return self._save(key, self._without(index, version))

    @staticmethod
    def _without(index: dict[str, list[str]], version: str) -> dict[str, list[str]]:
        return {name: [v for v in versions if v != version] for name, versions in index.items()}

    def _save(self, key: str, index: dict[str, list[str]]) -> list[Path]:
        """Write the index, deleting output files no release shares any more."""
        folder = self.folder(key)
        changed = []
        for stale in [n for n, versions in index.items() if not versions]:
            del index[stale]
            (folder / stale).unlink(missing_ok=True)
            changed.append(folder / stale)
        if not index:  # nothing recorded any more: no index either
            if (folder / self.index_name).exists():
                (folder / self.index_name).unlink()
                changed.append(folder / self.index_name)
        elif self._write_index(key, index):
            changed.append(folder / self.index_name)
        return changed

    def _write_index(self, key: str, index: dict[str, list[str]]) -> bool:
        path = self.folder(key) / self.index_name
        content = json.dumps(dict(sorted(index.items())), indent=2) + "\n"
        if path.exists() and path.read_text(encoding="utf-8") == content:
            return False
        path.write_text(content, encoding="utf-8")
        return True

    def keys(self) -> list[str]:
        """Every snippet key with something recorded in this store."""
        return sorted(
            str(index.parent.relative_to(self.dir))
            for index in self.dir.glob(f"*/*/{self.index_name}")
        )

    def remove(self, key: str) -> list[Path]:
        """Drop everything this store recorded for `key` (the folder goes when empty)."""
        folder = self.folder(key)
        removed = [folder / name for name in self.index(key)] + [folder / self.index_name]
        for path in removed:
            path.unlink()
        if not any(folder.iterdir()):
            folder.rmdir()
        return removed
