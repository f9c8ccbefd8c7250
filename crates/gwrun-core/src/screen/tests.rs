//! The screen model against real GW-BASIC: each test replays the screen statements of
//! a program of the suite (named in the test) and compares the screen memory its dump
//! loop would write with the model file byte for byte. Error rules are checked against
//! the error logs the syntax programs wrote.

use super::testkit::{Item, Item::*, assert_dump, dump, error_lines, model, print};
use super::*;

fn fresh() -> Screen {
    Screen::new()
}

#[test]
fn print_bottom_right_no_scroll() {
    // gwbasic/PRINT_bottom_right_no_scroll
    let Some(want) = model("gwbasic/PRINT_bottom_right_no_scroll", "OUTPUT.TXT") else {
        return;
    };
    let mut s = fresh();
    s.set_width(40).unwrap();
    s.cls(None).unwrap();
    print(&mut s, &[Str(b"top")]);
    s.locate([Some(24), Some(40), None, None, None]).unwrap();
    print(&mut s, &[Str(b"x"), Semi]);
    s.locate([Some(1), Some(10), None, None, None]).unwrap();
    print(&mut s, &[Str(b"middle")]);
    assert_dump(&dump(&s, 25, 40, 40), &want);
}

#[test]
fn print_bottom_control_characters_no_scroll() {
    for (test, row, col, code) in [
        ("gwbasic/PRINT_bottom_down_arrow_no_scroll", 24, 39, 0x1F),
        ("gwbasic/PRINT_bottom_right_arrow_no_scroll", 24, 40, 0x1C),
    ] {
        let Some(want) = model(test, "OUTPUT.TXT") else {
            return;
        };
        let mut s = fresh();
        s.set_width(40).unwrap();
        s.cls(None).unwrap();
        print(&mut s, &[Str(b"top")]);
        s.locate([Some(row), Some(col), None, None, None]).unwrap();
        print(&mut s, &[Str(&[code]), Semi]);
        s.locate([Some(1), Some(10), None, None, None]).unwrap();
        print(&mut s, &[Str(b"middle")]);
        assert_dump(&dump(&s, 25, 40, 40), &want);
    }
}

#[test]
fn print_line_25() {
    let Some(want) = model("gwbasic/PRINT_line_25", "OUTPUT.TXT") else {
        return;
    };
    let mut s = fresh();
    s.cls(None).unwrap();
    s.show_key_bar(false).unwrap();
    for i in 1..=25 {
        s.locate([Some(i), Some(1), None, None, None]).unwrap();
        let n = format!(" {i}");
        print(&mut s, &[Str(b"line"), Comma, Num(&n), Semi]);
    }
    assert_dump(&dump(&s, 25, 80, 80), &want);
}

#[test]
fn print_overflow_cr() {
    let Some(want) = model("gwbasic/PRINT_overflow_CR", "OUTPUT.TXT") else {
        return;
    };
    let mut s = fresh();
    s.cls(None).unwrap();
    s.show_key_bar(false).unwrap();
    s.set_width(40).unwrap();
    print(&mut s, &[Str(b"12345678901234567890123456789012345678")]);
    print(&mut s, &[Str(b"123456789012345678901234567890123456789")]);
    print(&mut s, &[Str(b"1234567890123456789012345678901234567890")]);
    print(&mut s, &[Str(b"LAST LINE")]);
    assert_dump(&dump(&s, 7, 40, 40), &want);
}

#[test]
fn println_wraps_exactly_full_rows() {
    let Some(want) = model("unsorted/PRINTLN", "PRINTLN.DAT") else {
        return;
    };
    let line = b"1000,2000,3000,4000,5000,6000,7000,8000,9000,10000,11000,12000,13000,14000,15000";
    let mut s = fresh();
    s.cls(None).unwrap();
    s.show_key_bar(false).unwrap();
    print(&mut s, &[Str(line), Semi]);
    print(&mut s, &[Str(line)]);
    print(&mut s, &[Str(b"DONE")]);
    assert_dump(&dump(&s, 25, 80, 80), &want);
}

