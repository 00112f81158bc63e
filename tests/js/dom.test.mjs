import assert from "node:assert/strict";
import {test} from "node:test";

import {el, nodes, onEachPage} from "../../docs/javascripts/dom.js";
import {code} from "../../docs/javascripts/words.js";

/* Just enough of a document for el(): elements that keep their attributes and children. */
globalThis.document = {
  createElement: tag => ({
    tag, attributes: {}, children: [],
    setAttribute(key, value) { this.attributes[key] = value; },
    append(...children) { this.children.push(...children); },
  }),
};

test("el sets attributes and appends text, elements and code, flattened", () => {
  const inner = el("b", {}, "x");
  const made = el("p", {class: "c", "data-x": "1"}, "a", [code("b"), [inner, null, undefined, false]], "", 0);
  assert.deepEqual(made.attributes, {class: "c", "data-x": "1"});
  assert.deepEqual(made.children.map(c => (typeof c === "object" ? [c.tag, c.children] : c)),
    ["a", ["code", ["b"]], ["b", ["x"]], "", 0]);
});

test("nodes makes parts into what an element takes", () => {
  assert.deepEqual(nodes(["a", [[code("x")]]]).map(n => n.tag ?? n), ["a", "code"]);
});

test("onEachPage runs nothing outside a browser", () => {
  delete globalThis.document;
  let ran = false;
  onEachPage(() => { ran = true; });
  assert.equal(ran, false);
});
