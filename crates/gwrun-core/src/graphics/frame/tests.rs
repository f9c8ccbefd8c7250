//! The frame against what the card shows: glyph rows of the ROM font in the cell's
//! colours, the EGA's blink and cursor timing (60 fields a second; the cursor 8 on and
//! 8 off, blinking characters 16 and 16), the visible page rather than the active one,
//! the palette of the moment.

use super::*;
use crate::graphics::mode::{SCREEN1, SCREEN9};
use crate::graphics::palette::COLOURS16;

fn text_scene(screen: &Screen, cursor: CursorShow) -> Scene {
    Scene::capture(&Video::new(), screen, cursor)
}

/// The attribute numbers of cell (row, col) (1-based) of a text picture: 14 rows of 8.
fn cell_pixels(p: &Picture, row: usize, col: usize) -> Vec<[u8; 8]> {
    (0..TEXT_CELL)
        .map(|dy| {
            let y = (row - 1) * TEXT_CELL + dy;
            let x = (col - 1) * 8;
            std::array::from_fn(|dx| p.pixels[y * p.width + x + dx])
        })
        .collect()
}

/// A glyph's rows drawn in `fg` on `bg`.
fn glyph(ch: u8, fg: u8, bg: u8) -> Vec<[u8; 8]> {
    FONT_8X14[usize::from(ch)]
        .iter()
        .map(|bits| std::array::from_fn(|dx| if bits & (0x80 >> dx) != 0 { fg } else { bg }))
        .collect()
}

#[test]
fn text_cells_are_the_rom_glyphs_in_their_colours_at_640_by_350() {
    let mut s = Screen::new();
    s.color(&[Some(14), Some(1)]).unwrap();
    s.write(b"A");
    let p = text_scene(&s, CursorShow::Hidden).render(0);
    assert_eq!((p.width, p.height), (640, 350));
    assert_eq!(cell_pixels(&p, 1, 1), glyph(b'A', 14, 1));
    // the next cell is blank in the screen's starting colours
    assert_eq!(cell_pixels(&p, 1, 2), glyph(b' ', 7, 0));
    // the default EGA palette: attribute 14 is yellow, 1 blue
    assert_eq!(p.palette[14], COLOURS16[14]);
    assert_eq!(p.palette[1], COLOURS16[1]);
}

#[test]
fn forty_columns_make_a_picture_320_wide() {
    let mut s = Screen::new();
    s.set_width(40).unwrap();
    s.write(b"\x03");
    let p = text_scene(&s, CursorShow::Hidden).render(0);
    assert_eq!((p.width, p.height), (320, 350));
    // CHR$(3) is drawn as the ROM's heart, not as a control
    assert_eq!(cell_pixels(&p, 1, 1), glyph(3, 7, 0));
}

#[test]
fn blinking_characters_show_for_16_fields_and_hide_for_16() {
    let mut s = Screen::new();
    s.color(&[Some(16 + 14), Some(1)]).unwrap();
    s.write(b"B");
    let scene = text_scene(&s, CursorShow::Hidden);
    assert!(scene.animated());
    let shown = glyph(b'B', 14, 1);
    let hidden = glyph(b'B', 1, 1);
    // field n lasts from n/60 s: fields 0-15 shown, 16-31 hidden, 32 shown again
    for (ms, want) in [
        (0, &shown),
        (250, &shown),
        (267, &hidden),
        (530, &hidden),
        (534, &shown),
    ] {
        assert_eq!(&cell_pixels(&scene.render(ms), 1, 1), want, "at {ms} ms");
    }
}

