//! Golden pictures: one scene per drawing statement, compared with the PNGs in
//! tests/fixtures/graphics (see the README there; `GWRUN_BLESS=1` rewrites them).

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
