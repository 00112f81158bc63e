/* Material's search reads a text in double quotes as a phrase whose every word must match,
 * stop words included, so a message Python prints in quotes (a KeyError's) finds nothing.
 * What a reader types or pastes into the search box is searched as words. */
document.addEventListener("input", event => {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.matches(".md-search__input") && field.value.includes('"')) {
    const at = field.selectionStart;
    field.value = field.value.replace(/"/g, " ");
    field.setSelectionRange(at, at);
  }
}, true);  // capturing: before Material's own handler reads the value

/* Two things Material's search worker does to Chinese in a query make it miss pages that
 * have the words. The query it is sent is mended; the box keeps what the reader typed.
 * - Chinese glued to ASCII (".backward()后grad为None", "训练过程中loss出现nan") stays one
 *   token, since the worker splits a query at spaces and at the search separator only, and
 *   one token with both finds nothing: the index has jieba's words, marked apart at build
 *   time. A space goes between a Han character and the ASCII one beside it (never beside
 *   + - * ~ ^ : ", which are query syntax).
 * - The worker cuts each run of Han characters into the index's words, but its loop never
 *   tries a word that ends the run, so the last character is dropped: 参数组 is searched as
 *   参数, 梯度累积 as 梯度, 用法 as 用 (every word that starts with 用). With the run's last
 *   character repeated, the dropped one is the copy. A single character is searched whole.
 * Material posts the query as { type: 2, data: "the text" } (its SearchMessageType.QUERY);
 * other messages, and other workers' messages, pass unchanged. */
(() => {
  const ASCII = String.raw`(?![+\-*~^:"])[!-~]`;
  const GLUED = new RegExp(String.raw`(\p{Script=Han})(?=${ASCII})|(${ASCII})(?=\p{Script=Han})`, "gu");

  function searchable(query) {
    return query
      .replace(GLUED, "$1$2 ")
      .replace(/\p{Script=Han}{2,}/gu, run => run + run.slice(-1));
  }

  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.type === 2 && typeof message.data === "string" && /\p{Script=Han}/u.test(message.data))
      message = { ...message, data: searchable(message.data) };
    return post.call(this, message, ...rest);
  };
})();
