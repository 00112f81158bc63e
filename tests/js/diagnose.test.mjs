import assert from "node:assert/strict";
import {test} from "node:test";

import {page, until} from "./dom-setup.mjs";

const cause = (mechanism, extra = {}) => ({
  text: `${mechanism} text`, mechanism, fix: `${mechanism} fix with \`code\``, tell: "", seen: 0, notShown: null, reports: [], pairs: [],
  clueNodes: [], clueLeaf: false, clueCode: [], clueMessage: [], forms: {}, openings: [], nodes: [], ...extra,
});
// The box's data (fieldguide/errors/page.py's paste_data), one entry, and an edition's words.
const DATA = {
  placeholders: [["n", String.raw`(?<![\w.</])(\d+)(?![\w.>])`, "<n>"]],
  backwardSuffix: "Backward(\\d*)$",
  naming: {},
  entries: [{
    id: "element-0", category: "RuntimeError", categories: ["RuntimeError"], traceback: [], summary: "element <n> of tensors does not require grad",
    templates: [["element <n> of tensors does not require grad and does not have a grad_fn", "element <n> of tensors does not require grad", "1.0 – 2.0"]],
    templateReleases: [["1.0", "2.0"]], clauses: {},
    causes: [
      cause("no-grad", {seen: 2, pairs: [{snippet: "t/raises", url: "page/#raises", fix: "t/fixed", fixUrl: "page/#fixed",
        diff: [[["context", "x = 1", 1, 1], ["removed", "y = x.detach()", 2, null], ["added", "y = x", null, 2]]]}]}),
      cause("detached", {clueCode: [String.raw`\.detach\(\)`], reports: [["a/b#1", "https://example.org/1"]], notShown: ""}),
    ],
  }],
};
const WORDS = {
  language: "en", texts: {"no-grad text": "no grad, in this edition's words"}, lines: {},
  words: {
    panel: "Diagnosis", likeliest: "Likeliest:", the_cause: "Cause:", gap: " ", not_stated: "(not stated)", fix: "Fix:",
    other_causes: "Other causes", dash: " — ", reading: "What the message says", whole_entry: "The whole entry",
    worded_one: "Worded as {releases} prints it.", worded_many: "Worded as {releases} print it.", worded_none: "Worded otherwise.",
    worded_source: "Worded as the source has it.", found: "Found: {entry}.", unknown: "Not known: {line}. {search}",
    search_fallback: "Search the site.", search: "Search", paste_first: "Paste first.", diff: "{snippet} → {fix}",
    other_fix: "fix: {fix}", reports: "reports: {links}", list_separator: "; ", item_separator: ", ",
    matches: " (matches: {reasons})", why_code: "traceback has {line}", why_pasted_code: "code has {line}",
    why_node: "names {node}", why_leaf: "no node", why_message: "names {text}", why_shape: "same parts",
    why_opening: "same opening", why_named: "names {node} too", seen_one: "1 report", seen_many: "{count} reports",
    none_fits: "None fits {what}.", not_shown: "Not shown here.", not_shown_why: "Not shown: {why}.",
    counts_from_zero: "{what}: the {nth}", leaf: "leaf {clause}",
  },
};
const BODY = `<div id="diagnose" data-root="../" data-paste-data="../assets/fieldguide/paste-data.json"
  data-paste-words="../assets/fieldguide/paste-words.json" hidden>
  <textarea id="fg-diagnose-input"></textarea><button id="fg-diagnose-button">Diagnose</button>
  <p id="fg-diagnose-status"></p></div>`;
const PASTE = `x = model(y).detach()

Traceback (most recent call last):
  File "train.py", line 9, in <module>
    loss.backward()
RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn`;

const {document, announce} = page("https://site/errors/", BODY,
  {fetched: {"/assets/fieldguide/paste-data.json": DATA, "/assets/fieldguide/paste-words.json": WORDS}});
await import("../../docs/javascripts/diagnose.js");
announce();
const box = document.getElementById("diagnose");
const texts = selector => [...document.querySelectorAll(selector)].map(node => node.textContent);

function diagnose(text) {
  document.getElementById("fg-diagnose-input").value = text;
  document.getElementById("fg-diagnose-button").click();
}

test("the box shows itself and fetches its data before a paste", async () => {
  assert.equal(box.hidden, false);
  await until(() => box.dataset.loaded === "1");
});

test("a paste is answered: the entry, the likeliest cause with why, its fix and diff, the others", async () => {
  diagnose(PASTE);
  await until(() => document.getElementById("fg-diagnosis"));
  assert.equal(box.dataset.entry, "element-0");
  assert.deepEqual(texts("#fg-diagnose-status"), ["Found: RuntimeError: element <n> of tensors does not require grad."]);
  assert.equal(document.querySelector(".fg-answer__entry a").getAttribute("href"), "../errors/element-0/");
  const lead = document.querySelector(".fg-answer__lead");
  assert.equal(lead.dataset.mechanism, "detached");
  assert.equal(lead.querySelector("p").textContent, "Likeliest: detached text (matches: code has x = model(y).detach())");
  assert.equal(lead.querySelector(".fg-answer__match code").textContent, "x = model(y).detach()");
  assert.equal(lead.querySelector(".fg-answer__fix-sentence").textContent, "Fix: detached fix with code");
  assert.equal(lead.querySelector(".fg-answer__note").textContent, "Not shown here. reports: a/b#1");
  assert.deepEqual(texts(".fg-answer__others li"), ["no grad, in this edition's words — fix: t/fixed2 reports"]);
  assert.equal(document.querySelector(".fg-answer__others a").getAttribute("href"), "../page/#fixed");
  assert.deepEqual(texts(".fg-answer__reading > p"), ["Worded as 1.0 – 2.0 print it."]);
  assert.deepEqual(texts(".fg-answer__reading li"), ["element 0: the 1st"]);
});

test("the first cause's diff sits beside its fix, line by line", async () => {
  diagnose(PASTE.split("\n\n")[1]); // without the reader's line, the first cause is the one with a fix
  await until(() => document.querySelector(".fg-answer__diff"));
  assert.deepEqual(texts(".fg-answer__diff-title"), ["t/raises → t/fixed"]);
  assert.deepEqual([...document.querySelectorAll(".fg-answer__row")].map(row =>
    [...row.querySelectorAll(".fg-answer__line")].map(cell => cell.textContent)), [["1 x = 1", "1 x = 1"], ["2−y = x.detach()", "2+y = x"]]);
});

test("a message the guide does not know says which line was read", () => {
  diagnose("ValueError: something else entirely");
  assert.equal(box.dataset.entry, "none");
  assert.deepEqual(texts("#fg-diagnose-status"), ["Not known: ValueError: something else entirely. Search the site."]);
  assert.equal(document.querySelector("#fg-diagnose-status code").textContent, "ValueError: something else entirely");
  assert.equal(document.getElementById("fg-diagnosis"), null);
  diagnose("   ");
  assert.deepEqual(texts("#fg-diagnose-status"), ["Paste first."]);
});
