// docs/javascripts/paste-reader.js under Node, for the fast tests (tests/paste_reader.py):
// reads {"data": <the paste box's data>, "pastes": [text, ...]} on stdin and writes, for
// each paste, what the box would answer with, as JSON; or reads {"calls": [[name, ...args]]}
// and writes what each of the script's functions returns.
"use strict";
const reading = require("../docs/javascripts/paste-reader.js");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", chunk => { input += chunk; });
process.stdin.on("end", () => {
  const {data, pastes, calls} = JSON.parse(input);
  if (calls) {
    process.stdout.write(JSON.stringify(calls.map(([name, ...args]) => reading[name](...args))));
    return;
  }
  const reader = new reading.Reader(data);
  const readings = pastes.map(text => {
    const result = reader.read(text);
    if (!result) return null;
    const {pasted, found, ranked} = result;
    return {
      category: pasted.category,
      message: pasted.message,
      code: result.code,
      score: result.score,
      entry: found ? found.entry.id : null,
      worded: result.worded ?? null,
      releases: result.template ? result.template.releases : null,
      causes: (ranked || []).map(({cause, clues, fits, close}) => ({
        mechanism: cause.mechanism, text: cause.text, fix: cause.fix, tell: cause.tell, clues, fits, close: Boolean(close),
        pairs: cause.pairs.map(p => ({snippet: p.snippet, url: p.url, fix: p.fix, fixUrl: p.fixUrl, diff: p.diff.length})),
        notShown: cause.notShown, reports: cause.reports.length,
      })),
    };
  });
  process.stdout.write(JSON.stringify(readings));
});
