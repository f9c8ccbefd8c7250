//! The engine against real GW-BASIC: each test replays what a program of the real-GW
//! suite (`../shared/realgw/tests`, beside the checkout) draws, through the engine's API,
//! and compares the video memory or GET arrays with the files GW-BASIC wrote. When the
//! suite is absent the tests say so and pass. The models were captured in DOSBox with
//! FreeDOS's code page fonts, which gwrun cannot ship (GPL); text pixels are compared
//! exactly only when PC-BASIC's copy of those fonts is found (`GWRUN_MODEL_FONTS`, or
//! PC-BASIC's install; `GWRUN_NO_MODEL_FONTS=1` ignores them), and left out of the
//! comparison otherwise. `GWRUN_DUMP=DIR` writes the memory compared with BSAVE models.
//!
//! Here: the helpers, and the statements' error rules, pages, PMAP, WINDOW and VIEW, DRAW's
//! X and the screenshot; the comparisons of drawings with the models' files in `models`,
//! the golden pictures in `golden`.

mod golden;
mod models;

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
