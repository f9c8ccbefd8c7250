//! The speaker against real GW-BASIC (the PLAY, SOUND and music-queue programs of
//! `../shared/realgw/tests`, skipped when absent) and the WAV rendering measured from
//! its samples.

use super::*;
use crate::mml::VarRef;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The model's "ERR ERL" lines as line → error.
fn model_errors(test: &str) -> Option<BTreeMap<u32, u8>> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("../shared/realgw/tests")
        .join(test)
        .join("model/OUTPUT.TXT");
    let Ok(text) = std::fs::read(&p) else {
        eprintln!("SKIPPED: ../shared/realgw/tests/{test} not found beside the checkout");
        return None;
    };
    let text = String::from_utf8_lossy(&text).into_owned();
    Some(
        text.lines()
            .filter_map(|l| {
                let mut w = l.split_whitespace();
                Some((w.next()?.parse().ok()?, w.next()?.parse().ok()?))
            })
            .map(|(e, l): (u8, u32)| (l, e))
            .collect(),
    )
}

/// The variables of gwbasic/PLAY: X$="mb c", A=1, B(0)=1, Y$(1)="mb c"; VARPTR$ of X$
/// is 03 10 00, of A 04 20 00, of Y$(1) 03 30 00 (detached after ERASE: empty).
struct Vars;
impl MacroVars for Vars {
    fn number(&mut self, var: VarRef<'_>) -> Result<i16, ErrorCode> {
        match var {
            VarRef::Name {
                name: b"A" | b"B", ..
            }
            | VarRef::Ptr([4, 0x20, 0]) => Ok(1),
            VarRef::Name { name, .. } if name.ends_with(b"$") => Err(ErrorCode::TypeMismatch),
            _ => Ok(0),
        }
    }
    fn string(&mut self, var: VarRef<'_>) -> Result<Vec<u8>, ErrorCode> {
        match var {
            VarRef::Name { name: b"X$", .. } | VarRef::Ptr([3, 0x10, 0]) => Ok(b"mb c".to_vec()),
            VarRef::Name { name, .. } if !name.ends_with(b"$") => Err(ErrorCode::TypeMismatch),
            _ => Ok(Vec::new()),
        }
    }
}

fn check(test: &str, cases: &[(u32, &[u8])]) {
    let Some(want) = model_errors(test) else {
        return;
    };
    let mut s = Sound::new();
    let mut now = 0.0;
    for &(line, mml) in cases {
        let got = match s.play(now, mml, &mut Vars) {
            Ok(t) => {
                now = t;
                None
            }
            Err(e) => Some(e.number()),
        };
        assert_eq!(
            got,
            want.get(&line).copied(),
            "line {line}: PLAY {:?}",
            String::from_utf8_lossy(mml)
        );
    }
}

/// gwbasic/PLAY: the strings whose errors PLAY itself decides.
#[test]
fn play_syntax_and_errors() {
    check(
        "gwbasic/PLAY",
        &[
            (70, b"1"),
            (107, b"mb c"),
            (110, b"MFMNMLMST255"),
            (120, b"A8A16"),
            (130, b"O1ABCDEFG"),
            (132, b"A#"),
            (134, b"A+"),
            (136, b"A-"),
            (138, b"A."),
            (140, b"A>A<A"),
            (145, b"N84"),
            (150, b"L64B"),
            (160, b"L128A"),
            (170, b"P64"),
            (250, b"XX$;"),
            (260, b"XA;"),
            (265, b"X"),
            (270, b"X\x03\x10\x00"),
            (273, b"X\x03\x30\x00"),
            (279, b"X\x03\x04"),
            (290, b"N=A;"),
            (300, b"N=B(0);"),
            (310, b"N=\x04\x20\x00"),
            (320, b"A64."),
            (330, b"A.64"),
            (340, b"A+64."),
            (350, b"A+.64"),
            (360, b"A64+."),
            (370, b"N1."),
            (375, b"N="),
            (377, b"N"),
            (380, b"P1."),
            (390, b"P0"),
            (400, b"P0."),
        ],
    );
}

/// gwbasic/more_mml_syntax_in_PLAY.
#[test]
fn more_play_syntax() {
    check(
        "gwbasic/more_mml_syntax_in_PLAY",
        &[
            (35, b"T255"),
            (40, b"N0"),
            (50, b"P"),
            (60, b">>>>>>>C"),
            (70, b"<<<<<<<C"),
            (80, b"e#"),
            (90, b"F-"),
            (100, b"c#"),
            (110, b"D-"),
            (120, b"MZ"),
            (130, b"l64;a;b"),
            (140, b"l64;;a;b"),
        ],
    );
}

/// unsorted/SOUND: the argument rules SOUND itself decides.
#[test]
fn sound_arguments() {
    let mut s = Sound::new();
    let d = |v: f64| Single::from_f64(v);
    assert!(s.sound(0.0, -1, d(0.0)).is_ok());
    assert!(s.sound(0.0, 256, d(0.0)).is_ok());
    assert!(s.sound(0.0, 0, d(-1.0)).is_ok());
    assert_eq!(s.sound(0.0, 36, d(1.0)), Err(IFC));
    assert_eq!(s.sound(0.0, 440, d(65536.0)), Err(IFC));
    let t = s.sound(0.0, 440, d(18.2)).unwrap();
    assert!(
        t < 1e-9,
        "foreground SOUND goes on when its tone starts, not at {t}"
    );
}

