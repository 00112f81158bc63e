/* The paste box: a reader pastes an error or warning (a whole traceback, its last line, or
 * the code around it too, from any PyTorch release) and gets the answer first: the entry's
 * name, the likeliest cause and its fix in a sentence each, and the fix itself, what changes
 * between the snippet that raises the message and the one that fixes it, linked to both.
 * Then the other causes with their fixes, and, folded, what the message says about the
 * reader's tensors.
 *
 * paste-reader.js reads the paste, diagnosis.js words the answer; this file shows it. Everything it
 * shows comes from two files the box fetches once, when the reader comes to it or the
 * browser is idle (fieldguide/errors/data_files.py): the data every edition shares
 * (fieldguide/errors/page.py's paste_data) and the edition's words (paste_words; "{name}"
 * marks what is filled in). The box answers wherever it is, on the index or the home page;
 * the answer links to the entry's page. What is pasted stays in the browser. */

import {el, nodes, onEachPage} from "./dom.js";
import {entryName, readings, reasons} from "./diagnosis.js";
import {Reader, localize} from "./paste-reader.js";
import {pickedRelease} from "./release-picker.js";
import {code, say} from "./words.js";

let WORDS = {}; // the edition's words, by id (set when the data has come)
let LOCALE = "en";
let ROOT = ""; // the address of the edition's root, which the data's addresses start from

/* An entry's page. */
const entryUrl = entry => `${ROOT}errors/${entry.id}/`;

const link = (href, text, cls = "") => el("a", cls ? {href, class: cls} : {href}, code(text));

