//! The engine against real GW-BASIC: each test replays what a program of the real-GW
//! suite (`../shared/realgw/tests`, beside the checkout) draws, through the engine's API,
//! and compares the video memory or GET arrays with the files GW-BASIC wrote. When the
//! suite is absent the tests say so and pass. The models were captured in DOSBox with
//! FreeDOS's code page fonts, which gwrun cannot ship (GPL); text pixels are compared
//! exactly only when PC-BASIC's copy of those fonts is found (`GWRUN_MODEL_FONTS`, or
//! PC-BASIC's install; `GWRUN_NO_MODEL_FONTS=1` ignores them), and left out of the
//! comparison otherwise. `GWRUN_DUMP=DIR` writes the memory compared with BSAVE models.

use super::*;
use crate::mml::{MacroVars, NoVars, VarRef};
use std::path::PathBuf;

fn model_dir(test: &str) -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("../shared/realgw/tests")
        .join(test);
    if d.join("model").is_dir() {
        Some(d)
    } else {
        eprintln!("SKIPPED: ../shared/realgw/tests/{test} not found beside the checkout");
        None
    }
}

fn model_file(test: &str, name: &str) -> Option<Vec<u8>> {
    let d = model_dir(test)?;
    std::fs::read(d.join("model").join(name)).ok()
}

/// A model text file without its final Ctrl-Z.
fn model_text(test: &str, name: &str) -> Option<String> {
    let mut b = model_file(test, name)?;
    if b.last() == Some(&0x1A) {
        b.pop();
    }
    Some(String::from_utf8_lossy(&b).into_owned())
}

/// The fonts the models were drawn with, when PC-BASIC's copy is on this machine.
fn model_fonts() -> Option<Fonts> {
    if std::env::var_os("GWRUN_NO_MODEL_FONTS").is_some() {
        return None;
    }
    let mut dirs: Vec<PathBuf> = std::env::var_os("GWRUN_MODEL_FONTS")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    let out = std::process::Command::new("python3")
        .args([
            "-c",
            "import pcbasic,os;print(os.path.dirname(pcbasic.__file__))",
        ])
        .output()
        .ok()?;
    let base = String::from_utf8_lossy(&out.stdout).trim().to_string();
    dirs.push(PathBuf::from(base).join("data/fonts"));
    dirs.into_iter().find_map(|d| {
        let f8 = std::fs::read_to_string(d.join("default_08.hex")).ok()?;
        let f14 = std::fs::read_to_string(d.join("default_14.hex")).ok()?;
        Some(Fonts::from_hex(&f8, &f14))
    })
}

fn c(x: f64, y: f64) -> Coord {
    Coord::at(x, y)
}

fn s(v: f64) -> Single {
    Single::from_f64(v)
}

/// PRINT of `text` at the text cursor (row, col), advancing it; no wrapping needed here.
fn print_at(v: &mut Video, row: u8, col: u8, text: &[u8]) {
    let fg = v.foreground();
    for (i, &ch) in text.iter().enumerate() {
        v.put_char(row, col + i as u8, ch, fg);
    }
}

/// BSAVE bytes: the model file without its 7-byte header and final Ctrl-Z.
fn bsave_body(file: &[u8]) -> (u16, &[u8]) {
    let seg = u16::from_le_bytes([file[1], file[2]]);
    let len = usize::from(u16::from_le_bytes([file[5], file[6]]));
    (seg, &file[7..7 + len])
}

/// The bytes `len` bytes from segment `seg` offset 0, as BSAVE writes them.
fn dump(v: &Video, seg: u16, len: usize) -> Vec<u8> {
    (0..len as u32)
        .map(|i| v.peek(u32::from(seg) * 16 + i).unwrap_or(0))
        .collect()
}

/// Compares memory with a model, leaving out the bytes of pixel rows `skip_rows` (text
/// drawn with fonts we do not have) of the mode's layout.
fn compare(v: &Video, got: &[u8], want: &[u8], skip_rows: std::ops::Range<usize>, what: &str) {
    if let Some(dir) = std::env::var_os("GWRUN_DUMP") {
        let _ = std::fs::write(PathBuf::from(dir).join(what), got);
    }
    assert_eq!(got.len(), want.len(), "{what}: length");
    let bpr = v.mode().bytes_per_row() as usize;
    let row_of = |i: usize| match v.mode().layout {
        Layout::Cga { .. } => (i % 0x2000) / bpr * 2 + i / 0x2000,
        _ => (i % v.mode().page_size as usize) / bpr,
    };
    let bad: Vec<usize> = (0..got.len())
        .filter(|&i| got[i] != want[i] && !skip_rows.contains(&row_of(i)))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} bytes differ, first at {:#x} (row {}): got {:#04x}, want {:#04x}",
        bad.len(),
        bad[0],
        row_of(bad[0]),
        got[bad[0]],
        want[bad[0]]
    );
}

fn screen(v: &mut Video, mode: i16) {
    v.screen(Some(mode), None, None, None, 80).unwrap();
}

