/* How the paste box reads a paste: which message it states (also when quoted inside another
 * message or nested in another traceback), which entry of the error index that message is,
 * what the reader's own code in it says, and which of the entry's causes fit it best.
 *
 * It knows nothing of pages: everything it matches against is the paste box's data (made by
 * fieldguide/errors/page.py's paste_data from the recorded outputs and data/). diagnose.js
 * imports it and shows the answer; the fast tests run it under Node (tests/js/, and
 * tests/paste_reader.mjs for the Python tests), without a site or a browser. */

// A message this far from every recorded template is not one the guide knows.
export const KNOWN = 0.6;
const PREFIX = 6; // leading words compared: messages are told apart by how they begin
// What a paste may carry before each line: an interpreter's prompt, the rank torchrun puts
// before every line of a worker, a forum's quote mark or inline-code backticks, pytest's
// "E   " before the lines of a failure.
const PROMPT = /^(?:>>> ?|\.\.\. ?|In \[\d*\]: ?|\[(?:default)?rank\d+\]: ?|> ?(?=\S)|E {2,}(?=\S)|`(?=[^`]))/;
const clean = line => line.replace(PROMPT, "").replace(/(?<=[^`])`$/, "").replace(/\s+$/, "");
// The file:line a warning names; "<torch source>" where this guide's outputs hide one.
// A warning torch's C++ code logs to stderr itself: "[W reducer.cpp:1298] Warning: ...", from 2.4
// on with the date and time after the W ("[W1126 22:48:49.568080379 reducer.cpp:1400] ..."), in
// this guide's outputs "[W <torch source>] ..."; its message ends with "(function name)".
const WARNING_LINE = /^(?:(?:\S.*?:\d+|<torch source>):|\[W[^\]\n]*\]) ([\w.]*Warning): (.*)$/;
const LOGGED_END = / \(function [^()]*(?:\(\))?\)$/;
// (a forum's formatting may put spaces before the colon: "RuntimeError    : ...")
const ERROR_LINE = /^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Interrupt)) *: ?(.*)$/;
const SEPARATOR = /^(?:(?:Original )?Traceback \(most recent call last\)|During handling of the above exception|The above exception was the direct cause)/;
// An exception quoted inside another one's message: `got RuntimeError("...")`, as
// torch.compile and other wrappers report what the code they ran raised.
// The C++ stack torch prints under some messages ("Exception raised from ... (most recent
// call first):", then "frame #0: ..."): where the message ends.
const CPP_FRAMES = /^(?:Exception raised from |frame #\d+: )/;
// An exception or a warning named inside a line, after a backtick or glued to what precedes it.
const INLINE = /(`?)((?:[A-Z][A-Za-z]*\.)*[A-Z][A-Za-z]*(?:Error|Exception|Warning)): (.+)$/;
// How much of a message is read: DDP's "Expected to have finished reduction" may go on with
// thousands of parameter names, which would only drown the words that name it.
const SCANNED = 4000;
const QUOTED = /\b([A-Za-z_][\w.]*(?:Error|Exception|Warning))\((["'])((?:\\.|(?!\2)[^\\])*)\2\)/g;
// A wrapper that reports another error's message on the lines under its own (transformers'
// "Failed to import transformers.trainer because of the following error (look up to see its
// traceback):" and the message, without its exception's name): that message, read on its own.
const WRAPPED = /^[^\n]*\bthe following error\b[^\n]*:\n((?:.|\n)+)$/;

// A warning glued to the end of an error's line by a thread that lost a newline
// ("RuntimeError: ... Good luck!/usr/lib/.../__init__.py:175: UserWarning: ..."): two lines again.
const GLUED_WARNING = /^(\s*[A-Za-z_][\w.]*(?:Error|Exception): .*?)((?:[A-Za-z]:)?[\\/][^\s:]*\.py:\d+: [\w.]*Warning: .*)$/;
// The comment that ends the source line of torch's backward frame, with what a thread that
// lost a newline glued to it ("...run the backward passExpected to mark a variable ..."): two lines.
const GLUED_FRAME = /^(.*# Calls into the C\+\+ engine to run the backward pass)(\S.*)$/;
// A message a sentence quotes without its exception's name: after "error:" (on the same
// line or the next), between quotation marks ("", “” or ‘’), between backticks or between
// plain single quotes (not an apostrophe's: none may follow a letter), or after the
// exception's name with no colon ("raises the RuntimeError Inference tensors cannot ...").
const AFTER_ERROR = /\b[Ee]rror(?: is| was)?:\s*(.*)$/;
const IN_QUOTES = /["\u201c\u2018]([^"\u201d\u2019\n]{12,})["\u201d\u2019]|(`+)([^`\n]{12,}?)\2|(?<![\w'])'([^'\n]{12,})'(?!\w)/g;
const AFTER_NAME = /\b[A-Za-z_][\w.]*(?:Error|Exception) ([A-Za-z][^.\n]*)/g;
const SENTENCE = 4; // words quoted that read as a message, not as code (`torch.amp.autocast(...)`)
// A line of source in a notebook's traceback (`   3493     "ignore", "Anomaly ...",`, `-> 3496 ...`):
// what it quotes is code, not a message the reader was given.
const NUMBERED_SOURCE = /^(?:\s+|-*> ?)\d+ +\S/;
const RAISING = /\braise\s+[\w.]+\(/;
// The string a `raise` line of a traceback gives its exception, to its closing quote or the line's end.
const RAISED = /\braise\s+([\w.]*(?:Error|Exception|Warning))\((["'])((?:\\.|(?!\2)[^\\])*)/;

function lines(text) {
  return text.replace(/\r\n?/g, "\n").split("\n").map(clean)
    .flatMap(line => line.match(GLUED_FRAME)?.slice(1) ?? [line])
    .flatMap(line => line.match(GLUED_WARNING)?.slice(1) ?? [line]);
}

/* Every message a paste states, the one to answer first: its uncaught errors (the last
 * first), then errors printed indented (a traceback nested under a launcher's or a
 * notebook's frame), then errors quoted inside those messages, then its warnings (the
 * last first). A paste with no "SomeError:" line at all is its unindented lines as they
 * are, then what its sentences quote after "error:", between quotation marks or between
 * backticks, then each of those lines alone, the last first. A message goes on over the
 * lines below it, as Python prints it: a warning up to its indented source line, an error
 * up to a blank line (its indented lines, such as a tensor's rows, left out). Each has
 * `category` (null when the paste names none), `message`, `warning`, and `line`: the index
 * of the paste's line it starts on. */
export function pastedMessages(text) {
  const all = lines(text);
  const heads = all.map(line => {
    const trimmed = line.trimStart();
    return trimmed.match(WARNING_LINE) || trimmed.match(ERROR_LINE);
  });
  const ends = i => all[i] === "" || SEPARATOR.test(all[i].trimStart()) || CPP_FRAMES.test(all[i].trimStart())
    || heads[i] !== null;
  const found = [];
  for (let i = 0; i < all.length; i++) {
    const match = heads[i];
    if (!match) continue;
    const indent = all[i].length - all[i].trimStart().length;
    // "UserWarning: ..." alone on its line, without the file that warned, is a warning too
    const warning = WARNING_LINE.test(all[i].trimStart()) || match[1].endsWith("Warning");
    const start = i;
    const parts = [match[2]];
    const logged = warning && all[i].trimStart().startsWith("[W");
    // PyTorch indents a message's own lines with a tab (an overload's signatures); Python
    // indents a warning's source line, and a traceback its code, with spaces.
    const tabbed = line => line.slice(indent).startsWith("\t");
    while (!(logged && LOGGED_END.test(parts[parts.length - 1])) && i + 1 < all.length && !ends(i + 1)
      && !(warning && all[i + 1].length - all[i + 1].trimStart().length > indent && !tabbed(all[i + 1]))) {
      const next = all[++i];
      if (next.length - next.trimStart().length <= indent || tabbed(next)) parts.push(next.slice(indent));
    }
    const category = match[1].split(".").pop();
    found.push({category, message: parts.join("\n").trim(), warning, indented: indent > 0, line: start});
  }
  if (!found.length) {
    // A message that does not start its line: glued to the line before it by a thread that
    // lost a newline ("...the backward passRuntimeError: ..."), or quoted in a sentence
    // ("I get `ValueError: ...`, any idea?"), where it ends at the closing backtick.
    all.forEach((line, i) => {
      const match = line.match(INLINE);
      if (!match) return;
      const [, quote, name, rest] = match;
      const category = name.split(".").pop();
      const message = (quote ? rest.split("`")[0] : rest).trim();
      if (message) found.push({category, message, warning: category.endsWith("Warning"), indented: false, line: i});
    });
  }
  const prose = [];
  const ownLines = [];
  if (!found.length) {
    const says = line => Boolean(line.trim()) && !/^\s/.test(line) && !SEPARATOR.test(line);
    const rest = all.filter(says);
    if (rest.length) found.push({category: null, message: rest.join("\n").trim(), warning: false, indented: false, line: 0});
    all.forEach((line, i) => {
      if (NUMBERED_SOURCE.test(line) && !RAISING.test(line)) return;
      const after = line.match(AFTER_ERROR);
      // the next line that says something, looked for only where "error:" ends its line
      const next = () => (all.slice(i + 1).find(l => l.trim()) || "").trim();
      const said = after ? [after[1].trim() || next()] : [];
      for (const [, quoted, , ticked, single] of line.matchAll(IN_QUOTES)) {
        const body = (quoted ?? ticked ?? single).trim();
        if (quoted !== undefined || body.split(/\s+/).length >= SENTENCE) said.push(body);
      }
      for (const [, body] of line.matchAll(AFTER_NAME)) {
        if (body.trim().split(/\s+/).length >= SENTENCE) said.push(body.trim());
      }
      for (const message of said.filter(Boolean)) prose.push({category: null, message, warning: false, indented: false, line: i});
    });
    // each of those lines alone (a message on a line of its own among sentences), the last first
    if (rest.length > 1) {
      for (let i = all.length - 1; i >= 0; i--) {
        if (says(all[i])) ownLines.push({category: null, message: all[i].trim(), warning: false, indented: false, line: i});
      }
    }
  }
  const quoted = [];
  for (const outer of found) {
    for (const [, category, , body] of outer.message.matchAll(QUOTED)) {
      const message = body.replace(/\\n/g, "\n").replace(/\\(["'\\])/g, "$1").trim();
      quoted.push({category: category.split(".").pop(), message, warning: category.endsWith("Warning"), indented: false, line: outer.line});
    }
    const wrapped = outer.message.match(WRAPPED);
    if (wrapped) quoted.push({category: null, message: wrapped[1].trim(), warning: false, indented: false, line: outer.line});
  }
  // An error line a paste cut to nothing ('KeyError: "'): the string of the `raise` just above it.
  for (const outer of found) {
    if (outer.warning || words(outer.message).length) continue;
    for (let back = outer.line - 1; back >= Math.max(0, outer.line - 3); back--) {
      const raised = all[back].match(RAISED);
      if (!raised) continue;
      quoted.push({category: raised[1].split(".").pop(), message: raised[3].trim(), warning: raised[1].endsWith("Warning"),
        indented: false, line: back});
      break;
    }
  }
  for (const item of found) item.message = item.message.slice(0, SCANNED); // a message's start tells it apart
  const last = list => [...list].reverse();
  const errors = found.filter(f => !f.warning);
  return [
    ...last(errors.filter(f => !f.indented)), ...last(errors.filter(f => f.indented)),
    ...last(quoted), ...prose, ...ownLines, ...last(found.filter(f => f.warning)),
  ];
}

// PyTorch's own frames and warnings say nothing about the reader's code (an old
// release's backward frame even prints `retain_graph`).
const OWN_FRAME = /^\s*(?:File ")?[^"]*[\\/]torch[\\/]|^<torch source>/;
const FRAME = /^\s*File ".*", line \d+/;
const NOTEBOOK_FRAME = /^(?:File \S.*?:\d+, in |\S.*?\.py in |<ipython-input-\S+> in |Cell In\[\d*\], line \d+)/;
const NOTEBOOK_SOURCE = /^-*> ?\d+\s+(\S.*)$/;
const NOT_SOURCE = /^\s*(?:File "|Traceback |During handling|The above exception|[\w.]+(?:Error|Exception|Warning)\b)/;
// A line of Python a reader pasted beside the error: a call, an assignment, a statement.
const PYTHON = /^\s*(?:(?:for|if|elif|while|with|def|class|return|import|from)\b.*|[\w.[\]'"]+\s*(?:[-+*/@]?=)(?!=).*|[\w.[\]]+\(.*)$/;

/* The reader's own code in a paste, each as {text, traceback}: the frames of a traceback
 * (file and function: a library such as matplotlib, or __init__) and the source line
 * Python prints under each (anomaly mode's trace of the forward call included), the line
 * a warning prints under its header (all with `traceback: true`); then, outside every
 * traceback and message, the lines of Python the reader pasted with the error (their
 * training step, the lines around backward()). A forum may have stripped a traceback's
 * indentation, so a frame's source line is whatever follows it that is not another frame
 * or the message. A notebook's (IPython's) traceback names each frame `path.py in
 * func(...)`, `File path:N, in func` or `Cell In[N], line N`, and marks the line that ran
 * with an arrow, `---> 38 code`. */
export function pastedCode(text) {
  const all = lines(text);
  const used = new Set(); // lines that belong to a traceback or a message
  for (const {message, line} of pastedMessages(text)) {
    for (let i = line; i < line + message.split("\n").length && i < all.length; i++) used.add(i);
  }
  const code = [];
  let ownNotebookFrame = false;
  let inTraceback = false;
  all.forEach((line, i) => {
    if (SEPARATOR.test(line.trim())) inTraceback = true;
    if (NOTEBOOK_FRAME.test(line)) {
      used.add(i);
      ownNotebookFrame = OWN_FRAME.test(line);
      if (!ownNotebookFrame) code.push({text: line.trim(), traceback: true});
      return;
    }
    const ran = line.match(NOTEBOOK_SOURCE);
    if (ran) {
      used.add(i);
      if (!ownNotebookFrame) code.push({text: ran[1].trim(), traceback: true});
      return;
    }
    const warning = WARNING_LINE.test(line);
    if (!FRAME.test(line) && !warning) return;
    used.add(i);
    inTraceback = true;
    if (OWN_FRAME.test(line)) {
      used.add(i + 1);
      return;
    }
    if (!warning) code.push({text: line.trim(), traceback: true});
    const next = all[i + 1];
    // a warning's message may go on over unindented lines; its source line is indented
    const source = warning ? /^\s+\S/.test(next || "") : Boolean(next && next.trim()) && !NOT_SOURCE.test(next);
    if (source) {
      used.add(i + 1);
      code.push({text: next.trim(), traceback: true});
    }
  });
  // Lines before a traceback starts, or after a blank line that ends one, are the reader's.
  inTraceback = false;
  all.forEach((line, i) => {
    if (SEPARATOR.test(line.trim()) || FRAME.test(line) || NOTEBOOK_FRAME.test(line)) inTraceback = true;
    if (line.trim() === "") inTraceback = false;
    if (!inTraceback && !used.has(i) && PYTHON.test(line) && !ERROR_LINE.test(line.trim())) {
      code.push({text: line.trim(), traceback: false});
    }
  });
  return code;
}

export function words(text) {
  return text.toLowerCase().match(/<[^<>]+>|[a-z0-9_]+/g) || [];
}

export function lcs(a, b) {
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

export function leading(a, b) {
  let n = 0;
  while (n < PREFIX && n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/* How well a message (its words) reads like a template, from 0 to 1: how much of the
 * message the template explains, how much of the template's first sentence the message
 * has, whether they begin alike, and (to choose between wordings) how much of the
 * template the message has. */
export function likeness(said, template) {
  return weighted(said, template, lcs(said, template.words), lcs(said, template.head));
}

/* The four parts of likeness, given how many words the paste has in common with the whole
 * template and with its head: the words said that the template has, its head said, its first
 * words said in order, and the template's words said. */
function weighted(said, template, common, head) {
  return 0.35 * common / Math.max(said.length, 1)
    + 0.35 * head / Math.max(template.head.length, 1)
    + 0.2 * leading(said, template.words) / Math.max(Math.min(PREFIX, template.words.length), 1)
    + 0.1 * common / Math.max(template.words.length, 1);
}

// A word list's words with how often each comes, for a bound on likeness that skips the lcs.
function counted(list) {
  const counts = new Map();
  for (const w of list) counts.set(w, (counts.get(w) || 0) + 1);
  return {list, counts};
}

function shared(a, b) {
  let n = 0;
  for (const [w, k] of a.counts) n += Math.min(k, b.counts.get(w) || 0);
  return n;
}

/* likeness() with each longest common subsequence replaced by the words both lists share:
 * never less than likeness, so a template whose bound is below the best score so far
 * cannot win and needs no lcs. */
export function likenessBound(said, template) {
  return weighted(said.list, template, shared(said, template.counted), shared(said, template.countedHead));
}

// What one kind of clue a paste carries adds to a cause's score: more than everything else.
const CLUE = 4;
// A category the entry never prints makes a message a little less likely to be it.
const OTHER_CATEGORY = 0.9;
// A message read from inside a line is a little less sure than one its line begins with: a
// message quoted inside another one (`got RuntimeError("...")`) is read as itself.
const INSIDE = 0.95;
// A message of a word or two ("KeyError: 'lr'") is read only where the paste names its
// exception or says nothing else: those words begin many a line of code or prose.
const SHORT = 3;
// A name a message quotes ('verbose', 'NoneType') is part of what it is: a paste that quotes
// names where a wording quotes some, none of them the wording's, is most likely another
// message (an operand's type may differ, 'float' for 'Tensor', beside the 'NoneType' it names).
const NAMES = /'([A-Za-z_][\w.]*)'/g;
const OTHER_NAME = 0.5;
const quotedNames = text => [...text.matchAll(NAMES)].map(m => m[1]);
const otherNames = (said, wording) => said.length > 0 && wording.length > 0 && !wording.some(name => said.includes(name));
// What a message is about, where its wording says it, each compared alone: the attribute an
// AttributeError misses ('get_lr' is not '_last_lr'), the kernel a dtype lacks ("max_all_cuda" is
// not "_amp_foreach_non_finite_check_and_unscale_cuda", though both lack 'BFloat16'), the
// condition of a failed assertion ("tensors.size() > 0 INTERNAL ASSERT FAILED" is not
// "expect_autograd_hooks_ INTERNAL ASSERT FAILED"), what an object is not ('NoneType' object is
// not iterable is not "... not subscriptable"), the exception nn.DataParallel caught in a replica
// ("Caught StopIteration in replica 0" is not "Caught RuntimeError in replica 0"), what two
// tensors' check compares ("to have the same type as tensor" is not "... the same device"). A
// paste about another one is another message.
const SUBJECTS = [/\battribute '([A-Za-z_]\w*)'/, /^"([A-Za-z_]\w*)" not implemented for\b/,
  /^(.+?) (?:INTERNAL )?ASSERT FAILED\b/, /\bobject is not (\w+)/, /\bCaught (\w+) in replica\b/,
  /\bto have the same (\w+) as tensor\b/];
const subjects = text => SUBJECTS.map(pattern => text.match(pattern)?.[1] ?? null);
const otherSubject = (said, wording) => said.some((a, k) => a !== null && wording[k] !== null && a !== wording[k]);

/* What a reader may quote of a message without its start, each read as a message of its
 * own: what it says after a blank line (checkpoint's "Tip: ..."), and each later sentence of
 * PART words or more, to the message's end ("This error indicates that your module has
 * parameters that were not used in producing loss", from the middle of DDP's message). */
const PART = 8;
// A part alone is the message only when the paste reads clearly like it: its sentences
// are often boilerplate other messages share ("is deprecated and will be removed in a future
// version"), which a library's own warning may say too.
export const PART_KNOWN = 0.65;
const partLikeness = (said, part) => {
  const score = likeness(said, part);
  return score >= PART_KNOWN ? score : 0;
};
const SENTENCE_START = /(?<=[.!?])\s+(?=[A-Z<])/g;
export function parts(text) {
  const tail = words(text.split("\n\n").slice(1).join("\n"));
  const found = tail.length ? [{words: tail, head: tail}] : [];
  const starts = [...text.matchAll(SENTENCE_START)].map(m => m.index + m[0].length);
  starts.forEach((start, k) => {
    const head = words(text.slice(start, starts[k + 1]));
    if (head.length >= PART) found.push({words: words(text.slice(start)), head});
  });
  return found.map(withCounts);
}

function withCounts(template) {
  return {...template, counted: counted(template.words), countedHead: counted(template.head)};
}

export class Reader {
  constructor(data) {
    this.data = data;
    this.patterns = data.placeholders.map(([kind, source, placeholder]) =>
      ({kind, regex: new RegExp(source, "g"), placeholder}));
    this.backwardSuffix = new RegExp(data.backwardSuffix);
    for (const entry of data.entries) {
      // [text, first sentence, releases, recorded, library]: wordings found only in PyTorch's
      // source (releases this guide does not record) have `recorded` false; a training
      // library's message (not PyTorch's) names the library, whose releases these are
      entry.tracebackPatterns = entry.traceback.map(p => new RegExp(p));
      entry.alonePatterns = (entry.alone || []).map(p => new RegExp(p));
      entry.parsed = entry.templates.map(([text, head, releases, recorded = true, library = ""]) =>
        withCounts({text, releases, recorded, library, words: words(text), head: words(head), parts: parts(text),
          names: quotedNames(text), subjects: subjects(text)}));
    }
  }

  /* The template of a message and the kinds of placeholder it needed: as
   * fieldguide/errors/grammar.py's template() and form() make them. */
  template(message) {
    const kinds = new Set();
    for (const {kind, regex, placeholder} of this.patterns) {
      message = message.replace(regex, () => (kinds.add(kind), placeholder));
    }
    return {text: message, form: [...kinds].sort().join(" ")};
  }

  /* What each placeholder matched, in order: [{kind, groups, source, before}], `source` the
   * pattern's and `before` the text just ahead of it (what says which number is which). */
  details(message) {
    const found = [];
    for (const {kind, regex, placeholder} of this.patterns) {
      message = message.replace(regex, (...args) => {
        const groups = args.slice(1, args.findIndex(a => typeof a === "number"));
        const at = args.find(a => typeof a === "number");
        found.push({kind, groups, source: regex.source, before: message.slice(Math.max(0, at - 40), at)});
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

  /* The entry whose templates read most like the message, with its score (from 0 to 1;
   * below KNOWN, the message is not one the guide knows). An entry whose message many
   * operations raise (`traceback` patterns) is one only where a line of the paste (`around`:
   * a frame of its traceback, the source line under it) matches a pattern, or where the
   * paste has no traceback at all and its message is one the entry answers alone (`alone`). */
  match(pasted, around = []) {
    const {text, form} = this.template(pasted.message);
    const said = words(text);
    const saidCounted = counted(said);
    // where each word comes after the first: a message may begin inside a line, after a
    // frame's source glued to it or a sentence's words
    const starts = new Map();
    said.forEach((word, k) => k && starts.set(word, [...(starts.get(word) ?? []), k]));
    const names = quotedNames(text), about = subjects(text);
    let best = null;
    // asked only on a tie or a new best: compiling every entry's patterns is most of a reading's time
    const naming = new Map();
    const named = entry => {
      if (!naming.has(entry.id)) {
        naming.set(entry.id, entry.causes.some(c => c.clueMessage.some(p => new RegExp(p).test(pasted.message))));
      }
      return naming.get(entry.id);
    };
    let framed = null; // whether the paste has a line of a traceback, asked only for an entry with `alone`
    const bare = entry => entry.alonePatterns.some(p => p.test(pasted.message))
      && !(framed ??= around.some(line => FRAME.test(line) || NOTEBOOK_FRAME.test(line)));
    for (const entry of this.data.entries) {
      if (entry.tracebackPatterns.length && !entry.tracebackPatterns.some(p => around.some(line => p.test(line)))
        && !bare(entry)) continue;
      // Two entries' wordings can read alike (once names are placeholders, or a tail that
      // several messages end with): on a tie, the entry with a cause about the name the
      // paste has, then a wording a recorded release prints over one only older sources
      // have, then the entry more public reports show.
      const seen = entry.causes.reduce((sum, c) => sum + c.seen, 0);
      for (const template of entry.parsed) {
        if (!pasted.category && template.words.length < SHORT
          && !(said.length === template.words.length && said.every((w, k) => w === template.words[k]))) continue;
        let inside = 0;
        if (template.words.length >= PREFIX) {
          for (const k of starts.get(template.words[0]) ?? []) {
            const rest = said.slice(k);
            if (leading(rest, template.words) === PREFIX) inside = Math.max(inside, INSIDE * likeness(rest, template));
          }
        }
        // a paste with no "SomeError:" line may be a part of the message alone
        const read = pasted.category ? [template] : [template, ...template.parts];
        const worth = best ? read.filter(t => likenessBound(saidCounted, t) >= best.score) : read;
        if (!worth.length && !inside) continue;
        let score = Math.max(inside, ...worth.map(t => (t === template ? likeness(said, t) : partLikeness(said, t))));
        if (pasted.category && !entry.categories.some(c => c.split(".").pop() === pasted.category)) score *= OTHER_CATEGORY;
        if (otherNames(names, template.names) || otherSubject(about, template.subjects)) score *= OTHER_NAME;
        const better = !best || score > best.score || (score === best.score && (named(entry) > best.named
          || (named(entry) === best.named && (template.recorded > best.template.recorded
            || (template.recorded === best.template.recorded && seen > best.seen)))));
        if (better) best = {entry, template, score, form, text, named: named(entry), seen};
      }
    }
    return best;
  }

  /* The entry's causes, the likeliest first. A cause whose data names the operators its
   * messages are about (`message` patterns) fits only a message that names one; the
   * others fit any. Among those that fit, first by what the paste says: the clues
   * data/reports gives for a cause (the node its messages name, no node at all where the
   * edited tensor is a leaf, the reader's own lines, the words of the message), then the
   * shape, wording and node of the messages its snippets print. Then by how often it was
   * the thread's cause among the labelled real pastes (data/*pastes), then by how many public
   * reports show it; ties keep the page's order. Each cause keeps the clues it
   * matched. */
  rank(entry, said, form, node, code, message = "") {
    const leaf = Boolean(entry.clauses.output) && !form.split(" ").includes("output");
    const forward = node === null ? null : this.forwardName(node);
    const scored = entry.causes.map((cause, row) => {
      const clues = [];
      if (forward !== null && cause.clueNodes.includes(forward)) clues.push(["node", node]);
      if (leaf && cause.clueLeaf) clues.push(["leaf"]);
      for (const pattern of cause.clueCode) {
        const line = code.find(l => new RegExp(pattern).test(l.text));
        if (line) clues.push([line.traceback ? "code" : "pasted_code", line.text]);
      }
      const named = cause.clueMessage.map(p => message.match(new RegExp(p))).find(Boolean);
      if (named) clues.push(["message", named[0]]);
      const fits = !cause.clueMessage.length || Boolean(named);
      const total = Object.values(cause.forms).reduce((a, b) => a + b, 0);
      const shape = (cause.forms[form] || 0) / Math.max(total, 1);
      const opening = Math.max(0, ...cause.openings.map(words).filter(w => w.length)
        .map(w => lcs(said, w) / w.length));
      const nodeNamed = forward !== null && cause.nodes.includes(forward);
      const kinds = new Set(clues.map(c => (c[0] === "pasted_code" ? "code" : c[0]))).size;
      return {cause, row, clues, shape, opening, named: nodeNamed, fits,
        score: CLUE * kinds + (nodeNamed ? 2 : 0) + (shape > 0 ? 1 : 0) + opening};
    });
    scored.sort((a, b) => b.fits - a.fits || b.score - a.score || b.cause.labelled - a.cause.labelled
      || b.cause.seen - a.cause.seen || a.row - b.row);
    // Causes the paste cannot separate from the first: no clue of the paste (each weighs
    // CLUE) puts the first above them. The card shows what tells them apart.
    for (const item of scored.slice(1)) {
      item.close = item.fits === scored[0].fits && scored[0].score - item.score < CLUE;
      if (item.close) scored[0].close = true;
    }
    return scored;
  }

  /* The whole reading of a paste: the message it is about (the stated message that is
   * most like a known one, a warning only where no error is known; the first in
   * pastedMessages' order on a tie), its entry and
   * score, the wording it has, the reader's code, and the entry's causes ranked. `found`
   * is null when no stated message is one the guide knows. */
  read(text) {
    const candidates = pastedMessages(text);
    if (!candidates.length) return null;
    const code = pastedCode(text);
    let pasted = candidates[0];
    const around = lines(text);
    let best = this.match(pasted, around);
    for (const other of candidates.slice(1)) {
      // a warning beside an error the guide knows (anomaly mode's "Error detected in ...")
      // is not what the reader asks about
      if (other.warning && !pasted.warning && best && best.score >= KNOWN) continue;
      const found = this.match(other, around);
      if (found && best && found.score > best.score + 0.02 && found.score >= KNOWN) [pasted, best] = [other, found];
    }
    const known = best && best.score >= KNOWN ? best : null;
    const result = {pasted, code, score: best ? best.score : 0, found: known};
    if (!known) return result;
    const {entry, form} = known;
    const node = this.nodes(pasted.message)[0] ?? null;
    // The wording the paste has exactly, if a release printed it, else the closest one. A
    // message read from a paste ends at a blank line; some go on past one ("Tip: ...").
    const said = words(known.text).join(" ");
    const exact = entry.parsed.find(t => [t.text, t.text.split("\n\n")[0]].some(w => words(w).join(" ") === said));
    result.template = exact || known.template;
    result.worded = !exact ? "worded_none" : exact.library ? "worded_library" : !exact.recorded ? "worded_source"
      : exact.releases.includes(" ") ? "worded_many" : "worded_one";
    result.node = node;
    result.ranked = this.rank(entry, words(known.text), form, node, code, pasted.message);
    return result;
  }
}

/* The box's data (fieldguide/errors/page.py's paste_data, the same for every edition) in
 * an edition's words (its paste_words): the interface's words, the language, the
 * edition's own text for each cause's English one (TRANSLATED there), and each line of what
 * a fix changes as the edition shows it (its comments), by snippet and line number. */
export function localize(data, edition) {
  const said = text => (text && edition.texts[text]) || text;
  const shown = (key, number) => (edition.lines[key] || {})[number];
  const line = (pair, [kind, text, old, added]) =>
    [kind, (old === null ? shown(pair.fix, added) : shown(pair.snippet, old)) || text, old, added];
  return {
    ...data, language: edition.language, words: edition.words,
    entries: data.entries.map(entry => ({
      ...entry,
      causes: entry.causes.map(cause => ({
        ...cause, text: said(cause.text), fix: said(cause.fix), tell: said(cause.tell), notShown: said(cause.notShown),
        pairs: cause.pairs.map(pair => ({...pair, diff: pair.diff.map(hunk => hunk.map(row => line(pair, row)))})),
      })),
    })),
  };
}