#[test]
fn print_overflow_scroll_and_screen_function() {
    let Some(want) = model("gwbasic/PRINT_overflow_scroll", "OUTPUT.TXT") else {
        return;
    };
    let mut s = fresh();
    s.color(&[Some(7), Some(0)]).unwrap();
    s.cls(None).unwrap();
    s.locate([Some(4), Some(1), None, None, None]).unwrap();
    print(&mut s, &[Str(b"----"), Semi]);
    s.locate([Some(1), Some(1), None, None, None]).unwrap();
    s.color(&[Some(4), Some(0)]).unwrap();
    print(&mut s, &[Str(&[1; 80]), Semi]);
    s.color(&[Some(0), Some(4)]).unwrap();
    print(&mut s, &[Str(b"X"), Semi]);
    let a = s.screen_fn(2, 2, Some(1)).unwrap();
    let b = s.screen_fn(4, 1, None).unwrap();
    let got = format!(" {a:<13} {b} \r\n\x1a");
    assert_eq!(got.as_bytes(), &want[..]);
}

#[test]
fn tab80_on_line_25_does_not_scroll() {
    let Some(want) = model("unsorted/TAB80", "TAB80.DAT") else {
        return;
    };
    let mut s = fresh();
    s.show_key_bar(false).unwrap();
    s.color(&[Some(7), Some(0)]).unwrap();
    s.cls(None).unwrap();
    print(&mut s, &[Str(b"1")]);
    print(&mut s, &[Str(b"2")]);
    s.color(&[Some(0), Some(7)]).unwrap();
    s.locate([Some(25), Some(1), None, None, None]).unwrap();
    print(&mut s, &[Tab(80), Str(b" "), Semi]);
    s.locate([Some(10), Some(1), None, None, None]).unwrap();
    assert_dump(&dump(&s, 25, 80, 80), &want);
    // the reverse-video cells are on row 25
    assert_eq!(s.cell(25, 80), (b' ', 0x70));
}

#[test]
fn undefined_line_number_screen() {
    let Some(want) = model("gwbasic/undefined_line_number", "OUTPUT.TXT") else {
        return;
    };
    let mut s = fresh();
    s.cls(None).unwrap();
    s.show_key_bar(false).unwrap();
    print(&mut s, &[Str(b"hi")]);
    assert_dump(&dump(&s, 25, 80, 80), &want);
}

/// Checks an engine call per program line against the error log: the lines the model
/// lists with error `e` must fail with `e`, the others must succeed.
fn check_errors(test: &str, file: &str, calls: &[(i32, Result<(), ErrorCode>)]) {
    let Some(log) = model(test, file) else {
        return;
    };
    let errors = error_lines(&log);
    for (line, result) in calls {
        let want = errors.iter().find(|(_, l)| l == line).map(|(e, _)| *e);
        let got = result.as_ref().err().map(|e| i32::from(e.number()));
        assert_eq!(got, want, "{test} line {line}");
    }
}

