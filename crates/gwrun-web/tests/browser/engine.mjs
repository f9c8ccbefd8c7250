// The page's engine against the native binary in computing time (docs/benchmarks.md,
// "The browser page"): the WebAssembly module the page loads, run in Node without a
// browser (the same module and the same sliced `run` the page calls, with nothing of the
// page's drawing), beside `gwrun PROGRAM` of the same commit, in interleaved rounds:
//  - engine: the CPU time of Node's process (process.cpuUsage, user + system) from RUN
//    to the program's SYSTEM, in slices of 100,000 statements; the first round, while
//    V8 has not yet optimised the module, is reported apart and left out of the medians,
//    and so are the `--warmup` rounds after it (default none: V8 goes on compiling the
//    module's functions in background threads for several rounds, and Node's CPU time
//    counts them);
//  - native: user + system time of `gwrun PROGRAM` from wait4 (tools/bench/runstat.c,
//    built here with cc), start-up included, and of `gwrun startup.bas` (the
//    workloads' trivial program), so that the native run can also be taken net of its
//    start-up.
// The output file each side writes is compared byte for byte. Medians and minima are
// printed as a Markdown table with the ratios engine ÷ native.
//
//   node engine.mjs [--page DIR] [--gwrun BIN] [--rounds N] [--warmup N]
//                   [--workload PROGRAM.bas] [--startup startup.bas] [--out FILE.TXT]

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const pageDir = resolve(arg('--page', join(root, 'target/web')));
const gwrun = resolve(arg('--gwrun', join(root, 'target/release/gwrun')));
const rounds = Number(arg('--rounds', '11'));
const warmup = Number(arg('--warmup', '0'));
const workload = resolve(arg('--workload', join(root, '../shared/bench/programs/shell10k.bas')));
const startup = resolve(arg('--startup', join(root, '../shared/bench/programs/startup.bas')));
const outName = arg('--out', basename(workload, '.bas').toUpperCase() + '.TXT');

for (const [what, path] of [['page folder', pageDir], ['gwrun', gwrun], ['workload', workload], ['start-up program', startup]]) {
  if (!existsSync(path)) {
    console.error(`engine.mjs: no ${what} at ${path}`);
    process.exit(2);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The measuring parent of tools/bench.py, built once into a scratch folder. */
function buildRunstat(dir) {
  const exe = join(dir, 'runstat');
  const r = spawnSync('cc', ['-O2', '-o', exe, join(root, 'tools/bench/runstat.c')], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`engine.mjs: cc failed: ${r.stderr}`);
    process.exit(2);
  }
  return exe;
}

/** CPU ms of one native run of `program` in `dir` (user + system, from wait4). */
function nativeCpu(runstat, dir, program) {
  const r = spawnSync(runstat, ['60', '/dev/null', '/dev/null', '/dev/null', gwrun, program], { cwd: dir, encoding: 'utf8' });
  const [status, utime, stime] = r.stdout.trim().split(/\s+/).map(Number);
  if (r.status !== 0 || status !== 0) {
    console.error(`engine.mjs: ${gwrun} ${program} failed (${r.stdout.trim()} ${r.stderr})`);
    process.exit(1);
  }
  return (utime + stime) / 1000;
}

const mod = await import(pathToFileURL(join(pageDir, 'gwrun_web.js')).href);
mod.initSync({ module: readFileSync(join(pageDir, 'gwrun_web_bg.wasm')) });
const source = readFileSync(workload);

/** CPU ms of one RUN in the engine to its SYSTEM, and the file it wrote. */
function engineRun() {
  const m = new mod.Machine(0, new Uint8Array());
  const refused = m.load(source);
  if (refused) {
    console.error(`engine.mjs: the engine refused ${workload}: ${refused}`);
    process.exit(1);
  }
  m.start();
  const c0 = process.cpuUsage();
  let status;
  do {
    status = m.run(100000);
  } while (status === 0);
  const c = process.cpuUsage(c0);
  const out = m.get_file(outName);
  m.free();
  if (status !== 3) {
    console.error(`engine.mjs: the program stopped with status ${status}, not at SYSTEM`);
    process.exit(1);
  }
  return { cpu: (c.user + c.system) / 1000, out };
}

const dir = mkdtempSync(join(tmpdir(), 'gwrun-engine-'));
try {
  const runstat = buildRunstat(dir);
  copyFileSync(workload, join(dir, basename(workload)));
  copyFileSync(startup, join(dir, basename(startup)));
  const first = engineRun();
  for (let i = 0; i < warmup; i++) engineRun();
  const engine = [];
  const native = [];
  const start = [];
  for (let i = 0; i < rounds; i++) {
    engine.push(engineRun().cpu);
    native.push(nativeCpu(runstat, dir, basename(workload)));
    start.push(nativeCpu(runstat, dir, basename(startup)));
  }
  const mine = readFileSync(join(dir, outName));
  if (!first.out || Buffer.compare(Buffer.from(first.out), mine) !== 0) {
    console.error(`engine.mjs: ${outName} differs between the engine and the native binary`);
    process.exit(1);
  }
  const net = native.map((n, i) => n - start[i]);
  const f = (x) => x.toFixed(2);
  const row = (what, xs) => `| ${what} | ${f(median(xs))} | ${f(Math.min(...xs))} |`;
  const after = warmup ? ` after ${warmup} more engine rounds` : '';
  console.log(`${basename(workload)}, ${rounds} interleaved rounds${after} (CPU ms; ${outName} the same on both sides)\n`);
  console.log('| what | median | min |');
  console.log('|---|---|---|');
  console.log(`| engine in Node, first round (V8 not yet optimised) | ${f(first.cpu)} | |`);
  console.log(row('engine in Node', engine));
  console.log(row('native, whole process', native));
  console.log(row('native start-up (startup.bas)', start));
  console.log(row('native net of start-up', net));
  console.log(`| engine ÷ native whole | ${f(median(engine) / median(native))} | ${f(Math.min(...engine) / Math.min(...native))} |`);
  console.log(`| engine ÷ native net | ${f(median(engine) / median(net))} | ${f(Math.min(...engine) / Math.min(...net))} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
