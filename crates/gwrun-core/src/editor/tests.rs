//! The editor against real GW-BASIC: each test replays a program of the suite (named in
//! the test) with its `keys=` typed into the engine, and compares the screen memory the
//! program dumps and the values it stores with the model files.

use super::*;
use crate::keyboard::{Keyboard, parse_keys};
use crate::screen::testkit::{Item, assert_dump, dump, model, print};

/// Feeds the keyboard's keys to an editor until it gives a result.
fn enter(s: &mut Screen, kb: &mut Keyboard, prompt: &[u8], is_input: bool) -> Edit {
    let mut ed = LineEditor::start(s, prompt, is_input, true);
    while let Some(k) = kb.read_key() {
        match ed.key(s, k) {
            Edit::Pending => {}
            done => return done,
        }
    }
    panic!("keys ran out while entering a line");
}

fn line(e: Edit) -> Vec<u8> {
    match e {
        Edit::Line(l) => l,
        other => panic!("expected a line, got {other:?}"),
    }
}

fn keyboard(keys: &str) -> Keyboard {
    let mut kb = Keyboard::new();
    kb.type_keys(&parse_keys(keys));
    kb
}

fn width40() -> Screen {
    let mut s = Screen::new();
    s.set_width(40).unwrap();
    s.cls(None).unwrap();
    s.show_key_bar(false).unwrap();
    s
}

#[test]
fn esc_on_the_input_prompt_row() {
    let keys_40 = r"1234567890123456789012345678901234567890\0\x50\0\x50\0\x4b\0\x4b\0\x4b\0\x4b1234567890123456789012345678901234567890\0\x48\0\x48\0\x48\x1b\r";
    let keys_80 = r"12345678901234567890123456789012345678901234567890123456789012345678901234567890\0\x50\0\x50\0\x4b\0\x4b\0\x4b\0\x4b1234567890123456789012345678901234567890\0\x48\0\x48\0\x48\x1b\r";
    for (test, prompt, keys) in [
        (
            "gwbasic/ESC_on_INPUT_prompt_row",
            &b"the prompt? "[..],
            keys_40,
        ),
        (
            "gwbasic/ESC_on_INPUT_prompt_row_2_lines",
            b"the prompt? ",
            keys_80,
        ),
        ("gwbasic/ESC_on_INPUT_prompt_row_empty_prompt", b"", keys_40),
    ] {
        let (Some(screen), Some(value)) = (model(test, "OUTPUT.TXT"), model(test, "VALUE.TXT"))
        else {
            return;
        };
        let mut s = width40();
        let mut kb = keyboard(keys);
        let answer = line(enter(&mut s, &mut kb, prompt, true));
        let mut written = b"\"".to_vec();
        written.extend_from_slice(&answer);
        written.extend_from_slice(b"\"\r\n\x1a");
        assert_eq!(written, value, "{test}");
        assert_dump(&dump(&s, 7, 40, 40), &screen);
    }
}

#[test]
fn input_over_a_wrapped_line() {
    // gwbasic/INPUT_long_line and INPUT_long_line_end: CLS: LOCATE 10,1:
    // PRINT STRING$(100,"#"): LOCATE 10,1: INPUT "prompt"; A$
    for (test, keys) in [
        ("gwbasic/INPUT_long_line", r"\r"),
        ("gwbasic/INPUT_long_line_end", r"\0\x4f\r"),
    ] {
        let Some(want) = model(test, "OUTPUT.TXT") else {
            return;
        };
        let mut s = Screen::new();
        s.cls(None).unwrap();
        s.locate([Some(10), Some(1), None, None, None]).unwrap();
        s.write(&[b'#'; 100]);
        s.print_end();
        s.locate([Some(10), Some(1), None, None, None]).unwrap();
        let mut kb = keyboard(keys);
        let mut got = line(enter(&mut s, &mut kb, b"prompt? ", true));
        got.extend_from_slice(b"\r\n\x1a");
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want),
            "{test}"
        );
    }
}

#[test]
fn input_prompt_longer_than_a_row() {
    // unsorted/LONGINPT
    let Some(want) = model("unsorted/LONGINPT", "OUTPUT.TXT") else {
        return;
    };
    let mut s = Screen::new();
    let mut kb = keyboard(r"zz\r");
    let prompt =
        b"Example of what happens when the INPUT line is more than 80 characters long 12345678 ";
    let got = line(enter(&mut s, &mut kb, prompt, true));
    let mut out = b"Z$=".to_vec();
    out.extend_from_slice(&got);
    out.extend_from_slice(b"\r\n\x1a");
    assert_eq!(out, want);
}

