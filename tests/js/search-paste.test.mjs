import assert from "node:assert/strict";
import {test} from "node:test";

import {QUERY, mended, searchable} from "../../docs/javascripts/search-paste.js";

test("Chinese glued to ASCII is split apart, never beside query syntax", () => {
  assert.equal(searchable("no_grad和inference_mode"), "no_grad 和 inference_mode");
  assert.equal(searchable(".backward()后grad为None"), ".backward() 后 grad 为 None");
  assert.equal(searchable("+梯度 -累积 梯度:x"), "+梯度度 -累积积 梯度度:x");
});

test("a run of Chinese keeps its last character, a single one stays whole", () => {
  assert.equal(searchable("参数组"), "参数组组");
  assert.equal(searchable("用"), "用");
  assert.equal(searchable("loss nan"), "loss nan");
});

test("only a Chinese query to the search worker is mended", () => {
  assert.deepEqual(mended({type: QUERY, data: "参数组"}), {type: QUERY, data: "参数组组"});
  const english = {type: QUERY, data: "grad is None"};
  assert.equal(mended(english), english);
  const setup = {type: 0, data: {config: {}}};
  assert.equal(mended(setup), setup);
  assert.equal(mended("参数组"), "参数组");
  assert.equal(mended(null), null);
});
