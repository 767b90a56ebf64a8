// `npm run build`: dist/ holds the ES modules with their declarations and source maps (tsc, which also type-checks),
// dist/cjs/ the CommonJS build of the same sources for `require` (esbuild, which only transpiles: tsc has already
// checked them), with a copy of the declarations, which describe both builds alike.
import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(PACKAGE, "src");
const DIST = join(PACKAGE, "dist");
const CJS = join(DIST, "cjs");
// The command-line runner is ES modules only.
const ESM_ONLY = new Set(["conformance.ts"]);

const tsc = createRequire(join(PACKAGE, "package.json")).resolve("typescript/bin/tsc");
const checked = spawnSync(process.execPath, [tsc, "-p", join(PACKAGE, "tsconfig.json")], { stdio: "inherit" });
if (checked.status !== 0) {
  process.exit(checked.status ?? 1);
}

const sources = (await readdir(SRC, { recursive: true }))
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !ESM_ONLY.has(file))
  .map((file) => join(SRC, file));
const { outputFiles } = await build({
  entryPoints: sources,
  outbase: SRC,
  outdir: CJS,
  format: "cjs",
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
  logLevel: "warning",
  write: false,
});
for (const output of outputFiles) {
  await writeIfChanged(output.path, output.contents);
}
for (const source of sources) {
  const declaration = source.slice(SRC.length + 1).replace(/\.ts$/, ".d.ts");
  // The copy points at the ES build's declaration map (whose sources are relative to the map itself), so
  // "go to definition" from either build lands in src/.
  const copy = join(CJS, declaration);
  const map = relative(dirname(copy), join(DIST, `${declaration}.map`)).split(sep).join("/");
  const text = (await readFile(join(DIST, declaration), "utf8")).replace(
    /\/\/# sourceMappingURL=\S+\s*$/,
    `//# sourceMappingURL=${map}\n`,
  );
  await writeIfChanged(copy, text);
}
// Written last, and always (atomically): prepare.mjs takes its time as the mark of a complete, current build.
await writeFile(join(CJS, "package.json.tmp"), '{ "type": "commonjs" }\n');
await rename(join(CJS, "package.json.tmp"), join(CJS, "package.json"));

// Like tsc's incremental build, an unchanged file is not rewritten, so a process reading dist/ while the package
// is rebuilt (the test suite runs in parallel) never sees a half-written file.
async function writeIfChanged(path, contents) {
  const bytes = typeof contents === "string" ? Buffer.from(contents) : Buffer.from(contents);
  const old = await readFile(path).catch(() => undefined);
  if (old !== undefined && old.equals(bytes)) {
    return;
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}