/// unsorted/MusicQueueLength, first line: 35 legato notes in the background at one a
/// second fill the queue; PLAY returns once two have been played, with 32 waiting.
#[test]
fn background_queue_holds_32_notes() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("../shared/realgw/tests/unsorted/MusicQueueLength/model/OUTPUT.TXT");
    let Ok(model) = std::fs::read_to_string(&p) else {
        eprintln!("SKIPPED: unsorted/MusicQueueLength not found beside the checkout");
        return;
    };
    let nums: Vec<f64> = model
        .split_whitespace()
        .take(2)
        .filter_map(|w| w.parse().ok())
        .collect();
    let mut s = Sound::new();
    s.play(0.0, b"t60", &mut Vars).unwrap();
    let t = s
        .play(
            0.0,
            b"mbml cdefgcdefg cdefgcdefg cdefgcdefg cdefg",
            &mut Vars,
        )
        .unwrap();
    assert_eq!((8.0 * t).round(), nums[0], "8 × seconds waited");
    assert_eq!(f64::from(s.play_count(t, 0).unwrap()), nums[1]);
}

/// unsorted/PlayLegato and PlayStaccato: ON PLAY(n) fires when fewer than n notes wait;
/// the handler sees n-1.
#[test]
fn on_play_fires_below_the_threshold() {
    for (test, mml, threshold) in [
        (
            "unsorted/PlayLegato",
            &b"mbmlcdeccdecefgefgcdeccdec"[..],
            18,
        ),
        (
            "unsorted/PlayStaccato",
            &b"mbmscdeccdecefgefgcdeccdec"[..],
            10,
        ),
    ] {
        let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join("../shared/realgw/tests")
            .join(test)
            .join("model/OUTPUT.TXT");
        let Ok(model) = std::fs::read_to_string(&p) else {
            eprintln!("SKIPPED: {test} not found beside the checkout");
            return;
        };
        let want: i16 = model.lines().nth(1).unwrap().trim().parse().unwrap();
        let mut s = Sound::new();
        let mut now = s.play(0.0, mml, &mut Vars).unwrap();
        let mut seen = Vec::new();
        while s.play_count(now, 1).unwrap() > 0 {
            if s.play_event(now, threshold) {
                seen.push(s.play_count(now, 1).unwrap());
            }
            now += 0.01;
        }
        assert_eq!(seen, vec![want], "{test}");
    }
}

/// A WAV of O2 A (440 Hz) as a normal quarter note at T120: 7/8 of half a second of
/// tone, then silence; length and pitch measured from the samples.
#[test]
fn wav_length_and_pitch() {
    let mut s = Sound::new();
    let file = MemoryRecording::default();
    s.record_to(Box::new(file.clone()), 44_100);
    let t = s.play(0.0, b"T120 L4 O2 A", &mut Vars).unwrap();
    let end = s.finish_recording().unwrap().unwrap();
    assert_eq!(end.cut_from, None);
    let wav = file.0.take();
    assert_eq!(&wav[..4], b"RIFF");
    assert_eq!(&wav[8..16], b"WAVEfmt ");
    let samples: Vec<i16> = wav[44..]
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(samples.len(), 22_050, "half a second in all");
    let sounding = samples.iter().rposition(|&v| v != 0).unwrap() + 1;
    assert!(
        (sounding as f64 / 44_100.0 - 0.4375).abs() < 0.001,
        "tone lasts 7/8 of the note"
    );
    let crossings = samples[..sounding]
        .windows(2)
        .filter(|w| (w[0] > 0) != (w[1] > 0))
        .count();
    let hz = crossings as f64 / 2.0 / 0.4375;
    assert!((hz - 440.0).abs() < 3.0, "pitch {hz}");
    assert!(
        (t - 0.4375).abs() < 1e-9,
        "foreground PLAY goes on when its last entry (the gap) starts"
    );
}

/// Notes follow equal temperament from O2 A = 440 Hz; O3 C is the manual's middle C.
#[test]
fn note_frequencies() {
    assert!((play::note_frequency(34) - 440.0).abs() < 1e-9);
    assert!((play::note_frequency(37) - 523.251).abs() < 0.001);
    let mut s = Sound::new();
    s.play(0.0, b"MLO3C", &mut Vars).unwrap();
    assert!((s.recorded()[0].freq - 523.251).abs() < 0.001);
}

/// The samples of a WAV file (after its 44-byte header).
fn wav_samples(wav: &[u8]) -> Vec<i16> {
    wav[HEADER_LEN..]
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect()
}

/// The square wave a tone of `freq` Hz starting at sample `first` gives sample `k`.
fn square(k: usize, first: usize, freq: f64) -> i16 {
    if square_high((k - first) as f64, 44_100.0, freq) {
        8192
    } else {
        -8192
    }
}

