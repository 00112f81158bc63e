/* The release picker and the upgrade view.
 *
 * The picker: at the top of every page the reader picks their PyTorch release once, from
 * the recorded ones ("newest" by default); the choice is kept in localStorage (so it holds
 * on every page and on the next visit), and `?torch=2.1.2` or `?torch=2.1` in a page's
 * address picks it too. A release the site does not record is said so, and the nearest
 * recorded one is picked. Then, on the page:
 *  - every set of version tabs shows the tab whose outputs that release prints (each output
 *    block carries `data-releases`, written by fieldguide/render.py), and the note above the
 *    outputs says which tab that is, or that the release has no recording;
 *  - every checked quote that names a release range (`.fg-quote-range`, with `data-since`
 *    and `data-until`: fieldguide/macros.py) says "not on <release>" when the range leaves
 *    the release out;
 *  - on the Error index each entry shows the wording that release prints first, marked
 *    (`.fg-message[data-releases]`: fieldguide/errors/page.py), or says it prints none;
 *    the paste box names the entry by that wording (diagnose.js reads
 *    `window.FieldGuideRelease`).
 * The upgrade view (docs/upgrade.md; fieldguide/upgrade.py writes its data): two releases,
 * and every snippet whose recordings differ between them, grouped by page, each as a diff,
 * with the Error index's messages that one prints and the other does not.
 *
 * Everything comes from JSON blocks the build writes (fieldguide/picker.py: the releases
 * and the words of every edition, on every page); nothing is fetched. Without JavaScript
 * nothing of this shows and the page reads as it is built. */
