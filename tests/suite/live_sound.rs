//! `gwrun --live-sound` heard through ALSA without a sound card (the default back end,
//! ALSA's library opened at run time, or cpal with the `live-sound` feature):
//! a private `.asoundrc` (HOME points at a scratch directory) makes ALSA's default
//! device its `file` plugin, which writes whatever the program played into a WAV file.
//! The file must hold the square wave of the SOUND statement's frequency. (ALSA's null
//! device takes samples as fast as they come, so the file is long; only the wave's
//! period is checked, not its timing: no test asserts wall-clock time, and how long a
//! statement waits for its music is the sound clock's rule, tested in the engine.)
//! `cargo test` runs it with the default back end (skipped, with a note, where ALSA's
//! library is not installed); `.ci/run` also runs it with cpal
//! (`cargo test --release --features live-sound --test suite live_sound`).
#![cfg(any(feature = "live-sound", target_os = "linux"))]

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

#[test]
fn sound_is_played_at_its_pitch() {
    let alsa = ["/lib", "/usr/lib", "/lib64", "/usr/lib64"]
        .iter()
        .any(|d| {
            std::fs::read_dir(d).is_ok_and(|entries| {
                entries.flatten().any(|e| {
                    let p = e.path();
                    p.join("libasound.so.2").exists() || p.ends_with("libasound.so.2")
                })
            })
        });
    if !alsa {
        eprintln!("SKIPPED live sound: ALSA's library (libasound.so.2) is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gwrun-live-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let wav = dir.join("out.wav");
    std::fs::write(
        dir.join(".asoundrc"),
        format!(
            "pcm.!default {{\n type file\n slave.pcm \"null\"\n file \"{}\"\n format \"wav\"\n}}\n",
            wav.display()
        ),
    )
    .unwrap();
    // 440 Hz for 4 ticks: 4 / 18.2 s
    std::fs::write(dir.join("S.BAS"), "10 SOUND 440,4\r\n20 PRINT \"done\"\r\n").unwrap();
    let out = std::process::Command::new(BIN)
        .args(["--live-sound", "S.BAS"])
        .current_dir(&dir)
        .env("HOME", &dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "done\n");
    assert!(!stderr.contains("--live-sound:"), "{stderr}");
    // the WAV's format, then the lengths of the runs of equal samples of the first channel
    let data = std::fs::read(&wav).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let word = |i: usize| u16::from_le_bytes([data[i], data[i + 1]]);
    let channels = usize::from(word(22));
    let rate = u32::from_le_bytes([data[24], data[25], data[26], data[27]]);
    let bytes = usize::from(word(34)) / 8;
    let frame = channels * bytes;
    let first: Vec<&[u8]> = data[44..]
        .chunks_exact(frame)
        .map(|f| &f[..bytes])
        .collect();
    let mut runs = std::collections::HashMap::new();
    let mut n = 1usize;
    for w in first.windows(2) {
        if w[0] == w[1] {
            n += 1;
        } else {
            if w[0].iter().any(|&b| b != 0) {
                *runs.entry(n).or_insert(0usize) += 1;
            }
            n = 1;
        }
    }
    let (&commonest, &count) = runs
        .iter()
        .max_by_key(|r| r.1)
        .expect("no sound was written");
    let half_period = f64::from(rate) / 880.0;
    assert!(count > 50, "{runs:?}");
    assert!(
        (commonest as f64 - half_period).abs() <= 1.0,
        "half periods of {commonest} samples at {rate} Hz, want {half_period:.1}"
    );
}
