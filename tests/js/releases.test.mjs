import assert from "node:assert/strict";
import {test} from "node:test";

import {NEWEST, minorOf, parts, releasesOf, resolve} from "../../docs/javascripts/releases.js";

const RELEASES = ["1.13.1", "2.0.1", "2.1.0", "2.1.2", "2.9.1", "2.10.0"];

test("parts reads release numbers as readers write them", () => {
  assert.deepEqual(parts("2.1.2"), [2, 1, 2]);
  assert.deepEqual(parts(" v2.1 "), [2, 1]);
  assert.deepEqual(parts("2.1.2+cu121"), [2, 1, 2]);
  for (const none of ["2", "latest", "2.1.2.3", "2.x", ""]) assert.equal(parts(none), null, none);
  assert.equal(minorOf("2.10.0"), "2.10");
});

test("a recorded release, and newest, pick themselves", () => {
  assert.deepEqual(resolve("2.1.0", RELEASES), {release: "2.1.0"});
  for (const asked of [NEWEST, "", null]) assert.deepEqual(resolve(asked, RELEASES), {release: NEWEST});
});

test("a minor picks its newest recorded release, and says nothing", () => {
  assert.deepEqual(resolve("2.1", RELEASES), {release: "2.1.2"});
  assert.deepEqual(resolve("2.10", RELEASES), {release: "2.10.0"});
});

test("another release picks the nearest recorded one, and says so", () => {
  // its own minor's newest first; else the nearest by number (2.9 is nearer 2.10 than 2.1)
  assert.deepEqual(resolve("2.1.9", RELEASES), {release: "2.1.2", note: ["picker_nearest", {asked: "2.1.9", release: "2.1.2"}]});
  assert.equal(resolve("2.8", RELEASES).release, "2.9.1");
  assert.equal(resolve("1.12", RELEASES).release, "1.13.1");
  assert.equal(resolve("9.1", RELEASES).release, "2.10.0");
  assert.equal(resolve("v2.0.1", RELEASES).release, "2.0.1");
});

test("what is no release number picks nothing, and says so", () => {
  assert.deepEqual(resolve("soon", RELEASES), {release: null, note: ["picker_invalid", {asked: "soon"}]});
});

test("releasesOf reads a node's data-releases", () => {
  assert.deepEqual(releasesOf({dataset: {releases: "2.0.1 2.1.2"}}), ["2.0.1", "2.1.2"]);
  assert.deepEqual(releasesOf({dataset: {}}), []);
  assert.deepEqual(releasesOf(null), []);
});