(() => {
  "use strict";

  const KEY = "fg-torch"; // localStorage: "newest" or a recorded release
  const NEWEST = "newest";
  let RELEASES = []; // recorded, oldest first
  let WORDS = {};
  let chosen = null; // the release the page reads for

  /* The words `key` with each {name} filled in from `values` (text or elements). */
  function say(key, values = {}) {
    return WORDS[key].split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] : part));
  }
  const text = (key, values) => say(key, values).join("");

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    for (const child of children.flat(Infinity)) {
      if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
  }

  /* "2.1.2" -> [2, 1, 2]; "2.1" -> [2, 1]; a local part ("+cu121") left out; null when
   * it is no release number. */
  function parts(version) {
    const found = String(version).trim().replace(/^v/i, "").replace(/\+.*$/, "");
    return /^\d+\.\d+(?:\.\d+)?$/.test(found) ? found.split(".").map(Number) : null;
  }
  const minorOf = version => parts(version).slice(0, 2).join(".");
  const place = ([major, minor, patch = 0]) => major * 1e6 + minor * 1e3 + patch;

  /* What `asked` picks: {release, note}. A recorded release or minor picks its release; any
   * other release number the nearest recorded one, and the note says so. */
  function resolve(asked) {
    const newest = RELEASES[RELEASES.length - 1];
    if (!asked || asked === NEWEST) return {release: NEWEST};
    if (RELEASES.includes(asked)) return {release: asked};
    const wanted = parts(asked);
    if (!wanted) return {release: null, note: text("picker_invalid", {asked, release: chosenRelease(newest)})};
    const sameMinor = RELEASES.filter(r => minorOf(r) === wanted.slice(0, 2).join("."));
    if (wanted.length === 2 && sameMinor.length) return {release: sameMinor[sameMinor.length - 1]};
    let nearest = sameMinor[sameMinor.length - 1];
    if (!nearest) {
      const distance = r => Math.abs(place(parts(r)) - place(wanted));
      nearest = RELEASES.reduce((best, r) => (distance(r) < distance(best) ? r : best), newest);
    }
    return {release: nearest, note: text("picker_nearest", {asked, release: nearest})};
  }

  function chosenRelease(fallback) {
    return chosen && chosen !== NEWEST ? chosen : fallback;
  }

  function stored() {
    try {
      const value = localStorage.getItem(KEY);
      return value === NEWEST || RELEASES.includes(value) ? value : NEWEST;
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

  const releasesOf = node => (node?.dataset.releases || "").split(" ").filter(Boolean);

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
  function versionNotes(release) {
    for (const note of document.querySelectorAll("p.fg-versions[data-releases]")) {
      note.querySelector(".fg-picker-note")?.remove();
      const set = note.nextElementSibling?.matches(".tabbed-set") ? note.nextElementSibling : null;
      let said;
      if (!releasesOf(note).includes(release)) {
        said = text("picker_not_recorded", {release});
      } else if (set && set.dataset.fgRelease) {
        const label = set.querySelectorAll(":scope > .tabbed-labels > label")[Number(set.dataset.fgRelease)];
        said = text("picker_tab", {release, tab: label.textContent.trim()});
      } else if (!set) {
        said = text("picker_included", {release});
      }
      if (said) note.append(el("span", {class: "fg-picker-note"}, said));
    }
  }

  /* A checked quote whose range leaves the release out: "(up to 2.10; not on 2.15.0)". */
  function quotes(release) {
    const minor = parts(release).slice(0, 2);
    const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    for (const range of document.querySelectorAll(".fg-quote-range")) {
      range.dataset.label ??= range.textContent;
      const {since, until} = range.dataset;
      const off = (since && before(minor, parts(since))) || (until && before(parts(until), minor));
      range.classList.toggle("fg-quote-range--off", Boolean(off));
      range.previousElementSibling?.classList.toggle("fg-quote--off", Boolean(off));
      range.textContent = off
        ? range.dataset.label.replace(/[)）]$/, end => text("picker_quote_off", {release}) + end)
        : range.dataset.label;
    }
  }

  /* Runs of message blocks (the Error index's templates, and its exact texts): the one
   * `release` prints first, marked; none printed said once per entry. */
  function messages(release) {
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
          node.querySelector(".filename")?.append(el("span", {class: "fg-picker-message"}, text("picker_message_yours", {release})));
        }
      }
      if (!mine && !first.closest("details")) {
        parent.insertBefore(el("p", {class: "fg-picker-message fg-picker-message--none"},
          text("picker_message_none", {release})), ordered[0]);
      }
    }
  }

  function apply(release) {
    versionTabs(release);
    versionNotes(release);
    quotes(release);
    messages(release);
    document.dispatchEvent(new CustomEvent("fg-release", {detail: {release}}));
  }

  /* The picker, at the top of the page's article. */
  function picker(note) {
    const newest = RELEASES[RELEASES.length - 1];
    const select = el("select", {id: "fg-picker-select"},
      el("option", {value: NEWEST}, text("picker_newest", {release: newest})),
      [...RELEASES].reverse().map(r => el("option", {value: r}, r)));
    select.value = chosen;
    const status = el("span", {class: "fg-picker__status", role: "status", "aria-live": "polite"}, note || "");
    const box = el("div", {class: "fg-picker", id: "fg-picker", "data-release": chosenRelease(newest)},
      el("label", {for: "fg-picker-select"}, WORDS.picker_label), " ", select, " ", status);
    select.addEventListener("change", () => {
      chosen = select.value;
      store(chosen);
      status.textContent = "";
      box.dataset.release = chosenRelease(newest);
      apply(chosenRelease(newest));
    });
    return box;
  }

  window.FieldGuideRelease = {
    get release() {
      return RELEASES.length ? chosenRelease(RELEASES[RELEASES.length - 1]) : null;
    },
  };

  /* ---- the upgrade view ---- */

  /* The lines of `a` and `b` as [" ", line], ["-", line], ["+", line] (a longest common
   * subsequence of lines), with `context` unchanged lines around each change and null
   * between hunks. */
  function lineDiff(a, b, context = 3) {
    const x = a ? a.replace(/\n$/, "").split("\n") : [];
    const y = b ? b.replace(/\n$/, "").split("\n") : [];
    const n = x.length, m = y.length;
    const table = Array.from({length: n + 1}, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        table[i][j] = x[i] === y[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
    }
    const ops = [];
    let i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[i] === y[j]) {
        ops.push([" ", x[i]]); i++; j++;
      } else if (i < n && (j === m || table[i + 1][j] >= table[i][j + 1])) {
        ops.push(["-", x[i++]]); // what the old release printed first, as a unified diff shows it
      } else {
        ops.push(["+", y[j++]]);
      }
    }
    const near = ops.map(() => false);
    ops.forEach(([mark], k) => {
      if (mark === " ") return;
      for (let d = Math.max(0, k - context); d <= Math.min(ops.length - 1, k + context); d++) near[d] = true;
    });
    const shown = [];
    ops.forEach((op, k) => {
      if (near[k]) shown.push(op);
      else if (shown.length && shown[shown.length - 1] !== null) shown.push(null);
    });
    if (shown[shown.length - 1] === null) shown.pop();
    return shown;
  }

  const capital = word => word.charAt(0).toUpperCase() + word.slice(1);

  function diffBlock(title, old, oldText, newRelease, newText) {
    const lines = [`--- PyTorch ${old}`, `+++ PyTorch ${newRelease}`];
    const code = el("code", {}, lines.map(line => el("span", {class: "fg-upgrade__head"}, line + "\n")),
      lineDiff(oldText, newText).map(op => (op === null
        ? el("span", {class: "fg-upgrade__gap"}, "⋯\n")
        : el("span", {class: {" ": "fg-upgrade__same", "-": "fg-upgrade__removed", "+": "fg-upgrade__added"}[op[0]]},
          `${op[0]}${op[1]}\n`))));
    return el("div", {class: "fg-output fg-diff fg-upgrade__diff highlight"}, el("span", {class: "filename"}, title),
      el("pre", {}, code));
  }

  const recordedOn = (groups, release) => groups.find(([, releases]) => releases.includes(release))?.[0] ?? null;

  /* What differs between two recordings of one snippet: "output", "raised error". */
  function whatDiffers(data, snippet, oldText, newText) {
    if (!snippet.raises) return ["output"];
    const split = t => {
      if (t === null) return [null, null];
      const cut = t.lastIndexOf(data.traceback);
      return cut < 0 ? [t, ""] : [t.slice(0, cut), t.slice(cut)];
    };
    const [oldPrinted, oldError] = split(oldText), [newPrinted, newError] = split(newText);
    const what = [];
    if (oldPrinted !== newPrinted) what.push("output");
    if (oldError !== newError) what.push("error");
    return what;
  }

  /* The Error index's messages that differ between two releases, by kind (fieldguide/upgrade.py's
   * `messages` says the same): printed on one and not the other where both are recorded, recorded
   * on one only (a snippet gated by `# min-torch:`), and the same message raised as another type
   * (`before`: the old one). */
  function messageChanges(data, from, to) {
    const on = r => new Map(data.messages.filter(m => m.releases.includes(r)).map(m => [m.text, m]));
    const [oldOn, newOn] = [on(from), on(to)];
    const appear = [...newOn.values()].filter(m => !oldOn.has(m.text));
    const disappear = [...oldOn.values()].filter(m => !newOn.has(m.text));
    const shape = m => m.text.slice(m.category.length + 2);
    const found = {appear: [], disappear: [], unrecorded: [], retyped: []};
    const paired = new Set();
    for (const m of appear) {
      const twin = disappear.find(o => o.entry === m.entry && o.category !== m.category && shape(o) === shape(m));
      if (twin) {
        found.retyped.push({...m, before: twin});
        paired.add(m.text).add(twin.text);
      }
    }
    for (const [kind, list, other] of [["appear", appear, from], ["disappear", disappear, to]]) {
      for (const m of list) {
        if (!paired.has(m.text)) found[m.recorded.includes(other) ? kind : "unrecorded"].push(m);
      }
    }
    return found;
  }

  function upgradeView(root, data) {
    const releases = data.releases;
    const newest = releases[releases.length - 1];
    const query = new URLSearchParams(location.search);
    const pick = (asked, fallback) => {
      if (!asked) return fallback;
      const {release} = resolve(asked);
      return release === NEWEST ? newest : release || fallback;
    };
    const mine = chosenRelease(newest);
    let to = pick(query.get("to"), newest);
    let from = pick(query.get("from"), mine !== to ? mine : releases[Math.max(0, releases.indexOf(to) - 1)]);
    const select = (id, value) => el("select", {id},
      [...releases].reverse().map(r => el("option", r === value ? {value: r, selected: ""} : {value: r}, r)));
    const fromSelect = select("fg-upgrade-from", from), toSelect = select("fg-upgrade-to", to);
    const results = el("div", {class: "fg-upgrade__results"});
    root.replaceChildren(
      el("p", {class: "fg-upgrade__pick"},
        el("label", {for: "fg-upgrade-from"}, WORDS.upgrade_from), " ", fromSelect, " ",
        el("label", {for: "fg-upgrade-to"}, WORDS.upgrade_to), " ", toSelect),
      results);
    root.hidden = false;

    function render() {
      from = fromSelect.value;
      to = toSelect.value;
      results.dataset.from = from;
      results.dataset.to = to;
      if (from === to) {
        results.replaceChildren(el("p", {class: "fg-upgrade__count", "data-count": "0"}, WORDS.upgrade_same));
        return;
      }
      const changed = [];
      for (const snippet of data.snippets) {
        const [oldOut, newOut] = [from, to].map(r => recordedOn(snippet.outputs, r));
        const [oldGraph, newGraph] = [from, to].map(r => recordedOn(snippet.graphs, r));
        if (oldOut === newOut && oldGraph === newGraph) continue;
        changed.push({snippet, oldOut, newOut, oldGraph, newGraph});
      }
      const count = changed.length;
      const summary = el("p", {class: "fg-upgrade__count", "data-count": String(count)},
        count === 0 ? text("upgrade_count_none", {old: from, new: to})
          : count === 1 ? text("upgrade_count_one", {old: from, new: to})
            : text("upgrade_count_many", {count: String(count), old: from, new: to}));
      const found = messageChanges(data, from, to);
      const messageCount = el("p", {class: "fg-upgrade__message-count"}, text("upgrade_messages_count",
        {appear: String(found.appear.length), disappear: String(found.disappear.length), old: from, new: to}));
      const sections = [];
      let current = undefined;
      for (const change of changed) {
        const {snippet} = change;
        if (snippet.page !== current) {
          current = snippet.page;
          const page = current === null ? null : data.pages[current];
          sections.push(el("section", {class: "fg-upgrade__page"},
            el("h3", {}, page ? el("a", {href: page.url}, page.title) : WORDS.upgrade_other_pages)));
        }
        const what = [];
        const notes = [];
        if (change.oldOut !== change.newOut) {
          if (change.oldOut === null || change.newOut === null) {
            notes.push(text("upgrade_only", {release: change.oldOut === null ? to : from}));
          }
          what.push(...whatDiffers(data, snippet, data.texts[change.oldOut] ?? null, data.texts[change.newOut] ?? null));
        }
        if (change.oldGraph !== change.newGraph) what.push("graph");
        const item = el("div", {class: "fg-upgrade__snippet", "data-snippet": snippet.key},
          el("p", {},
            snippet.url ? el("a", {href: snippet.url}, el("code", {}, snippet.key)) : el("code", {}, snippet.key),
            " ", text("upgrade_what", {what: what.map(w => WORDS[`upgrade_${w}`]).join(WORDS.upgrade_separator)}),
            notes.length ? [WORDS.upgrade_gap, notes.join(WORDS.upgrade_gap)] : null));
        if (change.oldOut !== change.newOut) {
          item.append(diffBlock(capital(WORDS.upgrade_output), from, data.texts[change.oldOut] ?? "", to,
            data.texts[change.newOut] ?? ""));
        }
        if (change.oldGraph !== change.newGraph) {
          item.append(diffBlock(capital(WORDS.upgrade_graph), from, data.texts[change.oldGraph] ?? "", to,
            data.texts[change.newGraph] ?? ""));
        }
        sections[sections.length - 1].append(item);
      }
      const messageList = (title, list, kind, note) => list.length ? [
        el("p", {class: "fg-upgrade__messages-title"}, el("strong", {}, title)),
        el("ul", {class: `fg-upgrade__messages fg-upgrade__messages--${kind}`}, list.map(m =>
          el("li", {"data-entry": m.entry}, el("a", {href: m.url}, el("code", {}, m.text)),
            note ? [" ", note(m)] : null))),
      ] : [];
      const retypedNote = m => {
        const before = m.before.category, now = m.category;
        const caught = (data.ancestors[now] || []).includes(before);
        const known = now in data.ancestors && before in data.ancestors;
        return text("upgrade_retyped_was", {type: before, old: from})
          + (known && !caught ? WORDS.upgrade_gap + text("upgrade_retyped_uncaught", {type: before, new: to}) : "");
      };
      const any = Object.values(found).some(list => list.length);
      const messagesPart = el("section", {class: "fg-upgrade__index"},
        el("h3", {}, WORDS.upgrade_messages),
        any ? [
          messageList(text("upgrade_retyped", {old: from, new: to}), found.retyped, "retyped", retypedNote),
          messageList(text("upgrade_appear", {old: from, new: to}), found.appear, "appear"),
          messageList(text("upgrade_disappear", {old: from, new: to}), found.disappear, "disappear"),
          messageList(WORDS.upgrade_unrecorded, found.unrecorded, "unrecorded",
            m => text("upgrade_unrecorded_on", {release: m.releases.includes(to) ? to : from})),
        ] : el("p", {}, WORDS.upgrade_no_messages));
      results.replaceChildren(summary, messageCount, ...sections, messagesPart);
    }

    /* A pair the reader picks goes into the address, so a link to the page shows it. */
    function picked() {
      render();
      const url = new URL(location.href);
      url.searchParams.set("from", from);
      url.searchParams.set("to", to);
      history.replaceState(history.state, "", url);
    }

    fromSelect.addEventListener("change", picked);
    toSelect.addEventListener("change", picked);
    render();
  }

  function init() {
    const source = document.getElementById("fg-release-data");
    if (!source || document.getElementById("fg-picker")) return;
    const data = JSON.parse(source.textContent);
    RELEASES = data.releases;
    WORDS = data.words[document.documentElement.lang] || data.words.en;
    const newest = RELEASES[RELEASES.length - 1];
    chosen = stored();
    let note = "";
    const asked = new URLSearchParams(location.search).get("torch");
    if (asked !== null) {
      const found = resolve(asked.trim());
      note = found.note || "";
      if (found.release) {
        chosen = found.release;
        store(chosen);
      }
    }
    const article = document.querySelector("article.md-content__inner, article") || document.querySelector(".md-content");
    if (article) article.prepend(picker(note));
    apply(chosenRelease(newest));
    const upgrade = document.getElementById("fg-upgrade");
    if (upgrade) {
      fetch(upgrade.dataset.upgrade).then(response => {
        if (!response.ok) throw new Error(`${upgrade.dataset.upgrade}: HTTP ${response.status}`);
        return response.json();
      }).then(data => upgradeView(upgrade, rooted(data, upgrade.dataset.root)));
    }
  }

  /* The upgrade data's addresses (from the edition's root, fieldguide/upgrade.py) made the page's. */
  function rooted(data, root) {
    for (const item of [...data.pages, ...data.snippets, ...data.messages]) {
      if (item.url) item.url = root + item.url;
    }
    return data;
  }

  // Material's instant loading swaps pages without reloading scripts; it announces each.
  if (window.document$) window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
