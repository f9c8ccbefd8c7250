//! The engine against real GW-BASIC's files: BSAVE images of filled boxes, PAINT, DRAW's
//! moves and turns, PUT's actions and GET's arrays in every mode, and PAINT's tiles,
//! each compared with what the real-GW suite's program wrote.

use super::*;

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