#[test]
fn typed_line_feeds_stay_in_the_line() {
    // gwbasic/INPUT_from_console_with_linefeed: keys=1\n2\r"a\nb"\r
    let Some(want) = model("gwbasic/INPUT_from_console_with_linefeed", "OUTPUT.TXT") else {
        return;
    };
    let mut s = Screen::new();
    let mut kb = keyboard(r#"1\n2\r"a\nb"\r"#);
    let first = line(enter(&mut s, &mut kb, b"? ", true));
    let second = line(enter(&mut s, &mut kb, b"? ", true));
    // INPUT takes a quoted answer without its quotes
    let second = second[1..second.len() - 1].to_vec();
    let mut out = Vec::new();
    for a in [first, second] {
        out.extend_from_slice(b"--");
        out.extend_from_slice(&a);
        out.extend_from_slice(b"--\r\n");
    }
    out.push(0x1a);
    assert_eq!(out, want);
}

#[test]
fn redo_from_start_screens() {
    // unsorted/INPUTCON: INPUT "a,b", a, b$ answered until two values come; the
    // interpreter's "?Redo from start" is written between the attempts
    let Some(want) = model("unsorted/INPUTCON", "DUMP.DAT") else {
        return;
    };
    let mut s = Screen::new();
    let mut kb = keyboard(r"1\ra\ra,b\r1,2,3\r\r1,2\r");
    loop {
        let answer = line(enter(&mut s, &mut kb, b"a,b", true));
        if answer == b"1,2" {
            break;
        }
        s.write_line(b"?Redo from start");
    }
    // PRINT A, B$
    print(&mut s, &[Item::Num(" 1"), Item::Comma, Item::Str(b"2")]);
    assert_dump(&dump(&s, 25, 80, 80), &want);

    // unsorted/RedoFromStart: CLS: KEY OFF: INPUT A, B, C
    let Some(want) = model("unsorted/RedoFromStart", "OUTPUT.DAT") else {
        return;
    };
    let mut s = Screen::new();
    let mut kb = keyboard(r"1,2,a\r1\r1,2\r1,2,3\r");
    loop {
        let answer = line(enter(&mut s, &mut kb, b"? ", true));
        if answer == b"1,2,3" {
            break;
        }
        s.write_line(b"?Redo from start");
    }
    s.write_line(b"DONE");
    assert_dump(&dump(&s, 25, 80, 80), &want);
}

#[test]
fn auto_line_edited_and_break() {
    // gwbasic/AUTO_star: AUTO shows "10*" (line 10 exists); Left, "abc", Enter;
    // then "20*" and Ctrl-C
    let mut s = Screen::new();
    let mut kb = keyboard(r"\x00\x4babc\r\x03");
    assert_eq!(line(enter(&mut s, &mut kb, b"10*", false)), b"10abc");
    assert_eq!(enter(&mut s, &mut kb, b"20*", false), Edit::Break);
    assert_eq!(&s.row_text(1)[..5], b"10abc");
    assert_eq!(&s.row_text(2)[..3], b"20*");
    assert_eq!(s.cursor(), (3, 1, false));
}

#[test]
fn direct_mode_line_with_a_line_feed() {
    // gwbasic/type_program_with_line_feed: "2010 rem continuing", Ctrl-J, "line", Enter
    let Some(want) = model("gwbasic/type_program_with_line_feed", "OUTPUT.TXT") else {
        return;
    };
    let mut s = Screen::new();
    s.write_line(b"Ok\xff");
    let mut kb = keyboard(r"2010 rem continuing\nline\r");
    let got = line(enter(&mut s, &mut kb, b"", false));
    assert_eq!(got, b"2010 rem continuing\nline");
    // the two rows as the model shows them
    let rows = dump(&s, 3, 80, 80);
    let n = rows.len() - 1;
    assert_eq!(&rows[..n], &want[..n]);
}

#[test]
fn a_listed_line_is_changed_in_place() {
    let mut s = Screen::new();
    s.write_line(b"10 PRINT \"HELLO\"");
    s.write_line(b"20 END");
    s.write_line(b"Ok\xff");
    // up to line 10, along to HELLO, overwrite, Enter
    let mut kb = keyboard(r"\0\x48\0\x48\0\x48\0\x74\0\x74WORLD\r");
    assert_eq!(
        line(enter(&mut s, &mut kb, b"", false)),
        b"10 PRINT \"WORLD\""
    );
    // the cursor went to the row after the line
    assert_eq!(s.cursor(), (2, 1, false));
}

#[test]
fn insert_and_delete_move_the_rest_of_the_line() {
    let mut s = Screen::new();
    let mut ed = LineEditor::start(&mut s, b"", false, true);
    for c in b"abcdef" {
        ed.key(&mut s, Key::Char(*c));
    }
    for _ in 0..3 {
        ed.key(&mut s, Key::Ext(scan::LEFT));
    }
    ed.key(&mut s, Key::Ext(scan::INSERT));
    assert!(ed.insert_mode());
    for c in b"XY" {
        ed.key(&mut s, Key::Char(*c));
    }
    assert_eq!(&s.row_text(1)[..8], b"abcXYdef");
    ed.key(&mut s, Key::Ext(scan::DELETE));
    assert_eq!(&s.row_text(1)[..8], b"abcXYef ");
    ed.key(&mut s, Key::Char(8));
    assert_eq!(&s.row_text(1)[..8], b"abcXef  ");
    // an arrow ends insert mode
    ed.key(&mut s, Key::Ext(scan::RIGHT));
    assert!(!ed.insert_mode());
    ed.key(&mut s, Key::Ext(scan::CTRL_END));
    assert_eq!(&s.row_text(1)[..8], b"abcXe   ");
    assert_eq!(
        ed.key(&mut s, Key::Char(b'\r')),
        Edit::Line(b"abcXe".to_vec())
    );
}

#[test]
fn inserting_past_the_edge_opens_a_row() {
    let mut s = Screen::new();
    s.write_line(&[b'a'; 80]);
    s.write_line(b"next");
    s.locate([Some(1), Some(1), None, None, None]).unwrap();
    let mut ed = LineEditor::start(&mut s, b"", false, true);
    ed.key(&mut s, Key::Ext(scan::INSERT));
    ed.key(&mut s, Key::Char(b'X'));
    assert!(s.wraps(1));
    assert_eq!(s.row_text(2)[0], b'a');
    assert_eq!(&s.row_text(3)[..4], b"next");
    ed.key(&mut s, Key::Ext(scan::LEFT));
    ed.key(&mut s, Key::Ext(scan::DELETE));
    assert!(!s.wraps(1));
    assert_eq!(&s.row_text(2)[..4], b"next");
    let mut want = vec![b'a'; 80];
    want.truncate(80);
    assert_eq!(ed.key(&mut s, Key::Char(b'\r')), Edit::Line(want));
}

#[test]
fn word_moves_and_escape() {
    let mut s = Screen::new();
    let mut ed = LineEditor::start(&mut s, b"", false, true);
    for c in b"PRINT A$, B" {
        ed.key(&mut s, Key::Char(*c));
    }
    ed.key(&mut s, Key::Ext(scan::CTRL_LEFT));
    assert_eq!(s.cursor().1, 11);
    ed.key(&mut s, Key::Ext(scan::CTRL_LEFT));
    assert_eq!(s.cursor().1, 7);
    ed.key(&mut s, Key::Ext(scan::CTRL_RIGHT));
    assert_eq!(s.cursor().1, 11);
    ed.key(&mut s, Key::Char(27));
    assert_eq!(s.row_text(1)[0], b' ');
    assert_eq!(s.cursor(), (1, 1, false));
    assert_eq!(ed.key(&mut s, Key::Char(b'\r')), Edit::Line(Vec::new()));
}

#[test]
fn alt_keys_type_keywords() {
    let mut s = Screen::new();
    let mut ed = LineEditor::start(&mut s, b"", false, true);
    ed.key(&mut s, Key::Ext(0x19)); // Alt-P
    ed.key(&mut s, Key::Char(b'1'));
    assert_eq!(
        ed.key(&mut s, Key::Char(b'\r')),
        Edit::Line(b"PRINT 1".to_vec())
    );
}

/// The program lines of a suite test's ASCII program file, as LIST shows them.
fn program_lines(test: &str, file: &str) -> Option<Vec<Vec<u8>>> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("../shared/realgw/tests");
    let text = std::fs::read(dir.join(test).join(file)).ok()?;
    let text = text.split(|&c| c == 0x1A).next().unwrap_or(&[]);
    Some(
        text.split(|&c| c == b'\n')
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            // a line feed inside a line stays with it: join parts without a number
            .into_iter()
            .fold(Vec::new(), |mut acc: Vec<Vec<u8>>, l| {
                if l[0].is_ascii_digit() || acc.is_empty() {
                    acc.push(l);
                } else if let Some(last) = acc.last_mut() {
                    last.push(b'\n');
                    last.extend_from_slice(&l);
                }
                acc
            }),
    )
}

