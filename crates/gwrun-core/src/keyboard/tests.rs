//! The keyboard against GW-BASIC's rules and the suite's models.

use super::*;
use crate::screen::testkit::{error_lines, model};

fn read_all(kb: &mut Keyboard) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(b) = kb.read_byte() {
        out.push(b);
    }
    out
}

#[test]
fn fifteen_keys_fit_the_ring() {
    let mut kb = Keyboard::new();
    for c in b"abcdefghijklmnopq" {
        kb.press(Key::Char(*c));
    }
    assert_eq!(kb.buffered(), 15);
    assert_eq!(kb.take_beeps(), 2);
    assert_eq!(read_all(&mut kb), b"abcdefghijklmno");
    // the lost key's CR sits in the free slot
    assert!((0x1E..0x3E).any(|o| kb.bios_peek(o) == Some(b'\r')));
}

#[test]
fn a_script_types_as_the_program_reads() {
    let mut kb = Keyboard::new();
    kb.type_keys(&parse_keys(&"x".repeat(40)));
    assert_eq!(kb.buffered(), 0);
    assert_eq!(read_all(&mut kb).len(), 40);
    assert!(kb.is_empty());
}

#[test]
fn keypoke_types_into_the_bios_ring() {
    // unsorted/KEYPOKE: POKE 1050,30: POKE 1052,48 and nine keys from 1054
    let mut kb = Keyboard::new();
    assert!(kb.bios_poke(0x1A, 30));
    assert!(kb.bios_poke(0x1C, 48));
    for (i, c) in b"goto 910\r".iter().enumerate() {
        assert!(kb.bios_poke(0x1E + 2 * i, *c));
    }
    assert_eq!(read_all(&mut kb), b"goto 910\r");
    // nonsense positions empty the ring instead of reading outside it
    kb.bios_poke(0x1A, 0xFF);
    assert_eq!(kb.read_byte(), None);
}

#[test]
fn extended_keys_and_function_key_macros() {
    let mut kb = Keyboard::new();
    kb.press(Key::Ext(scan::DOWN));
    kb.press(Key::Ext(scan::F1 + 1));
    assert_eq!(kb.read_key(), Some(Key::Ext(scan::DOWN)));
    assert_eq!(read_all(&mut kb), b"RUN\r");
    // an empty text gives the key itself: CHR$(0)+CHR$(59) for F1
    assert_eq!(kb.define_key(1, b""), Ok(Some(1)));
    kb.press(Key::Ext(scan::F1));
    assert_eq!(read_all(&mut kb), vec![0, scan::F1]);
    // texts stop at NUL and keep 15 characters
    kb.define_key(2, b"ab\0cd").unwrap();
    assert_eq!(kb.macro_text(2), b"ab");
    kb.define_key(3, b"0123456789abcdefgh").unwrap();
    assert_eq!(kb.macro_text(3), b"0123456789abcde");
    // KYBD: reads keys without expansion
    kb.press(Key::Ext(scan::F1 + 2));
    assert_eq!(kb.read_raw(), Some(Key::Ext(scan::F1 + 2)));
}

#[test]
fn key_list_lines() {
    let kb = Keyboard::new();
    let l = kb.key_list();
    assert_eq!(l[0], b"F1 LIST ");
    assert_eq!(l[1], b"F2 RUN\x1b");
    assert_eq!(l[9], b"F10 SCREEN 0,0,0\x1b");
}

#[test]
fn key_definition_rules() {
    // gwbasic/KEY_definition_two_chars_no_error: KEY 255 with 1, 2, 3 characters
    let Some(log) = model("gwbasic/KEY_definition_two_chars_no_error", "OUTPUT.TXT") else {
        return;
    };
    let errors = error_lines(&log);
    let mut kb = Keyboard::new();
    for (line, text) in [(40, &b"1"[..]), (50, b"12"), (60, b"123")] {
        let got = kb
            .define_key(255, text)
            .err()
            .map(|e| i32::from(e.number()));
        let want = errors.iter().find(|(_, l)| *l == line).map(|e| e.0);
        assert_eq!(got, want, "line {line}");
    }
    // gwbasic/crash_with_KEY_50
    assert_eq!(kb.define_key(50, b"1"), Err(ErrorCode::IllegalFunctionCall));
    assert_eq!(kb.define_key(0, b"1"), Err(ErrorCode::IllegalFunctionCall));
}