/// unsorted/BSAVE: LINE ,BF in every graphics mode, memory saved from the mode's segment.
#[test]
fn bsave_of_filled_boxes_in_every_mode() {
    let fonts = model_fonts();
    for (mode, seg, size, file) in [
        (1, 0xB800, 8000, "SCREEN1.BSV"),
        (2, 0xB800, 8000, "SCREEN2.BSV"),
        (7, 0xA000, 4000, "SCREEN7.BSV"),
        (8, 0xA000, 8000, "SCREEN8.BSV"),
        (9, 0xA000, 16000, "SCREEN9.BSV"),
    ] {
        let Some(model) = model_file("unsorted/BSAVE", file) else {
            return;
        };
        let mut v = Video::new();
        if let Some(f) = &fonts {
            v.set_fonts(f.clone());
        }
        screen(&mut v, mode);
        print_at(&mut v, 1, 1, format!("Saving SCREEN {mode}").as_bytes());
        for j in 1..=15 {
            let a = 20.0 * j as f64;
            v.line(
                Some(c(a, a)),
                c(a + 10.0, a + 10.0),
                Some(j),
                LineShape::Fill,
                None,
            )
            .unwrap();
        }
        let (mseg, body) = bsave_body(&model);
        assert_eq!(mseg, seg);
        let skip = if fonts.is_some() {
            0..0
        } else {
            0..usize::from(v.mode().char_height)
        };
        compare(&v, &dump(&v, seg, size), body, skip, file);
    }
}

/// unsorted/BSAVBLOK: a solid PAINT of the whole SCREEN 1.
#[test]
fn paint_fills_the_whole_screen() {
    let Some(model) = model_file("unsorted/BSAVBLOK", "GWCOL1.BSV") else {
        return;
    };
    let mut v = Video::new();
    screen(&mut v, 1);
    v.clear_view();
    v.paint(c(100.0, 100.0), PaintFill::Colour(Some(1)), None, None)
        .unwrap();
    let (_, body) = bsave_body(&model);
    compare(&v, &dump(&v, 0xB800, body.len()), body, 0..0, "GWCOL1.BSV");
}

/// unsorted/DRAW: moves of one pixel in SCREEN 1.
#[test]
fn draw_moves() {
    let Some(model) = model_file("unsorted/DRAW", "DRAWING.BSV") else {
        return;
    };
    let mut v = Video::new();
    screen(&mut v, 1);
    v.draw(b"c1l3ululuuuuurdrdrdrdrdllulu", &mut NoVars)
        .unwrap();
    let (_, body) = bsave_body(&model);
    compare(&v, &dump(&v, 0xB800, body.len()), body, 0..0, "DRAWING.BSV");
}

/// A variable I for `=i;`.
struct OneVar(i16);
impl MacroVars for OneVar {
    fn number(&mut self, var: VarRef<'_>) -> Result<i16, ErrorCode> {
        match var {
            VarRef::Name { name: b"I", .. } => Ok(self.0),
            _ => Err(ErrorCode::TypeMismatch),
        }
    }
    fn string(&mut self, _: VarRef<'_>) -> Result<Vec<u8>, ErrorCode> {
        Err(ErrorCode::TypeMismatch)
    }
}

/// gwbasic/DRAW_angle: TA at every 13 degrees, keeping the screen's aspect.
#[test]
fn draw_turn_angles() {
    let Some(model) = model_file("gwbasic/DRAW_angle", "DRAWING.BSV") else {
        return;
    };
    let mut v = Video::new();
    screen(&mut v, 1);
    for i in (0..=360).step_by(13) {
        v.draw(b"ta=i;u90d90", &mut OneVar(i)).unwrap();
    }
    for i in (0..=360).step_by(13) {
        v.draw(b"c2;ta=i;l90r90", &mut OneVar(i)).unwrap();
    }
    let (_, body) = bsave_body(&model);
    compare(&v, &dump(&v, 0xB800, body.len()), body, 0..0, "DRAWING.BSV");
}

/// gwbasic/PUT_operations: GET, then PUT with each action.
#[test]
fn put_actions() {
    let Some(model) = model_file("gwbasic/PUT_operations", "OUTPUT.BSV") else {
        return;
    };
    let mut v = Video::new();
    screen(&mut v, 1);
    let mut a = vec![0u8; 202];
    v.line(
        Some(c(5.0, 5.0)),
        c(100.0, 100.0),
        Some(1),
        LineShape::Fill,
        None,
    )
    .unwrap();
    v.get(c(0.0, 0.0), c(10.0, 10.0), &mut a).unwrap();
    for (x, act) in [
        (20.0, PutAction::Pset),
        (22.0, PutAction::Preset),
        (24.0, PutAction::And),
        (26.0, PutAction::Or),
        (28.0, PutAction::Xor),
    ] {
        v.put(c(x, 20.0), &a, act).unwrap();
    }
    let (_, body) = bsave_body(&model);
    compare(&v, &dump(&v, 0xB800, body.len()), body, 0..0, "OUTPUT.BSV");
}

/// Decodes a GET array into (width in pixels, height, attributes).
fn unpack(v: &Video, a: &[u8]) -> (usize, usize, Vec<u8>) {
    let ww = usize::from(u16::from_le_bytes([a[0], a[1]]));
    let h = usize::from(u16::from_le_bytes([a[2], a[3]]));
    let (w, rb) = match v.mode().layout {
        Layout::Cga { bpp } => (ww / usize::from(bpp), (ww).div_ceil(8)),
        _ => (ww, 4 * ww.div_ceil(8)),
    };
    let mut px = Vec::new();
    for y in 0..h {
        for x in 0..w {
            px.push(match v.mode().layout {
                Layout::Cga { bpp } => {
                    let bit = x * usize::from(bpp);
                    (a[4 + y * rb + bit / 8] >> (8 - usize::from(bpp) - bit % 8)) & ((1 << bpp) - 1)
                }
                _ => (0..4)
                    .map(|p| ((a[4 + y * rb + p * ww.div_ceil(8) + x / 8] >> (7 - x % 8)) & 1) << p)
                    .sum(),
            });
        }
    }
    (w, h, px)
}