#[test]
fn locate_rules() {
    let mut s = fresh();
    let mut l = |a: [Option<i32>; 5]| s.locate(a);
    let n = None;
    let calls = vec![
        (50, l([n, n, n, n, n])),
        (60, l([Some(1), n, n, n, n])),
        (64, l([Some(1), Some(2), n, n, n])),
        (68, l([Some(1), Some(2), Some(3), n, n])),
        (72, l([Some(1), Some(2), Some(3), Some(4), n])),
        (74, l([Some(1), Some(2), Some(3), Some(4), Some(5)])),
        (80, l([n, Some(2), n, n, n])),
        (84, l([n, Some(2), Some(3), n, n])),
        (104, l([n, n, Some(3), n, n])),
        (122, l([n, n, n, Some(4), n])),
        (124, l([n, n, n, Some(4), Some(5)])),
        (130, l([n, n, n, n, Some(5)])),
        (150, l([n, n, n, n, n])),
        (900, l([Some(24), Some(10), n, n, n])),
    ];
    check_errors("unsorted/LOCATE", "OUTPUT.TXT", &calls);
    let mut s = fresh();
    s.show_key_bar(false).unwrap();
    let r910 = s.locate([Some(25), Some(10), None, None, None]);
    s.show_key_bar(true).unwrap();
    let r920 = s.locate([Some(25), Some(10), None, None, None]);
    let mut l = |a: [Option<i32>; 5]| s.locate(a);
    let calls = vec![
        (910, r910),
        (920, r920),
        (930, l([Some(10), Some(80), n, n, n])),
        (940, l([Some(10), Some(81), n, n, n])),
        (950, l([Some(0), Some(0), n, n, n])),
        (960, l([Some(-1), Some(-1), n, n, n])),
        (970, l([Some(1), Some(1), Some(-1), n, n])),
        (990, l([Some(1), Some(1), Some(256), n, n])),
        (1000, l([Some(1), Some(1), Some(32), n, n])),
        (1120, l([Some(-1), n, n, n, n])),
        (1220, l([Some(-1), Some(10), n, n, n])),
        (1230, l([Some(10), Some(-1), n, n, n])),
    ];
    check_errors("unsorted/LOCATE", "OUTPUT.TXT", &calls);
    let mut s = fresh();
    let mut l = |a: [Option<i32>; 5]| s.locate(a);
    let calls = vec![
        (68, l([Some(1), Some(2), Some(1), n, n])),
        (74, l([Some(1), Some(2), Some(1), Some(4), Some(5)])),
        (990, l([Some(256), Some(1), Some(0), n, n])),
        (1000, l([Some(32), Some(1), Some(0), n, n])),
        (1020, l([Some(1), Some(256), Some(0), n, n])),
        (1030, l([Some(1), Some(32), Some(0), n, n])),
        (1050, l([Some(1), Some(1), Some(256), n, n])),
        (1060, l([Some(1), Some(1), Some(32), n, n])),
        (1070, l([Some(1), Some(1), Some(2), n, n])),
        (1080, l([Some(1), Some(1), Some(1), n, n])),
        (1090, l([Some(1), Some(1), Some(0), n, n])),
        (1095, l([Some(1), Some(1), Some(-1), n, n])),
    ];
    check_errors("unsorted/LOCATE2", "OUTPUT.TXT", &calls);
}

#[test]
fn view_print_rules() {
    let mut s = fresh();
    let r80 = s.view_print(Some((1, 10)));
    s.show_key_bar(false).unwrap();
    let r120 = s.view_print(Some((1, 25)));
    s.show_key_bar(true).unwrap();
    let r130 = s.view_print(Some((1, 25)));
    let calls = vec![
        (50, s.view_print(None)),
        (80, r80),
        (120, r120),
        (130, r130),
        (140, s.view_print(Some((1, 24)))),
        (150, s.view_print(Some((10, 5)))),
        (160, s.view_print(Some((0, 10)))),
        (170, s.view_print(Some((-1, 10)))),
        (180, s.view_print(Some((1, 256)))),
    ];
    check_errors("unsorted/VIEWPRNT", "OUTPUT.TXT", &calls);
}

#[test]
fn cls_rules() {
    let mut s = fresh();
    let mut calls = Vec::new();
    for (line, arg) in [
        (40, None),
        (60, Some(0)),
        (70, Some(1)),
        (80, Some(2)),
        (90, Some(-1)),
        (100, Some(255)),
    ] {
        calls.push((line, s.cls(arg)));
    }
    calls.push((155, s.screen_stmt(&[Some(1)])));
    for (line, arg) in [(160, 0), (170, 1), (180, 2), (190, -1)] {
        calls.push((line, s.cls(Some(arg))));
    }
    check_errors("unsorted/CLS", "OUTPUT.TXT", &calls);
}

#[test]
fn color_rules_in_each_mode() {
    let Some(log) = model("unsorted/COLOR", "OUTPUT.TXT") else {
        return;
    };
    // lines 50-192: SCREEN 0, as written (None for an omitted argument)
    let mut s = fresh();
    let n = None;
    let one = Some(1);
    let syntax_ok = [
        (50, vec![]),
        (100, vec![one]),
        (120, vec![one, one]),
        (140, vec![one, one, one]),
        (160, vec![one, one, one, one]),
        (170, vec![n, one]),
        (180, vec![n, one, one]),
        (190, vec![one, n, one]),
        (192, vec![n, n, one]),
    ];
    let errors: Vec<(i32, i32, i32)> = String::from_utf8_lossy(&log)
        .lines()
        .filter_map(|l| {
            let v: Vec<i32> = l
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            (v.len() == 3).then(|| (v[0], v[1], v[2]))
        })
        .collect();
    for (line, args) in syntax_ok {
        let got = s.color(&args).err().map(|e| i32::from(e.number()));
        let want = errors
            .iter()
            .find(|(m, _, l)| *m == 0 && *l == line)
            .map(|e| e.1);
        assert_eq!(got, want, "COLOR line {line}");
    }
    // GOSUB 200 for each mode: values in range of an integer
    for mode in [0, 1, 2, 7, 8, 9] {
        let mut s = fresh();
        s.screen_stmt(&[Some(mode)]).unwrap();
        for (line, args) in [
            (210, vec![Some(-1)]),
            (220, vec![Some(0)]),
            (230, vec![Some(255)]),
            (260, vec![n, Some(-1)]),
            (270, vec![n, Some(0)]),
            (280, vec![n, Some(255)]),
            (310, vec![Some(-1)]),
            (320, vec![n, n, Some(0)]),
            (330, vec![n, n, Some(255)]),
        ] {
            let got = s.color(&args).err().map(|e| i32::from(e.number()));
            let want = errors
                .iter()
                .find(|(m, _, l)| *m == mode && *l == line)
                .map(|e| e.1);
            assert_eq!(got, want, "SCREEN {mode} COLOR line {line}");
        }
    }
}

