//! The recording as a WAV file: 16-bit mono PCM, square waves as the PC speaker makes
//! them, silence between and around the tones. A tone that lasts until the next sound
//! and is the last one plays for one second. Written by hand: a RIFF header of 44 bytes
//! needs no crate.

use super::Tone;

/// Amplitude of the square wave (a quarter of full scale).
const AMPLITUDE: i16 = 8192;
/// Longest recording rendered, in seconds (an hour).
const MAX_SECONDS: f64 = 3600.0;

/// Whether sample `k` of a square wave of `freq` Hz, counted from the tone's start at
/// `rate` samples a second, is in the high half of its period (the wave starts high).
pub fn square_high(k: f64, rate: f64, freq: f64) -> bool {
    let half_period = rate / (2.0 * freq);
    ((k / half_period) as u64).is_multiple_of(2)
}

/// Renders `tones` (in time order) from time 0 at `sample_rate` samples a second.
pub fn render_wav(tones: &[Tone], sample_rate: u32) -> Vec<u8> {
    let rate = f64::from(sample_rate.max(1));
    let end_of = |i: usize, t: &Tone| {
        if t.secs.is_finite() {
            t.start + t.secs
        } else {
            tones.get(i + 1).map_or(t.start + 1.0, |n| n.start)
        }
    };
    let total = tones
        .iter()
        .enumerate()
        .map(|(i, t)| end_of(i, t))
        .fold(0.0, f64::max)
        .min(MAX_SECONDS);
    let n = (total * rate).ceil() as usize;
    let mut samples = vec![0i16; n];
    for (i, t) in tones.iter().enumerate() {
        if t.freq <= 0.0 || t.freq >= rate / 2.0 {
            continue;
        }
        let first = ((t.start * rate).round() as usize).min(n);
        let last = ((end_of(i, t).min(total) * rate).round() as usize).min(n);
        for (k, s) in samples[first..last].iter_mut().enumerate() {
            *s = if square_high(k as f64, rate, t.freq) {
                AMPLITUDE
            } else {
                -AMPLITUDE
            };
        }
    }
    let data_len = (n * 2) as u32;
    let mut out = Vec::with_capacity(44 + n * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&sample_rate.to_le_bytes());
    out.extend_from_slice(&(sample_rate * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}
