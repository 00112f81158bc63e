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
