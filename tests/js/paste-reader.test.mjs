// The reader's rules on a paste of each kind; every recorded message and real paste goes
// through it in tests/test_paste_reader.py, test_paste_answers.py and test_reader_parity.py.
import assert from "node:assert/strict";
import {test} from "node:test";

import {KNOWN, Reader, lcs, leading, localize, pastedCode, pastedMessages, words} from "../../docs/javascripts/paste-reader.js";

const TRACEBACK = `Traceback (most recent call last):
  File "train.py", line 9, in <module>
    loss.backward()
  File "/usr/lib/python3/site-packages/torch/_tensor.py", line 487, in backward
    torch.autograd.backward(
RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
`;
const WARNING = "/home/u/train.py:12: UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being accessed.\n  print(y.grad)\n";

const cause = (mechanism, extra = {}) => ({
  text: `${mechanism} text`, mechanism, fix: `${mechanism} fix`, tell: "", seen: 0, notShown: null, reports: [], pairs: [],
  clueNodes: [], clueLeaf: false, clueCode: [], clueMessage: [], forms: {}, openings: [], nodes: [], ...extra,
});
const DATA = {
  placeholders: [["n", String.raw`(?<![\w.</])(\d+)(?![\w.>])`, "<n>"], ["node", String.raw`\b(\w+Backward\d*)\b`, "<node>"]],
  backwardSuffix: "Backward(\\d*)$",
  entries: [{
    id: "element-0", category: "RuntimeError", categories: ["RuntimeError"], traceback: [], summary: "element <n> of tensors does not require grad",
    templates: [["element <n> of tensors does not require grad and does not have a grad_fn", "element <n> of tensors does not require grad", "1.13 – 2.15"]],
    clauses: {}, causes: [cause("no-grad"), cause("detached", {clueCode: [String.raw`\.detach\(\)`]})],
  }, {
    id: "grad-of-non-leaf", category: "UserWarning", categories: ["UserWarning"], traceback: [], summary: "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed",
    templates: [["The .grad attribute of a Tensor that is not a leaf Tensor is being accessed.", "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed", "1.13 – 2.15"]],
    clauses: {}, causes: [cause("retain-grad")],
  }],
};

test("a traceback's error comes before the warnings, each with where it starts", () => {
  const found = pastedMessages(WARNING + TRACEBACK);
  assert.deepEqual(found.map(m => [m.category, m.warning, m.line]), [["RuntimeError", false, 7], ["UserWarning", true, 0]]);
  assert.equal(found[0].message, "element 0 of tensors does not require grad and does not have a grad_fn");
});

test("a prompt, a quote mark or pytest's E before each line is read past", () => {
  for (const prefix of [">>> ", "> ", "E   ", "[rank0]: "]) {
    const [first] = pastedMessages(TRACEBACK.split("\n").map(line => prefix + line).join("\n"));
    assert.equal(first.category, "RuntimeError", prefix);
  }
});

test("a message quoted in a sentence, or glued to the line before it, is found", () => {
  assert.equal(pastedMessages("I get `ValueError: bad value` after a while")[0].message, "bad value");
  assert.equal(pastedMessages("the backward passRuntimeError: boom")[0].category, "RuntimeError");
});

test("the reader's own frames and lines are their code; PyTorch's are not", () => {
  assert.deepEqual(pastedCode(`x = model(y).detach()\n\n${TRACEBACK}`), [
    {text: 'File "train.py", line 9, in <module>', traceback: true}, {text: "loss.backward()", traceback: true},
    {text: "x = model(y).detach()", traceback: false}]);
});

test("words, lcs and leading compare messages word by word", () => {
  assert.deepEqual(words("Element <n> of tensors"), ["element", "<n>", "of", "tensors"]);
  assert.equal(lcs(["a", "b", "c", "d"], ["b", "x", "d"]), 2);
  assert.equal(leading(["a", "b", "c"], ["a", "b", "x"]), 2);
});

test("a template replaces what varies, and says which kinds", () => {
  const reader = new Reader(structuredClone(DATA));
  assert.deepEqual(reader.template("output 3 of MulBackward0"), {text: "output <n> of <node>", form: "n node"});
  assert.deepEqual(reader.nodes("MulBackward0 and PowBackward12"), ["MulBackward0", "PowBackward12"]);
  assert.deepEqual(["PowBackward0", "ClampBackward1", "Mul"].map(n => reader.forwardName(n)), ["Pow", "Clamp1", "Mul"]);
});

test("a paste lands on its entry, the cause its code names first", () => {
  const reader = new Reader(structuredClone(DATA));
  const result = reader.read(`x = model(y).detach()\n\n${TRACEBACK}`);
  assert.equal(result.found.entry.id, "element-0");
  assert.ok(result.score >= KNOWN);
  assert.equal(result.worded, "worded_many"); // the wording several releases print
  assert.deepEqual(result.ranked.map(r => [r.cause.mechanism, r.clues]),
    [["detached", [["pasted_code", "x = model(y).detach()"]]], ["no-grad", []]]);
  assert.equal(reader.read("my loss is nan").found, null);
  assert.equal(reader.read("  \n"), null);
});

test("localize gives the causes the edition's words and leaves the data alone", () => {
  const data = structuredClone(DATA);
  data.entries[0].causes[0].pairs = [{snippet: "t/a", fix: "t/b",
    diff: [[["removed", "x = 1  # old", 3, null], ["added", "x = 2  # new", null, 3], ["context", "y = x", 4, 4]]]}];
  const edition = {language: "zh", words: {x: "y"}, texts: {"no-grad text": "不需要梯度", "no-grad fix": "修复"},
    lines: {"t/a": {3: "x = 1  # 旧"}, "t/b": {3: "x = 2  # 新"}}};
  const localized = localize(data, edition);
  assert.deepEqual([localized.language, localized.words], ["zh", {x: "y"}]);
  assert.deepEqual(localized.entries[0].causes.map(c => [c.text, c.fix]), [["不需要梯度", "修复"], ["detached text", "detached fix"]]);
  // a fix's lines as the edition shows them (its comments), by snippet and line number
  assert.deepEqual(localized.entries[0].causes[0].pairs[0].diff[0].map(row => row[1]), ["x = 1  # 旧", "x = 2  # 新", "y = x"]);
  assert.equal(data.entries[0].causes[0].pairs[0].diff[0][0][1], "x = 1  # old");
});