#[test]
fn screen_statement_rules() {
    let mut s = fresh();
    let z = Some(0);
    let n = None;
    let calls = vec![
        (40, s.screen_stmt(&[z])),
        (60, s.screen_stmt(&[n, z])),
        (70, s.screen_stmt(&[z, z])),
        (90, s.screen_stmt(&[n, z, z])),
        (100, s.screen_stmt(&[z, z, z])),
        (110, s.screen_stmt(&[z, n, z])),
        (120, s.screen_stmt(&[z, z, z, z])),
        (140, s.screen_stmt(&[z, n, n, z])),
        (150, s.screen_stmt(&[z, n, z, z])),
        (152, s.screen_stmt(&[z, z, z, z, z])),
        (157, s.screen_stmt(&[z, z, z, z, z, z])),
        (160, s.screen_stmt(&[Some(-1)])),
        (170, s.screen_stmt(&[Some(255)])),
        (180, s.screen_stmt(&[Some(256)])),
        (260, s.screen_stmt(&[z, Some(-1)])),
        (270, s.screen_stmt(&[z, Some(255)])),
        (280, s.screen_stmt(&[z, Some(256)])),
        (360, s.screen_stmt(&[z, z, Some(-1)])),
        (370, s.screen_stmt(&[z, z, Some(255)])),
        (380, s.screen_stmt(&[z, z, Some(256)])),
        (460, s.screen_stmt(&[z, z, z, Some(-1)])),
        (470, s.screen_stmt(&[z, z, z, Some(255)])),
        (480, s.screen_stmt(&[z, z, z, Some(256)])),
        (560, s.screen_stmt(&[z, z, z, z, Some(-1)])),
        (570, s.screen_stmt(&[z, z, z, z, Some(255)])),
        (580, s.screen_stmt(&[z, z, z, z, Some(256)])),
    ];
    check_errors("unsorted/SCREEN", "OUTPUT.TXT", &calls);
}

#[test]
fn screen_function_rules() {
    let Some(log) = model("unsorted/SCREENFN", "OUTPUT.TXT") else {
        return;
    };
    // at the start the load-time "Overflow" warning is on row 1 (a constant of the
    // program overflows), the cursor on row 2
    let mut s = fresh();
    s.write_line(b"Overflow");
    let calls: Vec<(i32, Result<i32, ErrorCode>)> = vec![
        (1000, s.screen_fn(1, 1, None)),
        (1030, s.screen_fn(1, 0, None)),
        (1040, s.screen_fn(1, -1, None)),
        (1042, s.screen_fn(1, 41, None)),
        (1043, s.screen_fn(1, 80, None)),
        (1044, s.screen_fn(1, 81, None)),
        (1050, s.screen_fn(1, 256, None)),
        (1130, s.screen_fn(0, 1, None)),
        (1140, s.screen_fn(-1, 1, None)),
        (1145, s.screen_fn(25, 1, None)),
        (1147, s.screen_fn(26, 1, None)),
        (1150, s.screen_fn(256, 1, None)),
        (1200, s.screen_fn(1, 1, Some(0))),
        (1210, s.screen_fn(1, 1, Some(1))),
        (1215, s.screen_fn(1, 1, Some(-1))),
        (1230, s.screen_fn(1, 1, Some(256))),
        (2000, s.screen_fn(0, 0, None)),
    ];
    // the model's lines in program order: a value line or "ERR ERL"
    let lines: Vec<Vec<i32>> = String::from_utf8_lossy(&log)
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect()
        })
        .filter(|v: &Vec<i32>| !v.is_empty())
        .collect();
    for (line, got) in calls {
        let want_err = lines
            .iter()
            .find(|v| v.len() == 2 && v[1] == line)
            .map(|v| v[0]);
        match got {
            Err(e) => assert_eq!(Some(i32::from(e.number())), want_err, "line {line}"),
            Ok(v) => {
                assert_eq!(want_err, None, "line {line} should fail");
                assert!(lines.iter().any(|l| l == &vec![v]), "line {line}: {v}");
            }
        }
    }
    assert_eq!(s.csrlin(), 2);
}