/// A recording streamed while the sound clock moves on holds each tone where it
/// sounded and the silence between, and ends where the last sound was cut: half a
/// second of 440 Hz from 0, silence, 880 Hz from 2 s until SOUND ,0 at 2.3 s.
#[test]
fn streamed_recording_holds_tones_and_gaps_in_time() {
    let mut s = Sound::new();
    let file = MemoryRecording::default();
    s.record_to(Box::new(file.clone()), 44_100);
    let half_second = Single::from_f64(TICKS_PER_SECOND / 2.0);
    s.sound(0.0, 440, half_second).unwrap();
    // a tone until the next sound, queued at 2 s and cut by SOUND ,0 at 2.3 s
    s.sound(2.0, 880, Single::from_f64(0.01)).unwrap();
    s.sound(2.3, 100, Single::from_f64(0.0)).unwrap();
    s.finish_recording().unwrap().unwrap();
    let wav = file.0.take();
    let got = wav_samples(&wav);
    assert_eq!(got.len(), (2.3f64 * 44_100.0).round() as usize);
    let data_len = u32::from_le_bytes(wav[40..44].try_into().unwrap());
    assert_eq!(
        data_len as usize,
        got.len() * 2,
        "the header gives the length"
    );
    let half = (half_second.to_f64() / TICKS_PER_SECOND * 44_100.0).round() as usize;
    for (k, &v) in got.iter().enumerate() {
        let want = if k < half {
            square(k, 0, 440.0)
        } else if k < 88_200 {
            0
        } else {
            square(k, 88_200, 880.0)
        };
        assert_eq!(v, want, "sample {k}");
    }
}

/// Streaming gives the same file as rendering the whole recording at the end.
#[test]
fn streamed_recording_equals_one_rendering() {
    let tones = [
        (0.0, 0.3, 300.0),
        (0.3, 0.2, 0.0),
        (0.7, f64::INFINITY, 500.0),
    ];
    let mut s = Sound::new();
    let file = MemoryRecording::default();
    s.record_to(Box::new(file.clone()), 44_100);
    let mut all = Vec::new();
    for &(start, secs, freq) in &tones {
        s.emit(start, secs, freq, true);
        all.push(Tone {
            start,
            secs,
            freq,
            note: true,
        });
    }
    s.finish_recording().unwrap().unwrap();
    assert_eq!(file.0.take(), render_wav(&all, 44_100));
}

/// Music as long as a program likes keeps memory bounded: the tones done with leave
/// the recording, and the WAV stops at an hour, saying how long the sound ran.
#[test]
fn long_music_is_bounded_and_capped() {
    #[derive(Default, Clone)]
    struct Count(std::rc::Rc<std::cell::Cell<u64>>);
    impl Recording for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
            self.0.set(self.0.get() + bytes.len() as u64);
            Ok(())
        }
        fn finish(&mut self, _: &[u8; HEADER_LEN]) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut s = Sound::new();
    let bytes = Count::default();
    // a low rate keeps the test quick; the cap is in seconds
    s.record_to(Box::new(bytes.clone()), 1_000);
    let mut now = 0.0;
    for i in 0..100_000 {
        now = s.play(now, b"T255L64C", &mut Vars).unwrap();
        assert!(s.recorded().len() < 8, "note {i}: {}", s.recorded().len());
    }
    // two SOUNDs of 65535 ticks: two hours
    let long = Single::from_f64(65_535.0);
    now = s.sound(now, 100, long).unwrap();
    s.sound(now, 200, long).unwrap();
    let end = s.finish_recording().unwrap().unwrap();
    assert_eq!(end.seconds, MAX_SECONDS);
    let ran = end.cut_from.expect("cut at the cap");
    assert!(ran > 2.0 * 3599.0, "{ran}");
    assert_eq!(bytes.0.get(), HEADER_LEN as u64 + 3600 * 1_000 * 2);
}

/// Without a recording, the tones that ended leave too (a live player still gets the
/// one before those to come).
#[test]
fn tones_played_are_not_kept_without_a_recording() {
    let mut s = Sound::new();
    let mut now = 0.0;
    for _ in 0..10_000 {
        now = s.play(now, b"T255L64C", &mut Vars).unwrap();
    }
    assert!(s.recorded().len() < 8);
    assert!(!s.to_come(now).is_empty());
}

/// The wave is filled a half period at a time, with the sample-by-sample rule's values.
#[test]
fn square_wave_by_half_periods_equals_sample_by_sample() {
    for freq in [37.0, 100.0, 440.0, 523.251, 1234.5, 7000.0, 22_049.0] {
        for start in [0u64, 1, 99, 44_099] {
            let mut out = vec![0i16; 5_000];
            wav::square_wave(&mut out, start, 44_100.0, freq);
            for (i, &v) in out.iter().enumerate() {
                let high = square_high((start + i as u64) as f64, 44_100.0, freq);
                assert_eq!(v > 0, high, "{freq} Hz from {start}, sample {i}");
            }
        }
    }
}
