//! PLAY's music macro language: notes A-G with # or + (sharp) and - (flat), a length
//! 1..=64 and dots (each ×1.5); N 0..=84 (0 is a rest); P length (a rest, P0 none);
//! L 1..=64, T 32..=255, O 0..=6, > and < (kept within 0..=6); MN, ML, MS
//! (articulation), MF, MB (foreground, background); X substring. One semicolon may
//! follow any command. Anything else is an Illegal function call, as GW-BASIC raises it.
//! Frequencies: N 34 (O2 A) is 440 Hz, equal temperament.

use super::{IFC, PlayState, Res, Sound};
use crate::mml::{MacroVars, Scanner};

/// Semitones above C of the note letters A to G.
const SEMITONES: [i32; 7] = [9, 11, 0, 2, 4, 5, 7];

/// The frequency of note `n` (1..=84, 1 being O0 C).
pub(super) fn note_frequency(n: i32) -> f64 {
    440.0 * 2f64.powf(f64::from(n - 34) / 12.0)
}

/// Runs one PLAY string against the speaker.
pub(super) fn run(sound: &mut Sound, now: f64, mml: &[u8], vars: &mut dyn MacroVars) -> Res<()> {
    let mut s = Scanner::new(mml);
    while let Some(mut c) = s.command() {
        if c == b';' {
            match s.command() {
                Some(next) => c = next,
                None => break,
            }
        }
        let st: &mut PlayState = &mut sound.state;
        match c {
            b'X' => {
                let sub = s.string(vars)?;
                s.enter(sub)?;
            }
            b'N' => {
                let n = range(s.number(vars, None)?, 0, 84)?;
                let secs = dotted(&mut s, st.length) * st.whole;
                let fill = st.fill;
                if n == 0 {
                    sound.emit(now, secs, 0.0, true);
                } else {
                    tone(sound, now, note_frequency(n as i32), secs, fill);
                }
            }
            b'L' => st.length = 1.0 / range(s.number(vars, None)?, 1, 64)? as f64,
            b'T' => st.whole = 240.0 / range(s.number(vars, None)?, 32, 255)? as f64,
            b'O' => st.octave = range(s.number(vars, None)?, 0, 6)? as u8,
            b'>' => st.octave = (st.octave + 1).min(6),
            b'<' => st.octave = st.octave.saturating_sub(1),
            b'A'..=b'G' | b'P' => {
                let mut semitone = if c == b'P' {
                    0
                } else {
                    SEMITONES[usize::from(c - b'A')]
                };
                let mut accidental = 0;
                if s.accept(b"#+").is_some() {
                    accidental = 1;
                } else if s.accept(b"-").is_some() {
                    accidental = -1;
                }
                let written = if s.at_digit() {
                    Some(range(s.literal(), 0, 64)?)
                } else {
                    None
                };
                let mut length = match written {
                    Some(l) if l > 0 => 1.0 / l as f64,
                    _ => st.length,
                };
                while s.accept(b".").is_some() {
                    if c == b'P' && written == Some(0) {
                        return Err(IFC);
                    }
                    length *= 1.5;
                }
                let secs = length * st.whole;
                if c == b'P' {
                    match written {
                        None => return Err(IFC),
                        Some(0) => {}
                        Some(_) => sound.emit(now, secs, 0.0, true),
                    }
                } else {
                    // Only the black keys: E#, B#, C- and F- do not exist.
                    if accidental == 1 && matches!(c, b'E' | b'B')
                        || accidental == -1 && matches!(c, b'C' | b'F')
                    {
                        return Err(IFC);
                    }
                    semitone += accidental;
                    let n = i32::from(st.octave) * 12 + semitone + 1;
                    let fill = st.fill;
                    tone(sound, now, note_frequency(n), secs, fill);
                }
            }
            b'M' => match s.command() {
                Some(b'N') => st.fill = 7.0 / 8.0,
                Some(b'L') => st.fill = 1.0,
                Some(b'S') => st.fill = 3.0 / 4.0,
                Some(b'F') => sound.foreground = true,
                Some(b'B') => sound.foreground = false,
                _ => return Err(IFC),
            },
            _ => return Err(IFC),
        }
    }
    Ok(())
}

/// A note: the sounding part, then (unless legato) the silent rest of its length.
fn tone(sound: &mut Sound, now: f64, freq: f64, secs: f64, fill: f64) {
    sound.emit(now, secs * fill, freq, true);
    if fill < 1.0 {
        sound.emit(now, secs * (1.0 - fill), 0.0, false);
    }
}

/// A length followed by dots, each adding half again.
fn dotted(s: &mut Scanner, length: f64) -> f64 {
    let mut l = length;
    while s.accept(b".").is_some() {
        l *= 1.5;
    }
    l
}

fn range(v: i64, lo: i64, hi: i64) -> Res<i64> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(IFC)
    }
}