#[test]
fn csrlin_and_pos_follow_the_pending_wrap() {
    let mut s = fresh();
    s.write(&[b'a'; 80]);
    assert_eq!((s.csrlin(), s.pos()), (2, 1));
    assert_eq!(s.cursor(), (1, 80, true));
    s.write(b"b");
    assert_eq!((s.csrlin(), s.pos()), (2, 2));
    assert!(s.wraps(1));
    // at the bottom of the window the row does not advance
    s.locate([Some(24), Some(1), None, None, None]).unwrap();
    s.write(&[b'c'; 80]);
    assert_eq!((s.csrlin(), s.pos()), (24, 1));
}

#[test]
fn scrolling_moves_the_window_only() {
    let mut s = fresh();
    s.show_key_bar(true).unwrap();
    for i in 0..30 {
        s.write_line(format!("line {i}").as_bytes());
    }
    // 24 rows in the window; the last CR leaves an empty row at the bottom
    assert_eq!(&s.row_text(23)[..7], b"line 29");
    assert_eq!(&s.row_text(1)[..6], b"line 7");
    assert_eq!(&s.row_text(25)[..6], b" 1LIST");
    s.view_print(Some((5, 10))).unwrap();
    for i in 0..10 {
        s.write_line(format!("v{i}").as_bytes());
    }
    assert_eq!(&s.row_text(9)[..2], b"v9");
    assert_eq!(&s.row_text(4)[..6], b"line 1");
    assert_eq!(&s.row_text(11)[..7], b"line 17");
}

#[test]
fn key_bar_shows_six_character_labels() {
    let mut s = fresh();
    s.show_key_bar(true).unwrap();
    let row = s.row_text(25);
    assert_eq!(&row[..], &b" 1LIST   2RUN\x1b   3LOAD\"  4SAVE\"  5CONT\x1b  6,\"LPT1 7TRON\x1b  8TROFF\x1b 9KEY    0SCREEN"[..]);
    assert_eq!(s.cell(25, 2), (b'1', 0x07));
    assert_eq!(s.cell(25, 3), (b'L', 0x70));
    assert_eq!(s.cell(25, 7), (b' ', 0x70));
    assert_eq!(s.cell(25, 8), (b' ', 0x07));
    s.set_width(40).unwrap();
    assert_eq!(
        &s.row_text(25)[..],
        &b" 1LIST   2RUN\x1b   3LOAD\"  4SAVE\"  5CONT\x1b "[..]
    );
}

#[test]
fn memory_layout_and_bios_bytes() {
    let mut s = fresh();
    s.locate([Some(3), Some(5), None, None, None]).unwrap();
    s.color(&[Some(14), Some(1)]).unwrap();
    s.write(b"Z");
    assert_eq!(s.peek_vram(2 * (2 * 80 + 4)), Some(b'Z'));
    assert_eq!(s.peek_vram(2 * (2 * 80 + 4) + 1), Some(0x1E));
    assert!(s.poke_vram(0, b'Q'));
    assert_eq!(s.screen_fn(1, 1, None), Ok(i32::from(b'Q')));
    assert_eq!(s.peek_vram(VRAM_SIZE), None);
    assert_eq!(s.bios_peek(0x49), Some(3));
    assert_eq!(s.bios_peek(0x4A), Some(80));
    assert_eq!(s.bios_peek(0x4D), Some(0x10));
    assert_eq!(s.bios_peek(0x50), Some(5));
    assert_eq!(s.bios_peek(0x51), Some(2));
    // page 1 is written through SCREEN ,,1 and shows at &H1000
    s.screen_stmt(&[None, None, Some(1), Some(0)]).unwrap();
    s.locate([Some(1), Some(1), None, None, None]).unwrap();
    s.write(b"P");
    assert_eq!(s.peek_vram(0x1000), Some(b'P'));
    assert_eq!(s.peek_vram(0), Some(b'Q'));
    s.pcopy(1, 2).unwrap();
    assert_eq!(s.peek_vram(0x2000), Some(b'P'));
    assert_eq!(s.pcopy(0, 8), Err(ErrorCode::IllegalFunctionCall));
    s.set_width(40).unwrap();
    assert_eq!(s.bios_peek(0x49), Some(1));
    assert_eq!(s.page_size(), 0x800);
    assert_eq!(s.pages(), (0, 0));
}