#[test]
fn list_over_a_screen_of_wrapped_rows() {
    // gwbasic/LIST_long_line: loaded; RUN typed at Ok; the program fills 23 rows with
    // '#', LOCATE 1,1: LIST; then "RUN 1000" typed at the Ok prompt dumps the screen
    let test = "gwbasic/LIST_long_line";
    let (Some(want), Some(lines)) = (model(test, "OUTPUT.TXT"), program_lines(test, "TEST.BAS"))
    else {
        return;
    };
    let mut s = Screen::new();
    // (the model's screen shows the second command typed in lower case)
    let mut kb = keyboard(r"RUN\rrun 1000\r");
    s.ok_prompt();
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"RUN");
    for _ in 0..23 {
        print(&mut s, &[Item::Str(&[b'#'; 80]), Item::Semi]);
    }
    s.locate([Some(1), Some(1), None, None, None]).unwrap();
    for l in &lines {
        s.list_line(l, true);
    }
    s.ok_prompt();
    assert_eq!(&line(enter(&mut s, &mut kb, b"", false))[..8], b"run 1000");
    // rows 1-23; row 24 is blank in the model, one scroll more than this replay makes
    // (this model is not compared by the suite, OUTPUT.TXT being an input file too)
    let n = 23 * 82;
    assert_dump(&dump(&s, 25, 80, 80)[..n], &want[..n]);
}

