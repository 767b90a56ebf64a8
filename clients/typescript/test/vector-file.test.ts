// parseVectors is what a browser page uses to read vector files it fetched: no file system involved.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseVectors } from "@cardrules/client";

test("one vector file's text becomes its cases, a bad case a problem", () => {
  const text = JSON.stringify({
    cases: [
      { name: "ok", service: "cardrules.v1.LiengService", method: "ScoreLieng", request: {}, expect: { error: { code: "INVALID_ARGUMENT" } } },
      { name: "no expect", service: "cardrules.v1.LiengService", method: "ScoreLieng", request: {} },
    ],
  });
  const { cases, problems } = parseVectors("lieng/x.json", text);
  assert.deepEqual(
    cases.map((c) => [c.file, c.name, c.expect.kind]),
    [["lieng/x.json", "ok", "error"]],
  );
  assert.deepEqual(
    problems.map((p) => [p.file, p.name]),
    [["lieng/x.json", "no expect"]],
  );
});

test("text that is not JSON, or has no cases list, is one problem for the file", () => {
  assert.deepEqual(parseVectors("a.json", "{nope").problems.map((p) => p.name), ["(file)"]);
  assert.match(parseVectors("b.json", "[]").problems[0]?.problem ?? "", /"cases" list/);
});
