// app.js — the playground page: the engine on the canvas, the keyboard, the speaker, the
// drive in the browser's storage, examples and links that carry a program.
//
// The engine runs in slices on the page's own thread: each task runs it for at most
// SLICE_MS and then yields through a MessageChannel (not setTimeout, which browsers
// clamp to 4 ms), so a program in a tight loop runs flat out while keys, clicks and the
// Stop button are handled between slices, and the frame is drawn at the display's rate
// with requestAnimationFrame. When the program waits for a key or a line the page
// does nothing until one comes; when it sleeps (SLEEP, a full music queue) a timer wakes
// it.

import { load, Status, Activity, Mods } from './gwrun.js';
import { Speaker } from './audio.js';
import { Disk } from './disk.js';
import { shareUrl, sharedProgram } from './share.js';

/** Longest stretch of running before the page takes its turn, ms. */
const SLICE_MS = 12;
/** What one call to the engine should take, ms (the budget adapts to it). */
const CALL_MS = 2;
/** How long after a change of the drive it is saved, ms. */
const SAVE_DELAY = 250;

const $ = (id) => document.getElementById(id);
const canvas = $('screen');
const ctx2d = canvas.getContext('2d', { alpha: false });
const statusLine = $('status');
const speaker = new Speaker();
const disk = new Disk();
let engine = null;

// ---------------------------------------------------------------- running in slices

class Runner {
  constructor() {
    this.budget = 1000;
    this.scheduled = false;
    this.timer = 0;
    this.status = Status.WAITING;
    this.activity = -1;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => this.slice();
    this.port = channel.port2;
  }

  /** Runs the engine again soon (a key came, Stop was pressed, the timer fired). */
  kick() {
    clearTimeout(this.timer);
    if (!this.scheduled) {
      this.scheduled = true;
      this.port.postMessage(0);
    }
  }

  slice() {
    this.scheduled = false;
    const start = performance.now();
    let now = start;
    let status;
    do {
      status = engine.run(this.budget);
      const t = performance.now();
      if (status === Status.BUDGET) {
        const spent = t - now;
        const factor = spent < CALL_MS / 4 ? 2 : CALL_MS / spent;
        this.budget = Math.max(50, Math.min(5e6, Math.round(this.budget * factor)));
      }
      now = t;
    } while (status === Status.BUDGET && now - start < SLICE_MS);
    this.status = status;
    afterSlice();
    if (status === Status.BUDGET) {
      this.kick();
    } else if (status === Status.SLEEPING) {
      this.timer = setTimeout(() => this.kick(), Math.max(0, engine.wake() - performance.now()));
    } else if (status === Status.GONE) {
      restart('The program ended with SYSTEM: the machine was switched off and on again.');
    }
  }
}

const runner = new Runner();

/** How often a running program's drive is looked at for changes, ms. */
const DRIVE_LOOK = 500;
let driveLooked = 0;

/** After a slice: sound, files, the frame and the status line follow the machine. */
function afterSlice() {
  const tones = engine.tones();
  if (tones) speaker.update(tones);
  const t = performance.now();
  if (runner.status !== Status.BUDGET || t - driveLooked > DRIVE_LOOK) {
    driveLooked = t;
    if (engine.driveChanged()) scheduleSave();
  }
  requestDraw();
  const activity = engine.activity();
  if (activity !== runner.activity) {
    runner.activity = activity;
    showStatus({
      [Activity.PROMPT]: 'Ok — type a program or load an example; Run (F2) starts it.',
      [Activity.RUNNING]: 'Running… Stop or Ctrl+C breaks it.',
      [Activity.INPUT]: 'The program is waiting for you to type.',
    }[activity] ?? '');
  }
}

function restart(message) {
  speaker.hush();
  engine.init(engine.exportDrive());
  runner.activity = -1;
  runner.kick();
  showStatus(message);
}

// ---------------------------------------------------------------- the screen

/** The frame's size in device pixels: the canvas's box, or `?frame=WxH` (tests). */
const fixedFrame = new URLSearchParams(location.search).get('frame')?.match(/^(\d+)x(\d+)$/);
let drawPending = false;
let blinkTimer = 0;
let image = null;

