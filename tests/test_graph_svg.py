"""Recorded graphs draw as well-formed SVG, deterministically, with every node shown and
every edge drawn from its source's box down to its destination's, with a ×N label where
one node feeds several inputs."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest

from fieldguide.graph_svg import STYLE, svg

ROOT = Path(__file__).resolve().parents[1]
RECORDED = sorted((ROOT / "outputs").glob("*/*/*.jsonl"))
SVG = "{http://www.w3.org/2000/svg}"


def jsonl(*items: dict) -> str:
    return "".join(json.dumps(item) + "\n" for item in items)


def function(id: str, label: str, *saved: dict) -> dict:
    return {"id": id, "kind": "function", "label": label, "saved": list(saved)}


def drawing(recorded: str) -> tuple[list[dict], list[dict], ET.Element]:
    """The boxes (in recording order: x, y, w, h, lines, css) and the edges (start, end,
    label) of the drawing of `recorded`."""
    tree = ET.fromstring(svg(recorded, "graph"))
    boxes = []
    for group in tree.iter(f"{SVG}g"):
        rect = group.find(f"{SVG}rect")
        box = {k: float(rect.get(k)) for k in ("x", "y", "width", "height")}
        box["lines"] = [(text.text, text.get("class")) for text in group.iter(f"{SVG}text")]
        box["css"] = group.get("class")
        boxes.append(box)
    edges, children = [], list(tree)
    for i, element in enumerate(children):
        if element.tag == f"{SVG}path":
            points = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", element.get("d"))]
            arrow = children[i + 1]
            assert arrow.tag == f"{SVG}polygon" and arrow.get("class") == "arrow"
            assert arrow.get("points").split()[-1] == "{:.1f},{:.1f}".format(*points[-1])  # its tip ends the path
            after = children[i + 2] if i + 2 < len(children) else None
            label = after.text if after is not None and after.tag == f"{SVG}text" else None
            edges.append({"start": points[0], "end": points[-1], "label": label, "points": points})
    return boxes, edges, tree


def check_edges(recorded: str) -> None:
    """Each recorded edge is one path from the bottom centre of its source's box to the top
    centre of its destination's, labelled ×N when it stands for N inputs."""
    items = [json.loads(line) for line in recorded.splitlines()]
    order = [item["id"] for item in items if "id" in item]
    boxes, edges, _ = drawing(recorded)
    assert len(boxes) == len(order)
    at = dict(zip(order, boxes, strict=True))
    wanted = []
    for item in (item for item in items if "edge" in item):
        src, dst = (at[n] for n in item["edge"])
        count = item.get("count", 1)
        wanted.append((
            (src["x"] + src["width"] / 2, src["y"] + src["height"]),
            (dst["x"] + dst["width"] / 2, dst["y"]),
            f"×{count}" if count > 1 else None,
        ))
        assert dst["y"] > src["y"] + src["height"]  # backward() travels down the page
    drawn = [(e["start"], e["end"], e["label"]) for e in edges]
    for start, end, label in wanted:
        near = [d for d in drawn if _near(d[0], start) and _near(d[1], end)]
        assert [d[2] for d in near] == [label], f"edge {start} -> {end}: drawn {near}"
        drawn.remove(near[0])
    assert not drawn, f"edges drawn that were not recorded: {drawn}"


def _near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) <= 0.11 and abs(a[1] - b[1]) <= 0.11


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
    check_edges(recorded)


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
    for (x1, w1), (x2, _) in pairwise(row):
        assert x1 + w1 < x2


def test_edges_skipping_ranks_bend_and_multiplicities_are_labelled():
    """y = x * x feeds x twice into one MulBackward0 (×2); z = y + x reaches x's
    AccumulateGrad both through y's graph and directly, skipping a rank."""
    recorded = jsonl(
        {"id": "t0", "kind": "tensor", "label": "z", "shape": [2], "requires_grad": True, "grad": False},
        function("f1", "AddBackward0"),
        function("f2", "MulBackward0", {"name": "self", "shape": [2], "version": 0, "tensor": "x"}),
        {"id": "a3", "kind": "accumulate", "label": "AccumulateGrad"},
        {"id": "l4", "kind": "leaf", "label": "x", "shape": [2], "requires_grad": True, "grad": True},
        {"edge": ["t0", "f1"]},
        {"edge": ["f1", "f2"]},
        {"edge": ["f1", "a3"]},
        {"edge": ["f2", "a3"], "count": 2},
        {"edge": ["a3", "l4"]},
    )
    check_edges(recorded)
    boxes, edges, _ = drawing(recorded)
    assert [e["label"] for e in edges] == [None, None, None, "×2", None]
    skipping = edges[2]  # f1 -> a3 crosses f2's rank: two curves, through a bend point
    assert len(skipping["points"]) == 7
    bend = skipping["points"][3]
    f2 = boxes[2]
    assert f2["y"] <= bend[1] <= f2["y"] + f2["height"]
    assert not f2["x"] <= bend[0] <= f2["x"] + f2["width"]  # passes beside f2's box, not through it
    assert [box["css"] for box in boxes] == [
        "node tensor", "node function", "node function", "node accumulate", "node leaf"
    ]
    assert boxes[4]["lines"] == [
        ("x", "name"), ("leaf [2]", "detail"), ("requires_grad=True", "detail"), (".grad set", "detail")
    ]


