// gwrun.js — loads the engine (gwrun_web.wasm) and wraps its narrow API (crates/gwrun-web/
// src/lib.rs). Every export takes and returns numbers; bytes cross through the module's
// mailbox: `put` writes them and passes their length, a call that answers leaves them
// there and `take` copies them out. Views on the module's memory are made afresh for each
// use, because memory may grow (and move) during any call.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Why `run` stopped. */
export const Status = Object.freeze({ BUDGET: 0, WAITING: 1, SLEEPING: 2, GONE: 3 });
/** What the machine is doing. */
export const Activity = Object.freeze({ PROMPT: 0, RUNNING: 1, INPUT: 2 });
/** Modifier bits for `key` (crates/gwrun-web/src/keys.rs, `Mods`). */
export const Mods = Object.freeze({ SHIFT: 1, CTRL: 2, ALT: 4, META: 8, NUM_LOCK: 16, CAPS_LOCK: 32 });

/** Fetches and instantiates the module; resolves to an Engine. */
export async function load(url) {
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch(url), {});
  } catch (e) {
    // a server that does not say application/wasm: compile from the bytes
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    result = await WebAssembly.instantiate(await response.arrayBuffer(), {});
  }
  return new Engine(result.instance.exports);
}

export class Engine {
  constructor(exports) {
    this.x = exports;
  }

  view(ptr, len) {
    return new Uint8Array(this.x.memory.buffer, ptr, len);
  }

  /** Writes bytes into the mailbox; their length. */
  put(bytes) {
    const ptr = this.x.gw_mailbox(bytes.length);
    this.view(ptr, bytes.length).set(bytes);
    return bytes.length;
  }

  putText(text) {
    return this.put(encoder.encode(text));
  }

  /** A copy of the mailbox's first `len` bytes. */
  take(len) {
    return this.view(this.x.gw_mailbox(0), len).slice();
  }

  takeText(len) {
    return decoder.decode(this.take(len));
  }

  /** Makes the machine; `drive` the saved drive's bytes (or null). False if it was unreadable. */
  init(drive) {
    const len = drive ? this.put(drive) : 0;
    const now = new Date();
    const local = now.getTime() - now.getTimezoneOffset() * 60000;
    return this.x.gw_init(performance.now(), local, len) === 0;
  }

  /** A DOM key event; true when GW-BASIC took it. */
  key(code, key, mods) {
    return this.x.gw_key(this.putText(`${code}\0${key}`), mods) === 1;
  }

  modifiers(mods) {
    this.x.gw_modifiers(mods);
  }

  paste(text) {
    this.x.gw_paste(this.putText(text));
  }

  break() {
    this.x.gw_break();
  }

  run(now, budget) {
    return this.x.gw_run(now, budget);
  }

  wake() {
    return this.x.gw_wake();
  }

  activity() {
    return this.x.gw_activity();
  }

  /** Draws the frame at `width` × `height`; the RGBA bytes when they changed, else null. */
  render(now, width, height) {
    if (this.x.gw_render(now, width, height) === 0) return null;
    return new Uint8ClampedArray(this.x.memory.buffer, this.x.gw_frame(), width * height * 4);
  }

  nextChange(now) {
    const t = this.x.gw_next_change(now);
    return t < 0 ? null : t;
  }

  /** The tones to play from now on, when they changed: [{start, length, freq}] in ms and Hz. */
  tones() {
    const n = this.x.gw_tones();
    if (n === 0) return null;
    const bytes = this.take((n - 1) * 24);
    const f = new Float64Array(bytes.buffer);
    const out = [];
    for (let i = 0; i + 2 < f.length; i += 3) out.push({ start: f[i], length: f[i + 1], freq: f[i + 2] });
    return out;
  }

  driveChanged() {
    return this.x.gw_drive_changed() === 1;
  }

  exportDrive() {
    return this.take(this.x.gw_drive_export());
  }

  /** [{name, size}] of every file on the drive (directories end in a backslash). */
  files() {
    const text = this.takeText(this.x.gw_files());
    return text.split('\n').filter(Boolean).map((line) => {
      const [name, size] = line.split('\t');
      return { name, size: Number(size) };
    });
  }

  /** Stores a file; false when the name is no DOS file name. */
  putFile(name, data) {
    const n = encoder.encode(name);
    const bytes = new Uint8Array(n.length + data.length);
    bytes.set(n);
    bytes.set(data, n.length);
    this.put(bytes);
    return this.x.gw_file_put(n.length, data.length) === 0;
  }

  getFile(name) {
    const len = this.x.gw_file_get(this.putText(name));
    return len < 0 ? null : this.take(len);
  }

  removeFile(name) {
    return this.x.gw_file_remove(this.putText(name)) === 0;
  }

  /** Replaces the program; null, or the reason it was refused. */
  load(bytes) {
    const r = this.x.gw_load(this.put(bytes));
    return r === 0 ? null : this.takeText(r - 1);
  }

  /** The program as LIST shows it (code page 437 bytes). */
  program() {
    return this.take(this.x.gw_program());
  }

  screenText() {
    return this.takeText(this.x.gw_screen_text());
  }

  /** [{group, name, title}] */
  examples() {
    return this.takeText(this.x.gw_examples()).split('\n').filter(Boolean).map((line) => {
      const [group, name, title] = line.split('\t');
      return { group, name, title };
    });
  }

  example(i) {
    return this.take(this.x.gw_example(i));
  }
}
