//! Pictures on a terminal: the graphics modes' pixels sent in one of the two pixel
//! protocols terminals speak. Kitty's graphics protocol carries a PNG (base64, in chunks
//! of 4,096 bytes) and scales it into the 80×25 cells the text screen uses; sixel (DEC's
//! protocol: xterm -ti vt340, mlterm, foot, WezTerm, Konsole...) carries the pixels
//! themselves, six rows to a band, each colour of a band a run-length-encoded line. Which
//! one a terminal speaks is guessed from its environment (`detect`) or named with
//! `--graphics`; a terminal that speaks neither shows the text cells, and gwrun says so
//! at the end of the run.

use gwrun_core::graphics::Picture;
use std::fmt::Write as _;

/// A pixel protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Kitty,
    Sixel,
}

/// The protocol a terminal speaks, from its environment (`var` reads a variable): kitty
/// (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`, Ghostty), WezTerm's kitty support, or sixel
/// for the terminals known to have it on by default (foot, mlterm, contour, Konsole's
/// `KONSOLE_VERSION`). None: unknown, the text cells are shown.
pub fn detect(var: impl Fn(&str) -> Option<String>) -> Option<Protocol> {
    let term = var("TERM").unwrap_or_default();
    let program = var("TERM_PROGRAM").unwrap_or_default();
    if var("KITTY_WINDOW_ID").is_some()
        || term.contains("kitty")
        || term.contains("ghostty")
        || program == "WezTerm"
        || program == "ghostty"
    {
        return Some(Protocol::Kitty);
    }
    if ["foot", "mlterm", "contour"]
        .iter()
        .any(|t| term.starts_with(t))
        || var("KONSOLE_VERSION").is_some()
    {
        return Some(Protocol::Sixel);
    }
    None
}

/// The bytes that show `pic` at the cursor in `protocol`; with `advance` the cursor
/// ends below the picture (as sixel leaves it), else where it was.
pub fn encode(protocol: Protocol, pic: &Picture, advance: bool) -> Vec<u8> {
    match protocol {
        Protocol::Kitty => kitty(&pic.to_png(), 80, 25, advance),
        Protocol::Sixel => sixel(pic),
    }
}

/// Kitty's graphics protocol: transmit and show a PNG as image 1 (replacing the image
/// shown before), scaled into `cols` × `rows` cells, with the terminal's replies off
/// (they would arrive as keys).
pub fn kitty(png: &[u8], cols: u16, rows: u16, advance: bool) -> Vec<u8> {
    let data = base64(png);
    let chunks: Vec<&[u8]> = data.as_bytes().chunks(4096).collect();
    let mut out = Vec::with_capacity(data.len() + 64 * chunks.len() + 64);
    for (i, chunk) in chunks.iter().enumerate() {
        let more = u8::from(i + 1 < chunks.len());
        out.extend_from_slice(b"\x1b_G");
        if i == 0 {
            let stay = if advance { "" } else { "C=1," };
            let head = format!("a=T,f=100,i=1,q=2,{stay}c={cols},r={rows},m={more};");
            out.extend_from_slice(head.as_bytes());
        } else {
            out.extend_from_slice(format!("m={more};").as_bytes());
        }
        out.extend_from_slice(chunk);
        out.extend_from_slice(b"\x1b\\");
    }
    out
}

/// Kitty's command that removes every image shown.
pub const KITTY_CLEAR: &[u8] = b"\x1b_Ga=d,d=A,q=2\x1b\\";

/// A picture in sixel: raster attributes (1:1 pixels, the size), the palette in percent
/// RGB, then a band of six rows at a time: for each colour used in the band, its
/// columns as sixel characters (`!n` for runs of four and more), `$` between colours
/// and `-` after the band.
pub fn sixel(pic: &Picture) -> Vec<u8> {
    let (w, h) = (pic.width, pic.height);
    let mut out = String::with_capacity(w * h / 4 + 256);
    let _ = write!(out, "\x1bP0;1;0q\"1;1;{w};{h}");
    for (i, [r, g, b]) in pic.palette.iter().enumerate() {
        let pct = |c: u8| (u32::from(c) * 100 + 127) / 255;
        let _ = write!(out, "#{i};2;{};{};{}", pct(*r), pct(*g), pct(*b));
    }
    let colours = pic.palette.len().max(1);
    let mut bits = vec![0u8; w];
    for top in (0..h).step_by(6) {
        let rows = (h - top).min(6);
        let mut first = true;
        for c in 0..colours {
            let mut used = false;
            for (x, bit) in bits.iter_mut().enumerate() {
                *bit = 0;
                for dy in 0..rows {
                    if usize::from(pic.pixels[(top + dy) * w + x]) == c {
                        *bit |= 1 << dy;
                        used = true;
                    }
                }
            }
            if !used {
                continue;
            }
            if !first {
                out.push('$');
            }
            first = false;
            let _ = write!(out, "#{c}");
            let mut x = 0;
            while x < w {
                let run = bits[x..].iter().take_while(|&&b| b == bits[x]).count();
                let ch = char::from(0x3F + bits[x]);
                if run >= 4 {
                    let _ = write!(out, "!{run}{ch}");
                } else {
                    (0..run).for_each(|_| out.push(ch));
                }
                x += run;
            }
        }
        out.push('-');
    }
    out.push_str("\x1b\\");
    out.into_bytes()
}

