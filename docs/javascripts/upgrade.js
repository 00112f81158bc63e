/* What the upgrade view compares: from the data the build writes (fieldguide/upgrade.py
 * says its shape), what differs between two recorded releases. No DOM: upgrade-view.js shows
 * it, and the fast tests (tests/js/upgrade.test.mjs, tests/test_upgrade.py) run it under Node
 * for every pair of recorded releases. */

/* The text index a snippet's groups ([[text index, [releases]], ...]) hold for `release`,
 * null when it has no recording there. */
export const recordedOn = (groups, release) => groups.find(([, releases]) => releases.includes(release))?.[0] ?? null;

/* What differs between two recordings of one snippet (texts, null for none): "output" and
 * "error" (the raised error's traceback, after data.traceback) for a snippet that raises,
 * "output" for one that does not. */
export function whatDiffers(data, snippet, oldText, newText) {
  if (!snippet.raises) return ["output"];
  const split = t => {
    if (t === null) return [null, null];
    const cut = t.lastIndexOf(data.traceback);
    return cut < 0 ? [t, ""] : [t.slice(0, cut), t.slice(cut)];
  };
  const [oldPrinted, oldError] = split(oldText), [newPrinted, newError] = split(newText);
  const what = [];
  if (oldPrinted !== newPrinted) what.push("output");
  if (oldError !== newError) what.push("error");
  return what;
}

/* The snippets whose output or graph on `from` is not the one on `to` (a recording on one
 * and none on the other counts), in the data's order (by page): {at: its index in
 * data.snippets, key, output: [old, new], graph: [old, new] (text indices or null), what:
 * ["output", "error", "graph"], only: the release that has a recording where the other has
 * none, else null}. */
export function changes(data, from, to) {
  const found = [];
  data.snippets.forEach((snippet, at) => {
    const output = [from, to].map(r => recordedOn(snippet.outputs, r));
    const graph = [from, to].map(r => recordedOn(snippet.graphs, r));
    if (output[0] === output[1] && graph[0] === graph[1]) return;
    const what = [];
    let only = null;
    if (output[0] !== output[1]) {
      if (output[0] === null || output[1] === null) only = output[0] === null ? to : from;
      what.push(...whatDiffers(data, snippet, ...output.map(i => data.texts[i] ?? null)));
    }
    if (graph[0] !== graph[1]) what.push("graph");
    found.push({at, key: snippet.key, output, graph, what, only});
  });
  return found;
}

/* The lines of the diff between two texts of a snippet (indices into data.texts; null for no
 * recording), as [" ", line], ["-", line] or ["+", line], with null between hunks: the
 * hunks the build computed (snippet.diffs, Python's difflib with three lines of context, as
 * the "What changed" page's diffs) applied to the texts' lines. */
export function diffLines(data, snippet, before, after) {
  const lines = index => (index === null ? [] : data.texts[index].replace(/\n$/, "").split("\n"));
  const [a, b] = [lines(before), lines(after)];
  const hunks = before === null || after === null
    ? [[["replace", 0, a.length, 0, b.length]]] // one side has none: all of the other changes
    : snippet.diffs[`${before} ${after}`];
  const shown = [];
  hunks.forEach((hunk, n) => {
    if (n) shown.push(null);
    for (const [tag, i1, i2, j1, j2] of hunk) {
      if (tag === "equal") shown.push(...a.slice(i1, i2).map(line => [" ", line]));
      else shown.push(...a.slice(i1, i2).map(line => ["-", line]), ...b.slice(j1, j2).map(line => ["+", line]));
    }
  });
  return shown;
}

/* The Error index's messages that differ between two releases, by kind: printed on one and
 * not the other where both are recorded ("appear", "disappear"), recorded on one only (a
 * snippet gated by `# min-torch:`: "unrecorded"), and the same message raised as another type
 * ("retyped", with `before`: the old one). Each list keeps the data's order. */
export function messageChanges(data, from, to) {
  const on = r => new Map(data.messages.filter(m => m.releases.includes(r)).map(m => [m.text, m]));
  const [oldOn, newOn] = [on(from), on(to)];
  const appear = [...newOn.values()].filter(m => !oldOn.has(m.text));
  const disappear = [...oldOn.values()].filter(m => !newOn.has(m.text));
  const shape = m => m.text.slice(m.category.length + 2);
  const found = {appear: [], disappear: [], unrecorded: [], retyped: []};
  const paired = new Set();
  for (const m of appear) {
    const twin = disappear.find(o => o.entry === m.entry && o.category !== m.category && shape(o) === shape(m));
    if (twin) {
      found.retyped.push({...m, before: twin});
      paired.add(m.text).add(twin.text);
    }
  }
  for (const [kind, list, other] of [["appear", appear, from], ["disappear", disappear, to]]) {
    for (const m of list) {
      if (!paired.has(m.text)) found[m.recorded.includes(other) ? kind : "unrecorded"].push(m);
    }
  }
  return found;
}

/* Whether an `except` for the type a message was raised as before still catches it: false
 * when both are built-in exceptions (data.ancestors) and the new one is not the old one's
 * kind; true when it is, or when either type is PyTorch's own (its classes unknown). */
export function stillCaught(data, before, now) {
  const known = now in data.ancestors && before in data.ancestors;
  return !known || data.ancestors[now].includes(before);
}
