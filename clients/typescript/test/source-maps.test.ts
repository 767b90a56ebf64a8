// The package ships its source maps and what they point at: every `sourceMappingURL` in a packed .js or .d.ts
// names a packed map, and every source a packed map names is packed too (src/), so stack traces and "go to
// definition" reach the TypeScript sources in a user's node_modules.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function packedFiles(): Set<string> {
  const npm = process.env["npm_execpath"];
  const args = ["pack", "--dry-run", "--json", "--ignore-scripts"];
  const done =
    npm === undefined
      ? spawnSync("npm", args, { cwd: PACKAGE, encoding: "utf8" })
      : spawnSync(process.execPath, [npm, ...args], { cwd: PACKAGE, encoding: "utf8" });
  assert.equal(done.status, 0, done.stderr);
  const [packed] = JSON.parse(done.stdout) as { files: { path: string }[] }[];
  return new Set((packed?.files ?? []).map((file) => file.path));
}

test("every packed source map and every source it names is packed", () => {
  const files = packedFiles();
  const code = [...files].filter((file) => /\.(js|d\.ts)$/.test(file) && file.startsWith("dist/"));
  assert.ok(code.length > 20 && files.has("src/errors.ts"), [...files].join("\n"));
  const missing: string[] = [];
  for (const file of code) {
    const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(PACKAGE, file), "utf8"))?.[1];
    if (url === undefined) {
      continue; // e.g. the build stamp; a file without a map is allowed, a dangling reference is not
    }
    const map = posix.normalize(posix.join(posix.dirname(file), url));
    if (!files.has(map)) {
      missing.push(`${file} -> ${map}`);
      continue;
    }
    const { sources } = JSON.parse(readFileSync(join(PACKAGE, map), "utf8")) as { sources: string[] };
    for (const source of sources) {
      const path = posix.normalize(posix.join(posix.dirname(map), source));
      if (!files.has(path)) {
        missing.push(`${map} -> ${path}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});
