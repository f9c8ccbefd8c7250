// The playground page in a real browser: Debian's Chromium driven by playwright-core.
// The page folder (tools/web.sh OUTDIR) is served by `python3 -m http.server`, as a user
// would serve it; each test types on the page's keyboard as a user does and reads what
// the machine shows. The SCREEN 1 picture is compared pixel for pixel with what
// `gwrun --screenshot` draws of the same program (the shared frame renderer).
//
//   node run.mjs [--page DIR] [--gwrun BIN] [--shots DIR]
//
// Without Chromium (or Python) the tests are skipped with a message and exit 0, unless
// GWRUN_BROWSER_TESTS=required (CI), when that is a failure. Pictures of the page are
// written to --shots (default target/web-shots) for a person to look at.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const pageDir = resolve(arg('--page', join(root, 'target/web')));
const gwrun = resolve(arg('--gwrun', join(root, 'target/release/gwrun')));
const shots = resolve(arg('--shots', join(root, 'target/web-shots')));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const required = process.env.GWRUN_BROWSER_TESTS === 'required';

function missing() {
  if (!existsSync(chromium)) return `no Chromium at ${chromium}`;
  if (!existsSync(join(pageDir, 'gwrun_web_bg.wasm'))) return `no page in ${pageDir} (tools/web.sh)`;
  try {
    execFileSync('python3', ['--version']);
  } catch {
    return 'no python3 to serve the page';
  }
  return null;
}

const why = missing();
if (why) {
  if (required) {
    console.error(`browser tests cannot run: ${why}`);
    process.exit(1);
  }
  console.log(`browser tests skipped: ${why}`);
  process.exit(0);
}

const { chromium: launcher } = await import('playwright-core');

let server;
let origin;
let browser;
let profile;

/** Starts `python3 -m http.server` on a free port; resolves to its origin. */
function serve(dir) {
  return new Promise((resolveOrigin, reject) => {
    server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = seen.match(/port (\d+)/);
      if (m) resolveOrigin(`http://127.0.0.1:${m[1]}`);
    });
    server.on('exit', (code) => reject(new Error(`http.server ended (${code}): ${seen}`)));
  });
}

