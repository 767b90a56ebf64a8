// Copies the repository's round records next to the pages, so that history.html?vector=sam_loc/replay.json and
// history.html?record=dist/hand-history/sam-loc.json can fetch them from the same origin:
// tests/vectors/{sam_loc,lieng}/*.json into dist/vectors/, docs/hand-history/*.json into dist/hand-history/.
import { cpSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const example = join(dirname(fileURLToPath(import.meta.url)), "..");
const repository = join(example, "..", "..", "..", "..");
const vectors = join(repository, "tests", "vectors");
for (const game of ["sam_loc", "lieng"]) {
  cpSync(join(vectors, game), join(example, "dist", "vectors", game), { recursive: true });
}
cpSync(join(repository, "docs", "hand-history"), join(example, "dist", "hand-history"), { recursive: true });
