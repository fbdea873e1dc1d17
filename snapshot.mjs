// build.py's helper: a memory snapshot of the site's Pyodide, started and with the standard
// library modules the page imports already imported, for web/start-pyodide.mjs to start from.
//
//     node snapshot.mjs JOB.json
//
// Each interpreter of the page (the main thread's and the solver worker's) spends most of its
// start running Python's own start-up and importing modules; from a snapshot it copies memory
// instead (README, "Opening at once"). The snapshot holds the standard library alone: npuzzle
// and the page's modules come from the files of the same build, as before, so that a visit
// that gets files of two builds while one is published never runs old package code.
//
// JOB.json (written by build.py):
//   pyodide   the built site's Pyodide folder (pyodide.mjs and its compiled standard library)
//   scan      Python files whose imports are looked for (the page's, PyScript's own)
//   out       where to write the snapshot, gzipped
// Prints one line of JSON: {"modules", "bytes", "stored"}; on failure a message on stderr
// and exit status 1.
//
// The same inputs give the same bytes, so that a build's stamp (the service worker's cache
// name) changes only with what it ships: the clock and the random source seen by Pyodide
// here are fixed. The page reseeds what Python drew from them (web/start-pyodide.mjs).

import fs from "node:fs";
import nodeCrypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const IMPORT = `
import ast, importlib, json, sys

names = set()
for name, text in json.loads(SOURCES).items():
    for node in ast.walk(ast.parse(text, name)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            # "from package import module" imports a module too
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
imported = 0
for name in sorted(names):
    if name.split(".")[0] not in sys.stdlib_module_names:
        continue
    try:
        importlib.import_module(name)
    except ImportError:
        continue  # a function or class named in a from-import, or not in Pyodide
    imported += 1
imported
`;

// A fixed random source and clock (see above): a linear congruential sequence, a steady tick.
function fixEntropyAndTime() {
  let state = 1;
  nodeCrypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      bytes[i] = state >>> 24;
    }
    return view;
  };
  let tick = 0;
  Date.now = () => 1e12;
  performance.now = () => (tick += 1);
}

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf-8"));
  fixEntropyAndTime();
  const runtime = path.join(job.pyodide, "pyodide.mjs");
  const { loadPyodide } = await import(pathToFileURL(runtime).href);
  const pyodide = await loadPyodide({
    indexURL: job.pyodide + path.sep,
    _makeSnapshot: true,
    // What the browser's Pyodide says (Node's would name this script).
    _sysExecutable: "/home/pyodide/this.program",
  });
  // Run in a namespace of its own, dropped after: the page's __main__ starts empty.
  const scope = pyodide.toPy({});
  // Named without their folders: where the build is made must not change the bytes.
  const sources = Object.fromEntries(
    job.scan.map((name, i) => [`${i}/${path.basename(name)}`, fs.readFileSync(name, "utf-8")]),
  );
  scope.set("SOURCES", JSON.stringify(sources));
  const modules = pyodide.runPython(IMPORT, { globals: scope });
  scope.destroy();
  const snapshot = pyodide.makeMemorySnapshot();
  const stored = zlib.gzipSync(snapshot, { level: 9 });
  fs.writeFileSync(job.out, stored);
  console.log(JSON.stringify({ modules, bytes: snapshot.length, stored: stored.length }));
}

main().catch((error) => {
  const lines = String(error?.message ?? error).trim().split("\n");
  console.error(lines[lines.length - 1]);
  process.exit(1);
});