before(async () => {
  mkdirSync(shots, { recursive: true });
  origin = await serve(pageDir);
  profile = mkdtempSync(join(tmpdir(), 'gwrun-chromium-'));
  browser = await launcher.launchPersistentContext(profile, {
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1100, height: 900 },
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A fresh page at `path` (query and fragment included), with the engine started. */
async function open(path = '/') {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
  await page.goto(origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  return page;
}

/** The screen's text once `pattern` shows on it (the machine runs on its own). */
async function screenShows(page, pattern, timeout = 15000) {
  const source = pattern.source;
  const flags = pattern.flags;
  await page.waitForFunction(([s, f]) => new RegExp(s, f).test(window.gwrun.engine.screenText()),
    [source, flags], { timeout }).catch(async (e) => {
    throw new Error(`${e.message}\nthe screen shows:\n${await screenText(page)}`);
  });
  return screenText(page);
}

const screenText = (page) => page.evaluate(() => window.gwrun.engine.screenText());

/** Types lines at the machine's keyboard, each ended with Enter. */
async function typeLines(page, lines) {
  await page.click('#screen');
  for (const line of lines) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  }
}

/** Empties drive C: (the browser profile is shared by the tests). */
async function clearDrive(page) {
  await page.evaluate(async () => {
    for (const f of window.gwrun.engine.files()) window.gwrun.engine.removeFile(f.name);
    await window.gwrun.saveNow();
  });
}

test('a program typed at the Ok prompt runs and prints', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['10 FOR I=1 TO 3', '20 PRINT I*I;', '30 NEXT', '40 PRINT "DONE"', 'RUN']);
  // the program's DONE follows its numbers (the typed listing holds DONE too)
  await screenShows(page, / 1 {2}4 {2}9 \n?DONE/);
  await typeLines(page, ['LIST 20']);
  // the line LIST prints under the command (the typed listing above holds the same line)
  await screenShows(page, /^LIST 20 *\n20 PRINT I\*I; *\nOk/m);
  await page.screenshot({ path: join(shots, 'typed-program.png') });
  await page.close();
});

test('a SCREEN 1 picture has the pixels gwrun --screenshot draws', async (t) => {
  if (!existsSync(gwrun)) {
    assert.ok(!required, `no ${gwrun} to compare with`);
    t.skip(`no ${gwrun} to compare with`);
    return;
  }
  const program = [
    '10 SCREEN 1: COLOR 1, 0',
    '20 LINE (10,10)-(300,180), 3, B',
    '30 CIRCLE (160,100), 60, 2',
    '40 PAINT (160,100), 1, 2',
    '50 LINE (20,150)-(120,190), 2, BF',
    '60 PSET (5,5), 3: DRAW "BM200,40 C3 R40 D30 L40 U30"',
    '70 LOCATE 2,3: PRINT "SCREEN 1";',
    '80 GOTO 80',
  ];
  const dir = mkdtempSync(join(tmpdir(), 'gwrun-shot-'));
  const file = join(dir, 'PICTURE.BAS');
  writeFileSync(file, program.map((l) => l.replace('80 GOTO 80', '80 END')).join('\r\n') + '\r\n');
  const png = join(dir, 'picture.png');
  execFileSync(gwrun, [`--screenshot=${png}`, file], { stdio: 'ignore' });
  const expected = readFileSync(png).toString('base64');
  rmSync(dir, { recursive: true, force: true });

  const page = await open('/?frame=1280x960');
  await screenShows(page, /^Ok/m);
  await typeLines(page, [...program, 'RUN']);
  await page.waitForFunction(() => window.gwrun.engine.activity() === window.gwrun.Activity.RUNNING);
  // the picture is done when the program reaches its endless line
  await page.waitForTimeout(500);
  const diff = await page.evaluate(async (b64) => {
    const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
    const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
    const off = new OffscreenCanvas(bitmap.width, bitmap.height);
    const octx = off.getContext('2d');
    octx.drawImage(bitmap, 0, 0);
    const want = octx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const canvas = document.getElementById('screen');
    const got = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let differing = 0;
    for (let i = 0; i < Math.min(want.length, got.length); i += 4) {
      if (want[i] !== got[i] || want[i + 1] !== got[i + 1] || want[i + 2] !== got[i + 2]) differing++;
    }
    return { differing, want: [bitmap.width, bitmap.height], got: [canvas.width, canvas.height] };
  }, expected);
  await page.screenshot({ path: join(shots, 'screen1.png') });
  assert.deepEqual(diff.got, diff.want, 'the canvas is the screenshot\'s size');
  assert.equal(diff.differing, 0, 'pixels that differ from gwrun --screenshot');
  await page.keyboard.press('Control+C');
  await page.close();
});

test('INPUT is answered by typed keys', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 INPUT "NAME"; N$', '20 INPUT "AGE"; A', '30 PRINT N$; " IS"; A*12; "MONTHS"', 'RUN']);
  await screenShows(page, /^NAME\? ?$/m);
  await page.keyboard.type('ADA');
  await page.keyboard.press('Enter');
  await screenShows(page, /^AGE\? ?$/m);
  await page.keyboard.type('36');
  await page.keyboard.press('Enter');
  assert.match(await screenShows(page, /^ADA IS/m), /^ADA IS 432 MONTHS/m);
  await page.screenshot({ path: join(shots, 'input.png') });
  await page.close();
});

test('INKEY$ reads the keys struck with their BIOS codes', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 K$=INKEY$: IF K$="" THEN 10',
    '20 IF LEN(K$)=2 THEN PRINT "EXT";ASC(MID$(K$,2)) ELSE PRINT "CHR";ASC(K$)',
    '30 IF K$<>"q" THEN 10', 'RUN']);
  await page.waitForFunction(() => window.gwrun.engine.activity() === window.gwrun.Activity.RUNNING);
  for (const key of ['ArrowUp', 'Control+End', 'a', 'Escape', 'q']) await page.keyboard.press(key);
  const text = await screenShows(page, /CHR 113\nOk/);
  // Up CHR$(0)+CHR$(72), Ctrl-End CHR$(0)+CHR$(117), Esc 27 (the BIOS's codes)
  assert.match(text, /^EXT 72\nEXT 117\nCHR 97\nCHR 27\nCHR 113$/m);
  await page.close();
});

