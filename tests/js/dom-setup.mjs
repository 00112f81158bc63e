// A page for the DOM modules' tests: happy-dom's window, its globals where the modules look
// for them, and Material's document$ as the modules' way in: a module subscribes once, when
// it is imported, and each page() is then announced to it as Material announces a page.
import {Window} from "happy-dom";

const subscribers = [];

export function page(url, body, {fetched = {}} = {}) {
  const window = new Window({url});
  window.document$ = {subscribe: init => subscribers.push(init)};
  window.document.body.innerHTML = body;
  for (const name of ["window", "document", "location", "localStorage", "history", "HTMLInputElement", "CSS", "Event", "CustomEvent"]) {
    globalThis[name] = name === "window" ? window : window[name];
  }
  globalThis.fetch = async address => {
    const url = new URL(address, window.location.href).pathname;
    const found = Object.entries(fetched).find(([path]) => url.endsWith(path));
    return found ? {ok: true, status: 200, json: async () => structuredClone(found[1])} : {ok: false, status: 404};
  };
  /* Runs what the modules subscribed (their init), as Material does on each page. */
  const announce = () => subscribers.forEach(init => init());
  return {window, document: window.document, announce};
}

/* Until `check` holds (what a fetch brings comes later), or fails after `ms`. */
export async function until(check, ms = 2000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not so after ${ms} ms: ${check}`);
    await new Promise(resolve => setTimeout(resolve, 5));
  }
}
