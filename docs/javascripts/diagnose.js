/* The error index's paste box: a reader pastes an error or warning (a whole traceback or
 * its last line, from any PyTorch release) and the page finds its entry, scrolls to it,
 * puts the entry's id in the URL, reads what the message says about the reader's tensors,
 * and ranks the entry's causes by the clues in the message.
 *
 * Everything it matches against is the JSON block the page carries (made by
 * fieldguide/error_index.py from the recorded outputs): the placeholder patterns that turn
 * a message into a template, every entry's recorded templates, and per cause the shape
 * of its messages and the nodes they name, and the box's words in the page's language
 * (`words`: "{name}" marks what is filled in). It runs in the browser and fetches nothing. */
(() => {
  "use strict";

  // A message this far from every recorded template is not one the guide knows.
  const KNOWN = 0.6;
  const PREFIX = 6; // leading words compared: messages are told apart by how they begin
  // What a paste may carry before each line: an interpreter's prompt, the rank torchrun
  // puts before every line of a worker, a forum's inline-code backticks around a line.
  const PROMPT = /^(?:>>> ?|\.\.\. ?|In \[\d*\]: ?|\[(?:default)?rank\d+\]: ?|`(?=[^`]))/;
  const clean = line => line.replace(PROMPT, "").replace(/(?<=[^`])`$/, "").replace(/\s+$/, "");
  // The file:line a warning names; "<torch source>" where this guide's outputs hide one.
  const WARNING_LINE = /^(?:\S.*?:\d+|<torch source>): ([\w.]*Warning): (.*)$/;
  const ERROR_LINE = /^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Interrupt)): ?(.*)$/;
  const SEPARATOR = /^(?:Traceback \(most recent call last\)|During handling of the above exception|The above exception was the direct cause)/;
  const DTYPES = {
    Float: "float32", Double: "float64", Half: "float16", BFloat16: "bfloat16",
    Long: "int64", Int: "int32", Short: "int16", Char: "int8", Byte: "uint8", Bool: "bool",
    ComplexFloat: "complex64", ComplexDouble: "complex128", ComplexHalf: "complex32",
  };

  let WORDS = {}; // the page's words, by id (set by start from the page's JSON)
  let LOCALE = "en";

  /* The words `key` with each {name} filled in from `values` (text, an element, or a list
   * of them), as a list of children for el(). */
  function say(key, values = {}) {
    return WORDS[key].split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] : part));
  }

  /* The message a paste is about: the last uncaught error in it, else its last warning,
   * else (no "SomeError:" line at all) its unindented lines as they are. A message goes on
   * over the lines below it, as Python prints it: a warning up to its indented source
   * line, an error up to a blank line (its indented lines, such as a tensor's rows, left out). */
  function pastedMessage(text) {
    const lines = text.replace(/\r\n?/g, "\n").split("\n").map(clean);
    const ends = line => line === "" || SEPARATOR.test(line) || WARNING_LINE.test(line) || ERROR_LINE.test(line);
    const found = [];
    for (let i = 0; i < lines.length; i++) {
      const warning = lines[i].match(WARNING_LINE);
      const match = warning || lines[i].match(ERROR_LINE);
      if (!match) continue;
      const parts = [match[2]];
      while (i + 1 < lines.length && !ends(lines[i + 1]) && !(warning && /^\s/.test(lines[i + 1]))) {
        if (!/^\s/.test(lines[++i])) parts.push(lines[i]);
      }
      const category = match[1].split(".").pop();
      found.push({category, message: parts.join("\n").trim(), warning: category.endsWith("Warning")});
    }
    const errors = found.filter(f => !f.warning);
    if (found.length) return (errors.length ? errors : found).at(-1);
    const rest = lines.filter(line => line.trim() && !/^\s/.test(line) && !SEPARATOR.test(line));
    return rest.length ? {category: null, message: rest.join("\n").trim(), warning: false} : null;
  }

  class Reader {
    constructor(data) {
      this.data = data;
      this.patterns = data.placeholders.map(([kind, source, placeholder]) =>
        ({kind, regex: new RegExp(source, "g"), placeholder}));
      this.backwardSuffix = new RegExp(data.backwardSuffix);
      for (const entry of data.entries) {
        entry.parsed = entry.templates.map(([text, head, releases]) =>
          ({text, releases, words: words(text), head: words(head)}));
      }
    }

    /* The template of a message and the kinds of placeholder it needed: as
     * fieldguide/error_index.py's template() and form() make them. */
    template(message) {
      const kinds = new Set();
      for (const {kind, regex, placeholder} of this.patterns) {
        message = message.replace(regex, () => (kinds.add(kind), placeholder));
      }
      return {text: message, form: [...kinds].sort().join(" ")};
    }

    /* What each placeholder matched, in order: [{kind, groups, before}], `before` being the
     * text just ahead of it (what says which number is which). */
    details(message) {
      const found = [];
      for (const {kind, regex, placeholder} of this.patterns) {
        message = message.replace(regex, (...args) => {
          const groups = args.slice(1, args.findIndex(a => typeof a === "number"));
          const at = args.find(a => typeof a === "number");
          found.push({kind, groups, before: message.slice(Math.max(0, at - 40), at)});
          return placeholder;
        });
      }
      return found;
    }

    forwardName(node) {
      return node.replace(this.backwardSuffix, (_, digits) => (digits === "0" || digits === "" ? "" : digits));
    }

    nodes(message) {
      return this.details(message).filter(d => d.kind === "output" || d.kind === "node")
        .map(d => d.groups.at(-1));
    }

    /* The entry whose recorded templates read most like the message, with its score
     * (from 0 to 1; below KNOWN, the message is not one the guide knows). */
    match(pasted) {
      const {text, form} = this.template(pasted.message);
      const said = words(text);
      let best = null;
      for (const entry of this.data.entries) {
        for (const template of entry.parsed) {
          // How much of the message the template explains, how much of the template's
          // first sentence the message has, whether they begin alike, and (to choose
          // between wordings) how much of the template the message has.
          const common = lcs(said, template.words);
          let score = 0.35 * common / Math.max(said.length, 1)
            + 0.35 * lcs(said, template.head) / template.head.length
            + 0.2 * leading(said, template.words) / Math.min(PREFIX, template.words.length)
            + 0.1 * common / template.words.length;
          if (pasted.category && !entry.categories.some(c => c.split(".").pop() === pasted.category)) score *= 0.9;
          if (!best || score > best.score) best = {entry, template, score, form, text};
        }
      }
      return best;
    }

    /* The entry's causes, the likeliest first. First by what the paste says: the clues
     * data/reports gives for a cause (the node its messages name, no node at all where the
     * edited tensor is a leaf, the reader's own lines in the traceback), then the shape,
     * wording and node of the messages its snippets print. Then by how many public reports
     * show the cause; ties keep the page's order. Each cause keeps the clues it matched. */
    rank(entry, said, form, node, code) {
      const leaf = Boolean(entry.clauses.output) && !form.split(" ").includes("output");
      const forward = node === null ? null : this.forwardName(node);
      const scored = entry.causes.map((cause, row) => {
        const clues = [];
        if (forward !== null && cause.clueNodes.includes(forward)) clues.push(["node", node]);
        if (leaf && cause.clueLeaf) clues.push(["leaf"]);
        for (const pattern of cause.clueCode) {
          const line = code.find(l => new RegExp(pattern).test(l));
          if (line) clues.push(["code", line]);
        }
        const total = Object.values(cause.forms).reduce((a, b) => a + b, 0);
        const shape = (cause.forms[form] || 0) / Math.max(total, 1);
        const opening = Math.max(0, ...cause.openings.map(words).filter(w => w.length)
          .map(w => lcs(said, w) / w.length));
        const named = forward !== null && cause.nodes.includes(forward);
        const kinds = new Set(clues.map(c => c[0])).size;
        return {cause, row, clues, shape, opening, named,
          score: 4 * kinds + (named ? 2 : 0) + (shape > 0 ? 1 : 0) + opening};
      });
      return scored.sort((a, b) => b.score - a.score || b.cause.seen - a.cause.seen || a.row - b.row);
    }
  }

  // PyTorch's own frames and warnings say nothing about the reader's code (an old
  // release's backward frame even prints `retain_graph`).
  const OWN_FRAME = /^\s*(?:File ")?[^"]*[\\/]torch[\\/]|^<torch source>/;

  /* The reader's own code in a paste: each frame of a traceback (its file and function:
   * a library such as matplotlib, or __init__) and the source line Python prints under it
   * (anomaly mode's trace of the forward call included), and the line a warning prints under
   * its header. A forum may have stripped a traceback's indentation, so a frame's source
   * line is whatever follows it that is not another frame or the message. A notebook's
   * (IPython's) traceback names each frame `path.py in func(...)`, `File path.py:N, in func`
   * or `Cell In[N], line N`, and marks the line that ran with an arrow, `---> 38 code`. */
  function pastedCode(text) {
    const lines = text.replace(/\r\n?/g, "\n").split("\n").map(clean);
    const frame = /^\s*File ".*", line \d+/;
    const notebookFrame = /^(?:File \S.*?:\d+, in |\S.*?\.py in |<ipython-input-\S+> in |Cell In\[\d*\], line \d+)/;
    const notebookSource = /^-*> ?\d+\s+(\S.*)$/;
    const notSource = /^\s*(?:File "|Traceback |During handling|The above exception|[\w.]+(?:Error|Exception|Warning)\b)/;
    const code = [];
    let ownNotebookFrame = false;
    lines.forEach((line, i) => {
      if (notebookFrame.test(line)) {
        ownNotebookFrame = OWN_FRAME.test(line);
        if (!ownNotebookFrame) code.push(line.trim());
        return;
      }
      const ran = line.match(notebookSource);
      if (ran) {
        if (!ownNotebookFrame) code.push(ran[1].trim());
        return;
      }
      const warning = WARNING_LINE.test(line);
      if (!frame.test(line) && !warning || OWN_FRAME.test(line)) return;
      if (!warning) code.push(line.trim());
      const next = lines[i + 1];
      // a warning's message may go on over unindented lines; its source line is indented
      const source = warning ? /^\s+\S/.test(next || "") : Boolean(next && next.trim()) && !notSource.test(next);
      if (source) code.push(next.trim());
    });
    return code;
  }

  function words(text) {
    return text.toLowerCase().match(/<[^<>]+>|[a-z0-9_]+/g) || [];
  }

  function lcs(a, b) {
    let previous = new Array(b.length + 1).fill(0);
    for (const x of a) {
      const row = [0];
      for (let j = 0; j < b.length; j++) {
        row.push(x === b[j] ? previous[j] + 1 : Math.max(previous[j + 1], row[j]));
      }
      previous = row;
    }
    return previous[b.length];
  }

  function leading(a, b) {
    let n = 0;
    while (n < PREFIX && n < a.length && n < b.length && a[n] === b[n]) n++;
    return n;
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
            examples: naming.examples.flatMap(([b, f], i) => [i ? ", " : "", code(b), " → ", code(f)]),
          }));
        }
        items.push(line);
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

  /* The rows of the entry's causes table, as the page rendered them (links resolved). */
  function causeRows(heading) {
    for (let node = heading.nextElementSibling; node && !/^H[12]$/.test(node.tagName); node = node.nextElementSibling) {
      if (node.classList.contains("fg-causes")) return [...node.querySelectorAll("tbody tr")];
    }
    return [];
  }

  /* "Raised by a (fix: b), c (fix: d)" from the table's cell of pairs, its links as rendered. */
  function snippetLinks(cell) {
    const found = [...cell.querySelectorAll("a")].map(a => a.cloneNode(true));
    const pairs = [];
    for (let i = 0; i + 1 < found.length; i += 2) {
      pairs.push([i ? WORDS.pair_separator : "", say("pair", {snippet: found[i], fix: found[i + 1]})]);
    }
    return say("raised_by", {pairs});
  }

  function diagnosis(reader, found, pasted, heading) {
    const {entry, form} = found;
    const node = reader.nodes(pasted.message)[0] ?? null;
    const rows = causeRows(heading);
    // The wording the paste has exactly, if a release printed it, else the closest one. A
    // message read from a paste ends at a blank line; some go on past one ("Tip: ...").
    const said = words(found.text).join(" ");
    const exact = entry.parsed.find(t => [t.text, t.text.split("\n\n")[0]].some(w => words(w).join(" ") === said));
    const template = exact || found.template;
    const worded = !exact ? "worded_none" : template.releases.includes(" ") ? "worded_many" : "worded_one";
    const panel = el("section", {class: "fg-diagnosis", id: "fg-diagnosis", "aria-label": WORDS.panel},
      el("p", {class: "fg-diagnosis__title"}, WORDS.your_message),
      el("p", {}, say(worded, {releases: template.releases})),
    );
    const items = readings(reader, entry, pasted, form);
    if (items.length) panel.append(el("ul", {}, items.map(item => el("li", {}, item))));
    panel.append(el("p", {class: "fg-diagnosis__title"},
      entry.causes.length > 1 ? WORDS.causes_many : WORDS.causes_one));
    const list = el("ol", {class: "fg-diagnosis__causes"});
    const ranked = reader.rank(entry, words(found.text), form, node, pasted.code);
    const tells = key => ranked.some(r => r[key] !== ranked[0][key]);
    for (const {cause, row, clues, shape, opening, named} of ranked) {
      const cells = rows[row] ? [...rows[row].cells] : [];
      const why = [];
      for (const [kind, what] of clues) {
        if (kind === "node") why.push(say("why_node", {node: code(what)}));
        if (kind === "leaf") why.push(say("why_leaf"));
        if (kind === "code") why.push(say("why_code", {line: code(what)}));
      }
      if (tells("shape") && shape > 0) why.push(say("why_shape"));
      if (tells("opening") && opening === 1) why.push(say("why_opening"));
      if (tells("named") && named && !clues.some(c => c[0] === "node")) why.push(say("why_named", {node: reader.forwardName(node)}));
      const seen = cause.seen ? say(cause.seen === 1 ? "seen_one" : "seen_many", {count: String(cause.seen)}) : null;
      const notShown = cause.notShown ? say("not_shown_why", {why: withCode(cause.notShown.replace(/[.。]$/, ""))}) : say("not_shown");
      list.append(el("li", {"data-cause": String(row), "data-mechanism": cause.mechanism},
        el("strong", {}, cause.text ? withCode(cause.text) : WORDS.not_stated),
        cause.clue ? el("span", {class: "fg-diagnosis__clue"}, say("clue", {clue: withCode(cause.clue)})) : null,
        cause.notShown !== null ? el("span", {class: "fg-diagnosis__clue"}, notShown) : null,
        why.length ? el("span", {class: "fg-diagnosis__match"},
          say("matches", {reasons: why.flatMap((part, i) => [i ? WORDS.list_separator : "", part])})) : null,
        seen ? el("span", {class: "fg-diagnosis__seen"}, seen) : null,
        cells.length ? el("span", {class: "fg-diagnosis__links"}, snippetLinks(cells[2])) : null,
      ));
    }
    panel.append(list);
    return panel;
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

  function start(box, data) {
    WORDS = data.words;
    LOCALE = data.language;
    const reader = new Reader(data);
    const input = box.querySelector("#fg-diagnose-input");
    const status = box.querySelector("#fg-diagnose-status");
    box.hidden = false;
    // Arriving through a link to the box (the home page has one): ready for the paste, once
    // the browser is done scrolling to the fragment (which takes the focus away).
    if (location.hash === `#${box.id}`) {
      const ready = () => setTimeout(() => {
        box.scrollIntoView({block: "center"});
        input.focus({preventScroll: true});
      });
      if (document.readyState === "complete") ready();
      else window.addEventListener("load", ready, {once: true});
    }

    function diagnose() {
      document.getElementById("fg-diagnosis")?.remove();
      box.dataset.entry = "";
      const pasted = pastedMessage(input.value);
      if (pasted) pasted.code = pastedCode(input.value);
      if (!pasted) {
        status.replaceChildren(WORDS.paste_first);
        return;
      }
      const best = reader.match(pasted);
      box.dataset.score = best ? best.score.toFixed(3) : ""; // the tests report the margin
      const found = best && best.score >= KNOWN ? best : null;
      const heading = found && document.getElementById(found.entry.id);
      if (!heading) {
        status.replaceChildren(...say("unknown", {search: searchButton(pasted)}));
        box.dataset.entry = "none";
        history.replaceState(history.state, "", location.pathname + location.search);
        return;
      }
      box.dataset.entry = found.entry.id;
      const link = el("a", {href: `#${found.entry.id}`}, code(`${found.entry.category}: ${found.entry.summary}`));
      status.replaceChildren(...say("found", {entry: link}));
      heading.after(diagnosis(reader, found, pasted, heading));
      history.replaceState(history.state, "", `#${found.entry.id}`);
      heading.scrollIntoView({block: "start"});
    }

    box.querySelector("#fg-diagnose-button").addEventListener("click", diagnose);
    input.addEventListener("input", event => {
      // After the paste's own task: the browser scrolls the caret into view at its end.
      if (event.inputType === "insertFromPaste") setTimeout(diagnose);
    });
    input.addEventListener("keydown", event => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        diagnose();
      }
    });
  }

  function init() {
    const box = document.getElementById("diagnose");
    const data = document.getElementById("fg-diagnose-data");
    if (box && data && !box.dataset.ready) {
      box.dataset.ready = "1";
      start(box, JSON.parse(data.textContent));
    }
  }

  // Material's instant loading swaps pages without reloading scripts; it announces each.
  if (window.document$) window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
