//! Graphics on a terminal, as a person sees them: gwrun runs a drawing program on a
//! pseudo-terminal (util-linux `script`) with `--graphics=sixel` or `--graphics=kitty`,
//! and what it wrote to the terminal is decoded by other programs' rules: the sixel image
//! by libsixel's `sixel2png`, the kitty image by reassembling its base64 chunks. Both
//! must show the picture `--screenshot` writes. Skipped (with a message) where `script`
//! or `sixel2png` (Debian: libsixel-bin) is missing; `.ci/run` installs them.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

const PROGRAM: &str = "10 SCREEN 1\r\n\
20 LINE (10,10)-(300,150),2,B\r\n\
30 CIRCLE (160,100),50,3\r\n\
40 LOCATE 20,5: PRINT \"HELLO\"\r\n\
50 PAINT (160,100),1,3\r\n";

fn have(tool: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {tool}"))
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs the program on a pseudo-terminal with `--graphics=<how>` and `--screenshot`;
/// gives what the terminal received, the screenshot's bytes and the scratch directory.
fn run_on_terminal(tag: &str, how: &str) -> Option<(Vec<u8>, Vec<u8>, PathBuf)> {
    if !have("script") {
        eprintln!("skipped: util-linux script is not installed");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("gwrun-pixels-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("G.BAS"), PROGRAM).unwrap();
    // at 640x400 the screenshot is the terminal's picture: SCREEN 1 doubled both ways
    let cmd =
        format!("{BIN} --graphics={how} --screenshot=shot.png --screenshot-size=640x400 G.BAS");
    // script's stdin stays open and silent until the run ends: at its end script would
    // type Ctrl-D, a key the program's keyboard buffer keeps (then direct mode follows)
    let mut child = Command::new("timeout")
        .args(["60", "script", "-qfec", &cmd, "typescript"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let keyboard = child.stdin.take();
    let status = child.wait().unwrap();
    drop(keyboard);
    assert!(status.success(), "{status}");
    let seen = std::fs::read(dir.join("typescript")).unwrap();
    let shot = std::fs::read(dir.join("shot.png")).unwrap();
    Some((seen, shot, dir))
}

/// The RGB pixels of a PNG file's bytes, with its size.
fn rgb(png_bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes.to_vec()));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let channels = info.color_type.samples();
    let px = buf[..w * h * channels]
        .chunks_exact(channels)
        .flat_map(|c| [c[0], c[1], c[2]])
        .collect();
    (w, h, px)
}

/// The bytes from `start` up to and including the String Terminator (ESC \).
fn sequences<'a>(data: &'a [u8], start: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(p) = data[i..].windows(start.len()).position(|w| w == start) {
        let from = i + p;
        let Some(len) = data[from..].windows(2).position(|w| w == b"\x1b\\") else {
            break;
        };
        out.push(&data[from..from + len + 2]);
        i = from + len + 2;
    }
    out
}

fn base64_decode(text: &[u8]) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let mut out = Vec::new();
    for quad in text.chunks(4) {
        let digits: Vec<u8> = quad
            .iter()
            .filter(|&&c| c != b'=')
            .map(|&c| value(c))
            .collect();
        let n = digits
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        for k in 0..digits.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * k)) as u8);
        }
    }
    out
}

#[test]
fn sixel_shows_the_screenshot() {
    if !have("sixel2png") {
        eprintln!("skipped: sixel2png (libsixel-bin) is not installed");
        return;
    }
    let Some((seen, shot, dir)) = run_on_terminal("sixel", "sixel") else {
        return;
    };
    let images = sequences(&seen, b"\x1bP");
    assert!(!images.is_empty(), "no sixel image was written");
    let last = images.last().unwrap();
    let six = dir.join("last.six");
    std::fs::write(&six, last).unwrap();
    let decoded = Command::new("sixel2png")
        .arg("-i")
        .arg(&six)
        .arg("-o")
        .arg(dir.join("decoded.png"))
        .status()
        .unwrap();
    assert!(decoded.success());
    let (w, h, got) = rgb(&std::fs::read(dir.join("decoded.png")).unwrap());
    let (sw, sh, want) = rgb(&shot);
    assert_eq!((w, h), (sw, sh));
    // sixel colours are percentages: each channel within 3 of the 8-bit colour
    let far = got
        .iter()
        .zip(&want)
        .filter(|(a, b)| a.abs_diff(**b) > 3)
        .count();
    assert_eq!(far, 0, "{far} channel values differ");
    // and the picture is not blank: the box, the circle's fill and the text are there
    assert!(want.chunks(3).filter(|p| p != &[0, 0, 0]).count() > 5_000);
    cleanup(&dir);
}

#[test]
fn kitty_carries_the_screenshot_png() {
    let Some((seen, shot, dir)) = run_on_terminal("kitty", "kitty") else {
        return;
    };
    let chunks = sequences(&seen, b"\x1b_G");
    assert!(!chunks.is_empty(), "no kitty image was written");
    // the last image: from its first chunk (the one with a=T) to the chunk with m=0
    let first = chunks
        .iter()
        .rposition(|c| c.starts_with(b"\x1b_Ga=T"))
        .unwrap();
    let mut payload = Vec::new();
    for c in &chunks[first..] {
        let body = &c[3..c.len() - 2];
        let semi = body.iter().position(|&b| b == b';').unwrap();
        payload.extend_from_slice(&body[semi + 1..]);
        if body[..semi].windows(3).any(|w| w == b"m=0") {
            break;
        }
    }
    assert_eq!(rgb(&base64_decode(&payload)), rgb(&shot));
    cleanup(&dir);
}

#[test]
fn a_terminal_without_pixels_is_told() {
    let Some((seen, _, dir)) = run_on_terminal("text", "text") else {
        return;
    };
    let text = String::from_utf8_lossy(&seen);
    assert!(text.contains("--screenshot=FILE.png"), "{text}");
    assert!(sequences(&seen, b"\x1bP").is_empty());
    cleanup(&dir);
}

fn cleanup(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
}
