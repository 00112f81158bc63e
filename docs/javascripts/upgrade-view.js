/* The upgrade view (docs/upgrade.md): two releases, and every snippet whose recordings differ
 * between them, grouped by page, each as a diff, with the Error index's messages that one
 * prints and the other does not. Its data is a file the build writes
 * (fieldguide/upgrade.py), fetched when the page shows the view; upgrade.js compares.
 * release-picker.js starts it, with the releases, the words and the picked release. */

import {el} from "./dom.js";
import {NEWEST, resolve} from "./releases.js";
import {changes, diffLines, messageChanges, stillCaught} from "./upgrade.js";
import {sayText} from "./words.js";

const capital = word => word.charAt(0).toUpperCase() + word.slice(1);
const MARKS = {" ": "fg-upgrade__same", "-": "fg-upgrade__removed", "+": "fg-upgrade__added"};

function diffBlock(title, from, to, shown) {
  const head = [`--- PyTorch ${from}`, `+++ PyTorch ${to}`].map(line => el("span", {class: "fg-upgrade__head"}, line + "\n"));
  const body = shown.map(op => (op === null
    ? el("span", {class: "fg-upgrade__gap"}, "⋯\n")
    : el("span", {class: MARKS[op[0]]}, `${op[0]}${op[1]}\n`)));
  return el("div", {class: "fg-output fg-diff fg-upgrade__diff highlight"}, el("span", {class: "filename"}, title),
    el("pre", {}, el("code", {}, head, body)));
}

/* One snippet that differs: a link to it, what differs, and a diff of each recording. */
function snippetItem(data, words, change, from, to) {
  const snippet = data.snippets[change.at];
  const said = sayText(words, "upgrade_what", {what: change.what.map(w => words[`upgrade_${w}`]).join(words.upgrade_separator)});
  const item = el("div", {class: "fg-upgrade__snippet", "data-snippet": snippet.key},
    el("p", {},
      snippet.url ? el("a", {href: snippet.url}, el("code", {}, snippet.key)) : el("code", {}, snippet.key),
      " ", said, change.only ? [words.upgrade_gap, sayText(words, "upgrade_only", {release: change.only})] : null));
  for (const [kind, [before, after]] of [["output", change.output], ["graph", change.graph]]) {
    if (before !== after) {
      item.append(diffBlock(capital(words[`upgrade_${kind}`]), from, to, diffLines(data, snippet, before, after)));
    }
  }
  return item;
}

/* The Error index's messages that differ, by kind. */
function messagesPart(data, words, from, to) {
  const found = messageChanges(data, from, to);
  const list = (title, messages, kind, note) => messages.length ? [
    el("p", {class: "fg-upgrade__messages-title"}, el("strong", {}, title)),
    el("ul", {class: `fg-upgrade__messages fg-upgrade__messages--${kind}`}, messages.map(m =>
      el("li", {"data-entry": m.entry}, el("a", {href: m.url}, el("code", {}, m.text)),
        note ? [" ", note(m)] : null))),
  ] : [];
  const retyped = m => sayText(words, "upgrade_retyped_was", {type: m.before.category, old: from})
    + (stillCaught(data, m.before.category, m.category) ? ""
      : words.upgrade_gap + sayText(words, "upgrade_retyped_uncaught", {type: m.before.category, new: to}));
  const any = Object.values(found).some(messages => messages.length);
  const count = el("p", {class: "fg-upgrade__message-count"}, sayText(words, "upgrade_messages_count",
    {appear: String(found.appear.length), disappear: String(found.disappear.length), old: from, new: to}));
  const part = el("section", {class: "fg-upgrade__index"},
    el("h3", {}, words.upgrade_messages),
    any ? [
      list(sayText(words, "upgrade_retyped", {old: from, new: to}), found.retyped, "retyped", retyped),
      list(sayText(words, "upgrade_appear", {old: from, new: to}), found.appear, "appear"),
      list(sayText(words, "upgrade_disappear", {old: from, new: to}), found.disappear, "disappear"),
      list(words.upgrade_unrecorded, found.unrecorded, "unrecorded",
        m => sayText(words, "upgrade_unrecorded_on", {release: m.releases.includes(to) ? to : from})),
    ] : el("p", {}, words.upgrade_no_messages));
  return [count, part];
}

