//! The speaker and the printer seen from outside: `--sound=FILE.wav` holds what SOUND
//! and PLAY played (lengths and pitches measured from the samples, expectations computed
//! here from the PC's timer rate and equal temperament), and `--lpt1=FILE:name` holds the
//! printer's stream with GW's CR LF filter.

use std::path::PathBuf;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

/// A scratch directory for one test (removed on drop).
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let p = std::env::temp_dir().join(format!("gwrun-dev-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(dir: &Scratch, program: &str, args: &[&str]) {
    std::fs::write(dir.0.join("T.BAS"), program).unwrap();
    let status = Command::new(BIN)
        .args(args)
        .arg("T.BAS")
        .current_dir(&dir.0)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "gwrun failed: {status}");
}

/// The samples of a 16-bit mono WAV file, and its rate.
fn samples(wav: &[u8]) -> (u32, Vec<i16>) {
    assert_eq!(&wav[0..4], b"RIFF");
    assert_eq!(&wav[8..16], b"WAVEfmt ");
    assert_eq!(u16::from_le_bytes([wav[22], wav[23]]), 1, "mono");
    assert_eq!(u16::from_le_bytes([wav[34], wav[35]]), 16, "16-bit");
    let rate = u32::from_le_bytes([wav[24], wav[25], wav[26], wav[27]]);
    assert_eq!(&wav[36..40], b"data");
    let len = u32::from_le_bytes([wav[40], wav[41], wav[42], wav[43]]) as usize;
    let data = &wav[44..44 + len];
    let s = data
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    (rate, s)
}

/// Sign changes per second over `s` (a square wave of f Hz changes sign 2f times).
fn frequency(s: &[i16], rate: u32) -> f64 {
    let changes = s.windows(2).filter(|w| (w[0] >= 0) != (w[1] >= 0)).count();
    changes as f64 / 2.0 / (s.len() as f64 / f64::from(rate))
}

#[test]
fn wav_holds_sound_then_play_with_their_lengths_and_pitches() {
    let dir = Scratch::new("wav");
    // SOUND: 9.10325 ticks of the PC's 1193180/65536 Hz clock is half a second; PLAY:
    // N46 is A an octave above N34's 440 Hz, a quarter note at T120 is half a second,
    // and legato (ML) sounds the whole of it
    run(
        &dir,
        "10 SOUND 440, 9.10325\n20 PLAY \"T120L4MLN46\"\n",
        &["--sound", "OUT.WAV"],
    );
    let wav = std::fs::read(dir.0.join("OUT.WAV")).unwrap();
    let (rate, s) = samples(&wav);
    let start = s.iter().position(|&x| x != 0).expect("something sounds");
    let tones = &s[start..];
    let half = rate as f64 * 9.10325 / (1_193_180.0 / 65_536.0);
    let expect_len = half + rate as f64 * 0.5;
    assert!(
        (tones.len() as f64 - expect_len).abs() <= 2.0,
        "{} samples of sound, expected {expect_len}",
        tones.len()
    );
    let first = &tones[..half as usize - 1];
    let second = &tones[half as usize + 1..];
    let f1 = frequency(first, rate);
    let f2 = frequency(second, rate);
    assert!((f1 - 440.0).abs() < 440.0 * 0.01, "SOUND pitch {f1}");
    assert!((f2 - 880.0).abs() < 880.0 * 0.01, "PLAY N46 pitch {f2}");
}

#[test]
fn lpt1_file_gets_the_printer_stream_with_cr_lf() {
    let dir = Scratch::new("lpt1");
    run(
        &dir,
        "10 LPRINT \"hello\";\n20 LPRINT \" world\"\n30 LPRINT \"a\";CHR$(13);CHR$(10);\"b\"\n40 WIDTH LPRINT 3:LPRINT \"xyzw\"\n50 WIDTH LPRINT 80:LLIST 10\n",
        &["--lpt1=FILE:PRN.TXT"],
    );
    let out = std::fs::read(dir.0.join("PRN.TXT")).unwrap();
    assert_eq!(
        out,
        &b"hello world\r\na\r\nb\r\nxyz\r\nw\r\n10 LPRINT \"hello\";\r\n"[..]
    );
}

/// Two SOUNDs of 65535 ticks are two hours of sound: the WAV is streamed, so the peak
/// memory does not grow with it, and it stops at an hour with a message saying so. The
/// file goes to /dev/null (the samples' values are checked above and in the engine's
/// tests; here only their number and the memory they take).
#[cfg(target_os = "linux")]
#[test]
fn a_wav_of_hours_is_streamed_and_capped() {
    let dir = Scratch::new("wavcap");
    std::fs::write(dir.0.join("T.BAS"), "10 SOUND 100,65535: SOUND 200,65535\n").unwrap();
    let r = crate::support::run_in(
        &dir.0,
        &["--sound=/dev/null", "T.BAS"],
        crate::support::Input::Null,
        std::time::Duration::from_secs(600),
    );
    r.assert_clean_end("two hours of SOUND");
    assert_eq!(r.code, Some(0));
    let err = r.err();
    assert!(
        err.contains("--sound: the sound ran 7199 s; /dev/null holds its first 3600 s"),
        "{err}"
    );
    // the whole WAV in memory was 318 MB (twice that while it was rendered)
    assert!(r.max_rss_kib < 40 << 10, "{} KiB", r.max_rss_kib);
}
