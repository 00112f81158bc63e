import assert from "node:assert/strict";
import {test} from "node:test";

import {code, isCode, plain, say, sayText} from "../../docs/javascripts/words.js";

const WORDS = {found: "Found {entry} ({count})", plain: "no blanks", twice: "{a} and {a}"};

test("say fills each blank with its value, text or not", () => {
  assert.deepEqual(say(WORDS, "found", {entry: code("x"), count: "2"}), ["Found ", {code: "x"}, " (", "2", ")"]);
  assert.deepEqual(say(WORDS, "plain"), ["no blanks"]);
  assert.deepEqual(say(WORDS, "twice", {a: "1"}), ["", "1", " and ", "1", ""]);
});

test("say refuses words the edition lacks", () => {
  assert.throws(() => say(WORDS, "missing"), /no words "missing"/);
});

test("plain writes code in backticks and leaves out what is not there", () => {
  assert.equal(plain(["a ", code("b"), [" c", [null, undefined, false, code(1)]]]), "a `b` c`1`");
  assert.equal(sayText(WORDS, "found", {entry: code("x"), count: "2"}), "Found `x` (2)");
  assert.ok(isCode(code("")) && !isCode("x") && !isCode(null));
});