#[test]
fn control_characters_move_without_scrolling() {
    let mut s = fresh();
    s.write(b"abc\x1d\x1dX");
    assert_eq!(&s.row_text(1)[..3], b"aXc");
    s.write(b"\x1f\x1fY\x1e\x1cZ\x0bH");
    assert_eq!(s.cell(3, 3), (b'Y', 7));
    assert_eq!(s.cell(2, 5), (b'Z', 7));
    assert_eq!(s.cell(1, 1), (b'H', 7));
    s.write(b"\t|");
    assert_eq!(s.cell(1, 9), (b'|', 7));
    s.write(b"\x07\x0c");
    assert_eq!(s.take_bells(), 1);
    assert_eq!(s.cell(1, 1), (b' ', 7));
    assert_eq!(s.cursor(), (1, 1, false));
}

#[test]
fn stream_matches_the_plain_transcript() {
    let mut s = fresh();
    s.set_streaming(true);
    print(&mut s, &[Str(&[b'a'; 80])]);
    print(&mut s, &[Str(b"x\ty"), Semi]);
    print(&mut s, &[Item::Comma, Num(" 5")]);
    print(&mut s, &[Str(&[b'b'; 80]), Semi]);
    print(&mut s, &[Str(b"cc")]);
    let mut want = vec![b'a'; 80];
    want.extend_from_slice(b"\n\nx       y      5 \n");
    want.extend_from_slice(&[b'b'; 80]);
    want.extend_from_slice(b"\ncc\n");
    assert_eq!(
        String::from_utf8_lossy(&s.take_stream()),
        String::from_utf8_lossy(&want)
    );
}

#[test]
fn logical_lines_join_wrapped_rows() {
    let mut s = fresh();
    s.locate([Some(10), Some(1), None, None, None]).unwrap();
    s.write(&[b'#'; 100]);
    assert!(s.wraps(10));
    assert!(!s.wraps(11));
    assert_eq!(s.line_start(11), 10);
    assert_eq!(s.logical_line(11, 1, None), vec![b'#'; 100]);
    assert_eq!(s.logical_line(10, 7, None).len(), 94);
}

#[test]
fn scrn_file_with_its_own_width() {
    // unsorted/SCRNWID2: OPEN "O",#1,"SCRN:": WIDTH #1, I: PRINT #1, I; A$; A$: CLOSE
    // for I = 10, 35, ... 210, then 200, 202, ... 216, then 255; a dump after each run
    let (Some(d1), Some(d2), Some(d3)) = (
        model("unsorted/SCRNWID2", "DUMP1.DAT"),
        model("unsorted/SCRNWID2", "DUMP2.DAT"),
        model("unsorted/SCRNWID2", "DUMP3.DAT"),
    ) else {
        return;
    };
    let a = [b'0'; 128];
    let mut s = fresh();
    s.cls(None).unwrap();
    s.show_key_bar(false).unwrap();
    let run = |s: &mut Screen, i: i32| {
        let mut f = ScrnFile::new(s);
        f.set_width(i);
        f.write(s, format!(" {i} ").as_bytes(), true);
        f.write(s, &a, true);
        f.write(s, &a, true);
        f.write_line(s);
    };
    for i in (10..=210).step_by(25) {
        run(&mut s, i);
    }
    assert_dump(&dump(&s, 25, 80, 80), &d1);
    for i in (200..=216).step_by(2) {
        run(&mut s, i);
    }
    assert_dump(&dump(&s, 25, 80, 80), &d2);
    run(&mut s, 255);
    assert_dump(&dump(&s, 25, 80, 80), &d3);
}

