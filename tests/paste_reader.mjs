// docs/javascripts/paste-reader.js under Node, for the fast tests (tests/paste_reader.py):
// reads {"data": <the paste box's data>, "pastes": [text, ...]} on stdin and writes, for
// each paste, what the box would answer with, as JSON (with "reasons": true, also why its
// first cause ranks first, in the data's words, as text: diagnosis.js's reasons); or reads
// {"calls": [[name, ...args]]} and writes what each of the module's functions returns.
import {reasons} from "../docs/javascripts/diagnosis.js";
import * as reading from "../docs/javascripts/paste-reader.js";
import {plain} from "../docs/javascripts/words.js";

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", chunk => { input += chunk; });
process.stdin.on("end", () => {
  const {data, pastes, calls, reasons: withReasons} = JSON.parse(input);
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
      library: result.template ? result.template.library || "" : null,
      causes: (ranked || []).map(({cause, clues, fits, close, row, score, shape, opening, named}) => ({
        mechanism: cause.mechanism, text: cause.text, fix: cause.fix, tell: cause.tell, clues, fits, close: Boolean(close),
        pairs: cause.pairs.map(p => ({snippet: p.snippet, url: p.url, fix: p.fix, fixUrl: p.fixUrl, diff: p.diff.length})),
        notShown: cause.notShown, reports: cause.reports.length,
        // the rest of the ranking, for the Python port's parity test (tests/test_reader_parity.py)
        row, rankScore: score, shape, opening, named,
      })),
      // the rest of the reading, for the Python port's parity test
      line: pasted.line, warning: pasted.warning, indented: pasted.indented,
      form: found ? found.form : null, templated: found ? found.text : null, named: found ? found.named : null,
      seen: found ? found.seen : null, matched: found ? found.template.text : null,
      template: result.template ? result.template.text : null, node: result.node ?? null,
      details: reader.details(pasted.message),
      ...(withReasons && ranked ? {reasons: reasons(data.words, reader, ranked, ranked[0], result.node).map(plain)} : {}),
    };
  });
  process.stdout.write(JSON.stringify(readings));
});
