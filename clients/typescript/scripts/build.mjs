// `npm run build`: dist/ holds the ES modules with their declarations and source maps (tsc, which also type-checks),
// dist/cjs/ the CommonJS build of the same sources for `require` (esbuild, which only transpiles: tsc has already
// checked them), with a copy of the declarations, which describe both builds alike.
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
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
await build({
  entryPoints: sources,
  outbase: SRC,
  outdir: CJS,
  format: "cjs",
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
  logLevel: "warning",
});
for (const source of sources) {
  const declaration = source.slice(SRC.length + 1).replace(/\.ts$/, ".d.ts");
  await mkdir(dirname(join(CJS, declaration)), { recursive: true });
  await copyFile(join(DIST, declaration), join(CJS, declaration));
}
await writeFile(join(CJS, "package.json"), '{ "type": "commonjs" }\n');
