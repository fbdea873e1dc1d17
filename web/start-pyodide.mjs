// The site's Pyodide, started from the build's memory snapshot (snapshot.mjs): PyScript's
// "interpreter" for the page and the solver worker when the build made one (pyscript.json).
// It copies into memory a Python already started, with the standard library modules the
// page imports, instead of running that start-up in each interpreter on each visit.
//
// Built beside pyodide.mjs (build.py copies it into pyodide/), so that PyScript, which looks
// for Pyodide's files in the interpreter's folder, finds them. Where the snapshot cannot be
// had or used, Pyodide starts as it would without it, and the console says why;
// globalThis.npuzzleStart says which start it was ("snapshot" or "plain").

import { loadPyodide as startPyodide, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = new URL("./snapshot.gz", import.meta.url);

// The build's Python drew from a fixed random source (snapshot.mjs): random is seeded
// again here, so that every visit's random boards differ. (Local time is read from the
// browser on each call; the hash seed is the build's, which nothing here depends on.)
const AFRESH = `
import sys
if "random" in sys.modules:
    sys.modules["random"].seed()
`;

async function snapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // gzip's magic number; without it, the host has already unzipped it (Content-Encoding).
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  try {
    const pyodide = await startPyodide({ ...options, _loadSnapshot: snapshot() });
    const scope = pyodide.toPy({}); // not __main__'s: the page's scripts run there
    pyodide.runPython(AFRESH, { globals: scope });
    scope.destroy();
    globalThis.npuzzleStart = "snapshot";
    return pyodide;
  } catch (error) {
    console.warn(`npuzzle: Pyodide starts without its snapshot: ${error}`);
    globalThis.npuzzleStart = "plain";
    return startPyodide(options);
  }
}
