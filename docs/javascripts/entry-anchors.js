/* Links to the Error index from when it was one page (errors/#<entry id>, and
 * errors/#<entry id>--<snippet anchor> for what a fix changes) land on the entry's own page,
 * whose diffs keep those anchors. The index's lines say which entry each one links to
 * (data-entry, fieldguide/errors/page.py's index_markdown), and the ids it had before
 * (data-was). */

/* Where an old link's fragment (`#...`) leads: the address `lineFor(entry id)` gives (the
 * index line's link; null when no line is that entry's), with the fragment when it names a
 * diff on the entry's page. Null when it leads nowhere else. */
export function destination(hash, lineFor) {
  const anchor = decodeURIComponent(hash.slice(1));
  if (!anchor) return null;
  const [entry, within] = anchor.split("--");
  const href = lineFor(entry);
  return href ? href + (within ? `#${anchor}` : "") : null;
}

if (typeof document !== "undefined") {
  const to = destination(location.hash, entry =>
    document.querySelector(`a[data-entry="${CSS.escape(entry)}"], a[data-was~="${CSS.escape(entry)}"]`)?.href ?? null);
  if (to) location.replace(to);
}
