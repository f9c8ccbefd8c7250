// audio.js — the PC speaker through Web Audio. The engine hands over the tones still to
// come whenever its music queue changes (start and length in ms on the page clock,
// frequency in Hz, 0 for a rest); each becomes a square-wave oscillator scheduled on the
// audio clock. A tone already scheduled with the same start, length and pitch keeps
// playing untouched, so queueing more notes never clicks the one sounding; tones no
// longer in the list (the queue was cut) stop at once. Browsers start audio only after a
// user gesture: `unlock` is called from the first key or click.

const VOLUME = 0.08;
/** Tones are matched within this many ms (the times are computed, not measured). */
const SAME = 0.5;

export class Speaker {
  constructor() {
    this.ctx = null;
    this.gain = null;
    this.enabled = true;
    this.playing = []; // {start, length, freq, osc}
    this.pending = null; // tones handed over before the context could start
  }

  /** Creates or resumes the audio context (call from a user gesture). */
  unlock() {
    if (!this.ctx) {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      this.ctx = new Ctx();
      this.gain = this.ctx.createGain();
      this.gain.gain.value = this.enabled ? VOLUME : 0;
      this.gain.connect(this.ctx.destination);
      this.wave = this.ctx.createPeriodicWave(...squareWave());
    }
    if (this.ctx.state === 'suspended') this.ctx.resume();
    if (this.pending) {
      const t = this.pending;
      this.pending = null;
      this.update(t);
    }
  }

  setEnabled(on) {
    this.enabled = on;
    if (this.gain) this.gain.gain.setValueAtTime(on ? VOLUME : 0, this.ctx.currentTime);
  }

  /** The page clock (performance.now, ms) as the audio clock (s). */
  audioTime(ms) {
    return this.ctx.currentTime + (ms - performance.now()) / 1000;
  }

  /** The tones from now on replace what was scheduled. */
  update(tones) {
    if (!this.ctx || this.ctx.state !== 'running') {
      this.pending = tones;
      return;
    }
    const now = performance.now();
    const keep = [];
    for (const p of this.playing) {
      const still = tones.some((t) => near(t.start, p.start) && near(t.length, p.length)
        && t.freq === p.freq);
      if (still && p.start + p.length > now) keep.push(p);
      else if (p.start + p.length > now) p.osc.stop();
    }
    for (const t of tones) {
      if (t.freq <= 0 || t.start + t.length <= now) continue;
      if (keep.some((p) => near(t.start, p.start) && t.freq === p.freq)) continue;
      const osc = this.ctx.createOscillator();
      osc.setPeriodicWave(this.wave);
      osc.frequency.value = Math.min(t.freq, this.ctx.sampleRate / 2);
      osc.connect(this.gain);
      const from = Math.max(this.ctx.currentTime, this.audioTime(t.start));
      osc.start(from);
      if (Number.isFinite(t.length)) osc.stop(this.audioTime(t.start + t.length));
      keep.push({ ...t, osc });
    }
    this.playing = keep;
  }

  /** Silence now (the machine was remade). */
  hush() {
    for (const p of this.playing) p.osc.stop();
    this.playing = [];
    this.pending = null;
  }
}

/** Two times the same within SAME ms (an endless tone's length is Infinity). */
function near(a, b) {
  return a === b || Math.abs(a - b) < SAME;
}

/** A square wave's Fourier series, up to the 40th harmonic (the speaker's hard edges
 * softened a little, as the cone did). */
function squareWave() {
  const n = 41;
  const real = new Float32Array(n);
  const imag = new Float32Array(n);
  for (let k = 1; k < n; k += 2) imag[k] = 4 / (Math.PI * k);
  return [real, imag, { disableNormalization: false }];
}
