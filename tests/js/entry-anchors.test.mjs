import assert from "node:assert/strict";
import {test} from "node:test";

import {destination} from "../../docs/javascripts/entry-anchors.js";

const LINES = {"a-message": "https://site/errors/a-message/", "old-id": "https://site/errors/renamed/"};
const lineFor = entry => LINES[entry] ?? null;

test("an old link to an entry lands on the entry's page", () => {
  assert.equal(destination("#a-message", lineFor), "https://site/errors/a-message/");
  assert.equal(destination("#old-id", lineFor), "https://site/errors/renamed/");
});

test("an old link to a fix's diff keeps its anchor on the entry's page", () => {
  assert.equal(destination("#a-message--snippet-t-x", lineFor), "https://site/errors/a-message/#a-message--snippet-t-x");
  assert.equal(destination("#a%2Dmessage--x", lineFor), "https://site/errors/a-message/#a-message--x");
});

test("no fragment, or one no entry had, stays", () => {
  assert.equal(destination("", lineFor), null);
  assert.equal(destination("#diagnose", lineFor), null);
});
