// The browser entries must bundle for a browser: esbuild with platform "browser" cannot resolve Node built-ins
// (node:fs, http2, …), so one creeping into the import graph of `@cardrules/client` or `@cardrules/client/web`
// fails this build. The Node entry is bundled the same way to prove the check catches one.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { build, type BuildFailure, type Metafile } from "esbuild";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function bundleForBrowser(entry: string): Promise<Metafile> {
  const result = await build({
    // Imported by the package's own name, as a page would import it (package self-reference through "exports").
    stdin: { contents: `export * from ${JSON.stringify(entry)};`, resolveDir: PACKAGE, loader: "js" },
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return result.metafile;
}

for (const entry of ["@cardrules/client", "@cardrules/client/web"]) {
  test(`${entry} bundles for the browser with no Node built-ins`, async () => {
    const metafile = await bundleForBrowser(entry);
    const inputs = Object.keys(metafile.inputs);
    assert.ok(inputs.some((input) => input.endsWith("dist/cards.js")), inputs.join("\n"));
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    assert.deepEqual(
      imports.filter((path) => path.startsWith("node:")),
      [],
    );
  });
}

test("the Node entry does not bundle for the browser (the check above can fail)", async () => {
  await assert.rejects(bundleForBrowser("@cardrules/client/node"), (error: BuildFailure) =>
    error.errors.some((e) => /node:http2|node:fs/.test(e.text)),
  );
});
