// bytecode.py's helper: byte-compile the site's Python with the site's own Pyodide, under Node.
//
//     node buildsite/bytecode.mjs JOB.json
//
// A browser's Pyodide compiles every module from source on each visit, in each interpreter
// (the page's and the solver worker's): seconds of a cold start. Bytecode made here, by the
// very Pyodide the site ships (same Python, same magic number), is loaded instead.
//
// JOB.json (written by bytecode.py):
//   pyodide   the folder of pyodide.mjs (node_modules/pyodide)
//   root      a folder of sources; each of `files` gets __pycache__/<name>.cpython-3XX.pyc
//             beside it, hash-based (no timestamps): "unchecked" when the bytecode travels in
//             the same archive as its source (it cannot be stale), "checked" when the source
//             is served apart (the import compares the source's hash and falls back to it)
//   files     [[path relative to root, "checked" | "unchecked"], ...]
//   stdlib    optional [source zip, target zip]: Pyodide's standard library with each module
//             as .pyc only, as Pyodide's own py-compiled distribution ships it; a file that
//             does not compile keeps its source
// Prints one line of JSON: {"python", "cache_tag", "files", "stdlib"} (counts); on failure
// a message on stderr and exit status 1.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const COMPILE = `
import importlib.util, json, py_compile, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

job = json.loads(JOB)
modes = {
    "checked": py_compile.PycInvalidationMode.CHECKED_HASH,
    "unchecked": py_compile.PycInvalidationMode.UNCHECKED_HASH,
}
for name, mode in job["files"]:
    # dfile: the name in tracebacks until the import fixes it to the module's real path.
    try:
        py_compile.compile(f"/job/{name}", dfile=name, doraise=True, invalidation_mode=modes[mode])
    except py_compile.PyCompileError as exc:
        raise RuntimeError(f"{name} does not compile: {exc.exc_type_name}: {exc.exc_value}")

stdlib = 0
if job.get("stdlib"):
    # Where Pyodide mounts its standard library: the modules' paths in tracebacks.
    archive = next(p for p in sys.path if p.endswith(".zip"))
    with zipfile.ZipFile("/stdlib-in.zip") as zin, zipfile.ZipFile(
        "/stdlib-out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9
    ) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                try:
                    code = compile(data, f"{archive}/{info.filename}", "exec", dont_inherit=True)
                except (SyntaxError, ValueError):
                    pass  # kept as source: the import says what is wrong, as before
                else:
                    data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
                    info = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                    stdlib += 1
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)
json.dumps({"python": sys.version.split()[0], "cache_tag": sys.implementation.cache_tag,
            "files": len(job["files"]), "stdlib": stdlib})
`;

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf-8"));
  const runtime = path.join(job.pyodide, "pyodide.mjs");
  const { loadPyodide } = await import(pathToFileURL(runtime).href);
  const pyodide = await loadPyodide({ indexURL: job.pyodide + path.sep });
  pyodide.FS.mkdirTree("/job");
  pyodide.mountNodeFS("/job", path.resolve(job.root));
  if (job.stdlib) pyodide.FS.writeFile("/stdlib-in.zip", fs.readFileSync(job.stdlib[0]));
  pyodide.globals.set("JOB", JSON.stringify(job));
  const report = pyodide.runPython(COMPILE);
  if (job.stdlib) fs.writeFileSync(job.stdlib[1], pyodide.FS.readFile("/stdlib-out.zip"));
  console.log(report);
}

main().catch((error) => {
  // A Python error's message ends with its last line ("SyntaxError: ..."): that line is
  // the one the build shows (bytecode.py).
  const lines = String(error?.message ?? error).trim().split("\n");
  console.error(lines[lines.length - 1]);
  process.exit(1);
});
