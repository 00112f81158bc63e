/* Elements built from text, never from HTML: what a reader pasted cannot become markup. */

import {isCode} from "./words.js";

/* What parts (words.js: text, elements, code() values, or lists of them) become on a page:
 * text and elements, code in <code>; null, undefined and false are left out. */
export function nodes(parts) {
  return [parts].flat(Infinity).filter(part => part !== null && part !== undefined && part !== false)
    .map(part => (isCode(part) ? el("code", {}, part.code) : part));
}

/* <tag attrs...>children</tag>, the children as nodes() makes them. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...nodes(children));
  return node;
}

/* Runs `init` on every page: Material's instant loading swaps pages without reloading
 * scripts, and announces each (document$); without it, once the page is parsed. Imported
 * outside a browser (the tests under Node), it runs nothing. */
export function onEachPage(init) {
  if (typeof document === "undefined") return;
  if (window.document$) window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
}
