import assert from "node:assert/strict";
import {test} from "node:test";

import {entryName, ordinal, readings, reasons, tensorReading} from "../../docs/javascripts/diagnosis.js";
import {Reader} from "../../docs/javascripts/paste-reader.js";
import {plain} from "../../docs/javascripts/words.js";

// Words in the box's shape (fieldguide/translations.py's box_* ids, prefix dropped), short.
const WORDS = {
  why_node: "names {node}", why_leaf: "no node", why_code: "traceback has {line}", why_pasted_code: "code has {line}",
  why_message: "message names {text}", why_shape: "same parts", why_opening: "same opening", why_named: "names {node} too",
  tensor: "{type} {shape}: {what}{dims}.", what: "{what}; ", what_separator: ", ", sparse: "sparse", on_cuda: "GPU",
  on_cpu: "CPU", dims_zero: "a number", dims: "{dims} {dimensions}, {count} {elements}", dimension: "dim",
  dimensions: "dims", element: "element", elements: "elements", reduced: " {dtype}!", shape: "shape {shape}",
  output: "{node} output {index} {grad_fn}", naming: " {backward}/{forward} {suffix} {zero}: {examples}",
  node: "node {node}", name: "{name} for {placeholder}", other_name: " also {name}", item_separator: ", ",
  counts_from_zero: "{what}: {n} ({nth})", versions: "{expected}->{at}: {changes}", versions_high: " high",
  leaf: "no {clause}: {grad_fn}",
};
const READER = new Reader({
  placeholders: [
    ["tensor", String.raw`\[([\w.]+) \[([\d, ]*)\]\]`, "[<tensor type> [<shape>]]"],
    ["name", String.raw`'NoneType' object has no attribute '(\w+)'`, "'NoneType' object has no attribute '<attr>'"],
    ["output", String.raw`\boutput (\d+) of (?:\w+::)*(\w+)`, "output <n> of <node>"],
    ["node", String.raw`\b(\w+Backward\d*)\b`, "<node>"],
    ["n", String.raw`(?<![\w.</])(\d+)(?![\w.>])`, "<n>"],
  ],
  backwardSuffix: "Backward(\\d*)$",
  entries: [],
  naming: {backward: "1.13-2.0", forward: "2.1-", examples: [["PowBackward0", "Pow"], ["ClampBackward1", "Clamp1"]]},
});

test("entryName words the entry as the picked release prints it", () => {
  const entry = {category: "RuntimeError", summary: "new name", templates: [["new name. x", "new name"], ["old name. x", "old name"]],
    templateReleases: [["2.1", "2.2"], ["1.13", "2.0"]]};
  assert.equal(entryName(entry, "2.0"), "RuntimeError: old name");
  assert.equal(entryName(entry, "2.2"), "RuntimeError: new name");
  assert.equal(entryName(entry, null), "RuntimeError: new name");
  assert.equal(entryName(entry, "3.0"), "RuntimeError: new name");
  assert.equal(entryName({...entry, templateReleases: undefined}, "2.0"), "RuntimeError: new name");
  // a release that prints the newest wording too is named by it
  assert.equal(entryName({...entry, templateReleases: [["2.0", "2.1"], ["1.13", "2.0"]]}, "2.0"), "RuntimeError: new name");
});

const ranked = (first, ...others) => [first, ...others].map(item => ({clues: [], shape: 0, opening: 0, named: false, ...item}));

test("reasons says each clue the first cause matched, once", () => {
  const list = ranked(
    {clues: [["node", "MulBackward0"], ["code", "x.add_(1)"], ["code", "x.add_(1)"], ["pasted_code", "y = x"], ["message", "aten::mul"], ["leaf"]],
      shape: 1, opening: 1, named: true},
    {shape: 0, opening: 0.5, named: false});
  assert.deepEqual(reasons(WORDS, READER, list, list[0], "MulBackward0").map(plain), [
    "names `MulBackward0`", "traceback has `x.add_(1)`", "code has `y = x`", "message names `aten::mul`", "no node",
    "same parts", "same opening"]);
});

test("reasons says what tells causes apart only where it does", () => {
  const same = ranked({shape: 1, opening: 1, named: true}, {shape: 1, opening: 1, named: true});
  assert.deepEqual(reasons(WORDS, READER, same, same[0], "PowBackward0"), []);
  const named = ranked({named: true}, {named: false});
  assert.deepEqual(reasons(WORDS, READER, named, named[0], "PowBackward0").map(plain), ["names `Pow` too"]);
});

test("ordinal is English's", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal),
    ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]);
});

test("tensorReading reads a tensor's type and shape", () => {
  assert.equal(plain(tensorReading(WORDS, "en", "torch.cuda.HalfTensor", "4, 128, 64, 64")),
    "`torch.cuda.HalfTensor` `[4, 128, 64, 64]`: float16, GPU; 4 dims, 2,097,152 elements. float16!");
  assert.equal(plain(tensorReading(WORDS, "en", "torch.FloatTensor", "")), "`torch.FloatTensor` `[]`: float32, CPU; a number.");
  assert.equal(plain(tensorReading(WORDS, "en", "torch.sparse.LongTensor", "3")), "`torch.sparse.LongTensor` `[3]`: int64, sparse; 1 dim, 3 elements.");
  assert.equal(plain(tensorReading(WORDS, "en", "Variable", "1")), "`Variable` `[1]`: 1 dim, 1 element.");
});

test("readings reads every detail of a message", () => {
  const entry = {clauses: {output: "which is output 0 of <node>"}};
  const message = "one of the variables needed for gradient computation has been modified by an inplace operation: "
    + "[torch.FloatTensor [3]], which is output 0 of PowBackward0, is at version 12; expected version 10 instead. element 2";
  const said = readings(WORDS, "en", READER, entry, {message}, "n output tensor").map(plain);
  assert.deepEqual(said, [
    "`torch.FloatTensor` `[3]`: float32, CPU; 1 dim, 3 elements.",
    "`PowBackward0` output 0 `grad_fn` also `Pow` 1.13-2.0/2.1- `Backward` `0`: `PowBackward0` → `Pow`, `ClampBackward1` → `Clamp1`",
    "`element 2`: 3 (3rd)",
    "`10`->`12`: 2 high",
  ]);
  const leaf = readings(WORDS, "en", READER, entry, {message: "'NoneType' object has no attribute 'zero_'"}, "name").map(plain);
  assert.deepEqual(leaf, ["`zero_` for `<attr>`", "no `which is output 0 of <node>`: `grad_fn`"]);
});