/// unsorted/GET: GET of growing squares over text and boxes, in every mode; the array
/// keeps what earlier (larger) GETs left beyond the new picture.
#[test]
fn get_arrays_in_every_mode() {
    let fonts = model_fonts();
    let mut a = vec![0u8; 802];
    for mode in [1, 2, 7, 8, 9] {
        let Some(model) = model_file("unsorted/GET", &format!("GET{mode}.DAT")) else {
            return;
        };
        let mut v = Video::new();
        if let Some(f) = &fonts {
            v.set_fonts(f.clone());
        }
        screen(&mut v, mode);
        let mut pos = 0;
        for l in (0..=37i16).rev() {
            v.clear_page();
            print_at(&mut v, 1, 1, format!(" {l} ").as_bytes());
            v.line(
                Some(c(10.0, 10.0)),
                c(20.0, 20.0),
                Some(l % 16),
                LineShape::Fill,
                None,
            )
            .unwrap();
            v.line(
                Some(c(0.0, 0.0)),
                c(10.0, 10.0),
                Some(2),
                LineShape::Box,
                None,
            )
            .unwrap();
            v.get(c(0.0, 0.0), c(f64::from(l), f64::from(l)), &mut a)
                .unwrap();
            let label = format!(" {l} ");
            assert_eq!(&model[pos..pos + label.len()], label.as_bytes());
            pos += label.len();
            let want = &model[pos..pos + 802];
            pos += 802;
            if fonts.is_some() {
                assert_eq!(&a[..], want, "GET{mode}.DAT, L={l}");
            } else {
                // Text cells (row 1, columns 1-4) drawn in another font are left out.
                let (w, h, got) = unpack(&v, &a);
                let (w2, h2, exp) = unpack(&v, want);
                assert_eq!((w, h), (w2, h2), "GET{mode}.DAT, L={l}: size");
                for (i, (g, e)) in got.iter().zip(&exp).enumerate() {
                    let (x, y) = (i % w, i / w);
                    let text = y < usize::from(v.mode().char_height) && x < 32;
                    assert!(
                        text || g == e,
                        "GET{mode}.DAT, L={l}: pixel ({x},{y}) {g} != {e}"
                    );
                }
            }
        }
    }
}

/// unsorted/GET3: GET with its corners in any order (SCREEN 9).
#[test]
fn get_with_swapped_corners() {
    let Some(model) = model_file("unsorted/GET3", "OUTPUT.DAT") else {
        return;
    };
    let mut v = Video::new();
    screen(&mut v, 9);
    v.clear_page();
    v.line(
        Some(c(0.0, 0.0)),
        c(40.0, 50.0),
        Some(4),
        LineShape::Line,
        None,
    )
    .unwrap();
    let mut a = vec![0u8; 802];
    let mut pos = 0;
    for (p, q) in [
        ((10.0, 20.0), (0.0, 0.0)),
        ((10.0, 0.0), (0.0, 20.0)),
        ((0.0, 20.0), (10.0, 0.0)),
        ((0.0, 0.0), (10.0, 20.0)),
    ] {
        v.get(c(p.0, p.1), c(q.0, q.1), &mut a).unwrap();
        assert_eq!(&a[..], &model[pos..pos + 802]);
        pos += 802;
    }
}

/// unsorted/PUT: a sprite from DATA put with XOR, then read back with GET.
#[test]
fn put_then_get_a_sprite() {
    let Some(model) = model_file("unsorted/PUT", "OUTPUT.DAT") else {
        return;
    };
    let data: [i16; 36] = [
        32, 16, 0, 0, 0, 0, 16128, 252, -253, 255, -16369, 15, 15, 15, 0, 63, 0, 252, 768, 240,
        3840, 192, 16128, 0, -1024, 0, -253, 255, -241, 255, 0, 0, 0, 0, 0, 0,
    ];
    let two: Vec<u8> = data.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut v = Video::new();
    screen(&mut v, 1);
    v.put(c(0.0, 0.0), &two, PutAction::Xor).unwrap();
    let mut a = vec![0u8; 202];
    v.get(c(0.0, 0.0), c(20.0, 20.0), &mut a).unwrap();
    assert_eq!(&a[..], &model[..202]);
}

