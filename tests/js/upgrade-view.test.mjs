import assert from "node:assert/strict";
import {test} from "node:test";

import {page, until} from "./dom-setup.mjs";

const TB = "Traceback (most recent call last):\n";
const DATA = {
  releases: ["1.0", "2.0", "3.0"],
  traceback: TB,
  texts: ["a\nb\nc\n", "a\nB\nc\n", "g\n"],
  pages: [{title: "Page", url: "page/"}],
  snippets: [
    {key: "t/prints", page: 0, url: "page/#t", raises: false, outputs: [[0, ["1.0", "2.0"]], [1, ["3.0"]]], graphs: [[2, ["3.0"]]],
      diffs: {"0 1": [[["equal", 0, 1, 0, 1], ["replace", 1, 2, 1, 2], ["equal", 2, 3, 2, 3]]],
        "1 0": [[["equal", 0, 1, 0, 1], ["replace", 1, 2, 1, 2], ["equal", 2, 3, 2, 3]]]}},
  ],
  messages: [
    {entry: "e", url: "errors/e/", category: "RuntimeError", text: "RuntimeError: gone", releases: ["1.0", "2.0"], recorded: ["1.0", "2.0", "3.0"]},
    {entry: "e", url: "errors/e/", category: "ValueError", text: "ValueError: gone", releases: ["3.0"], recorded: ["1.0", "2.0", "3.0"]},
  ],
  ancestors: {ValueError: ["Exception", "BaseException"], RuntimeError: ["Exception", "BaseException"]},
};
const WORDS = {
  upgrade_from: "From", upgrade_to: "To", upgrade_count_none: "Same on {old} and {new}.", upgrade_count_one: "1 differs on {new}.",
  upgrade_count_many: "{count} differ on {new}.", upgrade_messages_count: "{appear} new, {disappear} gone.", upgrade_what: "Differs: {what}.",
  upgrade_output: "output", upgrade_error: "raised error", upgrade_graph: "graph", upgrade_separator: ", ", upgrade_gap: " ",
  upgrade_only: "Only {release}.", upgrade_messages: "Messages", upgrade_appear: "On {new}", upgrade_disappear: "On {old}",
  upgrade_retyped: "Retyped on {new}", upgrade_retyped_was: "(a {type} on {old}).", upgrade_retyped_uncaught: "except {type} misses it on {new}.",
  upgrade_unrecorded: "One only", upgrade_unrecorded_on: "({release})", upgrade_no_messages: "No messages differ.",
  upgrade_same: "Pick two.", upgrade_other_pages: "Elsewhere",
};
const BODY = '<div id="fg-upgrade" data-upgrade="../assets/fieldguide/upgrade-data.json" data-root="../" hidden></div>';

const {startUpgradeView} = await import("../../docs/javascripts/upgrade-view.js");

async function view(url, picked) {
  const {document} = page(url, BODY, {fetched: {"/assets/fieldguide/upgrade-data.json": DATA}});
  startUpgradeView(document.getElementById("fg-upgrade"), {words: WORDS, picked});
  await until(() => document.querySelector(".fg-upgrade__results"));
  return document;
}
const texts = (document, selector) => [...document.querySelectorAll(selector)].map(node => node.textContent);

test("the view starts from the picked release to the newest, and lists what differs", async () => {
  const document = await view("https://site/upgrade/", "1.0");
  const results = document.querySelector(".fg-upgrade__results");
  assert.deepEqual([results.dataset.from, results.dataset.to], ["1.0", "3.0"]);
  assert.equal(document.getElementById("fg-upgrade").hidden, false);
  assert.deepEqual(texts(document, ".fg-upgrade__count"), ["1 differs on 3.0."]);
  assert.deepEqual(texts(document, ".fg-upgrade__page h3"), ["Page"]);
  assert.equal(document.querySelector(".fg-upgrade__page h3 a").getAttribute("href"), "../page/");
  const item = document.querySelector(".fg-upgrade__snippet");
  assert.equal(item.dataset.snippet, "t/prints");
  assert.equal(item.querySelector("p").textContent, "t/prints Differs: output, graph.");
  assert.deepEqual(texts(item, ".fg-upgrade__diff pre"), ["--- PyTorch 1.0\n+++ PyTorch 3.0\n a\n-b\n+B\n c\n", "--- PyTorch 1.0\n+++ PyTorch 3.0\n+g\n"]);
  assert.deepEqual(texts(item, ".fg-upgrade__diff .filename"), ["Output", "Graph"]);
  assert.deepEqual(texts(document, ".fg-upgrade__messages--retyped li"), ["ValueError: gone (a RuntimeError on 1.0). except RuntimeError misses it on 3.0."]);
  assert.equal(document.querySelector(".fg-upgrade__messages--retyped a").getAttribute("href"), "../errors/e/");
});

test("a pair in the address is shown; a pair picked goes into the address", async () => {
  const document = await view("https://site/upgrade/?from=2.0&to=1.0", "3.0");
  const results = document.querySelector(".fg-upgrade__results");
  assert.deepEqual([results.dataset.from, results.dataset.to], ["2.0", "1.0"]);
  assert.deepEqual(texts(document, ".fg-upgrade__count"), ["Same on 2.0 and 1.0."]);
  assert.deepEqual(texts(document, ".fg-upgrade__index p"), ["No messages differ."]);
  const to = document.getElementById("fg-upgrade-to");
  to.value = "2.0";
  to.dispatchEvent(new Event("change"));
  assert.deepEqual(texts(document, ".fg-upgrade__count"), ["Pick two."]);
  assert.equal(globalThis.location.search, "?from=2.0&to=2.0");
});
