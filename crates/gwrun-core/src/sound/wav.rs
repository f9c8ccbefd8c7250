//! The recording as a WAV file: 16-bit mono PCM, square waves as the PC speaker makes
//! them, silence between and around the tones. A tone that lasts until the next sound
//! and is the last one plays for one second. Written by hand: a RIFF header of 44 bytes
//! needs no crate.
//!
//! The file is streamed (`WavStream`): samples are rendered a fixed chunk at a time as
//! soon as nothing can change them any more (the sound clock has passed them) and handed
//! to the front end's `Recording`; the header, whose lengths are known only at the end,
//! goes first with the longest lengths and is handed over again at the end. Memory stays
//! the same whatever the recording's length. A recording stops at `MAX_SECONDS`.

use super::Tone;

/// Amplitude of the square wave (a quarter of full scale).
const AMPLITUDE: i16 = 8192;
/// Longest recording rendered, in seconds (an hour: 318 MB at 44.1 kHz).
pub const MAX_SECONDS: f64 = 3600.0;
/// Samples rendered at a time.
const CHUNK: usize = 1 << 15;
/// Bytes of the RIFF/WAVE header.
pub const HEADER_LEN: usize = 44;

/// Where a recording's bytes go as they are made (the binary writes them to the
/// `--sound` file): the WAV file's bytes in order, then, at the end, its header again
/// with the lengths filled in (a front end that can seek writes it over the start).
pub trait Recording {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()>;
    fn finish(&mut self, header: &[u8; HEADER_LEN]) -> std::io::Result<()>;
}

/// A recording kept in memory, shared with whoever reads it (tests, `render_wav`, a
/// front end without files).
#[derive(Debug, Clone, Default)]
pub struct MemoryRecording(pub std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl Recording for MemoryRecording {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(())
    }

    fn finish(&mut self, header: &[u8; HEADER_LEN]) -> std::io::Result<()> {
        self.0.borrow_mut()[..HEADER_LEN].copy_from_slice(header);
        Ok(())
    }
}

/// How a recording ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecordingEnd {
    /// Seconds of sound the file holds.
    pub seconds: f64,
    /// Seconds the sound ran for, when that was longer than `MAX_SECONDS` (the file
    /// then holds its first `MAX_SECONDS`).
    pub cut_from: Option<f64>,
}

/// Whether sample `k` of a square wave of `freq` Hz, counted from the tone's start at
/// `rate` samples a second, is in the high half of its period (the wave starts high).
pub fn square_high(k: f64, rate: f64, freq: f64) -> bool {
    let half_period = rate / (2.0 * freq);
    ((k / half_period) as u64).is_multiple_of(2)
}

/// Fills `out` with a square wave of `freq` Hz from sample `k` of the tone on, as
/// `square_high` gives each sample, a half period at a time.
pub(super) fn square_wave(out: &mut [i16], k: u64, rate: f64, freq: f64) {
    let half_period = rate / (2.0 * freq);
    let half = |k: u64| (k as f64 / half_period) as u64;
    let end = k + out.len() as u64;
    let mut at = k;
    while at < end {
        let j = half(at);
        // the first sample of the next half period: estimated, then settled by the
        // same division `square_high` makes
        let mut next = (((j + 1) as f64 * half_period).ceil() as u64).max(at + 1);
        while next > at + 1 && half(next - 1) != j {
            next -= 1;
        }
        while half(next) == j {
            next += 1;
        }
        let stop = next.min(end);
        let v = if j.is_multiple_of(2) {
            AMPLITUDE
        } else {
            -AMPLITUDE
        };
        out[(at - k) as usize..(stop - k) as usize].fill(v);
        at = stop;
    }
}

/// The sample a time falls on at `rate` samples a second (a tone's bounds are rounded
/// to the nearest sample).
fn sample_at(rate: f64, secs: f64) -> u64 {
    (secs * rate).round().max(0.0) as u64
}

/// When tone `i` of `tones` ends: its own end, or for one that lasts until the next
/// sound, the next one's start (one second after its start when it is the last).
pub(super) fn end_of(tones: &[Tone], i: usize) -> f64 {
    let t = &tones[i];
    if t.secs.is_finite() {
        t.start + t.secs
    } else {
        tones.get(i + 1).map_or(t.start + 1.0, |n| n.start)
    }
}

/// A WAV file being written as the sound is made.
pub struct WavStream {
    out: Box<dyn Recording>,
    sample_rate: u32,
    /// Samples written so far.
    written: u64,
    /// The first write error; nothing more is written after it.
    error: Option<std::io::Error>,
    samples: Vec<i16>,
    bytes: Vec<u8>,
}