mod hostile {
    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Op {
        Write(Vec<u8>),
        Locate([Option<i32>; 5]),
        Cls(Option<i32>),
        Color(Vec<Option<i32>>),
        Width(i32),
        View(Option<(i32, i32)>),
        Screen(Vec<Option<i32>>),
        Pcopy(i32, i32),
        Key(bool),
        Poke(usize, u8),
        End,
    }

    fn small() -> impl Strategy<Value = i32> {
        prop_oneof![-2i32..=90, any::<i16>().prop_map(i32::from)]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            prop::collection::vec(any::<u8>(), 0..200).prop_map(Op::Write),
            prop::array::uniform5(prop::option::of(small())).prop_map(Op::Locate),
            prop::option::of(small()).prop_map(Op::Cls),
            prop::collection::vec(prop::option::of(small()), 0..5).prop_map(Op::Color),
            prop::sample::select(vec![40, 80, 20, 0]).prop_map(Op::Width),
            prop::option::of((small(), small())).prop_map(Op::View),
            prop::collection::vec(prop::option::of(small()), 0..6).prop_map(Op::Screen),
            (small(), small()).prop_map(|(a, b)| Op::Pcopy(a, b)),
            any::<bool>().prop_map(Op::Key),
            (0usize..0x9000, any::<u8>()).prop_map(|(a, v)| Op::Poke(a, v)),
            Just(Op::End),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Any statements with any arguments: errors, never panics; the cursor stays on
        /// the screen and CSRLIN/POS/SCREEN() answer within range.
        #[test]
        fn statements_never_break_the_screen(ops in prop::collection::vec(op(), 0..60)) {
            let mut s = Screen::new();
            s.set_streaming(true);
            for o in ops {
                let _ = match o {
                    Op::Write(b) => { s.write(&b); Ok(()) }
                    Op::Locate(a) => s.locate(a),
                    Op::Cls(a) => s.cls(a),
                    Op::Color(a) => s.color(&a),
                    Op::Width(w) => s.set_width(w),
                    Op::View(v) => s.view_print(v),
                    Op::Screen(a) => s.screen_stmt(&a),
                    Op::Pcopy(a, b) => s.pcopy(a, b),
                    Op::Key(on) => s.show_key_bar(on),
                    Op::Poke(a, v) => { s.poke_vram(a, v); Ok(()) }
                    Op::End => { s.print_end(); Ok(()) }
                };
                let (r, c, _) = s.cursor();
                prop_assert!((1..=HEIGHT).contains(&r) && (1..=s.width()).contains(&c));
                prop_assert!((1..=HEIGHT).contains(&s.csrlin()));
                prop_assert!((1..=s.width()).contains(&s.pos()));
                if let Ok(v) = s.screen_fn(r, c, Some(1)) {
                    prop_assert!((0..=255).contains(&v));
                }
            }
            let _ = s.take_stream();
        }
    }
}

#[test]
#[ignore = "timing: cargo test --release --lib screen::tests::throughput -- --ignored --nocapture"]
fn throughput() {
    let line: Vec<u8> = (0..70u8).map(|i| b'0' + i % 10).collect();
    for streaming in [false, true] {
        let mut s = Screen::new();
        s.set_streaming(streaming);
        let mut out = Vec::with_capacity(1 << 20);
        let t = std::time::Instant::now();
        let n = 200_000;
        for _ in 0..n {
            print(&mut s, &[Str(&line)]);
            s.drain_stream_into(&mut out);
            out.clear();
        }
        let dt = t.elapsed();
        eprintln!(
            "streaming={streaming}: {n} PRINT lines of 70 characters in {dt:?} ({:.1} ns/char)",
            dt.as_nanos() as f64 / (n as f64 * 71.0)
        );
    }
}

#[test]
fn a_newline_on_row_25_scrolls_the_window() {
    // as PC-BASIC does: the window scrolls, the cursor goes to its last row
    let mut s = fresh();
    print(&mut s, &[Str(b"top")]);
    s.locate([Some(25), Some(1), None, None, None]).unwrap();
    print(&mut s, &[Str(b"x")]);
    assert_eq!(s.cursor(), (24, 1, false));
    assert_eq!(s.cell(25, 1).0, b'x');
    assert_eq!(s.cell(1, 1).0, b' ');
}

mod list;