/// Standard base64 with padding (RFC 4648).
fn base64(data: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for group in data.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small picture with every pixel set from `f`.
    fn picture(w: usize, h: usize, colours: usize, f: impl Fn(usize, usize) -> u8) -> Picture {
        Picture {
            width: w,
            height: h,
            pixels: (0..w * h).map(|i| f(i % w, i / w)).collect(),
            palette: (0..colours)
                .map(|c| [(c * 40) as u8, 255 - (c * 30) as u8, (c * 7) as u8])
                .collect(),
        }
    }

    /// Reads a sixel image back (the subset `sixel` writes), as a terminal would.
    fn decode_sixel(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
        let s = std::str::from_utf8(bytes).unwrap();
        let body = s
            .strip_prefix("\x1bP0;1;0q\"1;1;")
            .unwrap()
            .strip_suffix("\x1b\\")
            .unwrap();
        let mut it = body.chars().peekable();
        let num = |it: &mut std::iter::Peekable<std::str::Chars>| {
            let mut n = 0usize;
            while let Some(d) = it.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d as usize;
                it.next();
            }
            n
        };
        let w = num(&mut it);
        assert_eq!(it.next(), Some(';'));
        let h = num(&mut it);
        let mut px = vec![255u8; w * h];
        let (mut x, mut band, mut colour) = (0usize, 0usize, 0usize);
        while let Some(c) = it.next() {
            match c {
                '#' => {
                    colour = num(&mut it);
                    if it.peek() == Some(&';') {
                        // a palette entry: skip its four numbers
                        for _ in 0..4 {
                            it.next();
                            num(&mut it);
                        }
                    }
                }
                '$' => x = 0,
                '-' => {
                    x = 0;
                    band += 1;
                }
                '!' => {
                    let n = num(&mut it);
                    let ch = it.next().unwrap();
                    for _ in 0..n {
                        put(&mut px, w, h, x, band, colour, ch);
                        x += 1;
                    }
                }
                ch => {
                    put(&mut px, w, h, x, band, colour, ch);
                    x += 1;
                }
            }
        }
        (w, h, px)
    }

    fn put(px: &mut [u8], w: usize, h: usize, x: usize, band: usize, colour: usize, ch: char) {
        let bits = ch as u32 - 0x3F;
        for dy in 0..6 {
            let y = band * 6 + dy;
            if bits & 1 << dy != 0 && y < h && x < w {
                px[y * w + x] = colour as u8;
            }
        }
    }

    #[test]
    fn sixel_reads_back_as_the_picture() {
        // sizes that are and are not multiples of six, runs long and short
        for (w, h) in [(1, 1), (7, 5), (13, 6), (40, 13), (64, 20)] {
            let pic = picture(w, h, 4, |x, y| ((x / 3 + y * y / 5) % 4) as u8);
            let (dw, dh, px) = decode_sixel(&sixel(&pic));
            assert_eq!((dw, dh), (w, h));
            assert_eq!(px, pic.pixels, "{w}x{h}");
        }
    }

    #[test]
    fn sixel_palette_is_percent_rgb() {
        let pic = Picture {
            width: 1,
            height: 1,
            pixels: vec![1],
            palette: vec![[0, 0, 0], [255, 85, 170]],
        };
        let s = String::from_utf8(sixel(&pic)).unwrap();
        assert!(s.contains("#0;2;0;0;0#1;2;100;33;67"), "{s}");
        // one band, only colour 1 used: its one pixel is the top bit
        assert!(s.ends_with("#1@-\x1b\\"), "{s}");
    }

    #[test]
    fn base64_matches_rfc4648_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn kitty_chunks_carry_the_png() {
        let png: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 251) as u8).collect();
        assert!(
            !String::from_utf8(kitty(&png, 80, 25, true))
                .unwrap()
                .contains("C=1")
        );
        let out = kitty(&png, 80, 25, false);
        let text = String::from_utf8(out).unwrap();
        let chunks: Vec<&str> = text
            .split("\x1b\\")
            .filter(|c| !c.is_empty())
            .map(|c| c.strip_prefix("\x1b_G").unwrap())
            .collect();
        assert!(chunks[0].starts_with("a=T,f=100,i=1,q=2,C=1,c=80,r=25,m=1;"));
        assert!(chunks.last().unwrap().starts_with("m=0;"));
        let payload: String = chunks
            .iter()
            .map(|c| c.split_once(';').unwrap().1)
            .collect();
        assert!(
            chunks
                .iter()
                .all(|c| c.split_once(';').unwrap().1.len() <= 4096)
        );
        assert_eq!(payload, base64(&png));
    }

    #[test]
    fn detect_reads_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|p| p.0 == k).map(|p| p.1.to_string())
        };
        assert_eq!(
            detect(env(&[("TERM", "xterm-kitty")])),
            Some(Protocol::Kitty)
        );
        assert_eq!(
            detect(env(&[("KITTY_WINDOW_ID", "1")])),
            Some(Protocol::Kitty)
        );
        assert_eq!(
            detect(env(&[("TERM_PROGRAM", "WezTerm")])),
            Some(Protocol::Kitty)
        );
        assert_eq!(detect(env(&[("TERM", "foot")])), Some(Protocol::Sixel));
        assert_eq!(detect(env(&[("TERM", "mlterm")])), Some(Protocol::Sixel));
        assert_eq!(detect(env(&[("TERM", "xterm-256color")])), None);
        assert_eq!(detect(env(&[])), None);
    }
}
