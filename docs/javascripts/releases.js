/* Release numbers as a reader gives them (`?torch=2.1.2`, `?torch=2.1`, the upgrade view's
 * `?from=`) and which recorded release each picks. The recorded releases come from the
 * build, oldest first (fieldguide/picker.py); a minor here is the one Python's
 * fieldguide/releases.py reads (tests/test_js_parity.py checks every recorded release). */

export const NEWEST = "newest"; // the picker's default: whichever release is newest

/* "2.1.2" -> [2, 1, 2]; "2.1" -> [2, 1]; a leading "v" and a local part ("+cu121") left
 * out; null when it is no release number. */
export function parts(version) {
  const found = String(version).trim().replace(/^v/i, "").replace(/\+.*$/, "");
  return /^\d+\.\d+(?:\.\d+)?$/.test(found) ? found.split(".").map(Number) : null;
}

export const minorOf = version => parts(version).slice(0, 2).join(".");

/* Where a release number sits on one line of numbers, to tell how far apart two are. */
const place = ([major, minor, patch = 0]) => major * 1e6 + minor * 1e3 + patch;

/* What `asked` picks among `releases` (recorded, oldest first): {release} for "newest"
 * (or nothing asked), a recorded release, or a recorded minor (its newest release); for any
 * other release number the nearest recorded one, with `note` ["picker_nearest", values] to
 * say so; for what is no release number, release null and note ["picker_invalid", values]. */
export function resolve(asked, releases) {
  const newest = releases[releases.length - 1];
  if (!asked || asked === NEWEST) return {release: NEWEST};
  if (releases.includes(asked)) return {release: asked};
  const wanted = parts(asked);
  if (!wanted) return {release: null, note: ["picker_invalid", {asked}]};
  const sameMinor = releases.filter(r => minorOf(r) === wanted.slice(0, 2).join("."));
  if (wanted.length === 2 && sameMinor.length) return {release: sameMinor[sameMinor.length - 1]};
  let nearest = sameMinor[sameMinor.length - 1];
  if (!nearest) {
    const distance = r => Math.abs(place(parts(r)) - place(wanted));
    nearest = releases.reduce((best, r) => (distance(r) < distance(best) ? r : best), newest);
  }
  return {release: nearest, note: ["picker_nearest", {asked, release: nearest}]};
}

/* The releases a node's `data-releases` lists (the build writes them on outputs, messages
 * and quotes: fieldguide/render.py, errors/page.py, macros.py). */
export const releasesOf = node => (node?.dataset.releases || "").split(" ").filter(Boolean);
