/* What a reader types or pastes into Material's search box, searched as they mean it.
 *
 * Material's search reads a text in double quotes as a phrase whose every word must match,
 * stop words included, so a message Python prints in quotes (a KeyError's) finds nothing:
 * the quotes become spaces as the text is typed.
 *
 * Two things Material's search worker does to Chinese in a query make it miss pages that
 * have the words. The query it is sent is mended (searchable); the box keeps what the reader
 * typed.
 * - Chinese glued to ASCII (".backward()后grad为None", "训练过程中loss出现nan") stays one
 *   token, since the worker splits a query at spaces and at the search separator only, and
 *   one token with both finds nothing: the index has jieba's words, marked apart at build
 *   time. A space goes between a Han character and the ASCII one beside it (never beside
 *   + - * ~ ^ : ", which are query syntax).
 * - The worker cuts each run of Han characters into the index's words, but its loop never
 *   tries a word that ends the run, so the last character is dropped: 参数组 is searched as
 *   参数, 梯度累积 as 梯度, 用法 as 用 (every word that starts with 用). With the run's last
 *   character repeated, the dropped one is the copy. A single character is searched whole.
 *
 * A coupling no API promises (fieldguide/mkdocs_plugin.py lists it): Material has no hook for
 * the query, so the page's Worker.prototype.postMessage is wrapped, and the query is known by
 * the message Material's bundle posts to its search worker, { type: 2, data: "the text" }
 * (its SearchMessageType.QUERY). tests/test_private_api.py reads the installed Material's
 * bundle and worker, and Zensical's bundle, and fails when that message changes. Other
 * messages, and other workers' messages, pass unchanged. */

export const QUERY = 2; // Material's SearchMessageType.QUERY

const ASCII = String.raw`(?![+\-*~^:"])[!-~]`;
const GLUED = new RegExp(String.raw`(\p{Script=Han})(?=${ASCII})|(${ASCII})(?=\p{Script=Han})`, "gu");

/* A query as the worker finds what the reader means by it. */
export function searchable(query) {
  return query
    .replace(GLUED, "$1$2 ")
    .replace(/\p{Script=Han}{2,}/gu, run => run + run.slice(-1));
}

/* A message posted to a worker, with a Chinese query made searchable; any other as it is. */
export function mended(message) {
  if (message?.type === QUERY && typeof message.data === "string" && /\p{Script=Han}/u.test(message.data)) {
    return {...message, data: searchable(message.data)};
  }
  return message;
}

if (typeof document !== "undefined") {
  document.addEventListener("input", event => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.matches(".md-search__input") && field.value.includes('"')) {
      const at = field.selectionStart;
      field.value = field.value.replace(/"/g, " ");
      field.setSelectionRange(at, at);
    }
  }, true); // capturing: before Material's own handler reads the value

  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    return post.call(this, mended(message), ...rest);
  };
}
