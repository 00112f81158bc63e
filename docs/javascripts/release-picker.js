/* The release picker. At the top of every page the reader picks their PyTorch release once,
 * from the recorded ones ("newest" by default); the choice is kept in localStorage (so it
 * holds on every page and on the next visit), and `?torch=2.1.2` or `?torch=2.1` in a page's
 * address picks it too. A release the site does not record is said so, and the nearest
 * recorded one is picked (releases.js). Then, on the page:
 *  - every set of version tabs shows the tab whose outputs that release prints (each output
 *    block carries `data-releases`, written by fieldguide/render.py), and the note above the
 *    outputs says which tab that is, or that the release has no recording;
 *  - every checked quote that holds on some releases only (`.fg-quote-range`, whose
 *    `data-releases` are those: fieldguide/macros.py) says "not on <release>" when the
 *    release is not one of them;
 *  - on an Error-index entry's page, the wording that release prints comes first, marked
 *    (`.fg-message[data-releases]`: fieldguide/errors/page.py), or a line says it prints none;
 *  - the paste box names the entry by that wording (diagnose.js reads pickedRelease()), and
 *    the upgrade view starts from it (upgrade-view.js).
 *
 * Its data is a JSON block the build writes on every page (fieldguide/picker.py: the releases
 * and the words of every edition); nothing is fetched but the upgrade view's data. Without
 * JavaScript nothing of this shows and the page reads as it is built. */

import {el, onEachPage} from "./dom.js";
import {NEWEST, releasesOf, resolve} from "./releases.js";
import {startUpgradeView} from "./upgrade-view.js";
import {sayText} from "./words.js";

const KEY = "fg-torch"; // localStorage: "newest" or a recorded release
const PICKER = "fg-picker";

/* The release the page reads for: the picker's (a recorded release, "newest" made the newest
 * one); null on a page without the picker. */
export const pickedRelease = () => document.getElementById(PICKER)?.dataset.release || null;

function stored(releases) {
  try {
    const value = localStorage.getItem(KEY);
    return value === NEWEST || releases.includes(value) ? value : NEWEST;
  } catch {
    return NEWEST;
  }
}

function store(value) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // private windows may refuse storage: the choice then holds on this page only
  }
}

/* Material's tab sets: select the tab whose outputs `release` prints. */
function versionTabs(release) {
  for (const set of document.querySelectorAll(".tabbed-set")) {
    const blocks = [...set.querySelectorAll(":scope > .tabbed-content > .tabbed-block")];
    const lists = blocks.map(block => releasesOf(block.querySelector("[data-releases]")));
    if (!lists.some(list => list.length)) continue; // not version tabs
    const index = lists.findIndex(list => list.includes(release));
    set.dataset.fgRelease = index < 0 ? "" : String(index);
    const input = set.querySelectorAll(":scope > input")[index];
    if (!input || input.checked) continue;
    // Material moves its tab indicator on `change`; `data-md-switching` keeps it from
    // switching the other sets with the same label and from remembering the label.
    const label = set.querySelector(`:scope > .tabbed-labels > label[for="${input.id}"]`);
    label?.setAttribute("data-md-switching", "");
    input.checked = true;
    input.dispatchEvent(new Event("change"));
    label?.removeAttribute("data-md-switching");
  }
}

/* The note under each output: which tab `release` prints, or that it has no recording. */
function versionNotes(words, release) {
  for (const note of document.querySelectorAll("p.fg-versions[data-releases]")) {
    note.querySelector(".fg-picker-note")?.remove();
    const set = note.nextElementSibling?.matches(".tabbed-set") ? note.nextElementSibling : null;
    let said;
    if (!releasesOf(note).includes(release)) {
      said = sayText(words, "picker_not_recorded", {release});
    } else if (set && set.dataset.fgRelease) {
      const label = set.querySelectorAll(":scope > .tabbed-labels > label")[Number(set.dataset.fgRelease)];
      said = sayText(words, "picker_tab", {release, tab: label.textContent.trim()});
    } else if (!set) {
      said = sayText(words, "picker_included", {release});
    }
    if (said) note.append(el("span", {class: "fg-picker-note"}, said));
  }
}

