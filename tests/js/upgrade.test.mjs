import assert from "node:assert/strict";
import {test} from "node:test";

import {changes, diffLines, messageChanges, recordedOn, stillCaught, whatDiffers} from "../../docs/javascripts/upgrade.js";

const TB = "Traceback (most recent call last):\n";
// Three releases; the build's shape (fieldguide/upgrade.py), made by hand.
const DATA = {
  releases: ["1.0", "2.0", "3.0"],
  traceback: TB,
  texts: ["a\nb\nc\n", "a\nB\nc\n", `out\n${TB}  x\nValueError: v\n`, `out\n${TB}  x\nValueError: w\n`, "g\n"],
  pages: [{title: "P", url: "p/"}],
  snippets: [
    {key: "t/prints", page: 0, url: "p/#t", raises: false,
      outputs: [[0, ["1.0", "2.0"]], [1, ["3.0"]]], graphs: [],
      diffs: {"0 1": [[["equal", 0, 1, 0, 1], ["replace", 1, 2, 1, 2], ["equal", 2, 3, 2, 3]]],
        "1 0": [[["equal", 0, 1, 0, 1], ["replace", 1, 2, 1, 2], ["equal", 2, 3, 2, 3]]]}},
    {key: "t/raises", page: null, url: "", raises: true,
      outputs: [[2, ["1.0"]], [3, ["2.0", "3.0"]]], graphs: [[4, ["3.0"]]],
      diffs: {"2 3": [[["equal", 1, 3, 1, 3], ["replace", 3, 4, 3, 4]]], "3 2": [[["equal", 1, 3, 1, 3], ["replace", 3, 4, 3, 4]]]}},
  ],
  messages: [
    {entry: "e", url: "e/", category: "RuntimeError", text: "RuntimeError: gone", releases: ["1.0"], recorded: ["1.0", "2.0", "3.0"]},
    {entry: "e", url: "e/", category: "ValueError", text: "ValueError: gone", releases: ["2.0", "3.0"], recorded: ["1.0", "2.0", "3.0"]},
    {entry: "f", url: "f/", category: "UserWarning", text: "UserWarning: new", releases: ["3.0"], recorded: ["2.0", "3.0"]},
    {entry: "g", url: "g/", category: "RuntimeError", text: "RuntimeError: late", releases: ["3.0"], recorded: ["3.0"]},
  ],
  ancestors: {ValueError: ["Exception", "BaseException"], RuntimeError: ["Exception", "BaseException"]},
};

test("recordedOn finds the text a release prints, or null", () => {
  assert.equal(recordedOn(DATA.snippets[0].outputs, "2.0"), 0);
  assert.equal(recordedOn(DATA.snippets[1].graphs, "1.0"), null);
});

test("changes lists the snippets whose recordings differ, and what differs", () => {
  assert.deepEqual(changes(DATA, "1.0", "2.0"), [
    {at: 1, key: "t/raises", output: [2, 3], graph: [null, null], what: ["error"], only: null},
  ]);
  assert.deepEqual(changes(DATA, "2.0", "3.0").map(c => [c.key, c.what, c.only]),
    [["t/prints", ["output"], null], ["t/raises", ["graph"], null]]);
  assert.deepEqual(changes(DATA, "3.0", "2.0").map(c => c.graph), [[null, null], [4, null]]);
  assert.deepEqual(changes(DATA, "2.0", "2.0"), []);
});

test("a recording on one release only says which", () => {
  const data = {...DATA, snippets: [{...DATA.snippets[0], outputs: [[0, ["3.0"]]]}]};
  assert.deepEqual(changes(data, "1.0", "3.0"), [{at: 0, key: "t/prints", output: [null, 0], graph: [null, null], what: ["output"], only: "3.0"}]);
});

test("whatDiffers tells the printed output from the raised error", () => {
  const raises = {raises: true};
  assert.deepEqual(whatDiffers(DATA, raises, DATA.texts[2], DATA.texts[3]), ["error"]);
  assert.deepEqual(whatDiffers(DATA, raises, "x\n", DATA.texts[3]), ["output", "error"]);
  assert.deepEqual(whatDiffers(DATA, raises, null, DATA.texts[3]), ["output", "error"]);
  assert.deepEqual(whatDiffers(DATA, {raises: false}, "x", "x"), ["output"]);
});

test("diffLines lays out the build's hunks over the texts' lines", () => {
  const [prints, raises] = DATA.snippets;
  assert.deepEqual(diffLines(DATA, prints, 0, 1), [[" ", "a"], ["-", "b"], ["+", "B"], [" ", "c"]]);
  assert.deepEqual(diffLines(DATA, raises, 2, 3), [[" ", TB.trimEnd()], [" ", "  x"], ["-", "ValueError: v"], ["+", "ValueError: w"]]);
  assert.deepEqual(diffLines(DATA, prints, null, 1), [["+", "a"], ["+", "B"], ["+", "c"]]);
  assert.deepEqual(diffLines(DATA, prints, 0, null), [["-", "a"], ["-", "b"], ["-", "c"]]);
  const twoHunks = {diffs: {"0 1": [[["delete", 0, 1, 0, 0]], [["insert", 3, 3, 2, 3]]]}};
  assert.deepEqual(diffLines({texts: ["x\ny\nz\n", "y\nz\nw\n"]}, twoHunks, 0, 1), [["-", "x"], null, ["+", "w"]]);
});

test("messageChanges sorts the messages that differ by kind", () => {
  const found = messageChanges(DATA, "1.0", "3.0");
  assert.deepEqual(found.retyped.map(m => [m.text, m.before.text]), [["ValueError: gone", "RuntimeError: gone"]]);
  // 1.0 has no recording of the snippets that print the other two
  assert.deepEqual(found.unrecorded.map(m => m.text), ["UserWarning: new", "RuntimeError: late"]);
  assert.deepEqual([found.appear, found.disappear], [[], []]);
  assert.deepEqual(messageChanges(DATA, "2.0", "3.0").appear.map(m => m.text), ["UserWarning: new"]);
  const back = messageChanges(DATA, "3.0", "2.0");
  assert.deepEqual([back.appear, back.retyped].map(l => l.map(m => m.text)), [[], []]);
  assert.deepEqual(back.disappear.map(m => m.text), ["UserWarning: new"]);
  assert.deepEqual(back.unrecorded.map(m => m.text), ["RuntimeError: late"]);
});

test("an except for a built-in type misses another built-in type; PyTorch's own are not judged", () => {
  assert.equal(stillCaught(DATA, "RuntimeError", "ValueError"), false);
  assert.equal(stillCaught({ancestors: {...DATA.ancestors, Exception: ["BaseException"]}}, "Exception", "ValueError"), true);
  assert.equal(stillCaught(DATA, "torch.OutOfMemoryError", "RuntimeError"), true);
});