function resize(entry) {
  let width;
  let height;
  if (fixedFrame) {
    width = Number(fixedFrame[1]);
    height = Number(fixedFrame[2]);
  } else {
    const box = entry?.devicePixelContentBoxSize?.[0];
    width = box ? box.inlineSize : Math.round(canvas.clientWidth * devicePixelRatio);
    height = box ? box.blockSize : Math.round(canvas.clientHeight * devicePixelRatio);
  }
  width = Math.max(1, Math.min(width, 4096));
  height = Math.max(1, Math.min(height, 3072));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
    image = null;
    requestDraw();
  }
}

function requestDraw() {
  if (!drawPending) {
    drawPending = true;
    requestAnimationFrame(draw);
  }
}

function draw() {
  drawPending = false;
  if (!engine) return;
  const { width, height } = canvas;
  const rgba = engine.render(width, height);
  if (rgba || !image) {
    if (!image) image = ctx2d.createImageData(width, height);
    if (rgba) image.data.set(rgba);
    ctx2d.putImageData(image, 0, 0);
  }
  clearTimeout(blinkTimer);
  const next = engine.nextChange();
  if (next !== null) blinkTimer = setTimeout(requestDraw, Math.max(0, next - performance.now()));
}

// ---------------------------------------------------------------- the keyboard

function modifiers(e) {
  return (e.shiftKey ? Mods.SHIFT : 0) | (e.ctrlKey ? Mods.CTRL : 0) | (e.altKey ? Mods.ALT : 0)
    | (e.metaKey ? Mods.META : 0)
    | (e.getModifierState?.('NumLock') ? Mods.NUM_LOCK : 0)
    | (e.getModifierState?.('CapsLock') ? Mods.CAPS_LOCK : 0);
}

/** Keys go to GW-BASIC unless they are meant for a field, a menu or a dialog. */
function forTheMachine(e) {
  const t = e.target;
  if (document.querySelector('dialog[open]')) return false;
  return !(t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement
    || t instanceof HTMLSelectElement);
}

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock']);

function onKey(e) {
  if (!engine || !forTheMachine(e)) return;
  speaker.unlock();
  if (MODIFIER_KEYS.has(e.key)) return;
  if (e.isComposing) return;
  if (engine.key(e.code, e.key, modifiers(e))) {
    e.preventDefault();
    if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    runner.kick();
  }
}

function onPaste(e) {
  if (!engine || !forTheMachine(e)) return;
  const text = e.clipboardData?.getData('text');
  if (text) {
    e.preventDefault();
    engine.paste(text);
    runner.kick();
  }
}

// ---------------------------------------------------------------- the drive

let saveTimer = 0;

function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, SAVE_DELAY);
}

function saveNow() {
  clearTimeout(saveTimer);
  return engine ? disk.save(engine.exportDrive()) : Promise.resolve();
}

function showFiles() {
  const body = $('file-list');
  body.replaceChildren();
  const files = engine.files();
  if (files.length === 0) {
    const row = body.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 3;
    cell.textContent = 'No files yet: a program writes them with OPEN or SAVE, or upload some.';
  }
  for (const f of files) {
    const row = body.insertRow();
    row.insertCell().textContent = f.name;
    row.insertCell().textContent = f.name.endsWith('\\') ? '<DIR>' : f.size;
    const actions = row.insertCell();
    if (f.name.endsWith('\\')) continue;
    actions.append(button('Download', () => download(f.name)),
      ' ', button('Delete', () => {
        if (engine.removeFile(f.name)) {
          saveNow();
          showFiles();
        }
      }));
  }
}

function button(text, action) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', action);
  return b;
}

function download(name) {
  const data = engine.getFile(name);
  if (!data) return;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([data], { type: 'application/octet-stream' }));
  a.download = name.split('\\').pop();
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

async function upload(files) {
  const refused = [];
  for (const file of files) {
    const data = new Uint8Array(await file.arrayBuffer());
    if (!engine.putFile(dosName(file.name), data)) refused.push(file.name);
  }
  await saveNow();
  showFiles();
  if (refused.length) showStatus(`Not a DOS file name: ${refused.join(', ')}`, true);
}

