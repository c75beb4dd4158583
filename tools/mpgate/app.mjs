// The whole-app run on MicroPython's WebAssembly port: the bundle's files (unpacked), the
// stand-ins of CircuitPython's C modules and tools/app/driver.py are written to the port's
// file system, and the app is driven one frame per call from here.
//
// When the heap is read: this port's gc.collect() does not collect. It marks a collection
// as pending, and the collection runs only at the boundary of an outermost call from
// JavaScript (ports/webassembly/main.c, gc_collect_top_level: there no root pointer hides
// in Wasm locals the collector cannot scan); an allocation past gc.threshold() (16 KB
// since the last collection) marks one too. So a gc.collect() and a gc.mem_alloc() in one
// call read the heap before the collection, garbage included (tests/test_heap_reading.py
// shows it on the port). The live heap is read as `collect()` in one call and
// `gc.mem_alloc()` in the next. After every frame the
// driver says may have changed something, this reads the heap as the frame left it
// (everything it allocated, garbage included: the frame's peak), then the live heap so;
// the largest single allocation is read from micropython.mem_info()'s "max blk sz" before
// each collection.
//
// BASE, the heap the app's figures are relative to, is read the same way after every
// stand-in module is imported (they are C modules on the device, in no heap: only the
// objects the app makes from them count), the driver and the key script loaded. The
// interned names the pool holds then are the harness's (printed as NAMES-BASE, a JSON list);
// the pool at the end is printed as NAMES-END (in the order the names were added), for
// tools/app/heap.py to tell the app's names from the harness's.
//
// Prints the driver's lines (see driver.py) and, at the end, LARGEST (the largest block
// seen, and the largest before the app started).
//
// usage: node tools/mpgate/app.mjs --folder DIR --paths A:B:.. [--heap BYTES]
//                                  [--nvm FILE --stop N] -- SCRIPT [random COUNT SEED]
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const options = split >= 0 ? argv.slice(0, split) : argv;
const rest = split >= 0 ? argv.slice(split + 1) : [];
function option(name, fallback) {
  const i = options.indexOf(name);
  return i >= 0 && i + 1 < options.length ? options[i + 1] : fallback;
}
const here = path.dirname(url.fileURLToPath(import.meta.url));
const driverFile = path.join(here, "..", "app", "driver.py");
const folder = option("--folder");
const standins = option("--paths", "").split(":").filter((p) => p);
const heap = parseInt(option("--heap", String(160 * 1024)), 10);
const nvmFile = option("--nvm", "");
const stop = parseInt(option("--stop", "0"), 10);
const [script, mode, count, seed] = rest;
if (!folder || !script) {
  console.error("usage: node tools/mpgate/app.mjs --folder DIR --paths A:B -- SCRIPT [random COUNT SEED]");
  process.exit(2);
}

// Text between \x01 and \x02 is micropython.mem_info()'s report, kept from stdout.
let captured = "";
let capturing = false;
let capturingAll = false; // namesNow(): everything (the pool holds the names "\x01", "\x02")
const decoder = new TextDecoder();
const mp = await loadMicroPython({
  heapsize: heap,
  linebuffer: false,
  stdout: (bytes) => {
    if (capturingAll) {
      captured += decoder.decode(bytes);
      return;
    }
    for (const ch of decoder.decode(bytes)) {
      if (ch === "\x01") capturing = true;
      else if (ch === "\x02") capturing = false;
      else if (capturing) captured += ch;
      else process.stdout.write(ch);
    }
  },
  stderr: (bytes) => process.stdout.write(decoder.decode(bytes)),
});

// The bundle's .mpy files carry CircuitPython's magic byte, 'C' (tools/bundle.py writes it
// over mpy-cross's 'M'); this port loads MicroPython's. Everything after it is the file
// the device gets, byte for byte.
function loadable(name, content) {
  if (name.endsWith(".mpy") && content[0] === 0x43) {
    const copy = Buffer.from(content);
    copy[0] = 0x4d;
    return copy;
  }
  return content;
}

function copyTree(from, to) {
  if (to) mp.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = to + "/" + entry.name;
    if (entry.isDirectory()) copyTree(source, target);
    else mp.FS.writeFile(target, loadable(entry.name, fs.readFileSync(source)));
  }
}
// The drive as on the device: code.py, lib/, games/, fonts/, sprites/ at the root.
copyTree(folder, "");
const searchPath = [];
const standinModules = [];
standins.forEach((dir, index) => {
  copyTree(dir, "/standins" + index);
  searchPath.push("/standins" + index);
  for (const name of fs.readdirSync(dir).sort()) {
    const module = name.replace(/\.py$/, "");
    if (module !== name && !standinModules.includes(module)) standinModules.push(module);
  }
});
mp.FS.mkdirTree("/harness");
mp.FS.writeFile("/harness/driver.py", fs.readFileSync(driverFile));
mp.FS.writeFile("/harness/script.keys", fs.readFileSync(script));
if (nvmFile) mp.FS.writeFile("/harness/nvm.bin", fs.readFileSync(nvmFile));