#[test]
fn the_twenty_trappable_keys() {
    use map::{Struck, strike};
    let kb = Keyboard::new();
    let of = |k: PcKey, m: Mods| match strike(k, m, None) {
        Some(Struck::Key(s)) => kb.trap_of(&s),
        _ => None,
    };
    let plain = Mods::default();
    assert_eq!(of(PcKey::F(1), plain), Some(1));
    assert_eq!(of(PcKey::F(10), plain), Some(10));
    assert_eq!(of(PcKey::Up, plain), Some(11));
    assert_eq!(of(PcKey::Left, plain), Some(12));
    assert_eq!(of(PcKey::Right, plain), Some(13));
    assert_eq!(of(PcKey::Down, plain), Some(14));
    // Shift-F1 is another code; the keypad's 8 with Num Lock is a digit
    let shift = Mods {
        shift: true,
        ..plain
    };
    assert_eq!(of(PcKey::F(1), shift), None);
    assert_eq!(of(PcKey::Pad('8'), plain), Some(11));
    let num = Mods {
        num_lock: true,
        ..plain
    };
    assert_eq!(of(PcKey::Pad('8'), num), None);
    // KEY 15-20: the scan code and the shift state of the definition
    let mut kb = Keyboard::new();
    kb.define_key(15, &[0x08, 0x1E]).unwrap(); // Alt-A
    kb.define_key(20, &[0x01, 0x10]).unwrap(); // either Shift with Q
    let of = |k: PcKey, m: Mods| match strike(k, m, None) {
        Some(Struck::Key(s)) => kb.trap_of(&s),
        _ => None,
    };
    let alt = Mods { alt: true, ..plain };
    assert_eq!(of(PcKey::Legend('a'), alt), Some(15));
    assert_eq!(of(PcKey::Legend('a'), plain), None);
    assert_eq!(
        of(
            PcKey::Legend('a'),
            Mods {
                caps_lock: true,
                ..alt
            }
        ),
        None
    );
    assert_eq!(of(PcKey::Legend('q'), shift), Some(20));
    assert_eq!(of(PcKey::Legend('q'), plain), None);
}

#[test]
fn strokes_keep_their_scan_codes_and_shift_flags_for_peek() {
    let mut kb = Keyboard::new();
    kb.press_stroke(Stroke {
        key: Key::Char(b'A'),
        scan: 0x1E,
        flags: 0x42,
    });
    assert_eq!(kb.bios_peek(0x17), Some(0x42));
    assert_eq!(
        (kb.bios_peek(0x1E), kb.bios_peek(0x1F)),
        (Some(b'A'), Some(0x1E))
    );
    // a key without a position gets the US key's scan code
    kb.press(Key::Char(b'?'));
    assert_eq!(kb.bios_peek(0x21), Some(0x35));
    kb.set_shift_flags(0);
    assert_eq!(kb.bios_peek(0x17), Some(0));
}

#[test]
fn ctrl_c_and_ctrl_break() {
    let mut kb = Keyboard::new();
    kb.press(Key::Char(b'a'));
    kb.press(Key::Char(3));
    assert!(!kb.check_break());
    assert_eq!(kb.read_byte(), Some(b'a'));
    assert!(kb.check_break());
    assert_eq!(kb.read_byte(), None);
    kb.press_break();
    assert!(kb.check_break());
    assert!(!kb.check_break());
    kb.set_ctrl_c_is_break(false);
    kb.press(Key::Char(3));
    assert!(!kb.check_break());
    assert_eq!(kb.read_byte(), Some(3));
}

// A Ctrl-C typed in advance (`--keys`) breaks a program that reads no key, as PC-BASIC's
// keys do with Ctrl-C as Break: the check between statements sees the script's keys.
#[test]
fn a_scripted_ctrl_c_breaks_without_a_read() {
    let mut kb = Keyboard::new();
    kb.type_keys(&[Key::Char(3)]);
    assert!(kb.check_break());
    assert_eq!(kb.read_byte(), None);
    kb.type_keys(&[Key::Char(b'x'), Key::Char(3)]);
    assert!(!kb.check_break());
    assert_eq!(kb.read_byte(), Some(b'x'));
    assert!(kb.check_break());
}