/** A host file name as DOS's 8.3 would take it (name cut to 8, extension to 3). */
function dosName(name) {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).replace(/[^A-Za-z0-9_$~!#%&'(){}@^`-]/g, '');
  const ext = dot > 0 ? name.slice(dot + 1).replace(/[^A-Za-z0-9_$~!#%&'(){}@^`-]/g, '') : '';
  return (base.slice(0, 8) + (ext ? '.' + ext.slice(0, 3) : '')).toUpperCase();
}

// ---------------------------------------------------------------- programs

function loadProgram(bytes, what) {
  speaker.hush();
  const refused = engine.load(bytes);
  runner.kick();
  canvas.focus({ preventScroll: true });
  if (refused) showStatus(`${what}: ${refused}`, true);
  else showStatus(`${what} is loaded: Run (F2) starts it, LIST shows it.`);
}

function fillExamples() {
  const select = $('examples');
  const groups = new Map();
  engine.examples().forEach((ex, i) => {
    if (!groups.has(ex.group)) {
      const g = document.createElement('optgroup');
      g.label = ex.group;
      groups.set(ex.group, g);
      select.append(g);
    }
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = `${ex.name} — ${ex.title}`;
    groups.get(ex.group).append(o);
  });
  select.addEventListener('change', () => {
    if (select.value === '') return;
    const i = Number(select.value);
    const name = select.options[select.selectedIndex].textContent.split(' — ')[0];
    select.value = '';
    loadProgram(engine.example(i), name);
  });
}

async function share() {
  const dialog = $('share-dialog');
  const program = engine.program();
  const url = await shareUrl(program);
  $('share-url').value = url;
  $('share-note').textContent = program.length === 0
    ? 'There is no program yet: the link opens an empty machine.'
    : `${program.length} bytes of program in ${url.length} characters of link.`;
  dialog.showModal();
  $('share-url').select();
}

async function openShared() {
  try {
    const program = await sharedProgram(location.hash);
    if (program) loadProgram(program, 'The shared program');
  } catch (e) {
    showStatus('The link’s program is damaged and could not be read.', true);
  }
}

// ---------------------------------------------------------------- the page

function showStatus(text, error = false) {
  statusLine.textContent = text;
  statusLine.classList.toggle('error', error);
}

function wire() {
  addEventListener('keydown', onKey);
  addEventListener('paste', onPaste);
  canvas.addEventListener('pointerdown', () => {
    speaker.unlock();
    canvas.focus({ preventScroll: true });
  });
  $('run').addEventListener('click', () => {
    speaker.unlock();
    engine.start();
    runner.kick();
    canvas.focus({ preventScroll: true });
  });
  $('stop').addEventListener('click', () => {
    engine.break();
    runner.kick();
    canvas.focus({ preventScroll: true });
  });
  $('share').addEventListener('click', share);
  $('share-copy').addEventListener('click', () => navigator.clipboard?.writeText($('share-url').value));
  $('files').addEventListener('click', () => {
    showFiles();
    $('files-dialog').showModal();
  });
  $('upload').addEventListener('change', (e) => upload([...e.target.files]));
  $('sound').addEventListener('click', (e) => {
    const on = e.currentTarget.getAttribute('aria-pressed') !== 'true';
    e.currentTarget.setAttribute('aria-pressed', String(on));
    speaker.setEnabled(on);
    if (on) speaker.unlock();
  });
  $('full').addEventListener('click', () => {
    $('monitor').requestFullscreen?.();
    canvas.focus({ preventScroll: true });
  });
  for (const d of document.querySelectorAll('dialog')) {
    d.addEventListener('close', () => canvas.focus({ preventScroll: true }));
  }
  addEventListener('hashchange', openShared);
  addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });
  new ResizeObserver(([entry]) => resize(entry)).observe(canvas);
}

async function main() {
  const [loaded, saved] = await Promise.all([load('gwrun_web_bg.wasm'), disk.load()]);
  engine = loaded;
  if (!engine.init(saved)) showStatus('The saved drive could not be read; drive C: starts empty.', true);
  fillExamples();
  wire();
  resize();
  canvas.focus({ preventScroll: true });
  runner.kick();
  await openShared();
  // for tests and the curious: the page's parts
  window.gwrun = { engine, runner, speaker, disk, saveNow, Status, Activity };
  document.documentElement.dataset.ready = 'true';
}

main().catch((e) => {
  console.error(e);
  showStatus(`gwrun could not start: ${e.message}`, true);
});