#[test]
fn edit_shows_the_line_and_enter_keeps_it() {
    // gwbasic/EDIT_prompt: WIDTH 40: KEY OFF: CLS in the program, then EDIT 20, Enter,
    // RUN 1000 typed
    let Some(want) = model("gwbasic/EDIT_prompt", "OUTPUT.TXT") else {
        return;
    };
    let mut s = width40();
    let mut kb = keyboard(r"EDIT 20\r\rRUN 1000\r");
    s.ok_prompt();
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"EDIT 20");
    s.edit_line(b"20 REM line to edit", Some(0));
    assert_eq!(
        line(enter(&mut s, &mut kb, b"", false)),
        b"20 REM line to edit"
    );
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"RUN 1000");
    assert_dump(&dump(&s, 11, 40, 40), &want);
}

#[test]
fn esc_clears_a_listed_line_with_a_line_feed() {
    // gwbasic/LIST_linefeed: LIST, Up x3 onto the second row of line 2010 (which holds a
    // line feed), Esc, Down x3, "run 1000"
    let Some(want) = model("gwbasic/LIST_linefeed", "OUTPUT.TXT") else {
        return;
    };
    let listing: [&[u8]; 14] = [
        b"999 END",
        b"1000 ' dump screen with RUN 1000",
        b"1010 DEF SEG=&HB800",
        b"1020 OPEN \"output.txt\" FOR OUTPUT AS 1",
        b"1030 FOR Y = 0 TO 24",
        b"1040 FOR X = 0 TO 79",
        b"1050 PRINT #1, CHR$(PEEK(2*(Y*80+X)));",
        b"1060 NEXT",
        b"1065 PRINT #1, \"\"",
        b"1070 NEXT",
        b"1080 CLOSE 1",
        b"2010 REM continuing\nline",
        b"2020 REM",
        b"",
    ];
    let mut s = Screen::new();
    let mut kb = keyboard(r"list\r\0\x48\0\x48\0\x48\x1b\0\x50\0\x50\0\x50run 1000\r");
    s.ok_prompt();
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"list");
    for l in &listing[..13] {
        s.list_line(l, true);
    }
    s.ok_prompt();
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"run 1000");
    assert_dump(&dump(&s, 25, 80, 80), &want);
}