/* A checked quote that does not hold on the release: "(up to 2.10; not on 2.15.0)". */
function quotes(words, release) {
  for (const range of document.querySelectorAll(".fg-quote-range")) {
    range.dataset.label ??= range.textContent;
    const off = !releasesOf(range).includes(release);
    range.classList.toggle("fg-quote-range--off", off);
    range.previousElementSibling?.classList.toggle("fg-quote--off", off);
    range.textContent = off
      ? range.dataset.label.replace(/[)）]$/, end => sayText(words, "picker_quote_off", {release}) + end)
      : range.dataset.label;
  }
}

/* Runs of message blocks (an entry's templates, and its exact texts): the one `release`
 * prints first, marked; none printed said once per entry. */
function messages(words, release) {
  document.querySelectorAll(".fg-picker-message").forEach(node => node.remove());
  const seen = new Set();
  for (const block of document.querySelectorAll(".fg-message[data-releases]")) {
    if (seen.has(block)) continue;
    let first = block;
    while (first.previousElementSibling?.matches(".fg-message[data-releases]")) first = first.previousElementSibling;
    const run = [];
    for (let node = first; node?.matches(".fg-message[data-releases]"); node = node.nextElementSibling) run.push(node);
    run.forEach(node => seen.add(node));
    const parent = first.parentNode;
    const anchor = run[run.length - 1].nextSibling;
    // back to the order the build wrote (kept from the first pass), then the release's wording first
    run.forEach((node, k) => { node.dataset.fgOrder ??= String(k); });
    run.sort((a, b) => Number(a.dataset.fgOrder) - Number(b.dataset.fgOrder));
    const mine = run.find(node => releasesOf(node).includes(release));
    const ordered = mine ? [mine, ...run.filter(node => node !== mine)] : run;
    for (const node of ordered) {
      parent.insertBefore(node, anchor);
      node.classList.toggle("fg-message--yours", node === mine);
      if (node === mine) {
        node.querySelector(".filename")?.append(
          el("span", {class: "fg-picker-message"}, sayText(words, "picker_message_yours", {release})));
      }
    }
    if (!mine && !first.closest("details")) {
      parent.insertBefore(el("p", {class: "fg-picker-message fg-picker-message--none"},
        sayText(words, "picker_message_none", {release})), ordered[0]);
    }
  }
}

function apply(words, release) {
  versionTabs(release);
  versionNotes(words, release);
  quotes(words, release);
  messages(words, release);
  document.dispatchEvent(new CustomEvent("fg-release", {detail: {release}}));
}

/* The picker, at the top of the page's article, showing `chosen` ("newest" or a release). */
function picker(words, releases, chosen, note) {
  const newest = releases[releases.length - 1];
  const release = value => (value === NEWEST ? newest : value);
  const select = el("select", {id: "fg-picker-select"},
    el("option", {value: NEWEST}, sayText(words, "picker_newest", {release: newest})),
    [...releases].reverse().map(r => el("option", {value: r}, r)));
  select.value = chosen;
  const status = el("span", {class: "fg-picker__status", role: "status", "aria-live": "polite"}, note);
  const box = el("div", {class: "fg-picker", id: PICKER, "data-release": release(chosen)},
    el("label", {for: "fg-picker-select"}, words.picker_label), " ", select, " ", status);
  select.addEventListener("change", () => {
    store(select.value);
    status.textContent = "";
    box.dataset.release = release(select.value);
    apply(words, box.dataset.release);
  });
  return box;
}

function init() {
  const source = document.getElementById("fg-release-data");
  if (!source || document.getElementById(PICKER)) return;
  const {releases, words: editions} = JSON.parse(source.textContent);
  const words = editions[document.documentElement.lang] || editions.en;
  let chosen = stored(releases);
  let note = "";
  const asked = new URLSearchParams(location.search).get("torch");
  if (asked !== null) {
    const found = resolve(asked.trim(), releases);
    if (found.release) {
      chosen = found.release;
      store(chosen);
    }
    // the release a number that is none leaves picked: the one chosen before
    if (found.note) {
      note = sayText(words, found.note[0], {release: chosen === NEWEST ? releases.at(-1) : chosen, ...found.note[1]});
    }
  }
  const box = picker(words, releases, chosen, note);
  const article = document.querySelector("article.md-content__inner, article") || document.querySelector(".md-content");
  article?.prepend(box);
  apply(words, box.dataset.release);
  const upgrade = document.getElementById("fg-upgrade");
  if (upgrade) startUpgradeView(upgrade, {words, picked: box.dataset.release});
}

onEachPage(init);
