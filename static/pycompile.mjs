// Runs static/pycompile.py inside Pyodide under Node: node pycompile.mjs PYODIDE_DIR WORK JOBS
// PYODIDE_DIR holds Pyodide's npm package; WORK is mounted at /work; JOBS is a JSON file of
// [kind, source, target] with paths under /work. Called by static/build.py.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, work, jobsFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
py.FS.mkdir("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
py.globals.set("JOBS", py.toPy(JSON.parse(readFileSync(jobsFile, "utf8"))));
const script = readFileSync(new URL("./pycompile.py", import.meta.url), "utf8");
py.runPython(script, { filename: "pycompile.py" });