def test_node_lines_say_what_a_reader_needs():
    recorded = jsonl(
        {"id": "t0", "kind": "tensor", "label": "out", "shape": [2, 3], "requires_grad": False, "tracked": False},
        function(
            "f1", "PowBackward0",
            {"name": "self", "shape": [3], "version": 2, "saved_version": 1, "tensor": "a"},
            {"name": "result", "shape": [], "version": 0},
            {"name": "other", "freed": True},
        ),
        {"truncated": "40 more nodes not drawn"},
        {"edge": ["t0", "f1"]},
    )
    boxes, _, tree = drawing(recorded)
    assert boxes[0]["css"] == "node leaf untracked"
    assert boxes[0]["lines"] == [("out", "name"), ("tensor [2, 3]", "detail"), ("requires_grad=False", "detail")]
    assert boxes[1]["lines"] == [
        ("PowBackward0", "name"),
        ("saved self a [3] v1, now v2", "stale"),
        ("saved result [] v0", "detail"),
        ("saved other: freed", "detail"),
    ]
    note = [t for t in tree if t.tag == f"{SVG}text"]
    assert [t.text for t in note] == ["40 more nodes not drawn"]
    height = float(tree.get("height"))
    assert float(note[0].get("y")) == height - 10 > boxes[1]["y"] + boxes[1]["height"]
    assert tree.find(f"{SVG}title").text == "graph"