/* `a` with `b` shown as code wherever the text has `backticks`. */
function withCode(text) {
  return text.split(/`([^`]*)`/).map((part, i) => (i % 2 ? code(part) : part));
}

/* What a fix changes: the raising snippet's lines beside its fix's (one column on a
 * phone), only the hunks that change, with a little context, linked to both snippets. */
function diffView(pair) {
  const view = el("div", {class: "fg-answer__diff"},
    el("p", {class: "fg-answer__diff-title"}, say(WORDS, "diff", {
      snippet: link(pair.url, pair.snippet, "fg-answer__raising"),
      fix: link(pair.fixUrl, pair.fix, "fg-answer__fix-link"),
    })));
  const grid = el("div", {class: "fg-answer__rows", role: "table"});
  const cell = (row, side, extra = "") => row
    ? el("div", {class: `fg-answer__line fg-answer__line--${row[0]} ${side}${extra}`, role: "cell"},
      el("span", {class: "fg-answer__number"}, String(row[side === "fg-old" ? 2 : 3] ?? "")),
      el("span", {class: "fg-answer__mark"}, {removed: "−", added: "+", context: " "}[row[0]]),
      el("span", {class: "fg-answer__text"}, row[1]))
    : el("div", {class: `fg-answer__line fg-answer__line--none ${side}`, role: "cell"});
  pair.diff.forEach((hunk, i) => {
    if (i) grid.append(el("div", {class: "fg-answer__gap", role: "row"}, "⋯"));
    // a run of removed lines sits beside the run of added lines that replaces it
    for (let j = 0; j < hunk.length;) {
      if (hunk[j][0] === "context") {
        grid.append(el("div", {class: "fg-answer__row", role: "row"},
          cell(hunk[j], "fg-old"), cell(hunk[j], "fg-new", " fg-answer__line--repeat")));
        j++;
        continue;
      }
      const removed = [], added = [];
      while (j < hunk.length && hunk[j][0] === "removed") removed.push(hunk[j++]);
      while (j < hunk.length && hunk[j][0] === "added") added.push(hunk[j++]);
      for (let k = 0; k < Math.max(removed.length, added.length); k++) {
        grid.append(el("div", {class: "fg-answer__row", role: "row"}, cell(removed[k], "fg-old"), cell(added[k], "fg-new")));
      }
    }
  });
  view.append(grid);
  return view;
}

/* The links to a cause's fixes: "fix: b" for each raising snippet's fix (once each). */
function fixLinks(cause) {
  const fixes = [...new Map(cause.pairs.filter(p => p.fixUrl).map(p => [p.fix, p])).values()];
  return fixes.flatMap((p, i) => [i ? WORDS.list_separator : "", say(WORDS, "other_fix", {fix: link(p.fixUrl, p.fix, "fg-answer__fix-link")})]);
}

function reportLinks(cause) {
  return say(WORDS, "reports", {links: cause.reports.flatMap(([source, url], i) =>
    [i ? WORDS.item_separator : "", el("a", {href: url, rel: "nofollow"}, source)])});
}

/* Why a cause ranks where it does (diagnosis.js's reasons), after the cause. */
function matches(reader, ranked, item, node) {
  const why = reasons(WORDS, reader, ranked, item, node);
  return why.length ? el("span", {class: "fg-answer__match"},
    say(WORDS, "matches", {reasons: why.flatMap((part, i) => [i ? WORDS.list_separator : "", part])})) : null;
}

/* Where the paste cannot separate a cause from the first, the line that can, from what the
 * reader knows of their own code. */
function tell(item) {
  return item.close && item.cause.tell ? el("span", {class: "fg-answer__tell"}, withCode(item.cause.tell)) : null;
}

function seen(cause) {
  return cause.seen ? el("span", {class: "fg-answer__seen"},
    say(WORDS, cause.seen === 1 ? "seen_one" : "seen_many", {count: String(cause.seen)})) : null;
}

/* The answer: the entry, the likeliest cause and its fix first, then the other causes,
 * then (folded) what the message says. */
function answer(reader, result) {
  const {found, pasted, ranked} = result;
  const entry = found.entry;
  const card = el("section", {class: "fg-answer", id: "fg-diagnosis", "data-entry": entry.id, "aria-label": WORDS.panel},
    el("p", {class: "fg-answer__entry"}, link(entryUrl(entry), entryName(entry, pickedRelease()))));
  const [first, ...others] = ranked;
  if (!first.fits) {
    const named = result.pasted.message.match(/'([^']+)'|\b(aten::\w+)/);
    card.append(el("p", {class: "fg-answer__none"}, say(WORDS, "none_fits", {what: code(named ? named[1] || named[2] : entry.summary)})));
  }
  const lead = first.cause;
  const leading = el("div", {class: "fg-answer__lead", "data-cause": String(first.row), "data-mechanism": lead.mechanism},
    el("p", {},
      el("span", {class: "fg-answer__label"}, entry.causes.length > 1 ? WORDS.likeliest : WORDS.the_cause),
      WORDS.gap, el("strong", {class: "fg-answer__cause"}, lead.text ? withCode(lead.text) : WORDS.not_stated),
      matches(reader, ranked, first, result.node), seen(lead), tell(first)),
    lead.fix ? el("p", {class: "fg-answer__fix-sentence"}, el("span", {class: "fg-answer__label"}, WORDS.fix), WORDS.gap,
      withCode(lead.fix)) : null,
  );
  const shown = lead.pairs.find(p => p.diff.length && p.url && p.fixUrl);
  if (shown) leading.append(diffView(shown));
  if (lead.notShown !== null) {
    leading.append(el("p", {class: "fg-answer__note"},
      lead.notShown ? say(WORDS, "not_shown_why", {why: withCode(lead.notShown.replace(/[.。]$/, ""))}) : say(WORDS, "not_shown"),
      lead.reports.length ? [WORDS.gap, reportLinks(lead)] : null));
  }
  card.append(leading);
  if (others.length) {
    card.append(el("p", {class: "fg-answer__title"}, WORDS.other_causes));
    card.append(el("ol", {class: "fg-answer__others"}, others.map(item => el("li",
      {"data-cause": String(item.row), "data-mechanism": item.cause.mechanism},
      el("strong", {}, item.cause.text ? withCode(item.cause.text) : WORDS.not_stated),
      item.cause.pairs.some(p => p.fixUrl) ? [WORDS.dash, fixLinks(item.cause)]
        : item.cause.reports.length ? [WORDS.dash, say(WORDS, "not_shown"), WORDS.gap, reportLinks(item.cause)] : null,
      matches(reader, ranked, item, result.node), seen(item.cause), tell(item)))));
  }
  const reading = el("details", {class: "fg-answer__reading"}, el("summary", {}, WORDS.reading),
    el("p", {}, say(WORDS, result.worded, {releases: result.template.releases, library: result.template.library})));
  const items = readings(WORDS, LOCALE, reader, entry, pasted, found.form);
  if (items.length) reading.append(el("ul", {}, items.map(item => el("li", {}, item))));
  card.append(reading);
  card.append(el("p", {class: "fg-answer__more"}, el("a", {href: entryUrl(entry)}, WORDS.whole_entry)));
  return card;
}

/* A button that opens the site search (Material's) with the message's first line. */
function searchButton(pasted) {
  const toggle = document.getElementById("__search");
  const field = document.querySelector(".md-search__input");
  if (!toggle || !field) return WORDS.search_fallback;
  const button = el("button", {type: "button", class: "md-button"}, WORDS.search);
  button.addEventListener("click", () => {
    toggle.checked = true;
    field.value = pasted.message.split("\n")[0].slice(0, 200);
    field.focus();
    field.dispatchEvent(new Event("input"));
  });
  return button;
}

/* Ready for a paste: focused, once the browser is done scrolling to a fragment (which
 * takes the focus away). */
function focusWhenLoaded(box, input, center) {
  const ready = () => setTimeout(() => {
    if (center) box.scrollIntoView({block: "center"});
    input.focus({preventScroll: true});
  });
  if (document.readyState === "complete") ready();
  else window.addEventListener("load", ready, {once: true});
}

/* Whenever the reader pastes, clicks the button or presses Ctrl+Enter. */
function onPaste(box, input, act) {
  box.querySelector("#fg-diagnose-button").addEventListener("click", act);
  input.addEventListener("input", event => {
    // After the paste's own task: the browser scrolls the caret into view at its end.
    if (event.inputType === "insertFromPaste") setTimeout(act);
  });
  input.addEventListener("keydown", event => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      act();
    }
  });
}

/* The data, fetched once (a second call gets the same promise), its addresses made the
 * page's own. */
let loading = null;
function load(box) {
  loading ??= Promise.all([box.dataset.pasteData, box.dataset.pasteWords].map(url => fetch(url).then(response => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  }))).then(([data, edition]) => {
    for (const entry of data.entries) {
      for (const pair of entry.causes.flatMap(cause => cause.pairs)) {
        pair.url = pair.url && ROOT + pair.url;
        pair.fixUrl = pair.fixUrl && ROOT + pair.fixUrl;
      }
    }
    const localized = localize(data, edition);
    WORDS = localized.words;
    LOCALE = localized.language;
    return new Reader(localized);
  });
  return loading;
}

function start(box) {
  ROOT = box.dataset.root;
  const input = box.querySelector("#fg-diagnose-input");
  const status = box.querySelector("#fg-diagnose-status");
  box.hidden = false;
  let reader = null; // once the data has come, a paste is answered at once
  const ready = () => load(box).then(loaded => {
    reader = loaded;
    box.dataset.loaded = "1";
    return loaded;
  });

  function answerWith(reader) {
    document.getElementById("fg-diagnosis")?.remove();
    box.dataset.entry = "";
    const result = reader.read(input.value);
    if (!result) {
      status.replaceChildren(WORDS.paste_first);
      return;
    }
    box.dataset.score = result.score.toFixed(3); // the tests report the margin
    if (!result.found) {
      // the line the box read, so a reader sees it took the right one
      const {category, message} = result.pasted;
      const line = `${category ? `${category}: ` : ""}${message.split("\n")[0]}`;
      status.replaceChildren(...nodes(say(WORDS, "unknown", {
        line: code(line.length > 160 ? `${line.slice(0, 160)}…` : line), search: searchButton(result.pasted),
      })));
      box.dataset.entry = "none";
      return;
    }
    const {entry} = result.found;
    box.dataset.entry = entry.id;
    status.replaceChildren(...nodes(say(WORDS, "found", {entry: link(entryUrl(entry), entryName(entry, pickedRelease()))})));
    const card = answer(reader, result);
    box.after(card);
    card.scrollIntoView({block: "start"});
  }

  function diagnose() {
    if (reader) {
      answerWith(reader);
      return;
    }
    ready().then(answerWith, error => {
      loading = null; // the next paste tries again
      status.replaceChildren(String(error.message || error));
    });
  }

  onPaste(box, input, diagnose);
  // Fetched when the reader comes to the box, or before, once the page is idle.
  for (const event of ["focus", "pointerdown"]) input.addEventListener(event, () => ready().catch(() => {}), {once: true});
  const idle = window.requestIdleCallback || (run => setTimeout(run, 1));
  idle(() => ready().catch(() => { loading = null; }));
  // Ready for the paste: the box comes first on its page, and a link to it (#diagnose)
  // brings it to the middle of the screen.
  if (!location.hash || location.hash === `#${box.id}`) focusWhenLoaded(box, input, location.hash !== "");
}

function init() {
  const box = document.getElementById("diagnose");
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "1";
  start(box);
}

onEachPage(init);