// The stand-ins first (they are CircuitPython's built-in modules), then the drive's lib/
// and its root, as CircuitPython's own sys.path has them.
mp.runPython(
  "import sys, gc, micropython\n" +
  `sys.path[:] = ${JSON.stringify([...searchPath, "/harness", "/lib", "/"])}\n` +
  // The nvm's bytes live outside the collector's heap, as the device's flash does: in
  // the heap, a save's bytes that happen to look like an address (the collector is
  // conservative) kept a whole finished game alive.
  `import nvm\nnvm.OUTSIDE = ${mp._module._malloc(8192)}\n` +
  "import driver\n" +
  // Every stand-in module now, before BASE: on the device they are C modules.
  standinModules.map((name) => `import ${name}\n`).join("") +
  "def _harness_collect():\n" +
  "    gc.collect()\n" +
  "def _harness_read():\n" +
  "    return gc.mem_alloc()\n" +
  "def _harness_names():\n" +
  "    micropython.qstr_info(1)\n",
);
const randomCount = mode === "random" ? parseInt(count, 10) : 0;
const randomSeed = mode === "random" ? parseInt(seed, 10) : 0;
const get = (name) => mp.pyimport("driver")[name];
const collectNow = mp.globals.get("_harness_collect");
const readNow = mp.globals.get("_harness_read");
// The live heap: collect in one call (the collection runs as it returns), read in the next.
function liveNow() {
  collectNow();
  return readNow();
}
// The interned names the pool holds, in the order they were added: qstr_info(1) prints
// the newest pool first, each pool's names in order; the pools hold 20, 40, 80, ... names
// (py/qstr.c), so its "n_pool" checks the split.
function namesNow() {
  captured = "";
  capturingAll = true;
  try {
    mp.globals.get("_harness_names")();
  } finally {
    capturingAll = false;
  }
  const text = captured;
  captured = "";
  // Each name is printed as Q(name) and a newline; a name may hold a newline itself (the
  // app's "\n"), so the names are split where a newline is followed by "Q(", not by line.
  const first = text.indexOf("\nQ(");
  const names =
    first < 0
      ? []
      : text
          .slice(first + 1)
          .replace(/\s+$/, "")
          .split(/\r?\nQ\(/)
          .map((chunk, i) => (i === 0 ? chunk.slice(2) : chunk).replace(/\)$/, ""));
  const counted = /n_qstr=(\d+)/.exec(text);
  if (counted && parseInt(counted[1], 10) !== names.length) {
    throw new Error(`qstr names: ${counted[1]} reported, ${names.length} read`);
  }
  const pools = [];
  let left = names.length;
  for (let size = 20; left > 0; size *= 2) {
    pools.push(Math.min(size, left));
    left -= Math.min(size, left);
  }
  const match = /n_pool=(\d+)/.exec(text);
  if (match && parseInt(match[1], 10) !== pools.length) {
    throw new Error(`qstr pools: ${match[1]} reported, ${pools.length} expected`);
  }
  const ordered = [];
  let start = 0;
  for (const size of pools.reverse()) {
    // The newest pool is printed first: each older one goes before what is placed.
    ordered.unshift(...names.slice(start, start + size));
    start += size;
  }
  return ordered;
}
let largest = 0;
let namesAtFrame = 0;
// The largest block in the heap's report the driver printed at the end of the frame, and
// the interned names then (its qstr_info()'s n_qstr).
function readLargest() {
  const match = /max blk sz: (\d+)/.exec(captured);
  if (match) largest = Math.max(largest, parseInt(match[1], 10) * 16);
  const names = /n_qstr=(\d+)/.exec(captured);
  if (names) namesAtFrame = parseInt(names[1], 10);
  captured = "";
}

get("boot")("/harness/script.keys", randomCount, randomSeed, stop);
// The largest block before the app starts (the nvm stand-in's 8 KB buffer, a C buffer on
// the device, and the driver's script lines): the app's own allocations show only above it.
get("heap_blocks")();
readLargest();
const baseLargest = largest;
const base = liveNow();
console.log(`BASE ${base}`);
console.log(`NAMES-BASE ${JSON.stringify(namesNow())}`);
let status = 1;
try {
  get("start")(base);
  const frame = get("frame");
  const measured = get("measured");
  for (;;) {
    status = frame();
    if (status === 0) break;
    if (status === 2) {
      readLargest();
      measured(liveNow(), namesAtFrame);
    }
  }
  get("finish")();
  console.log(`NAMES-END ${JSON.stringify(namesNow())}`);
} catch (error) {
  // An exception the driver did not catch (the app raised while it was built).
  console.log(`ERROR ${String(error.message || error).split("\n").slice(-2).join(" ")}`);
  console.log(String(error.message || error));
  process.exitCode = 1;
}
console.log(`LARGEST ${largest} ${baseLargest}`);
