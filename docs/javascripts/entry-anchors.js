/* Links to the Error index from when it was one page (errors/#<entry id>, and
 * errors/#<entry id>--<snippet anchor> for what a fix changes) land on the entry's own page,
 * whose diffs keep those anchors. The index's lines say which entry each one links to
 * (data-entry, fieldguide/errors/page.py's index_markdown), and the ids it had before
 * (data-was). */
(() => {
  const anchor = decodeURIComponent(location.hash.slice(1));
  if (!anchor) return;
  const [entry, within] = anchor.split("--");
  const line = document.querySelector(`a[data-entry="${CSS.escape(entry)}"], a[data-was~="${CSS.escape(entry)}"]`);
  if (line) location.replace(line.href + (within ? `#${anchor}` : ""));
})();