test('a tight loop leaves the page drawing and listening', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 I=I+1: LOCATE 10,1: PRINT I;: GOTO 10', 'RUN']);
  await page.waitForFunction(() => window.gwrun.engine.activity() === window.gwrun.Activity.RUNNING);
  // the canvas changes while the loop runs: frames are drawn between slices
  const pixels = () => page.evaluate(() => {
    const c = document.getElementById('screen');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + d[i + 1] * 7 + d[i + 2] * 13) | 0;
    return h;
  });
  const first = await pixels();
  await page.waitForFunction(async (h) => {
    const c = document.getElementById('screen');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let x = 0;
    for (let i = 0; i < d.length; i += 4) x = (x * 31 + d[i] + d[i + 1] * 7 + d[i + 2] * 13) | 0;
    return x !== h;
  }, first);
  // a key struck while it runs reaches the machine (Ctrl-Break from the keyboard)
  await page.keyboard.press('Control+Pause');
  await screenShows(page, /Break in 10/);
  await page.close();
});

test('SOUND reaches Web Audio once a key was struck', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['SOUND 440, 18.2']);
  // the speaker was unlocked by the keys (a user gesture); the tone is scheduled at 440 Hz
  const tones = await page.waitForFunction(() => {
    const s = window.gwrun.speaker;
    const all = [...s.playing, ...(s.pending ?? [])];
    return all.length > 0 && all.map((t) => ({ freq: t.freq, length: t.length }));
  });
  const list = await tones.jsonValue();
  assert.ok(list.some((t) => t.freq === 440 && Math.abs(t.length - 1000) < 2), JSON.stringify(list));
  await page.close();
});

test('a file written is listed by FILES and survives a reload', async () => {
  let page = await open();
  await clearDrive(page);
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 OPEN "SCORES.TXT" FOR OUTPUT AS #1', '20 WRITE #1, "HIGH", 42',
    '30 CLOSE #1', 'RUN', 'FILES']);
  // FILES pads the name to eight characters (the OPEN typed above names SCORES.TXT)
  await screenShows(page, /SCORES {2}\.TXT/);
  await page.evaluate(() => window.gwrun.saveNow());
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['OPEN "SCORES.TXT" FOR INPUT AS #1: INPUT #1, A$, B: PRINT A$; B: CLOSE']);
  assert.match(await screenShows(page, /^HIGH 42/m), /^HIGH 42/m);
  await typeLines(page, ['KILL "SCORES.TXT"', 'FILES "SCORES.TXT"']);
  await screenShows(page, /File not found/);
  await page.screenshot({ path: join(shots, 'files.png') });
  await page.close();
});

test('a shared link opens the same program', async () => {
  let page = await open();
  await screenShows(page, /^Ok/m);
  const lines = ['NEW', '10 REM SHARED', '20 PRINT "HELLO FROM A LINK"'];
  await typeLines(page, lines);
  const url = await page.evaluate(async () => {
    document.getElementById('share').click();
    const field = document.getElementById('share-url');
    while (!field.value) await new Promise((r) => setTimeout(r, 10));
    return field.value;
  });
  assert.match(url, /#program=[A-Za-z0-9_-]+$/);
  const listed = await page.evaluate(() => new TextDecoder().decode(window.gwrun.engine.program()));
  await page.close();
  page = await open(url.slice(url.indexOf('/', 'http://'.length)));
  await page.waitForFunction(() => window.gwrun.engine.program().length > 0);
  const opened = await page.evaluate(() => new TextDecoder().decode(window.gwrun.engine.program()));
  assert.equal(opened, listed);
  await typeLines(page, ['RUN']);
  await screenShows(page, /HELLO FROM A LINK/);
  await page.close();
});

test('Stop ends an endless loop in the slice after it is pressed', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 I=I+1: GOTO 10', 'RUN']);
  await page.waitForFunction(() => window.gwrun.engine.activity() === window.gwrun.Activity.RUNNING);
  await page.waitForTimeout(300);
  // count the engine's calls from the click until the machine is back at Ok
  const result = await page.evaluate(() => new Promise((done) => {
    const { engine, Activity } = window.gwrun;
    const run = engine.run.bind(engine);
    let calls = 0;
    let clicked = 0;
    engine.run = (budget) => {
      const status = run(budget);
      if (clicked) {
        calls++;
        if (engine.activity() === Activity.PROMPT) {
          engine.run = run;
          done({ calls, ms: performance.now() - clicked });
        }
      }
      return status;
    };
    setTimeout(() => {
      clicked = performance.now();
      document.getElementById('stop').click();
    }, 50);
  }));
  console.log(`Stop: back at Ok ${result.ms.toFixed(1)} ms after the click, ${result.calls} engine call(s)`);
  assert.equal(result.calls, 1, 'the first run after Stop breaks the program');
  assert.match(await screenShows(page, /Break in 10/), /Break in 10/);
  await page.close();
});

