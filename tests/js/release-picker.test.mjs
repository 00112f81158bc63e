import assert from "node:assert/strict";
import {test} from "node:test";

import {page} from "./dom-setup.mjs";

const RELEASES = ["2.0.1", "2.1.2", "2.2.2"];
const WORDS = {
  picker_label: "Release", picker_newest: "newest ({release})", picker_nearest: "{asked}: nearest {release}.",
  picker_invalid: "{asked}: no release; {release}.", picker_tab: " {release}: tab {tab}.", picker_included: " has {release}.",
  picker_not_recorded: " not on {release}.", picker_quote_off: "; not on {release}", picker_message_yours: " (yours, {release})",
  picker_message_none: "{release} prints none.",
};
const BODY = `<article class="md-content__inner">
  <p class="fg-versions" data-releases="2.0.1 2.1.2 2.2.2">Output</p>
  <div class="tabbed-set">
    <input type="radio" id="t1" name="s" checked><input type="radio" id="t2" name="s">
    <div class="tabbed-labels"><label for="t1">2.2</label><label for="t2">2.0 – 2.1</label></div>
    <div class="tabbed-content">
      <div class="tabbed-block"><div class="fg-output" data-releases="2.2.2">new</div></div>
      <div class="tabbed-block"><div class="fg-output" data-releases="2.0.1 2.1.2">old</div></div>
    </div>
  </div>
  <p class="fg-versions" data-releases="2.2.2">Output</p>
  <div class="fg-output" data-releases="2.2.2">one</div>
  <p><a class="fg-quote">x</a> <span class="fg-quote-range" data-releases="2.2.2">(from 2.2)</span></p>
  <div class="fg-message" data-releases="2.2.2"><span class="filename">New wording</span></div>
  <div class="fg-message" data-releases="2.0.1 2.1.2"><span class="filename">Old wording</span></div>
</article>
<script type="application/json" id="fg-release-data">${JSON.stringify({releases: RELEASES, words: {en: WORDS}})}</script>`;

const {window, document, announce} = page("https://site/inplace/?torch=2.1", BODY);
const {pickedRelease} = await import("../../docs/javascripts/release-picker.js");

// the page shown now (each page() makes another)
const texts = selector => [...globalThis.document.querySelectorAll(selector)].map(node => node.textContent);

test("a minor in the address picks its release, kept for the next page", () => {
  announce();
  assert.equal(document.getElementById("fg-picker-select").value, "2.1.2");
  assert.equal(pickedRelease(), "2.1.2");
  assert.equal(window.localStorage.getItem("fg-torch"), "2.1.2");
  assert.deepEqual(texts(".fg-picker__status"), [""]);
  assert.deepEqual(texts("#fg-picker-select option"), ["newest (2.2.2)", "2.2.2", "2.1.2", "2.0.1"]);
});

test("the page reads for the release: its tab, the notes, quotes and wordings", () => {
  assert.deepEqual([...document.querySelectorAll(".tabbed-set > input")].map(i => i.checked), [false, true]);
  assert.deepEqual(texts(".fg-picker-note"), [" 2.1.2: tab 2.0 – 2.1.", " not on 2.1.2."]);
  assert.deepEqual(texts(".fg-quote-range"), ["(from 2.2; not on 2.1.2)"]);
  assert.ok(document.querySelector(".fg-quote").classList.contains("fg-quote--off"));
  assert.deepEqual(texts(".fg-message .filename"), ["Old wording (yours, 2.1.2)", "New wording"]);
});

test("picking another release reads the page again", () => {
  const select = document.getElementById("fg-picker-select");
  select.value = "newest";
  select.dispatchEvent(new window.Event("change"));
  assert.equal(pickedRelease(), "2.2.2");
  assert.equal(window.localStorage.getItem("fg-torch"), "newest");
  assert.deepEqual([...document.querySelectorAll(".tabbed-set > input")].map(i => i.checked), [true, false]);
  assert.deepEqual(texts(".fg-picker-note"), [" 2.2.2: tab 2.2.", " has 2.2.2."]);
  assert.deepEqual(texts(".fg-quote-range"), ["(from 2.2)"]);
  assert.deepEqual(texts(".fg-message .filename"), ["New wording (yours, 2.2.2)", "Old wording"]);
});

test("a release not recorded picks the nearest and says so; a wording none prints is said", () => {
  const {document} = page("https://site/inplace/?torch=1.12", BODY);
  announce();
  assert.equal(pickedRelease(), "2.0.1");
  assert.deepEqual(texts(".fg-picker__status"), ["1.12: nearest 2.0.1."]);
  document.querySelector(".fg-message[data-releases=\"2.2.2\"]").remove();
  const select = document.getElementById("fg-picker-select");
  select.value = "2.2.2";
  select.dispatchEvent(new Event("change"));
  assert.deepEqual(texts(".fg-picker-message--none"), ["2.2.2 prints none."]);
});

test("what is no release number keeps the release picked before, and says so", () => {
  const {window} = page("https://site/inplace/?torch=soon", BODY);
  window.localStorage.setItem("fg-torch", "2.1.2");
  announce();
  assert.equal(pickedRelease(), "2.1.2");
  assert.deepEqual(texts(".fg-picker__status"), ["soon: no release; 2.1.2."]);
});