/* What differs between `from` and `to`, grouped by page. */
function results(data, words, from, to) {
  if (from === to) return [el("p", {class: "fg-upgrade__count", "data-count": "0"}, words.upgrade_same)];
  const changed = changes(data, from, to);
  const count = changed.length;
  const summary = el("p", {class: "fg-upgrade__count", "data-count": String(count)},
    count === 0 ? sayText(words, "upgrade_count_none", {old: from, new: to})
      : count === 1 ? sayText(words, "upgrade_count_one", {old: from, new: to})
        : sayText(words, "upgrade_count_many", {count: String(count), old: from, new: to}));
  const [messageCount, messages] = messagesPart(data, words, from, to);
  const sections = [];
  let current;
  for (const change of changed) {
    const {page} = data.snippets[change.at];
    if (!sections.length || page !== current) {
      current = page;
      const shown = page === null ? null : data.pages[page];
      sections.push(el("section", {class: "fg-upgrade__page"},
        el("h3", {}, shown ? el("a", {href: shown.url}, shown.title) : words.upgrade_other_pages)));
    }
    sections[sections.length - 1].append(snippetItem(data, words, change, from, to));
  }
  return [summary, messageCount, ...sections, messages];
}

function upgradeView(root, data, words, picked) {
  const {releases} = data;
  const newest = releases[releases.length - 1];
  const query = new URLSearchParams(location.search);
  const pick = (asked, fallback) => {
    if (!asked) return fallback;
    const {release} = resolve(asked, releases);
    return release === NEWEST ? newest : release || fallback;
  };
  const to = pick(query.get("to"), newest);
  const from = pick(query.get("from"), picked !== to ? picked : releases[Math.max(0, releases.indexOf(to) - 1)]);
  const select = (id, value) => {
    const made = el("select", {id}, [...releases].reverse().map(r => el("option", {value: r}, r)));
    made.value = value;
    return made;
  };
  const fromSelect = select("fg-upgrade-from", from), toSelect = select("fg-upgrade-to", to);
  const shown = el("div", {class: "fg-upgrade__results"});
  root.replaceChildren(
    el("p", {class: "fg-upgrade__pick"},
      el("label", {for: "fg-upgrade-from"}, words.upgrade_from), " ", fromSelect, " ",
      el("label", {for: "fg-upgrade-to"}, words.upgrade_to), " ", toSelect),
    shown);
  root.hidden = false;

  function render() {
    shown.dataset.from = fromSelect.value;
    shown.dataset.to = toSelect.value;
    shown.replaceChildren(...results(data, words, fromSelect.value, toSelect.value));
  }

  /* A pair the reader picks goes into the address, so a link to the page shows it. */
  function onPick() {
    render();
    const url = new URL(location.href);
    url.searchParams.set("from", fromSelect.value);
    url.searchParams.set("to", toSelect.value);
    history.replaceState(history.state, "", url);
  }

  fromSelect.addEventListener("change", onPick);
  toSelect.addEventListener("change", onPick);
  render();
}

/* The upgrade data's addresses (from the edition's root) made the page's. */
function rooted(data, root) {
  for (const item of [...data.pages, ...data.snippets, ...data.messages]) {
    if (item.url) item.url = root + item.url;
  }
  return data;
}

/* Fetches the view's data (the element's data-upgrade) and shows the view in the element. */
export function startUpgradeView(element, {words, picked}) {
  fetch(element.dataset.upgrade).then(response => {
    if (!response.ok) throw new Error(`${element.dataset.upgrade}: HTTP ${response.status}`);
    return response.json();
  }).then(data => upgradeView(element, rooted(data, element.dataset.root), words, picked));
}