#[test]
fn ctrl_c_at_input() {
    // gwbasic/ctrl-c_on_INPUT: WIDTH 40: KEY OFF: INPUT, Ctrl-C; "Break in 20"
    let Some(want) = model("gwbasic/ctrl-c_on_INPUT", "OUTPUT.TXT") else {
        return;
    };
    let mut s = Screen::new();
    s.set_width(40).unwrap();
    s.show_key_bar(false).unwrap();
    let mut kb = keyboard(r"\x03run 1000\r");
    assert_eq!(enter(&mut s, &mut kb, b"? ", true), Edit::Break);
    s.error_message(b"Break in 20", true);
    s.ok_prompt();
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"run 1000");
    // the dump reads 21 columns of each 40-column row
    let mut got = Vec::new();
    for y in 0..11 {
        for x in 0..21 {
            got.push(s.peek_vram(2 * (y * 40 + x)).unwrap_or(0));
        }
        got.extend_from_slice(b"\r\n");
    }
    got.push(0x1a);
    assert_dump(&got, &want);

    // gwbasic/ctrl-c_on_INPUT_direct_line: INPUT typed in direct mode, Ctrl-C; "Break"
    let Some(want) = model("gwbasic/ctrl-c_on_INPUT_direct_line", "OUTPUT.TXT") else {
        return;
    };
    let mut s = Screen::new();
    s.set_width(40).unwrap();
    s.show_key_bar(false).unwrap();
    let mut kb = keyboard(r"input\r\x03run 1000\r");
    s.ok_prompt();
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"input");
    assert_eq!(enter(&mut s, &mut kb, b"? ", true), Edit::Break);
    s.error_message(b"Break", true);
    s.ok_prompt();
    assert_eq!(line(enter(&mut s, &mut kb, b"", false)), b"run 1000");
    assert_dump(&dump(&s, 25, 40, 40), &want);
}

mod hostile {
    use super::*;
    use proptest::prelude::*;

    fn any_key() -> impl Strategy<Value = Key> {
        prop_oneof![
            any::<u8>().prop_map(Key::Char),
            any::<u8>().prop_map(Key::Ext),
            prop::sample::select(vec![
                Key::Char(13),
                Key::Char(10),
                Key::Char(27),
                Key::Char(8),
                Key::Ext(scan::INSERT),
                Key::Ext(scan::DELETE),
                Key::Ext(scan::DOWN),
                Key::Ext(scan::UP),
            ]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Any keys at any place of any screen: no panic, the cursor stays on the
        /// screen, lines stay within 255 characters.
        #[test]
        fn keys_never_break_the_screen(
            width in prop::sample::select(vec![40, 80]),
            text in prop::collection::vec(any::<u8>(), 0..400),
            view in prop::option::of((1i32..=24, 1i32..=24)),
            row in 1i32..=24,
            keys in prop::collection::vec(any_key(), 0..300),
        ) {
            let mut s = Screen::new();
            s.set_width(width).unwrap();
            if let Some((a, b)) = view {
                let _ = s.view_print(Some((a.min(b), a.max(b))));
            }
            let _ = s.locate([Some(row), Some(1), None, None, None]);
            s.write(&text);
            let mut ed = LineEditor::start(&mut s, b"? ", true, true);
            for k in keys {
                if let Edit::Line(l) = ed.key(&mut s, k) {
                    prop_assert!(l.len() <= LINE_MAX);
                    ed = LineEditor::start(&mut s, b"", false, true);
                }
                let (r, c, _) = s.cursor();
                prop_assert!((1..=25).contains(&r) && (1..=s.width()).contains(&c));
            }
        }
    }
}

#[test]
fn input_with_and_without_the_newline() {
    // unsorted/INPUTCO2 lines 30-55: INPUT "a,b", INPUT "a,b"; INPUT;"a,b", INPUT;"a,b";
    // each answered "1,a" and followed by PRINT A, B$ (rows 1-6 of the dump)
    let Some(want) = model("unsorted/INPUTCO2", "DUMP.DAT") else {
        return;
    };
    let mut s = Screen::new();
    let mut kb = keyboard(r"1,a\r1,a\r1,a\r1,a\r");
    for (prompt, newline) in [
        (&b"a,b"[..], true),
        (b"a,b? ", true),
        (b"a,b", false),
        (b"a,b? ", false),
    ] {
        let mut ed = LineEditor::start(&mut s, prompt, true, newline);
        let answer = loop {
            let k = kb.read_key().expect("keys");
            if let Edit::Line(l) = ed.key(&mut s, k) {
                break l;
            }
        };
        assert_eq!(answer, b"1,a");
        print(&mut s, &[Item::Num(" 1"), Item::Comma, Item::Str(b"a")]);
    }
    let n = 6 * 82;
    assert_dump(&dump(&s, 25, 80, 80)[..n], &want[..n]);
}
