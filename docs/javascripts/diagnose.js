/* The paste box: a reader pastes an error or warning (a whole traceback, its last line, or
 * the code around it too, from any PyTorch release) and gets the answer first: the entry's
 * name, the likeliest cause and its fix in a sentence each, and the fix itself, what changes
 * between the snippet that raises the message and the one that fixes it, linked to both.
 * Then the other causes with their fixes, and, folded, what the message says about the
 * reader's tensors.
 *
 * paste-reader.js (loaded first) reads the paste; this file shows the answer. Everything it
 * shows comes from two files the box fetches once, when the reader comes to it or the
 * browser is idle (fieldguide/errors/data_files.py): the data every edition shares
 * (fieldguide/errors/page.py's paste_data) and the edition's words (paste_words; "{name}"
 * marks what is filled in). The box answers wherever it is, on the index or the home page;
 * the answer links to the entry's page. What is pasted stays in the browser. */
(() => {
  "use strict";

  const {Reader, localize} = window.FieldGuidePasteReader;
  const DTYPES = {
    Float: "float32", Double: "float64", Half: "float16", BFloat16: "bfloat16",
    Long: "int64", Int: "int32", Short: "int16", Char: "int8", Byte: "uint8", Bool: "bool",
    ComplexFloat: "complex64", ComplexDouble: "complex128", ComplexHalf: "complex32",
  };

  let WORDS = {}; // the edition's words, by id (set when the data has come)
  let LOCALE = "en";
  let ROOT = ""; // the address of the edition's root, which the data's addresses start from

  /* An entry's page. */
  const entryUrl = entry => `${ROOT}errors/${entry.id}/`;

  /* The words `key` with each {name} filled in from `values` (text, an element, or a list
   * of them), as a list of children for el(). */
  function say(key, values = {}) {
    return WORDS[key].split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] : part));
  }

  /* The entry as the reader's release (release-picker.js) words it: the newest wording's
   * first sentence (the entry's name) when that release prints it, else the first sentence
   * of a template it prints; the name when it prints none. */
  function entryName(entry) {
    const release = window.FieldGuideRelease?.release;
    const printed = (entry.templateReleases || []).flatMap((releases, i) =>
      release && releases.includes(release) ? [entry.templates[i][1]] : []);
    const name = printed.length && !printed.includes(entry.summary) ? printed[0] : entry.summary;
    return `${entry.category}: ${name}`;
  }

  /* DOM helpers: elements built from text, never from pasted HTML. */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    for (const child of children.flat(Infinity)) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  const code = text => el("code", {}, text);
  const link = (href, text, cls = "") => el("a", cls ? {href, class: cls} : {href}, code(text));

  /* `a` with `b` shown as code wherever the text has `backticks`. */
  function withCode(text) {
    return text.split(/`([^`]*)`/).map((part, i) => (i % 2 ? code(part) : part));
  }

  /* `torch.cuda.HalfTensor`, `[4, 128, 64, 64]` -> its dtype, device, dimensions, elements. */
  function tensorReading(type, shape) {
    const [root, ...rest] = type.split(".");
    const dtype = DTYPES[rest.at(-1)?.replace(/Tensor$/, "")];
    const where = rest.slice(0, -1);
    const device = root !== "torch" ? null : where.includes("cuda") ? WORDS.on_cuda : where.length === 0 ? WORDS.on_cpu : null;
    const sizes = shape.split(",").map(s => s.trim()).filter(Boolean).map(Number);
    const count = sizes.reduce((a, b) => a * b, 1);
    const dims = sizes.length === 0 ? WORDS.dims_zero : say("dims", {
      dims: String(sizes.length), dimensions: WORDS[sizes.length > 1 ? "dimensions" : "dimension"],
      count: count.toLocaleString(LOCALE), elements: WORDS[count === 1 ? "element" : "elements"],
    });
    const what = [dtype, where.includes("sparse") ? WORDS.sparse : null, device].filter(Boolean).join(WORDS.what_separator);
    const reduced = dtype === "float16" || dtype === "bfloat16" ? say("reduced", {dtype}) : "";
    return [say("tensor", {type: code(type), shape: code(`[${shape}]`), what: what ? say("what", {what}) : "", dims}), reduced];
  }

  /* A node's other name: releases that print the forward op call `PowBackward0` `Pow`. */
  function otherName(reader, node) {
    const forward = reader.forwardName(node);
    return forward === node ? [] : say("other_name", {name: code(forward)});
  }

  /* What the message says, in the reader's terms: one list item per detail. */
  function readings(reader, entry, pasted, form) {
    const items = [];
    const details = reader.details(pasted.message);
    const naming = reader.data.naming;
    for (const detail of details) {
      if (detail.kind === "tensor") items.push(tensorReading(...detail.groups));
      if (detail.kind === "size") items.push(say("shape", {shape: code(`[${detail.groups[0]}]`)}));
      if (detail.kind === "output") {
        const [index, node] = detail.groups;
        const line = [say("output", {node: code(node), index, grad_fn: code("grad_fn")}), otherName(reader, node)];
        if (naming.backward) {
          line.push(say("naming", {
            backward: naming.backward, forward: naming.forward, suffix: code("Backward"), zero: code("0"),
            examples: naming.examples.flatMap(([b, f], i) => [i ? WORDS.item_separator : "", code(b), " → ", code(f)]),
          }));
        }
        items.push(line);
      }
      if (detail.kind === "name") {
        const placeholder = reader.patterns.find(p => p.kind === "name" && p.regex.source === detail.source).placeholder;
        const names = detail.groups.flatMap((name, i) => [i ? WORDS.item_separator : "", code(name)]);
        items.push(say("name", {name: names, placeholder: code(placeholder.match(/<\w+>/)[0])}));
      }
      if (detail.kind === "node") {
        items.push([say("node", {node: code(detail.groups[0])}), otherName(reader, detail.groups[0])]);
      }
    }
    const versions = {};
    for (const detail of details.filter(d => d.kind === "n")) {
      const [, previous, word] = detail.before.match(/(?:(\w+) )?(\w+)\W*$/) || [];
      const value = Number(detail.groups[0]);
      if (word === "version") versions[previous] = value;
      if (word === "element" || word === "index") {
        items.push(say("counts_from_zero", {what: code(`${word} ${value}`), n: String(value + 1), nth: ordinal(value + 1)}));
      }
    }
    if ("at" in versions && "expected" in versions) {
      const changes = versions.at - versions.expected;
      items.push([say("versions", {expected: code(String(versions.expected)), at: code(String(versions.at)), changes: String(changes)}),
        versions.expected >= 10 ? WORDS.versions_high : ""]);
    }
    if (entry.clauses.output && !form.split(" ").includes("output")) {
      items.push(say("leaf", {clause: code(entry.clauses.output), grad_fn: code("grad_fn")}));
    }
    return items;
  }

  /* English's 1st, 2nd, 3rd, 4th (`{nth}` in the words; other languages say `{n}`). */
  function ordinal(n) {
    const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({1: "st", 2: "nd", 3: "rd"})[n % 10] || "th";
    return `${n}${suffix}`;
  }

  /* What a fix changes: the raising snippet's lines beside its fix's (one column on a
   * phone), only the hunks that change, with a little context, linked to both snippets. */
  function diffView(pair) {
    const view = el("div", {class: "fg-answer__diff"},
      el("p", {class: "fg-answer__diff-title"}, say("diff", {
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
    return fixes.flatMap((p, i) => [i ? WORDS.list_separator : "", say("other_fix", {fix: link(p.fixUrl, p.fix, "fg-answer__fix-link")})]);
  }

  function reportLinks(cause) {
    return say("reports", {links: cause.reports.flatMap(([source, url], i) =>
      [i ? WORDS.item_separator : "", el("a", {href: url, rel: "nofollow"}, source)])});
  }

  /* Why a cause ranks where it does: the clues of the paste it matched, in words. */
  function reasons(reader, ranked, item, node) {
    const {clues, shape, opening, named} = item;
    const tells = key => ranked.some(r => r[key] !== ranked[0][key]);
    const why = [];
    for (const [kind, what] of clues) {
      if (kind === "node") why.push(say("why_node", {node: code(what)}));
      if (kind === "leaf") why.push(say("why_leaf"));
      if (kind === "code") why.push(say("why_code", {line: code(what)}));
      if (kind === "pasted_code") why.push(say("why_pasted_code", {line: code(what)}));
      if (kind === "message") why.push(say("why_message", {text: code(what)}));
    }
    if (tells("shape") && shape > 0) why.push(say("why_shape"));
    if (tells("opening") && opening === 1) why.push(say("why_opening"));
    if (tells("named") && named && !clues.some(c => c[0] === "node")) why.push(say("why_named", {node: reader.forwardName(node)}));
    return why.length ? el("span", {class: "fg-answer__match"},
      say("matches", {reasons: why.flatMap((part, i) => [i ? WORDS.list_separator : "", part])})) : null;
  }

  /* Where the paste cannot separate a cause from the first, the line that can, from what the
   * reader knows of their own code. */
  function tell(item) {
    return item.close && item.cause.tell ? el("span", {class: "fg-answer__tell"}, withCode(item.cause.tell)) : null;
  }

  function seen(cause) {
    return cause.seen ? el("span", {class: "fg-answer__seen"},
      say(cause.seen === 1 ? "seen_one" : "seen_many", {count: String(cause.seen)})) : null;
  }

  /* The answer: the entry, the likeliest cause and its fix first, then the other causes,
   * then (folded) what the message says. */
  function answer(reader, result) {
    const {found, pasted, ranked} = result;
    const entry = found.entry;
    const card = el("section", {class: "fg-answer", id: "fg-diagnosis", "data-entry": entry.id, "aria-label": WORDS.panel},
      el("p", {class: "fg-answer__entry"}, link(entryUrl(entry), entryName(entry))));
    const [first, ...others] = ranked;
    if (!first.fits) {
      const named = result.pasted.message.match(/'([^']+)'|\b(aten::\w+)/);
      card.append(el("p", {class: "fg-answer__none"}, say("none_fits", {what: code(named ? named[1] || named[2] : entry.summary)})));
    }
    const lead = first.cause;
    const leading = el("div", {class: "fg-answer__lead", "data-cause": String(first.row), "data-mechanism": lead.mechanism},
      el("p", {},
        el("span", {class: "fg-answer__label"}, entry.causes.length > 1 ? WORDS.likeliest : WORDS.the_cause),
        WORDS.gap, el("strong", {class: "fg-answer__cause"}, lead.text ? withCode(lead.text) : WORDS.not_stated),
        reasons(reader, ranked, first, result.node), seen(lead), tell(first)),
      lead.fix ? el("p", {class: "fg-answer__fix-sentence"}, el("span", {class: "fg-answer__label"}, WORDS.fix), WORDS.gap,
        withCode(lead.fix)) : null,
    );
    const shown = lead.pairs.find(p => p.diff.length && p.url && p.fixUrl);
    if (shown) leading.append(diffView(shown));
    if (lead.notShown !== null) {
      leading.append(el("p", {class: "fg-answer__note"},
        lead.notShown ? say("not_shown_why", {why: withCode(lead.notShown.replace(/[.。]$/, ""))}) : say("not_shown"),
        lead.reports.length ? [WORDS.gap, reportLinks(lead)] : null));
    }
    card.append(leading);
    if (others.length) {
      card.append(el("p", {class: "fg-answer__title"}, WORDS.other_causes));
      card.append(el("ol", {class: "fg-answer__others"}, others.map(item => el("li",
        {"data-cause": String(item.row), "data-mechanism": item.cause.mechanism},
        el("strong", {}, item.cause.text ? withCode(item.cause.text) : WORDS.not_stated),
        item.cause.pairs.some(p => p.fixUrl) ? [WORDS.dash, fixLinks(item.cause)]
          : item.cause.reports.length ? [WORDS.dash, say("not_shown"), WORDS.gap, reportLinks(item.cause)] : null,
        reasons(reader, ranked, item, result.node), seen(item.cause), tell(item)))));
    }
    const reading = el("details", {class: "fg-answer__reading"}, el("summary", {}, WORDS.reading),
      el("p", {}, say(result.worded, {releases: result.template.releases})));
    const items = readings(reader, entry, pasted, found.form);
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
        status.replaceChildren(...say("unknown", {
          line: code(line.length > 160 ? `${line.slice(0, 160)}…` : line), search: searchButton(result.pasted),
        }));
        box.dataset.entry = "none";
        return;
      }
      const {entry} = result.found;
      box.dataset.entry = entry.id;
      status.replaceChildren(...say("found", {entry: link(entryUrl(entry), entryName(entry))}));
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

  // Material's instant loading swaps pages without reloading scripts; it announces each.
  if (window.document$) window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
