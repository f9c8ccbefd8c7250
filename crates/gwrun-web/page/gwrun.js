// gwrun.js — loads the engine and wraps the machine it exports (crates/gwrun-web/src/
// lib.rs, `Machine`) for the page. The module and its loader (gwrun_web_bg.wasm,
// gwrun_web.js) are what wasm-bindgen generates from the crate: strings, byte arrays
// and numbers cross as themselves; the frame's pixels are read in place from the
// module's memory, through a view made afresh for each frame because memory may grow
// (and move) during any call.

import init, { Machine, examples as exampleList, example } from './gwrun_web.js';

/** Why `run` stopped. */
export const Status = Object.freeze({ BUDGET: 0, WAITING: 1, SLEEPING: 2, GONE: 3 });
/** What the machine is doing. */
export const Activity = Object.freeze({ PROMPT: 0, RUNNING: 1, INPUT: 2 });
/** Modifier bits for `key` (crates/gwrun-web/src/keys.rs, `Held`). */
export const Mods = Object.freeze({ SHIFT: 1, CTRL: 2, ALT: 4, META: 8, NUM_LOCK: 16, CAPS_LOCK: 32 });

/** Fetches and instantiates the module; resolves to an Engine. */
export async function load(url) {
  const wasm = await init({ module_or_path: url });
  return new Engine(wasm);
}

export class Engine {
  constructor(wasm) {
    this.wasm = wasm;
    this.m = null;
  }

  /** Makes the machine (again); `drive` the saved drive's bytes (or null). False if it was unreadable. */
  init(drive) {
    this.m?.free();
    const now = new Date();
    const local = now.getTime() - now.getTimezoneOffset() * 60000;
    this.m = new Machine(local, drive ?? new Uint8Array(0));
    return this.m.drive_readable();
  }

  /** A DOM key event; true when GW-BASIC took it. */
  key(code, key, mods) {
    return this.m.key(code, key, mods);
  }

  paste(text) {
    this.m.paste(text);
  }

  break() {
    this.m.press_break();
  }

  start() {
    this.m.start();
  }

  run(budget) {
    return this.m.run(budget);
  }

  wake() {
    return this.m.wake();
  }

  activity() {
    return this.m.activity();
  }

  /** Draws the frame at `width` × `height`; the RGBA bytes when they changed, else null. */
  render(width, height) {
    if (!this.m.render(width, height)) return null;
    return new Uint8ClampedArray(this.wasm.memory.buffer, this.m.frame_ptr(), width * height * 4);
  }

  nextChange() {
    const t = this.m.next_change();
    return t < 0 ? null : t;
  }

  /** The tones to play from now on, when they changed: [{start, length, freq}] in ms and Hz. */
  tones() {
    const f = this.m.tones();
    if (!f) return null;
    const out = [];
    for (let i = 0; i + 2 < f.length; i += 3) out.push({ start: f[i], length: f[i + 1], freq: f[i + 2] });
    return out;
  }

  driveChanged() {
    return this.m.drive_changed();
  }

  exportDrive() {
    return this.m.export_drive();
  }

  /** [{name, size}] of every file on the drive. */
  files() {
    return this.m.files().split('\n').filter(Boolean).map((line) => {
      const [name, size] = line.split('\t');
      return { name, size: Number(size) };
    });
  }

  /** Stores a file; false when the name is no DOS file name. */
  putFile(name, data) {
    return this.m.put_file(name, data);
  }

  getFile(name) {
    return this.m.get_file(name) ?? null;
  }

  removeFile(name) {
    return this.m.remove_file(name);
  }

  /** Replaces the program; null, or the reason it was refused. */
  load(bytes) {
    return this.m.load(bytes) ?? null;
  }

  /** The program as LIST shows it (code page 437 bytes). */
  program() {
    return this.m.program();
  }

  screenText() {
    return this.m.screen_text();
  }

  /** [{group, name, title}] */
  examples() {
    return exampleList().split('\n').filter(Boolean).map((line) => {
      const [group, name, title] = line.split('\t');
      return { group, name, title };
    });
  }

  example(i) {
    return example(i);
  }
}
