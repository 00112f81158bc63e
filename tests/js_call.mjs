// A module of docs/javascripts/ under Node, for the Python tests (tests/js_call.py): reads
//   {"module": "upgrade.js", "first": <optional>, "calls": [[name, ...args], ...]}
// on stdin and writes, as JSON, what each exported function returns, called with `first`
// (when given) before its own arguments: the data many calls share travels once. With
// "construct": "Reader", the calls are methods of one `new Reader(first)` instead.
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const {module, construct, first, calls} = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const exported = await import(new URL(`../docs/javascripts/${module}`, import.meta.url));
let call;
if (construct) {
  const instance = new exported[construct](first);
  call = ([name, ...args]) => instance[name](...args);
} else {
  const shared = first === undefined ? [] : [first];
  call = ([name, ...args]) => exported[name](...shared, ...args);
}
process.stdout.write(JSON.stringify(calls.map(call)));
