// `prepack`: build dist/ whenever npm packs this package — `npm pack /path/to/clients/typescript` from another
// project included, where this folder may be a fresh clone without its build tools (TypeScript, esbuild): install
// them here first, into this package's own node_modules, then build. An up-to-date dist/ is left as it is.
// It is `prepack`, not `prepare`, so that installing the packed tarball, or linking this folder once it is built,
// runs no install script: npm 11 warns about every dependency with one (`npm install-scripts`).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.env.npm_execpath;

function run(args) {
  // The outer command's own settings (--global, --prefix, --omit=dev, --install-links …) reach us as npm_config_*
  // variables and are not meant for this install; the network and cache settings are.
  const keep = /^npm_config_(registry|cache|prefer_offline|offline|userconfig|globalconfig|proxy|https_proxy|noproxy|strict_ssl|cafile|ca|fetch_.*)$/i;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k) || keep.test(k)));
  const command = npm === undefined ? ["npm", args] : [process.execPath, [npm, ...args]];
  const done = spawnSync(command[0], command[1], { cwd: PACKAGE, env, stdio: "inherit" });
  if (done.status !== 0) {
    process.exit(done.status ?? 1);
  }
}

function hasBuildTools() {
  try {
    const require = createRequire(join(PACKAGE, "package.json"));
    require.resolve("typescript/package.json");
    require.resolve("esbuild/package.json");
    return true;
  } catch {
    return false;
  }
}

// The build writes dist/cjs/package.json last: when it is newer than every input, dist/ is complete and current.
function upToDate() {
  const stamp = join(PACKAGE, "dist", "cjs", "package.json");
  let built;
  try {
    built = statSync(stamp).mtimeMs;
  } catch {
    return false;
  }
  const sources = readdirSync(join(PACKAGE, "src"), { recursive: true }).map((file) => join("src", file));
  const inputs = [...sources, "package.json", "package-lock.json", "tsconfig.json", "scripts/build.mjs"];
  return inputs.every((input) => statSync(join(PACKAGE, input)).mtimeMs < built);
}

if (upToDate()) {
  console.log("@cardrules/client: dist/ is up to date");
  process.exit(0);
}
if (!hasBuildTools()) {
  run(["install", "--include=dev", "--ignore-scripts", "--no-save", "--no-audit", "--no-fund"]);
}
run(["run", "build"]);
