/* What the paste box's answer says, as words with their blanks filled in (words.js's parts:
 * text, and code() for what a page shows as code); diagnose.js lays them out on the page.
 * entryName and reasons have a Python twin in the terminal tool
 * (explain/autograd_fieldguide/diagnosis.py's entry_name and _reasons), which
 * tests/test_js_parity.py holds to the same answers on every recorded message. */

import {code, plain, say} from "./words.js";

const DTYPES = {
  Float: "float32", Double: "float64", Half: "float16", BFloat16: "bfloat16",
  Long: "int64", Int: "int32", Short: "int16", Char: "int8", Byte: "uint8", Bool: "bool",
  ComplexFloat: "complex64", ComplexDouble: "complex128", ComplexHalf: "complex32",
};

/* The entry as `release` words it: the first sentence of a wording that release prints, when
 * it does not print the newest one (the entry's name); the name when it prints none or no
 * release is picked. */
export function entryName(entry, release) {
  const printed = (entry.templateReleases || []).flatMap((releases, i) =>
    release && releases.includes(release) ? [entry.templates[i][1]] : []);
  const name = printed.length && !printed.includes(entry.summary) ? printed[0] : entry.summary;
  return `${entry.category}: ${name}`;
}

const joined = (items, separator) => items.flatMap((item, i) => [i ? separator : "", item]);

/* Why a ranked cause (`item`, one of `ranked`) ranks where it does: the clues of the paste it
 * matched, in words, each once (a line two patterns match is one reason). `node` is the node
 * the message names (null for none). */
export function reasons(words, reader, ranked, item, node) {
  const {clues, shape, opening, named} = item;
  const tells = key => ranked.some(r => r[key] !== ranked[0][key]);
  const why = [];
  for (const [kind, what] of clues) {
    if (kind === "node") why.push(say(words, "why_node", {node: code(what)}));
    if (kind === "leaf") why.push(say(words, "why_leaf"));
    if (kind === "code") why.push(say(words, "why_code", {line: code(what)}));
    if (kind === "pasted_code") why.push(say(words, "why_pasted_code", {line: code(what)}));
    if (kind === "message") why.push(say(words, "why_message", {text: code(what)}));
  }
  if (tells("shape") && shape > 0) why.push(say(words, "why_shape"));
  if (tells("opening") && opening === 1) why.push(say(words, "why_opening"));
  if (tells("named") && named && !clues.some(c => c[0] === "node")) {
    why.push(say(words, "why_named", {node: code(reader.forwardName(node))}));
  }
  return [...new Map(why.map(reason => [plain(reason), reason])).values()];
}

/* English's 1st, 2nd, 3rd, 4th (`{nth}` in the words; other languages say `{n}`). */
export function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({1: "st", 2: "nd", 3: "rd"})[n % 10] || "th";
  return `${n}${suffix}`;
}

/* `torch.cuda.HalfTensor`, `4, 128, 64, 64` -> its dtype, device, dimensions and elements
 * (counted in `locale`'s digits). */
export function tensorReading(words, locale, type, shape) {
  const [root, ...rest] = type.split(".");
  const dtype = DTYPES[rest.at(-1)?.replace(/Tensor$/, "")];
  const where = rest.slice(0, -1);
  const device = root !== "torch" ? null : where.includes("cuda") ? words.on_cuda : where.length === 0 ? words.on_cpu : null;
  const sizes = shape.split(",").map(s => s.trim()).filter(Boolean).map(Number);
  const count = sizes.reduce((a, b) => a * b, 1);
  const dims = sizes.length === 0 ? words.dims_zero : say(words, "dims", {
    dims: String(sizes.length), dimensions: words[sizes.length > 1 ? "dimensions" : "dimension"],
    count: count.toLocaleString(locale), elements: words[count === 1 ? "element" : "elements"],
  });
  const what = [dtype, where.includes("sparse") ? words.sparse : null, device].filter(Boolean).join(words.what_separator);
  const reduced = dtype === "float16" || dtype === "bfloat16" ? say(words, "reduced", {dtype}) : "";
  return [say(words, "tensor", {type: code(type), shape: code(`[${shape}]`), what: what ? say(words, "what", {what}) : "", dims}),
    reduced];
}

/* A node's other name: releases that print the forward op call `PowBackward0` `Pow`. */
function otherName(words, reader, node) {
  const forward = reader.forwardName(node);
  return forward === node ? [] : say(words, "other_name", {name: code(forward)});
}

/* What the message says, in the reader's terms: one item per detail (the tensors, shapes,
 * nodes and names it carries, indices counted from zero, the version counter's numbers, and
 * a leaf where the entry's message would name a node). */
export function readings(words, locale, reader, entry, pasted, form) {
  const items = [];
  const details = reader.details(pasted.message);
  const naming = reader.data.naming;
  for (const detail of details) {
    if (detail.kind === "tensor") items.push(tensorReading(words, locale, ...detail.groups));
    if (detail.kind === "size") items.push(say(words, "shape", {shape: code(`[${detail.groups[0]}]`)}));
    if (detail.kind === "output") {
      const [index, node] = detail.groups;
      const line = [say(words, "output", {node: code(node), index, grad_fn: code("grad_fn")}), otherName(words, reader, node)];
      if (naming.backward) {
        line.push(say(words, "naming", {
          backward: naming.backward, forward: naming.forward, suffix: code("Backward"), zero: code("0"),
          examples: joined(naming.examples.map(([b, f]) => [code(b), " → ", code(f)]), words.item_separator),
        }));
      }
      items.push(line);
    }
    if (detail.kind === "name") {
      const placeholder = reader.patterns.find(p => p.kind === "name" && p.regex.source === detail.source).placeholder;
      items.push(say(words, "name", {
        name: joined(detail.groups.map(code), words.item_separator), placeholder: code(placeholder.match(/<\w+>/)[0]),
      }));
    }
    if (detail.kind === "node") {
      items.push([say(words, "node", {node: code(detail.groups[0])}), otherName(words, reader, detail.groups[0])]);
    }
  }
  const versions = {};
  for (const detail of details.filter(d => d.kind === "n")) {
    const [, previous, word] = detail.before.match(/(?:(\w+) )?(\w+)\W*$/) || [];
    const value = Number(detail.groups[0]);
    if (word === "version") versions[previous] = value;
    if (word === "element" || word === "index") {
      items.push(say(words, "counts_from_zero", {what: code(`${word} ${value}`), n: String(value + 1), nth: ordinal(value + 1)}));
    }
  }
  if ("at" in versions && "expected" in versions) {
    const changes = versions.at - versions.expected;
    items.push([say(words, "versions", {expected: code(String(versions.expected)), at: code(String(versions.at)), changes: String(changes)}),
      versions.expected >= 10 ? words.versions_high : ""]);
  }
  if (entry.clauses.output && !form.split(" ").includes("output")) {
    items.push(say(words, "leaf", {clause: code(entry.clauses.output), grad_fn: code("grad_fn")}));
  }
  return items;
}