test('ON KEY(1) fires when F1 is struck while the program runs', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 ON KEY(1) GOSUB 100: KEY(1) ON: PRINT "ARMED"',
    '20 IF N = 0 THEN 20', '30 PRINT "FIRED"; N: END', '100 N = N + 1: RETURN', 'RUN']);
  // F1 struck before KEY(1) ON has run is an ordinary key (GW traps only an enabled key),
  // so the key goes in once the program says the trap is on
  await screenShows(page, /^ARMED$/m);
  await page.keyboard.press('F1');
  // the listing typed above holds "FIRED" too: wait for the line the program prints
  assert.match(await screenShows(page, /^FIRED/m), /^FIRED 1$/m);
  await page.close();
});

test('CONT goes on where STOP broke the program', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 FOR I = 1 TO 2', '20 PRINT "STEP"; I', '30 STOP', '40 NEXT',
    '50 PRINT "END"', 'RUN']);
  await screenShows(page, /Break in 30/);
  await typeLines(page, ['CONT']);
  await screenShows(page, /STEP 2\nBreak in 30/);
  await typeLines(page, ['CONT']);
  const text = await screenShows(page, /^END/m);
  // GW-BASIC's order: each STEP, its Break, and the rest of the loop after CONT
  assert.match(text, /STEP 1\nBreak in 30\nOk\nCONT\nSTEP 2\nBreak in 30\nOk\nCONT\nEND/);
  await page.close();
});

test('EDIT puts a line on the screen to change in place', async () => {
  const page = await open();
  await screenShows(page, /^Ok/m);
  await typeLines(page, ['NEW', '10 PRINT "OLD"', 'EDIT 10']);
  await screenShows(page, /^10 PRINT "OLD"\s*$/m);
  // the cursor is on the line: End, four Backspaces take OLD" away
  await page.keyboard.press('End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('NEW"');
  await page.keyboard.press('Enter');
  await typeLines(page, ['LIST', 'RUN']);
  const text = await screenShows(page, /^NEW\s*$/m);
  assert.match(text, /^LIST\n10 PRINT "NEW"\nOk/m);
  await page.close();
});

test('an uploaded file is read by a program; a written one downloads with its bytes', async () => {
  const page = await open();
  await clearDrive(page);
  await screenShows(page, /^Ok/m);
  await page.click('#files');
  await page.setInputFiles('#upload', {
    name: 'scores.txt', mimeType: 'text/plain', buffer: Buffer.from('HIGH,7\r\n\x1a'),
  });
  await page.waitForFunction(() => window.gwrun.engine.files().some((f) => f.name === 'SCORES.TXT'));
  await page.keyboard.press('Escape');
  await typeLines(page, ['OPEN "SCORES.TXT" FOR INPUT AS 1: INPUT #1, A$, B: PRINT A$; B * 6: CLOSE',
    'OPEN "OUT.TXT" FOR OUTPUT AS 1: PRINT #1, "X"; 1: CLOSE']);
  assert.match(await screenShows(page, /^HIGH 42/m), /^HIGH 42$/m);
  await page.waitForFunction(() => window.gwrun.engine.files().some((f) => f.name === 'OUT.TXT'));
  await page.click('#files');
  const row = page.locator('#file-list tr', { hasText: 'OUT.TXT' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'OUT.TXT');
  const saved = readFileSync(await download.path());
  // PRINT #'s bytes: X, the number with its sign space and trailing space, CR LF, and
  // CLOSE's Ctrl-Z
  assert.deepEqual([...saved], [...Buffer.from('X 1 \r\n\x1a', 'latin1')]);
  await page.close();
});
