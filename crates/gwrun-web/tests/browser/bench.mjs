// Speed and size of the playground page (docs/benchmarks.md, "The browser page"), in
// headless Chromium as run.mjs drives it:
//  - size: the .wasm as served, and compressed with gzip -9 and brotli (what a server
//    sends with Content-Encoding);
//  - start: from navigation to the page being interactive (the engine made, the Ok prompt
//    up, keys taken), in a fresh browser profile (nothing cached), ROUNDS times;
//  - shell10k (../shared/bench/programs/shell10k.bas): RUN to SYSTEM in the page, the
//    engine sliced as always, ROUNDS times in one page (the first run also pays for
//    the browser's optimizing compile), interleaved with the native binary's runs
//    (wall and CPU time of `gwrun shell10k.bas`, start-up included).
// Medians are printed as a Markdown table.
//
//   node bench.mjs [--page DIR] [--gwrun BIN] [--rounds N] [--workload shell10k.bas]

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { chromium as launcher } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const pageDir = resolve(arg('--page', join(root, 'target/web')));
const gwrun = resolve(arg('--gwrun', join(root, 'target/release/gwrun')));
const rounds = Number(arg('--rounds', '7'));
const workload = resolve(arg('--workload', join(root, '../shared/bench/programs/shell10k.bas')));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => `${x.toFixed(1)} ms`;

function serve(dir) {
  return new Promise((ok, fail) => {
    const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      { stdio: ['ignore', 'pipe', 'ignore'] });
    let seen = '';
    server.stdout.on('data', (c) => {
      seen += c;
      const m = seen.match(/port (\d+)/);
      if (m) ok({ server, origin: `http://127.0.0.1:${m[1]}` });
    });
    server.on('exit', () => fail(new Error('http.server ended')));
  });
}

/** A fresh browser (empty profile): the time from navigation to interactive. */
async function startTime(origin) {
  const profile = mkdtempSync(join(tmpdir(), 'gwrun-bench-'));
  const context = await launcher.launchPersistentContext(profile, { executablePath: chromium, headless: true, args });
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true'
    && /Ok/.test(window.gwrun.engine.screenText()));
  const t = await page.evaluate(() => performance.now());
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  return t;
}

/** One RUN of the program to its SYSTEM, in ms (SYSTEM switches the machine off, so the
 * program is loaded again each time). */
function pageRun(page, b64) {
  return page.evaluate((b64) => new Promise((done) => {
    const { engine, runner, Status } = window.gwrun;
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    if (engine.load(bytes)) throw new Error('shell10k refused');
    const run = engine.run.bind(engine);
    let start = 0;
    let inside = 0;
    engine.run = (budget) => {
      const t = performance.now();
      const status = run(budget);
      inside += performance.now() - t;
      if (status === Status.GONE) {
        engine.run = run;
        done({ wall: performance.now() - start, inside });
      }
      return status;
    };
    start = performance.now();
    engine.start();
    runner.kick();
  }), b64);
}

function nativeRun(dir) {
  const t = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', gwrun, 'shell10k.bas'], { cwd: dir, encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - t) / 1e6;
  const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: (user + sys) * 1000 };
}

const wasm = readFileSync(join(pageDir, 'gwrun_web_bg.wasm'));
const gz = gzipSync(wasm, { level: 9 }).length;
const br = brotliCompressSync(wasm, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
console.log(`| .wasm | ${wasm.length} bytes | gzip -9 ${gz} | brotli 11 ${br} |`);

const { server, origin } = await serve(pageDir);
try {
  const starts = [];
  for (let i = 0; i < rounds; i++) starts.push(await startTime(origin));
  console.log(`| start to interactive | median ${ms(median(starts))} | min ${ms(Math.min(...starts))} | max ${ms(Math.max(...starts))} |`);

  if (existsSync(workload) && existsSync(gwrun)) {
    const dir = mkdtempSync(join(tmpdir(), 'gwrun-shell-'));
    copyFileSync(workload, join(dir, 'shell10k.bas'));
    const browser = await launcher.launch({ executablePath: chromium, headless: true, args });
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const b64 = readFileSync(workload).toString('base64');
    const inPage = [];
    const wall = [];
    const cpu = [];
    for (let i = 0; i < rounds; i++) {
      inPage.push(await pageRun(page, b64));
      await page.waitForFunction(() => /Ok/.test(window.gwrun.engine.screenText()));
      const n = nativeRun(dir);
      wall.push(n.wall);
      cpu.push(n.cpu);
    }
    const check = await page.evaluate(() => new TextDecoder().decode(window.gwrun.engine.getFile('SHELL10K.TXT')));
    await browser.close();
    const native = readFileSync(join(dir, 'SHELL10K.TXT'), 'latin1');
    rmSync(dir, { recursive: true, force: true });
    const rest = inPage.slice(1);
    const pageWall = median(rest.map((r) => r.wall));
    const pageInside = median(rest.map((r) => r.inside));
    console.log(`| shell10k in the page, RUN to SYSTEM | first ${ms(inPage[0].wall)} | median of the rest ${ms(pageWall)} | all: ${inPage.map((r) => r.wall.toFixed(0)).join(' ')} |`);
    console.log(`| ... of which inside the engine's slices | first ${ms(inPage[0].inside)} | median of the rest ${ms(pageInside)} | min ${ms(Math.min(...rest.map((r) => r.inside)))} |`);
    console.log(`| shell10k native, gwrun shell10k.bas | wall median ${ms(median(wall))} | CPU median ${ms(median(cpu))} | wall min ${ms(Math.min(...wall))}, CPU min ${ms(Math.min(...cpu))} |`);
    console.log(`| page ÷ native | wall ${(pageWall / median(wall)).toFixed(2)} | engine ÷ CPU ${(pageInside / median(cpu)).toFixed(2)} | same file written: ${check === native} |`);
  } else {
    console.log(`shell10k skipped: ${existsSync(workload) ? gwrun : workload} missing`);
  }
} finally {
  server.kill();
}