#[test]
fn the_text_cursor_blinks_every_8_fields_in_the_colour_of_its_cell() {
    let mut s = Screen::new();
    s.locate([Some(3), Some(5), Some(1), None, None]).unwrap();
    s.color(&[Some(10)]).unwrap();
    s.write(b"x");
    s.locate([Some(3), Some(5), None, None, None]).unwrap();
    let scene = text_scene(&s, CursorShow::Line);
    let on = scene.render(0);
    let off = scene.render(140); // field 8
    let with_cursor = cell_pixels(&on, 3, 5);
    let without = cell_pixels(&off, 3, 5);
    assert_eq!(without, glyph(b'x', 10, 0));
    // the BIOS's lines 6-7 of an 8-line cell are the 14-line cell's 12-13
    for (dy, row) in with_cursor.iter().enumerate() {
        if dy >= 12 {
            assert_eq!(row, &[10; 8], "line {dy}");
        } else {
            assert_eq!(row, &without[dy], "line {dy}");
        }
    }
    assert_eq!(scene.next_change(0), Some(134));
    assert_eq!(scene.next_change(134), Some(267));
    // insert mode: the lower half of the cell
    let block = cell_pixels(&text_scene(&s, CursorShow::Block).render(0), 3, 5);
    assert!((0..7).all(|dy| block[dy] == without[dy]));
    assert!((7..14).all(|dy| block[dy] == [10; 8]));
    // hidden: nothing changes by itself
    let still = text_scene(&s, CursorShow::Hidden);
    assert!(!still.animated());
    assert_eq!(still.next_change(0), None);
}

#[test]
fn only_the_visible_page_is_shown_and_the_cursor_only_on_it() {
    let mut s = Screen::new();
    s.write(b"zero");
    s.screen_stmt(&[Some(0), None, Some(1), Some(0)]).unwrap();
    s.write(b"one");
    let p = text_scene(&s, CursorShow::Line).render(0);
    assert_eq!(cell_pixels(&p, 1, 1), glyph(b'z', 7, 0));
    // the active page's cursor (after "one") is not drawn on page 0's cells
    assert_eq!(cell_pixels(&p, 1, 4), glyph(b'o', 7, 0));
}

#[test]
fn palette_changes_in_text_mode_change_the_colours() {
    let mut v = Video::new();
    v.palette_set(Some((7, 4))).unwrap();
    let s = Screen::new();
    let p = Scene::capture(&v, &s, CursorShow::Hidden).render(0);
    assert_eq!(p.palette[7], COLOURS16[4]);
}

#[test]
fn graphics_pages_are_the_cards_pixels_with_a_steady_cursor() {
    let mut v = Video::new();
    v.screen(Some(1), None, None, None, 80).unwrap();
    v.pset(crate::graphics::Coord::at(10.0, 20.0), Some(2), false)
        .unwrap();
    let mut s = Screen::new();
    s.screen_stmt(&[Some(1)]).unwrap();
    let scene = Scene::capture(&v, &s, CursorShow::Line);
    assert!(!scene.animated());
    let p = scene.render(0);
    assert_eq!((p.width, p.height), (SCREEN1.width as usize, 200));
    assert_eq!(p.pixels[20 * 320 + 10], 2);
    assert_eq!(p.palette.len(), 4);
    // the cursor at (1, 1): lines 6-7 of the 8-line cell exclusive-ored with 3
    assert_eq!(p.pixels[6 * 320], 3);
    assert_eq!(p.pixels[7 * 320 + 7], 3);
    assert_eq!(p.pixels[5 * 320], 0);
    assert_eq!(scene.render(140), p, "no blinking in graphics modes");
}

#[test]
fn screen_9_shows_its_visible_page_not_the_one_drawn_on() {
    let mut v = Video::new();
    v.screen(Some(9), None, Some(1), Some(0), 80).unwrap();
    v.pset(crate::graphics::Coord::at(1.0, 1.0), Some(5), false)
        .unwrap();
    let mut s = Screen::new();
    s.screen_stmt(&[Some(9)]).unwrap();
    let p = Scene::capture(&v, &s, CursorShow::Line).render(0);
    assert_eq!((p.width, p.height), (640, SCREEN9.height as usize));
    assert!(
        p.pixels.iter().all(|&a| a == 0),
        "page 1 is drawn on, page 0 shown, no cursor"
    );
    v.screen(None, None, Some(1), Some(1), 80).unwrap();
    let p = Scene::capture(&v, &s, CursorShow::Hidden).render(0);
    assert_eq!(p.pixels[640 + 1], 5);
}

#[test]
fn the_text_of_the_screen_is_its_glyphs_row_by_row() {
    let mut s = Screen::new();
    s.write(b"10 PRINT \x03  \r\rlast");
    let scene = text_scene(&s, CursorShow::Hidden);
    assert_eq!(scene.text(), "10 PRINT ♥\n\nlast");
    assert_eq!(Scene::default().text(), "");
}
