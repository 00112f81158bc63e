"""Recorded graphs draw as well-formed SVG, deterministically, with every node shown."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fieldguide.graph_svg import svg

ROOT = Path(__file__).resolve().parents[1]
RECORDED = sorted((ROOT / "outputs").glob("*/*/*.jsonl"))


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: str(p.relative_to(ROOT / "outputs")))
def test_recorded_graph_draws(path: Path):
    recorded = path.read_text(encoding="utf-8")
    drawing = svg(recorded, "graph")
    assert drawing == svg(recorded, "graph")  # the same recording gives the same picture
    tree = ET.fromstring(drawing)
    namespace = "{http://www.w3.org/2000/svg}"
    labels = {text.text for text in tree.iter(f"{namespace}text")}
    nodes = [json.loads(line) for line in recorded.splitlines() if '"id"' in line]
    assert {node["label"] for node in nodes} <= labels
    width, height = (float(v) for v in tree.get("viewBox").split()[2:])
    boxes = [rect for rect in tree.iter(f"{namespace}rect")]
    assert len(boxes) == len(nodes)
    for rect in boxes:  # every box lies inside the drawing
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height


def test_boxes_in_a_rank_do_not_overlap():
    nodes = [{"id": f"f{i}", "kind": "function", "label": f"Node{i}Backward0", "saved": []} for i in range(5)]
    edges = [{"edge": ["f0", f"f{i}"]} for i in range(1, 5)]
    recorded = "".join(json.dumps(line) + "\n" for line in nodes + edges)
    tree = ET.fromstring(svg(recorded, "fan"))
    rects = sorted(
        (float(r.get("x")), float(r.get("width")), float(r.get("y")))
        for r in tree.iter("{http://www.w3.org/2000/svg}rect")
    )
    row = [(x, w) for x, w, y in rects if y == max(r[2] for r in rects)]
    assert len(row) == 4
    for (x1, w1), (x2, _) in zip(row, row[1:]):
        assert x1 + w1 < x2