# A small graph recorded in an order that crosses its branches, with a rank-skipping edge
# and a ×2 label. Its whole drawing is pinned: a change to the layout shows here first, to
# be looked at on a page and then copied in.
CROSSED = jsonl(
    {"id": "t0", "kind": "tensor", "label": "loss", "shape": [], "requires_grad": True, "grad": False},
    function("f1", "AddBackward0"),
    function("f2", "MulBackward0", {"name": "self", "shape": [2], "version": 1, "saved_version": 0, "tensor": "h"}),
    function("f3", "ExpBackward0", {"name": "result", "shape": [2], "version": 0}),
    {"id": "a4", "kind": "accumulate", "label": "AccumulateGrad"},
    {"id": "a5", "kind": "accumulate", "label": "AccumulateGrad"},
    {"id": "l6", "kind": "leaf", "label": "w", "shape": [2], "requires_grad": True, "grad": True},
    {"id": "l7", "kind": "leaf", "label": "b", "shape": [2], "requires_grad": True, "grad": False},
    {"edge": ["t0", "f1"]},
    {"edge": ["f1", "f2"]},
    {"edge": ["f1", "f3"]},
    {"edge": ["f2", "a5"], "count": 2},
    {"edge": ["f3", "a4"]},
    {"edge": ["f1", "l7"]},
    {"edge": ["a4", "l6"]},
    {"edge": ["a5", "l7"]},
)
CROSSED_DRAWN = (
    '<svg xmlns="http://www.w3.org/2000/svg" class="fg-graph-svg" role="img" viewBox="0 0 431 408" width="431" height="408">\n'
    '<title>golden</title>\n'
    '<style>…</style>\n'
    '<path class="edge" d="M260.5,86.0 C260.5,103.0 260.5,103.0 260.5,120.0"/><polygon class="arrow" points="256.5,113.0 264.5,113.0 260.5,120.0"/>\n'
    '<path class="edge" d="M260.5,148.0 C260.5,165.0 289.2,165.0 289.2,182.0"/><polygon class="arrow" points="285.2,175.0 293.2,175.0 289.2,182.0"/>\n'
    '<path class="edge" d="M260.5,148.0 C260.5,165.0 87.3,165.0 87.3,182.0"/><polygon class="arrow" points="83.3,175.0 91.3,175.0 87.3,182.0"/>\n'
    '<path class="edge" d="M289.2,226.0 C289.2,243.0 313.0,243.0 313.0,260.0"/><polygon class="arrow" points="309.0,253.0 317.0,253.0 313.0,260.0"/><text class="detail" x="319.0" y="252.0">×2</text>\n'
    '<path class="edge" d="M87.3,226.0 C87.3,243.0 87.4,243.0 87.4,260.0"/><polygon class="arrow" points="83.4,253.0 91.4,253.0 87.4,260.0"/>\n'
    '<path class="edge" d="M260.5,148.0 C260.5,176.0 404.8,176.0 404.8,204.0 C404.8,239.0 381.1,239.0 381.1,274.0 C381.1,298.0 347.0,298.0 347.0,322.0"/><polygon class="arrow" points="343.0,315.0 351.0,315.0 347.0,322.0"/>\n'
    '<path class="edge" d="M87.4,288.0 C87.4,305.0 87.4,305.0 87.4,322.0"/><polygon class="arrow" points="83.4,315.0 91.4,315.0 87.4,322.0"/>\n'
    '<path class="edge" d="M313.0,288.0 C313.0,305.0 347.0,305.0 347.0,322.0"/><polygon class="arrow" points="343.0,315.0 351.0,315.0 347.0,322.0"/>\n'
    '<g class="node tensor"><rect class="box" x="186.8" y="10.0" width="147.4" height="76.0" rx="8"/><text class="name" x="260.5" y="28.0" text-anchor="middle">loss</text><text class="detail" x="260.5" y="44.0" text-anchor="middle">tensor []</text><text class="detail" x="260.5" y="60.0" text-anchor="middle">requires_grad=True</text><text class="detail" x="260.5" y="76.0" text-anchor="middle">.grad None</text></g>\n'
    '<g class="node function"><rect class="box" x="208.7" y="120.0" width="103.6" height="28.0" rx="2"/><text class="name" x="260.5" y="138.0" text-anchor="middle">AddBackward0</text></g>\n'
    '<g class="node function"><rect class="box" x="182.7" y="182.0" width="213.1" height="44.0" rx="2"/><text class="name" x="289.2" y="200.0" text-anchor="middle">MulBackward0</text><text class="stale" x="289.2" y="216.0" text-anchor="middle">saved self h [2] v0, now v1</text></g>\n'
    '<g class="node function"><rect class="box" x="10.0" y="182.0" width="154.7" height="44.0" rx="2"/><text class="name" x="87.3" y="200.0" text-anchor="middle">ExpBackward0</text><text class="detail" x="87.3" y="216.0" text-anchor="middle">saved result [2] v0</text></g>\n'
    '<g class="node accumulate"><rect class="box" x="28.3" y="260.0" width="118.2" height="28.0" rx="2"/><text class="name" x="87.4" y="278.0" text-anchor="middle">AccumulateGrad</text></g>\n'
    '<g class="node accumulate"><rect class="box" x="253.9" y="260.0" width="118.2" height="28.0" rx="2"/><text class="name" x="313.0" y="278.0" text-anchor="middle">AccumulateGrad</text></g>\n'
    '<g class="node leaf"><rect class="box" x="13.7" y="322.0" width="147.4" height="76.0" rx="8"/><text class="name" x="87.4" y="340.0" text-anchor="middle">w</text><text class="detail" x="87.4" y="356.0" text-anchor="middle">leaf [2]</text><text class="detail" x="87.4" y="372.0" text-anchor="middle">requires_grad=True</text><text class="detail" x="87.4" y="388.0" text-anchor="middle">.grad set</text></g>\n'
    '<g class="node leaf"><rect class="box" x="273.3" y="322.0" width="147.4" height="76.0" rx="8"/><text class="name" x="347.0" y="340.0" text-anchor="middle">b</text><text class="detail" x="347.0" y="356.0" text-anchor="middle">leaf [2]</text><text class="detail" x="347.0" y="372.0" text-anchor="middle">requires_grad=True</text><text class="detail" x="347.0" y="388.0" text-anchor="middle">.grad None</text></g>\n'
    '</svg>'
)


def test_the_whole_drawing_of_a_small_graph():
    drawn = svg(CROSSED, "golden")
    style = drawn[drawn.index("<style>"):drawn.index("</style>") + len("</style>")]
    assert style == f"<style>{STYLE}</style>"
    assert drawn.replace(style, "<style>…</style>") == CROSSED_DRAWN
