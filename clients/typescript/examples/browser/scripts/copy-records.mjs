// Copies the repository's round records next to the pages, so that history.html?vector=sam_loc/replay.json can
// fetch them from the same origin: tests/vectors/{sam_loc,lieng}/*.json into dist/vectors/.
import { cpSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const example = join(dirname(fileURLToPath(import.meta.url)), "..");
const vectors = join(example, "..", "..", "..", "..", "tests", "vectors");
for (const game of ["sam_loc", "lieng"]) {
  cpSync(join(vectors, game), join(example, "dist", "vectors", game), { recursive: true });
}
