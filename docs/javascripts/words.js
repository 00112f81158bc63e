/* An edition's words with their blanks filled in: the one rule every module fills them by.
 * The build writes the words (fieldguide/translations.py, data/translations/); `{name}` marks
 * a blank, as Python's str.format and the terminal tool (explain/autograd_fieldguide/
 * diagnosis.py) read it; tests/test_js_parity.py fills every word of every edition both ways. */

/* A value to show as code: in <code> on a page (dom.js), in backticks as text. */
export const code = text => ({code: String(text)});
export const isCode = value => typeof value === "object" && value !== null && "code" in value;

/* The words `key` as a list of parts, each {name} replaced by values[name] (text, code(),
 * an element, or a list of those). */
export function say(words, key, values = {}) {
  if (!(key in words)) throw new Error(`no words "${key}"`);
  return words[key].split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] : part));
}

/* Parts as text, code in backticks (as the terminal tool writes it). */
export function plain(parts) {
  if (parts === null || parts === undefined || parts === false) return "";
  if (Array.isArray(parts)) return parts.map(plain).join("");
  return isCode(parts) ? `\`${parts.code}\`` : String(parts);
}

/* The words `key` filled in, as text. */
export const sayText = (words, key, values) => plain(say(words, key, values));