/// Hex words of a model OUTPUT.TXT from the line `from` on.
fn hex_words(text: &str, from_line: usize) -> Vec<u16> {
    text.lines()
        .skip(from_line)
        .flat_map(|l| {
            l.split_whitespace()
                .map(|w| u16::from_str_radix(w, 16).unwrap_or(0xDEAD))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn words(a: &[u8]) -> Vec<u16> {
    a.chunks(2)
        .map(|w| u16::from_le_bytes([w[0], w[1]]))
        .collect()
}

/// gwbasic/PAINT_tile_background: pattern PAINT over plain and patterned backgrounds.
#[test]
fn paint_tiles_and_backgrounds() {
    let Some(model) = model_text("gwbasic/PAINT_tile_background", "OUTPUT.TXT") else {
        return;
    };
    let mut v = Video::new();
    screen(&mut v, 1);
    let ch = |b: &[u8]| b.to_vec();
    let mut errors = Vec::new();
    type Paint = (Vec<u8>, Option<Vec<u8>>);
    type Case = (u32, (f64, f64, f64, f64), Vec<Paint>);
    let cases: Vec<Case> = vec![
        (20, (10., 10., 20., 20.), vec![(ch(&[0x55, 0xAA]), None)]),
        (
            120,
            (30., 10., 40., 20.),
            vec![(ch(&[0x55, 0xAA]), Some(ch(&[0x55])))],
        ),
        (
            220,
            (50., 30., 60., 40.),
            vec![
                (ch(&[0x55, 0xAA]), Some(ch(&[0x55]))),
                (ch(&[0x55, 0xAA]), Some(ch(&[0x55, 0xAA]))),
            ],
        ),
        (
            320,
            (50., 10., 60., 20.),
            vec![
                (ch(&[0x55, 0xAA, 0xFF]), Some(ch(&[0x55]))),
                (ch(&[0x55, 0xAA, 0]), Some(ch(&[0x55, 0xAA, 0xFF]))),
            ],
        ),
        (
            420,
            (70., 10., 80., 20.),
            vec![
                (ch(&[0x55, 0xAA, 0xFF, 0]), Some(ch(&[0x55]))),
                (ch(&[0x55, 0xAA, 0, 0x11]), Some(ch(&[0x55, 0xAA, 0xFF, 0]))),
            ],
        ),
        (
            520,
            (90., 10., 100., 20.),
            vec![(ch(b"QWER"), None), (ch(b"ABCD"), Some(ch(b"QWER")))],
        ),
        (
            620,
            (90., 30., 100., 40.),
            vec![(ch(b"ADFR"), None), (ch(b"QWER"), Some(ch(b"QWER")))],
        ),
        (
            720,
            (70., 30., 80., 40.),
            vec![
                (ch(&[0x55, 0xAA]), Some(ch(&[0x55]))),
                (ch(&[0x55, 0xAA, 0, 0]), Some(ch(&[0x55, 0xAA]))),
            ],
        ),
        (
            1020,
            (10., 30., 20., 40.),
            vec![(ch(&[0x55, 0xAA]), Some(ch(b"\x55YOLO")))],
        ),
        (
            1120,
            (30., 30., 40., 40.),
            vec![(ch(&[0x55, 0x55, 0x55]), Some(ch(b"\x55YOLO")))],
        ),
    ];
    for (line, (x0, y0, x1, y1), paints) in cases {
        v.line(Some(c(x0, y0)), c(x1, y1), Some(1), LineShape::Fill, None)
            .unwrap();
        v.line(Some(c(x0, y0)), c(x1, y1), Some(3), LineShape::Box, None)
            .unwrap();
        let seed = c((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        for (tile, back) in paints {
            if let Err(e) = v.paint(seed, PaintFill::Tile(&tile), Some(3), back.as_deref()) {
                errors.push((e.number(), line));
            }
        }
    }
    assert_eq!(errors, vec![(5, 1120)]);
    v.line(
        Some(c(5.0, 5.0)),
        c(105.0, 45.0),
        Some(1),
        LineShape::Box,
        None,
    )
    .unwrap();
    let mut a = vec![0u8; 554 * 2];
    v.get(c(5.0, 5.0), c(105.0, 45.0), &mut a).unwrap();
    let want = hex_words(&model, 1);
    assert_eq!(words(&a), want);
}

/// gwbasic/PAINT_shape: a spiral drawn with DRAW, filled with a two-plane tile (SCREEN 9).
#[test]
fn paint_a_spiral_with_a_tile() {
    let Some(model) = model_text("gwbasic/PAINT_shape", "OUTPUT.TXT") else {
        return;
    };
    let mut v = Video::new();
    screen(&mut v, 9);
    v.clear_page();
    v.pset(c(100.0, 100.0), Some(15), false).unwrap();
    v.draw(b"l5d5r15u15l25d25r35u35", &mut NoVars).unwrap();
    v.draw(b"l5d30l25u15r15d5l5", &mut NoVars).unwrap();
    v.paint(c(101.0, 101.0), PaintFill::Tile(b"ZA"), Some(15), None)
        .unwrap();
    v.line(
        Some(c(80.0, 75.0)),
        c(125.0, 120.0),
        Some(4),
        LineShape::Box,
        None,
    )
    .unwrap();
    let mut a = vec![0u8; 555 * 2];
    v.get(c(80.0, 75.0), c(125.0, 120.0), &mut a).unwrap();
    let w = words(&a);
    let mut lines = model.lines();
    let head: Vec<i64> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(head, vec![i64::from(w[0]), i64::from(w[1])]);
    for (i, line) in lines.enumerate() {
        let want: Vec<u16> = line
            .split_whitespace()
            .map(|t| u16::from_str_radix(t, 16).unwrap())
            .collect();
        assert_eq!(&w[2 + i * 12..2 + i * 12 + 13], &want[..], "row {i}");
    }
}

/// gwbasic/PAINT_solid_non_background: a PAINT seeded on the border does nothing.
#[test]
fn paint_seeded_on_the_border_paints_nothing() {
    let mut v = Video::new();
    screen(&mut v, 1);
    v.circle(c(100.0, 100.0), s(50.0), Some(2), None, None, None)
        .unwrap();
    v.paint(c(100.0, 100.0), PaintFill::Colour(Some(2)), None, None)
        .unwrap();
    v.paint(c(100.0, 100.0), PaintFill::Tile(&[0, 0xAA]), Some(2), None)
        .unwrap();
    v.paint(c(100.0, 100.0), PaintFill::Tile(&[0xAA, 0]), Some(2), None)
        .unwrap();
    assert_eq!(v.point(s(100.0), s(102.0)), Ok(2));
}

/// gwbasic/PAINT_solid_background_no_hang: fills that must end.
#[test]
fn paint_ends() {
    let mut v = Video::new();
    screen(&mut v, 1);
    v.circle(c(15.0, 15.0), s(4.0), Some(1), None, None, None)
        .unwrap();
    v.pset(c(16.0, 16.0), Some(1), false).unwrap();
    v.paint(c(13.0, 14.0), PaintFill::Colour(Some(3)), Some(1), None)
        .unwrap();
    v.paint(c(13.0, 14.0), PaintFill::Colour(Some(0)), Some(1), None)
        .unwrap();
    // An all-zero tile never shows as "already painted": it must still end.
    v.paint(c(200.0, 100.0), PaintFill::Tile(&[0]), Some(3), None)
        .unwrap();
    v.paint(
        c(200.0, 100.0),
        PaintFill::Tile(&[0, 0x55]),
        Some(3),
        Some(&[0]),
    )
    .unwrap();
    // Three rows in a row equal to the background: Illegal function call.
    assert_eq!(
        v.paint(
            c(200.0, 100.0),
            PaintFill::Tile(&[0, 0, 0, 0x55]),
            Some(3),
            Some(&[0])
        ),
        Err(IFC)
    );
}

/// gwbasic/PCOPY: pages of SCREEN 7.
#[test]
fn pcopy_and_pages() {
    let mut v = Video::new();
    v.screen(Some(7), None, Some(0), Some(1), 80).unwrap();
    v.pset(c(0.0, 0.0), None, false).unwrap();
    v.pcopy(0, 1).unwrap();
    assert_eq!(v.point(s(0.0), s(0.0)), Ok(15));
    assert_eq!(v.screen(None, None, Some(1), Some(1), 80), Ok(false));
    assert_eq!(v.point(s(0.0), s(0.0)), Ok(15));
    assert_eq!(v.pcopy(0, 8), Err(IFC));
    assert_eq!(v.screen(Some(9), None, Some(2), None, 80), Err(IFC));
    assert_eq!(v.screen(Some(3), None, None, None, 80), Err(IFC));
}

/// Error rules of the statements whose tests use SCREEN 1 (unsorted/PSET, LINE,
/// CIRCLE, VIEW, WINDOW): the ones the engine decides.
#[test]
fn statement_errors_in_screen_1() {
    let mut v = Video::new();
    // Text mode: every graphics statement is an Illegal function call.
    assert_eq!(v.pset(c(1.0, 0.0), None, false), Err(IFC));
    assert_eq!(
        v.circle(c(10.0, 10.0), s(5.0), None, None, None, None),
        Err(IFC)
    );
    assert_eq!(v.window(None, false), Err(IFC));
    screen(&mut v, 1);
    assert_eq!(v.pset(c(1000.0, 1000.0), None, false), Ok(()));
    assert_eq!(
        v.pset(c(32768.0, 10.0), None, false),
        Err(ErrorCode::Overflow)
    );
    assert_eq!(v.pset(c(1.0, 0.0), Some(1), false), Ok(()));
    assert_eq!(v.pset(c(12.0, 10.0), Some(10), true), Ok(()));
    assert_eq!(v.pset(c(-10.0, -10.0), None, false), Ok(()));
    assert_eq!(v.pset(c(10.0, 10.0), Some(256), false), Err(IFC));
    assert_eq!(v.pset(c(10.0, 10.0), Some(-1), true), Err(IFC));
    let l = |v: &mut Video, col, style| {
        v.line(
            Some(c(0.0, 0.0)),
            c(10.0, 10.0),
            col,
            LineShape::Line,
            style,
        )
    };
    assert_eq!(l(&mut v, Some(-1), None), Err(IFC));
    assert_eq!(l(&mut v, Some(256), None), Err(IFC));
    assert_eq!(l(&mut v, Some(1), Some(-32768)), Ok(()));
    assert_eq!(
        v.line(None, Coord::step(10.0, 10.0), None, LineShape::Box, None),
        Ok(())
    );
    let ci = |v: &mut Video, r: f64, col, a: Option<f64>, b: Option<f64>, asp: Option<f64>| {
        v.circle(c(10.0, 10.0), s(r), col, a.map(s), b.map(s), asp.map(s))
    };
    assert_eq!(ci(&mut v, 5.0, None, None, None, None), Ok(()));
    assert_eq!(ci(&mut v, -1.0, None, None, None, None), Err(IFC));
    assert_eq!(ci(&mut v, 256.0, None, None, None, None), Ok(()));
    assert_eq!(
        ci(&mut v, 32768.0, None, None, None, None),
        Err(ErrorCode::Overflow)
    );
    assert_eq!(ci(&mut v, 5.0, Some(-1), None, None, None), Err(IFC));
    assert_eq!(ci(&mut v, 5.0, Some(256), None, None, None), Err(IFC));
    assert_eq!(
        ci(&mut v, 5.0, Some(1), Some(0.1), Some(-0.1), Some(1.0)),
        Ok(())
    );
    assert_eq!(
        ci(&mut v, 5.0, Some(1), Some(6.283_186), None, None),
        Ok(())
    );
    assert_eq!(
        ci(
            &mut v,
            5.0,
            Some(1),
            Some(std::f64::consts::TAU + 1e-4),
            None,
            None
        ),
        Err(IFC)
    );
    let view = |v: &mut Video, r: [i16; 4], f, b| v.view(Some(r), false, f, b);
    assert_eq!(view(&mut v, [10, 10, 100, 100], Some(1), Some(2)), Ok(()));
    assert_eq!(view(&mut v, [1, 1, 1, 1], None, None), Err(IFC));
    assert_eq!(view(&mut v, [1, 1, 0, 0], None, None), Ok(()));
    assert_eq!(view(&mut v, [-1, 0, 10, 10], None, None), Err(IFC));
    assert_eq!(view(&mut v, [1, 1, 10, 1000], None, None), Err(IFC));
    assert_eq!(
        v.view(Some([10, 10, 100, 100]), true, Some(-1), Some(0)),
        Err(IFC)
    );
    assert_eq!(
        v.view(Some([10, 10, 100, 100]), true, Some(0), Some(256)),
        Err(IFC)
    );
    assert_eq!(v.view(None, false, None, None), Ok(()));
    let w = |v: &mut Video, r: [f64; 4]| v.window(Some(r.map(s)), false);
    assert_eq!(w(&mut v, [0.0, 0.0, 1.0, 1.0]), Ok(()));
    assert_eq!(w(&mut v, [-32768.0, 32768.0, 32768.0, -32768.0]), Ok(()));
    assert_eq!(w(&mut v, [10.0, 20.0, 10.0, 30.0]), Err(IFC));
    assert_eq!(w(&mut v, [10.0, 20.0, 0.0, 20.0]), Err(IFC));
}

/// unsorted/PMAP and unsorted/POINT in text mode: the answers are 0, the errors those of
/// the function number and of making a physical coordinate an integer.
#[test]
fn pmap_and_point_in_text_mode() {
    let v = Video::new();
    for x in [0.0, 1.0, -1.0, 256.0, 65536.0, 1.701412e38] {
        assert_eq!(v.pmap(s(x), 0), Ok(Single::ZERO));
        assert_eq!(v.pmap(s(x), 1), Ok(Single::ZERO));
        let expect = if x.abs() >= 32767.5 {
            Err(ErrorCode::Overflow)
        } else {
            Ok(Single::ZERO)
        };
        assert_eq!(v.pmap(s(x), 2), expect);
        assert_eq!(v.pmap(s(x), 3), expect);
        assert_eq!(v.pmap(s(x), -1), Err(IFC));
        assert_eq!(v.pmap(s(x), 4), Err(IFC));
    }
    assert_eq!(v.point_cursor(1), Ok(Single::ZERO));
    assert_eq!(v.point_cursor(-1), Err(IFC));
    assert_eq!(v.point_cursor(256), Err(IFC));
    assert_eq!(v.point(s(0.0), s(0.0)), Err(IFC));
}

/// unsorted/DRAW2 (SCREEN 9): which macro strings are errors.
#[test]
fn draw_errors() {
    struct Vars;
    impl MacroVars for Vars {
        fn number(&mut self, var: VarRef<'_>) -> Result<i16, ErrorCode> {
            match var {
                VarRef::Name { name: b"X$", .. } => Err(ErrorCode::TypeMismatch),
                _ => Ok(1),
            }
        }
        fn string(&mut self, var: VarRef<'_>) -> Result<Vec<u8>, ErrorCode> {
            match var {
                VarRef::Name { name: b"X$", .. } | VarRef::Ptr(_) => Ok(b"u1d1l1r1".to_vec()),
                _ => Err(ErrorCode::TypeMismatch),
            }
        }
    }
    let mut v = Video::new();
    screen(&mut v, 9);
    let cases: [(&[u8], Option<u8>); 22] = [
        (b"1", Some(5)),
        (b"u1d1l1r1", None),
        (
            b"U1u1D1d1L1l1R1r1ULDRE1e1F1f1G1g1H1h1EFGHBU1ND1M+1,1M+1,-1M10,10",
            None,
        ),
        (b"S8U1D1TA0U1D1A0U1D1", None),
        (b"A0A1A2A3", None),
        (b"A4", Some(5)),
        (b"A-1", Some(5)),
        (b"TA-360TA0TA360", None),
        (b"TA400", Some(5)),
        (b"S-1", Some(5)),
        (b"S256", Some(5)),
        (b"C0", None),
        (b"C256", None),
        (b"C32768", None),
        (b"P1,0", None),
        (b"P9999,0", None),
        (b"P10000,0", Some(5)),
        (b"XX$;", None),
        (b"XA;", Some(13)),
        (b"X\x03\x10\x00", None),
        (b"U=A;", None),
        (b"U=B(0);", None),
    ];
    for (cmd, err) in cases {
        let got = v.draw(cmd, &mut Vars).err().map(ErrorCode::number);
        assert_eq!(got, err, "DRAW {:?}", String::from_utf8_lossy(cmd));
    }
}

/// A picture of SCREEN 1 with the 4:3 proportions, decodable as PNG.
#[test]
fn screenshot_is_a_png_of_the_visible_page() {
    let mut v = Video::new();
    screen(&mut v, 1);
    v.line(
        Some(c(0.0, 0.0)),
        c(319.0, 199.0),
        Some(3),
        LineShape::Box,
        None,
    )
    .unwrap();
    let png = v.screenshot_png();
    let dec = png::Decoder::new(std::io::Cursor::new(png));
    let reader = dec.read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (640, 400));
}

/// Golden pictures: one scene per drawing statement, compared with the PNGs in
/// tests/fixtures/graphics (see the README there; `GWRUN_BLESS=1` rewrites them).
mod golden {
    use super::*;

    fn check(name: &str, png: Vec<u8>) {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join("tests/fixtures/graphics")
            .join(format!("{name}.png"));
        if std::env::var_os("GWRUN_BLESS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &png).unwrap();
        }
        let want = std::fs::read(&path)
            .unwrap_or_else(|_| panic!("{} missing: run with GWRUN_BLESS=1", path.display()));
        assert!(
            want == png,
            "{name}.png differs from the golden picture (GWRUN_BLESS=1 rewrites it)"
        );
    }

    #[test]
    fn lines_boxes_and_styles() {
        let mut v = Video::new();
        screen(&mut v, 1);
        for i in 0..16i16 {
            let a = f64::from(i) * 20.0;
            v.line(
                Some(c(160.0, 100.0)),
                c(a, 0.0),
                Some(i % 3 + 1),
                LineShape::Line,
                None,
            )
            .unwrap();
            v.line(
                Some(c(160.0, 100.0)),
                c(319.0 - a, 199.0),
                Some(i % 3 + 1),
                LineShape::Line,
                None,
            )
            .unwrap();
        }
        v.line(
            Some(c(10.0, 10.0)),
            c(60.0, 60.0),
            Some(2),
            LineShape::Fill,
            None,
        )
        .unwrap();
        v.line(
            Some(c(5.0, 5.0)),
            c(65.0, 65.0),
            Some(3),
            LineShape::Box,
            Some(0x0F0F),
        )
        .unwrap();
        v.line(
            None,
            Coord::step(-60.0, 60.0),
            Some(1),
            LineShape::Line,
            Some(-21846),
        )
        .unwrap();
        check("lines", v.screenshot_png());
    }

    #[test]
    fn circles_arcs_and_ellipses() {
        let mut v = Video::new();
        screen(&mut v, 1);
        v.circle(c(60.0, 60.0), s(50.0), Some(3), None, None, None)
            .unwrap();
        v.circle(
            c(60.0, 60.0),
            s(40.0),
            Some(1),
            Some(s(-0.5)),
            Some(s(-5.5)),
            None,
        )
        .unwrap();
        v.circle(c(180.0, 60.0), s(50.0), Some(2), None, None, Some(s(0.3)))
            .unwrap();
        v.circle(c(180.0, 60.0), s(50.0), Some(1), None, None, Some(s(3.0)))
            .unwrap();
        v.circle(
            c(260.0, 150.0),
            s(40.0),
            Some(3),
            Some(s(4.0)),
            Some(s(1.0)),
            None,
        )
        .unwrap();
        v.circle(
            c(100.0, 150.0),
            s(30.0),
            Some(2),
            Some(s(-1.0)),
            Some(s(-2.0)),
            Some(s(1.0)),
        )
        .unwrap();
        check("circles", v.screenshot_png());
    }

    #[test]
    fn paint_solid_and_tiles() {
        let mut v = Video::new();
        screen(&mut v, 7);
        v.circle(c(80.0, 100.0), s(70.0), Some(14), None, None, None)
            .unwrap();
        v.paint(c(80.0, 100.0), PaintFill::Colour(Some(1)), Some(14), None)
            .unwrap();
        v.line(
            Some(c(170.0, 20.0)),
            c(310.0, 180.0),
            Some(15),
            LineShape::Box,
            None,
        )
        .unwrap();
        v.line(
            Some(c(170.0, 20.0)),
            c(310.0, 180.0),
            Some(15),
            LineShape::Line,
            None,
        )
        .unwrap();
        v.paint(
            c(280.0, 40.0),
            PaintFill::Tile(&[
                0x81, 0x42, 0x24, 0x18, 0x18, 0x24, 0x42, 0x81, 0xFF, 0, 0, 0,
            ]),
            Some(15),
            None,
        )
        .unwrap();
        v.paint(
            c(200.0, 160.0),
            PaintFill::Tile(b"\xAA\x55\x00\x00\x55\xAA\x00\x00"),
            Some(15),
            None,
        )
        .unwrap();
        check("paint", v.screenshot_png());
    }

    #[test]
    fn draw_macro_language() {
        let mut v = Video::new();
        screen(&mut v, 2);
        v.draw(
            b"BM100,100 S8 R10 D10 L10 U10 BM200,100 E20 F20 G20 H20",
            &mut NoVars,
        )
        .unwrap();
        for i in (0..360).step_by(30) {
            v.draw(b"BM400,100 TA=i; NU60", &mut OneVar(i)).unwrap();
        }
        v.draw(
            b"BM520,40 TA0 S4 C1 R60 D60 L60 U60 BM+5,5 P1,1",
            &mut NoVars,
        )
        .unwrap();
        check("draw", v.screenshot_png());
    }

    #[test]
    fn text_palette_and_put() {
        let mut v = Video::new();
        screen(&mut v, 9);
        for (row, text) in [
            (1u8, &b"GW-BASIC in SCREEN 9"[..]),
            (2, b"\x01\x02\x03\x04\x05\x06 \xB0\xB1\xB2\xDB \xC9\xCD\xBB"),
        ] {
            print_at(&mut v, row, 1, text);
        }
        for a in 0..16i16 {
            let x = 20.0 + f64::from(a) * 36.0;
            v.line(
                Some(c(x, 60.0)),
                c(x + 30.0, 120.0),
                Some(a),
                LineShape::Fill,
                None,
            )
            .unwrap();
        }
        v.palette_set(Some((1, 36))).unwrap();
        let mut a = vec![0u8; 4 + 4 * 9 * 61];
        v.get(c(56.0, 60.0), c(120.0, 120.0), &mut a).unwrap();
        v.put(c(40.0, 200.0), &a, PutAction::Pset).unwrap();
        v.put(c(80.0, 230.0), &a, PutAction::Xor).unwrap();
        v.put(c(300.0, 200.0), &a, PutAction::Preset).unwrap();
        check("text_put", v.screenshot_png());
    }

    #[test]
    fn text_cells() {
        // four rows of every character, foregrounds 1-15, backgrounds 0-3, through the
        // default EGA palette (graphics::frame draws text mode)
        let mut screen = crate::screen::Screen::new();
        for i in 0..80 * 4 {
            let attr = (i % 15 + 1) as u8 | (((i / 80) as u8) << 4);
            screen.poke_vram(2 * i, (i % 256) as u8);
            screen.poke_vram(2 * i + 1, attr);
        }
        let scene = Scene::capture(&Video::new(), &screen, crate::console::CursorShow::Hidden);
        check("text_cells", scene.render(0).to_png());
    }
}

/// WINDOW maps world to physical and PMAP maps back; VIEW offsets and clips.
#[test]
fn window_view_and_pmap() {
    let mut v = Video::new();
    screen(&mut v, 2);
    v.window(Some([s(-1.0), s(-1.0), s(1.0), s(1.0)]), false)
        .unwrap();
    // Cartesian: y grows upwards, (−1, 1) is the top left pixel.
    assert_eq!(v.pmap(s(-1.0), 0).unwrap().to_f64(), 0.0);
    assert_eq!(v.pmap(s(1.0), 0).unwrap().to_f64(), 639.0);
    assert_eq!(v.pmap(s(1.0), 1).unwrap().to_f64(), 0.0);
    assert_eq!(v.pmap(s(-1.0), 1).unwrap().to_f64(), 199.0);
    for px in [0i16, 100, 319, 639] {
        let world = v.pmap(Single::from_i16(px), 2).unwrap();
        assert_eq!(v.pmap(world, 0).unwrap().to_f64(), f64::from(px), "x {px}");
    }
    v.window(Some([s(0.0), s(0.0), s(10.0), s(10.0)]), true)
        .unwrap();
    v.pset(c(5.0, 5.0), Some(1), false).unwrap();
    assert_eq!(v.point_cursor(0).unwrap().to_f64(), 320.0);
    // The cursor is a pixel: back in world coordinates it is 320 / (639 / 10).
    assert!((v.point_cursor(2).unwrap().to_f64() - 3200.0 / 639.0).abs() < 1e-5);
    v.window(None, false).unwrap();
    v.view(Some([100, 50, 199, 149]), false, None, None)
        .unwrap();
    v.pset(c(0.0, 0.0), Some(1), false).unwrap();
    v.pset(c(150.0, 10.0), Some(1), false).unwrap();
    v.view(None, false, None, None).unwrap();
    assert_eq!(
        v.point(s(100.0), s(50.0)),
        Ok(1),
        "relative to the viewport"
    );
    assert_eq!(v.point(s(250.0), s(60.0)), Ok(0), "clipped");
    v.view(Some([100, 50, 199, 149]), true, None, None).unwrap();
    v.pset(c(150.0, 60.0), Some(1), false).unwrap();
    v.view(None, false, None, None).unwrap();
    assert_eq!(
        v.point(s(150.0), s(60.0)),
        Ok(1),
        "VIEW SCREEN keeps coordinates absolute"
    );
}

/// unsorted/DRAWARRY and the DRAW X forms: a subscripted string variable, and the errors
/// of gwbasic/DRAW_variable_string_* (numeric variables in X are Type mismatch; X does
/// not take "=").
#[test]
fn draw_x_forms() {
    struct Vars;
    impl MacroVars for Vars {
        fn number(&mut self, var: VarRef<'_>) -> Result<i16, ErrorCode> {
            match var {
                VarRef::Name { name: b"J", .. } => Ok(1),
                _ => Ok(5),
            }
        }
        fn string(&mut self, var: VarRef<'_>) -> Result<Vec<u8>, ErrorCode> {
            match var {
                VarRef::Name {
                    name: b"N$",
                    indices: [1],
                } => Ok(b"S16;R2;NG2".to_vec()),
                VarRef::Name { name: b"V$", .. } | VarRef::Ptr([3, ..]) => Ok(b"D5".to_vec()),
                _ => Err(ErrorCode::TypeMismatch),
            }
        }
    }
    let mut v = Video::new();
    screen(&mut v, 1);
    assert_eq!(v.draw(b"xN$(J);", &mut Vars), Ok(()));
    assert_eq!(v.draw(b"x\x03\x00\x10", &mut Vars), Ok(()));
    for (cmd, err) in [
        (&b"Xv%;"[..], Some(13)),
        (b"Xv!;", Some(13)),
        (b"Xv#;", Some(13)),
        (b"Xv$;", None),
        (b"X=\x03\x00\x10", Some(5)),
    ] {
        assert_eq!(
            v.draw(cmd, &mut Vars).err().map(ErrorCode::number),
            err,
            "{:?}",
            String::from_utf8_lossy(cmd)
        );
    }
}
