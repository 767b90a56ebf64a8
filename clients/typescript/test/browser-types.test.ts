// A browser project type-checks against `@cardrules/client` and `@cardrules/client/web` without @types/node: the
// declarations of those entries name no Node module or global. A project outside the package imports it by name,
// with only the DOM and ES2022 libraries, and full checking of declaration files (skipLibCheck off). The Node
// entry is checked the same way to prove the check catches a Node type.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const project = mkdtempSync(join(tmpdir(), "cardrules-browser-types-"));
mkdirSync(join(project, "node_modules", "@cardrules"), { recursive: true });
symlinkSync(PACKAGE, join(project, "node_modules", "@cardrules", "client"), "dir");
after(() => rmSync(project, { recursive: true, force: true }));

// One program for the three entries (checking the libraries once takes seconds): errors are then told apart by
// the file they are in.
const ENTRIES = ["@cardrules/client", "@cardrules/client/web", "@cardrules/client/node"];
const files = ENTRIES.map((entry) => {
  const file = join(project, `${entry.replace(/\W/g, "_")}.ts`);
  writeFileSync(
    file,
    `import { InvalidArgumentError, type LiengClient, parseHand, RulesError } from ${JSON.stringify(entry)};\n` +
      `export async function score(lieng: LiengClient): Promise<string> {\n` +
      `  try {\n` +
      `    const answer = await lieng.scoreLieng({ hands: [parseHand("AC AD AH")] });\n` +
      `    return answer.scores[0]?.label?.en ?? "";\n` +
      `  } catch (error) {\n` +
      `    if (error instanceof InvalidArgumentError) return error.fieldViolations.map((v) => v.reason).join();\n` +
      `    return error instanceof RulesError ? error.codeName + (error.errorInfo?.domain ?? "") : String(error);\n` +
      `  }\n` +
      `}\n`,
  );
  return file;
});
const program = ts.createProgram(files, {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  strict: true,
  noEmit: true,
  skipLibCheck: false,
});
const errors = ts.getPreEmitDiagnostics(program).map((d) => ({
  file: d.file?.fileName ?? "",
  text: `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
}));

// The declarations only the Node entry loads (its transport, TLS files, the runner reading vectors from disk).
const NODE_ONLY = /[\\/]dist[\\/](node|node-transport|tls|runner|vectors)\.d\.ts$/;

test("the core and web entries type-check without @types/node", () => {
  assert.deepEqual(
    errors.filter((error) => !NODE_ONLY.test(error.file)).map((error) => error.text),
    [],
  );
});

test("the check catches Node types: the Node entry's declarations fail it", () => {
  assert.ok(
    errors.some((error) => NODE_ONLY.test(error.file) && /node:|http2|Buffer/.test(error.text)),
    errors.map((error) => error.text).join("\n"),
  );
});
