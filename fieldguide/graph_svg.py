"""Draw a recorded autograd graph (JSON lines from autograd_graph.py) as an SVG.

Pure Python and deterministic, so a page needs no network and no Graphviz: the same
recording always gives the same picture. The layout is a small layered one: the tensors
a snippet named on top, the leaves at the bottom, arrows in the direction backward()
travels. Nodes are ranked by their longest path from the top, edges that skip ranks get
bend points in the ranks they cross, node order within a rank follows the median of
their neighbours, and x positions are the least-squares fit to the neighbours' positions
that keeps nodes apart.

Colours come from the site theme's CSS variables (with plain fallbacks), so a diagram is
readable in the light and the dark scheme; text is monospace so widths are predictable.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from itertools import pairwise

CHAR_W = 7.3  # px per character of 12 px monospace
LINE_H = 16
PAD_X, PAD_Y = 8, 6
GAP_X, GAP_Y = 18, 34
MARGIN = 10

STYLE = """
.fg-graph-svg text { font: 12px var(--md-code-font-family, monospace); fill: var(--md-default-fg-color, #222); }
.fg-graph-svg .detail { fill: var(--md-default-fg-color--light, #666); }
.fg-graph-svg .box {
  fill: var(--md-default-bg-color, #fff); stroke: var(--md-default-fg-color--light, #666); stroke-width: 1.2;
}
.fg-graph-svg .tensor .box { stroke: var(--md-primary-fg-color, #ff5722); stroke-width: 2; }
.fg-graph-svg .leaf .box { stroke: #2e7d32; stroke-width: 2; }
.fg-graph-svg .untracked .box { stroke-dasharray: 5 3; stroke: var(--md-default-fg-color--light, #666); }
.fg-graph-svg .accumulate .box { fill: var(--md-default-fg-color--lightest, #eee); }
.fg-graph-svg .stale { fill: #e53935; font-weight: bold; }
.fg-graph-svg .edge { fill: none; stroke: var(--md-default-fg-color--light, #666); stroke-width: 1.2; }
.fg-graph-svg .arrow { fill: var(--md-default-fg-color--light, #666); }
"""


@dataclass
class Node:
    id: str
    kind: str  # tensor | leaf | function | accumulate | bend (an edge's point in a crossed rank)
    lines: list[tuple[str, str]] = field(default_factory=list)  # (text, css class)
    css: str = ""
    rank: int = 0
    x: float = 0.0  # centre
    y: float = 0.0  # top

    @property
    def width(self) -> float:
        if self.kind == "bend":
            return 0.0
        return max(len(text) for text, _ in self.lines) * CHAR_W + 2 * PAD_X

    @property
    def height(self) -> float:
        return 0.0 if self.kind == "bend" else len(self.lines) * LINE_H + 2 * PAD_Y


def _shape(shape: list[int]) -> str:
    return "[" + ", ".join(map(str, shape)) + "]"


def _node_lines(item: dict) -> tuple[list[tuple[str, str]], str]:
    kind = item["kind"]
    if kind in ("tensor", "leaf"):
        what = "leaf" if kind == "leaf" else "tensor"
        lines = [(item["label"], "name"), (f"{what} {_shape(item['shape'])}", "detail")]
        if item.get("tracked") is False:
            lines.append(("requires_grad=False", "detail"))
            return lines, "leaf untracked"
        lines.append((f"requires_grad={item['requires_grad']}", "detail"))
        lines.append((".grad set" if item["grad"] else ".grad None", "detail"))
        return lines, kind
    lines = [(item["label"], "name")]
    for saved in item.get("saved", []):
        head = f"saved {saved['name']}"
        if saved.get("freed"):
            lines.append((f"{head}: freed", "detail"))
            continue
        who = f" {saved['tensor']}" if "tensor" in saved else ""
        at = saved.get("saved_version", saved["version"])
        if at != saved["version"]:
            lines.append((f"{head}{who} {_shape(saved['shape'])} v{at}, now v{saved['version']}", "stale"))
        else:
            lines.append((f"{head}{who} {_shape(saved['shape'])} v{at}", "detail"))
    return lines, kind


def parse(recorded: str) -> tuple[dict[str, Node], dict[tuple[str, str], int], str | None]:
    """Nodes, edges with how many inputs each stands for, and the truncation note."""
    nodes: dict[str, Node] = {}
    edges: dict[tuple[str, str], int] = {}
    note = None
    for line in recorded.splitlines():
        item = json.loads(line)
        if "edge" in item:
            edges[tuple(item["edge"])] = item.get("count", 1)
        elif "truncated" in item:
            note = item["truncated"]
        else:
            lines, css = _node_lines(item)
            nodes[item["id"]] = Node(item["id"], item["kind"], lines, css)
    return nodes, edges, note


def _rank(nodes: dict[str, Node], edges: dict[tuple[str, str], int]) -> None:
    """Longest path from the top; recorded graphs are acyclic (autograd graphs are)."""
    incoming = {n: 0 for n in nodes}
    for _, dst in edges:
        incoming[dst] += 1
    ready = [n for n in nodes if incoming[n] == 0]
    while ready:
        src = ready.pop(0)
        for a, b in edges:
            if a == src:
                nodes[b].rank = max(nodes[b].rank, nodes[a].rank + 1)
                incoming[b] -= 1
                if incoming[b] == 0:
                    ready.append(b)


def _add_bends(nodes: dict[str, Node], edges: dict[tuple[str, str], int]) -> list[list[str]]:
    """Split edges that skip ranks; return each edge as its list of points."""
    paths = []
    for src, dst in edges:
        path = [src]
        for rank in range(nodes[src].rank + 1, nodes[dst].rank):
            bend = Node(f"{src}>{dst}@{rank}", "bend", rank=rank)
            nodes[bend.id] = bend
            path.append(bend.id)
        paths.append(path + [dst])
    return paths


def _order(nodes: dict[str, Node], paths: list[list[str]]) -> list[list[Node]]:
    ranks: list[list[Node]] = [[] for _ in range(max(n.rank for n in nodes.values()) + 1)]
    for node in nodes.values():  # recording order is breadth-first from the top
        ranks[node.rank].append(node)
    up: dict[str, list[str]] = {n: [] for n in nodes}
    down: dict[str, list[str]] = {n: [] for n in nodes}
    for path in paths:
        for a, b in pairwise(path):
            down[a].append(b)
            up[b].append(a)
    for sweep in range(8):
        neighbours, rows = (up, range(1, len(ranks))) if sweep % 2 == 0 else (down, range(len(ranks) - 2, -1, -1))
        for r in rows:
            ref = ranks[r - 1] if sweep % 2 == 0 else ranks[r + 1]
            pos = {n.id: i for i, n in enumerate(ref)}
            keyed = []
            for i, node in enumerate(ranks[r]):  # keyed by the median position of its neighbours in `ref`
                found = sorted(pos[m] for m in neighbours[node.id] if m in pos)
                keyed.append((found[len(found) // 2] if found else i, i, node))
            ranks[r] = [n for _, _, n in sorted(keyed, key=lambda k: (k[0], k[1]))]
    for row in ranks:  # start packed from the left
        x = 0.0
        for node in row:
            node.x = x + node.width / 2
            x += node.width + GAP_X
    for sweep in range(6):
        neighbours, rows = (up, range(1, len(ranks))) if sweep % 2 == 0 else (down, range(len(ranks) - 2, -1, -1))
        for r in rows:
            wanted = []
            for node in ranks[r]:
                xs = [nodes[m].x for m in neighbours[node.id]]
                wanted.append(sum(xs) / len(xs) if xs else node.x)
            _place(ranks[r], wanted)
    return ranks


def _place(row: list[Node], wanted: list[float]) -> None:
    """Least-squares x positions near `wanted` keeping order and gaps (pool adjacent violators)."""
    offsets = [0.0]
    for a, b in pairwise(row):
        gap = GAP_X if a.kind != "bend" and b.kind != "bend" else GAP_X / 2
        offsets.append(offsets[-1] + (a.width + b.width) / 2 + gap)
    blocks: list[list[float]] = []  # [mean, count]
    for target in (w - o for w, o in zip(wanted, offsets, strict=True)):
        blocks.append([target, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            mean, count = blocks.pop()
            blocks[-1] = [
                (blocks[-1][0] * blocks[-1][1] + mean * count) / (blocks[-1][1] + count),
                blocks[-1][1] + count,
            ]
    fitted = [mean for mean, count in blocks for _ in range(int(count))]
    for node, base, offset in zip(row, fitted, offsets, strict=True):
        node.x = base + offset


def svg(recorded: str, title: str) -> str:
    """The SVG for one recorded graph; `title` is read out by screen readers."""
    nodes, edges, note = parse(recorded)
    _rank(nodes, edges)
    paths = _add_bends(nodes, edges)
    ranks = _order(nodes, paths)
    left = min(n.x - n.width / 2 for n in nodes.values())
    y: float = MARGIN
    for row in ranks:
        row_height = max(n.height for n in row)
        for node in row:
            node.x += MARGIN - left
            node.y = y + (row_height - node.height) / 2
        y += row_height + GAP_Y
    width = max(n.x + n.width / 2 for n in nodes.values()) + MARGIN
    height = y - GAP_Y + MARGIN + (LINE_H if note else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="fg-graph-svg" role="img" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{STYLE}</style>",
    ]
    for path in paths:
        out.append(_edge([nodes[p] for p in path], edges[path[0], path[-1]]))
    for node in nodes.values():
        if node.kind != "bend":
            out.append(_box(node))
    if note:
        out.append(f'<text class="detail" x="{MARGIN}" y="{height - MARGIN}">{html.escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _edge(points: list[Node], count: int) -> str:
    x0, y0 = points[0].x, points[0].y + points[0].height
    d = [f"M{x0:.1f},{y0:.1f}"]
    for node in points[1:]:
        x1, y1 = node.x, node.y
        mid = (y0 + y1) / 2
        d.append(f"C{x0:.1f},{mid:.1f} {x1:.1f},{mid:.1f} {x1:.1f},{y1:.1f}")
        x0, y0 = x1, y1 + node.height
    tip_x, tip_y = points[-1].x, points[-1].y
    arrow = f"{tip_x - 4:.1f},{tip_y - 7:.1f} {tip_x + 4:.1f},{tip_y - 7:.1f} {tip_x:.1f},{tip_y:.1f}"
    label = ""
    if count > 1:  # one node feeding several inputs: x * x uses x twice
        label = f'<text class="detail" x="{tip_x + 6:.1f}" y="{tip_y - 8:.1f}">×{count}</text>'
    return f'<path class="edge" d="{" ".join(d)}"/><polygon class="arrow" points="{arrow}"/>{label}'


def _box(node: Node) -> str:
    left, top = node.x - node.width / 2, node.y
    radius = 8 if node.kind in ("tensor", "leaf") else 2
    parts = [
        f'<g class="node {node.css}">',
        f'<rect class="box" x="{left:.1f}" y="{top:.1f}" width="{node.width:.1f}" '
        f'height="{node.height:.1f}" rx="{radius}"/>',
    ]
    for i, (text, css) in enumerate(node.lines):
        baseline = top + PAD_Y + (i + 1) * LINE_H - 4
        parts.append(
            f'<text class="{css}" x="{node.x:.1f}" y="{baseline:.1f}" text-anchor="middle">'
            f"{html.escape(text)}</text>"
        )
    parts.append("</g>")
    return "".join(parts)