impl std::fmt::Debug for WavStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WavStream")
            .field("written", &self.written)
            .finish()
    }
}

impl WavStream {
    /// A stream to `out` at `sample_rate`; the header goes out at once.
    pub fn new(mut out: Box<dyn Recording>, sample_rate: u32) -> WavStream {
        let sample_rate = sample_rate.max(1);
        let error = out.write(&header(sample_rate, u32::MAX - 36)).err();
        WavStream {
            out,
            sample_rate,
            written: 0,
            error,
            samples: vec![0; CHUNK],
            bytes: vec![0; CHUNK * 2],
        }
    }

    fn rate(&self) -> f64 {
        f64::from(self.sample_rate)
    }

    /// The most samples a recording holds.
    fn cap(&self) -> u64 {
        (MAX_SECONDS * self.rate()).ceil() as u64
    }

    /// Whether every sample of tone `i` is written.
    pub(super) fn done_with(&self, tones: &[Tone], i: usize) -> bool {
        sample_at(self.rate(), end_of(tones, i)).min(self.cap()) <= self.written
    }

    /// Writes the samples before `until` seconds (at most the cap); `tones` (in time
    /// order) hold every tone that sounds there. Of two tones sharing a sample, the later
    /// gives it.
    pub fn render(&mut self, tones: &[Tone], until: f64) {
        let to = (until * self.rate()).floor().max(0.0) as u64;
        self.render_to(tones, to.min(self.cap()));
    }

    fn render_to(&mut self, tones: &[Tone], to: u64) {
        let rate = self.rate();
        while self.written < to && self.error.is_none() {
            let from = self.written;
            let len = (to - from).min(CHUNK as u64) as usize;
            let end = from + len as u64;
            let chunk = &mut self.samples[..len];
            chunk.fill(0);
            for (i, t) in tones.iter().enumerate() {
                let first = sample_at(rate, t.start);
                if first >= end {
                    // tones are in time order: none later sounds in this chunk
                    break;
                }
                if t.freq <= 0.0 || t.freq >= rate / 2.0 {
                    continue;
                }
                let last = sample_at(rate, end_of(tones, i));
                let (a, b) = (first.max(from), last.min(end));
                if a < b {
                    square_wave(
                        &mut chunk[(a - from) as usize..(b - from) as usize],
                        a - first,
                        rate,
                        t.freq,
                    );
                }
            }
            let bytes = &mut self.bytes[..len * 2];
            for (b, s) in bytes.chunks_exact_mut(2).zip(chunk.iter()) {
                b.copy_from_slice(&s.to_le_bytes());
            }
            if let Err(e) = self.out.write(bytes) {
                self.error = Some(e);
            }
            self.written = end;
        }
    }

    /// Ends the recording: the samples up to `total` seconds (the end of the last tone)
    /// are written, then the header with the lengths. The first write error, if any.
    pub fn finish(&mut self, tones: &[Tone], total: f64) -> std::io::Result<RecordingEnd> {
        let rate = self.rate();
        let n = (total.min(MAX_SECONDS) * rate).ceil().max(0.0) as u64;
        self.render_to(tones, n.min(self.cap()));
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let data_len = (self.written * 2) as u32;
        self.out.finish(&header(self.sample_rate, data_len))?;
        Ok(RecordingEnd {
            seconds: self.written as f64 / rate,
            cut_from: (total > MAX_SECONDS).then_some(total),
        })
    }
}

/// The RIFF/WAVE header of 16-bit mono PCM with `data_len` bytes of samples.
fn header(sample_rate: u32, data_len: u32) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    let fields: [&[u8]; 12] = [
        b"RIFF",
        &(36 + data_len).to_le_bytes(),
        b"WAVEfmt ",
        &16u32.to_le_bytes(),
        &1u16.to_le_bytes(), // PCM
        &1u16.to_le_bytes(), // mono
        &sample_rate.to_le_bytes(),
        &(sample_rate * 2).to_le_bytes(),
        &2u16.to_le_bytes(),
        &16u16.to_le_bytes(),
        b"data",
        &data_len.to_le_bytes(),
    ];
    let mut at = 0;
    for f in fields {
        h[at..at + f.len()].copy_from_slice(f);
        at += f.len();
    }
    h
}

/// Renders `tones` (in time order) from time 0 at `sample_rate` samples a second, as a
/// whole WAV file in memory.
pub fn render_wav(tones: &[Tone], sample_rate: u32) -> Vec<u8> {
    let out = MemoryRecording::default();
    let total = (0..tones.len())
        .map(|i| end_of(tones, i))
        .fold(0.0, f64::max);
    // memory's writes cannot fail
    let _ = WavStream::new(Box::new(out.clone()), sample_rate).finish(tones, total);
    out.0.take()
}
