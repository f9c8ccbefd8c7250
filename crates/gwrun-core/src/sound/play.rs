//! PLAY's music macro language: notes A-G with # or + (sharp) and - (flat), a length
//! 1..=64 and dots (each ×1.5); N 0..=84 (0 is a rest); P length (a rest, P0 none);
//! L 1..=64, T 32..=255, O 0..=6, > and < (kept within 0..=6); MN, ML, MS
//! (articulation), MF, MB (foreground, background); X substring. A semicolon ends a
//! number (an argument or a note's length, MACLNG.ASM NUMLOP), where the number may be
//! absent; anywhere else it is an Illegal function call, as anything else is.
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
    while let Some(c) = s.command() {
        let st: &mut PlayState = &mut sound.state;
        match c {
            b'X' => {
                let sub = s.string(vars)?;
                s.enter(sub)?;
            }
            b'N' => {
                let n = range(s.number_to_semicolon(vars, None)?, 0, 84)?;
                let length = match note_length(&mut s)? {
                    Some(l) => 1.0 / l as f64,
                    None => st.length,
                };
                let secs = dotted(&mut s, length) * st.whole;
                let fill = st.fill;
                if n == 0 {
                    sound.emit(now, secs, 0.0, true);
                } else {
                    tone(sound, now, note_frequency(n as i32), secs, fill);
                }
            }
            b'L' => st.length = 1.0 / range(s.number_to_semicolon(vars, None)?, 1, 64)? as f64,
            b'T' => st.whole = 240.0 / range(s.number_to_semicolon(vars, None)?, 32, 255)? as f64,
            b'O' => st.octave = range(s.number_to_semicolon(vars, None)?, 0, 6)? as u8,
            b'>' => st.octave = (st.octave + 1).min(6),
            b'<' => st.octave = st.octave.saturating_sub(1),
            b'P' => {
                // GWSTS.ASM PPAUSE: the length is the argument; P0 is no pause and
                // takes no dots.
                match range(s.number_to_semicolon(vars, None)?, 0, 64)? {
                    0 => {}
                    l => {
                        let secs = dotted(&mut s, 1.0 / l as f64) * st.whole;
                        sound.emit(now, secs, 0.0, true);
                    }
                }
            }
            b'A'..=b'G' => {
                let mut semitone = SEMITONES[usize::from(c - b'A')];
                let mut accidental = 0;
                if s.accept(b"#+").is_some() {
                    accidental = 1;
                } else if s.accept(b"-").is_some() {
                    accidental = -1;
                }
                let length = match note_length(&mut s)? {
                    Some(l) => 1.0 / l as f64,
                    None => st.length,
                };
                let secs = dotted(&mut s, length) * st.whole;
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

/// GWSTS.ASM PLYNU3, the length after a note or an N: MACLNG.ASM VALSC2's digits if any
/// (1..=64; 0 or none is the current length L, above 64 an Illegal function call), and a
/// `;` that ends them or stands alone, eaten by NUMLOP with them. A `;` anywhere else is
/// a command no table has: an Illegal function call.
fn note_length(s: &mut Scanner) -> Res<Option<i64>> {
    let written = if s.at_digit() {
        range(s.literal(), 0, 64)?
    } else {
        0
    };
    s.accept(b";");
    Ok((written > 0).then_some(written))
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
