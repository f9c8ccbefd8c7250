//! The table against the IBM BIOS's INT 16h codes (the PC/AT Technical Reference's
//! keyboard tables) and GW-BASIC's manual (INKEY$'s extended codes, KEY 15-20).

use super::*;
use Key::{Char, Ext};

fn k(key: PcKey, mods: Mods) -> Option<Key> {
    match strike(key, mods, None)? {
        Struck::Key(s) => Some(s.key),
        _ => None,
    }
}

const NONE: Mods = Mods {
    shift: false,
    ctrl: false,
    alt: false,
    num_lock: false,
    caps_lock: false,
};
const SHIFT: Mods = Mods {
    shift: true,
    ..NONE
};
const CTRL: Mods = Mods { ctrl: true, ..NONE };
const ALT: Mods = Mods { alt: true, ..NONE };
const NUM: Mods = Mods {
    num_lock: true,
    ..NONE
};
const CAPS: Mods = Mods {
    caps_lock: true,
    ..NONE
};

#[test]
fn function_keys_in_all_four_shift_states() {
    for n in 1..=10u8 {
        assert_eq!(k(PcKey::F(n), NONE), Some(Ext(0x3A + n)));
        assert_eq!(k(PcKey::F(n), SHIFT), Some(Ext(0x53 + n)));
        assert_eq!(k(PcKey::F(n), CTRL), Some(Ext(0x5D + n)));
        assert_eq!(k(PcKey::F(n), ALT), Some(Ext(0x67 + n)));
    }
    assert_eq!(k(PcKey::F(11), NONE), Some(Ext(0x85)));
    assert_eq!(k(PcKey::F(12), NONE), Some(Ext(0x86)));
}

#[test]
fn cursor_keys_and_their_ctrl_codes() {
    let pairs = [
        (PcKey::Home, 0x47, Some(0x77)),
        (PcKey::Up, 0x48, None),
        (PcKey::PageUp, 0x49, Some(0x84)),
        (PcKey::Left, 0x4B, Some(0x73)),
        (PcKey::Right, 0x4D, Some(0x74)),
        (PcKey::End, 0x4F, Some(0x75)),
        (PcKey::Down, 0x50, None),
        (PcKey::PageDown, 0x51, Some(0x76)),
        (PcKey::Insert, 0x52, None),
        (PcKey::Delete, 0x53, None),
    ];
    for (key, code, ctrl) in pairs {
        assert_eq!(k(key, NONE), Some(Ext(code)), "{key:?}");
        assert_eq!(k(key, SHIFT), Some(Ext(code)), "shift {key:?}");
        assert_eq!(k(key, CTRL), ctrl.map(Ext), "ctrl {key:?}");
        assert_eq!(k(key, ALT), None, "alt {key:?}");
    }
}

#[test]
fn the_keypad_types_digits_when_num_lock_and_shift_differ() {
    assert_eq!(k(PcKey::Pad('8'), NONE), Some(Ext(0x48)));
    assert_eq!(k(PcKey::Pad('8'), NUM), Some(Char(b'8')));
    assert_eq!(k(PcKey::Pad('8'), SHIFT), Some(Char(b'8')));
    assert_eq!(
        k(PcKey::Pad('8'), Mods { shift: true, ..NUM }),
        Some(Ext(0x48))
    );
    assert_eq!(k(PcKey::Pad('7'), CTRL), Some(Ext(0x77)));
    assert_eq!(k(PcKey::Pad('.'), NONE), Some(Ext(0x53)));
    assert_eq!(k(PcKey::Pad('5'), NONE), None);
    assert_eq!(k(PcKey::Pad('5'), NUM), Some(Char(b'5')));
    assert_eq!(k(PcKey::Pad('*'), NONE), Some(Char(b'*')));
    assert_eq!(k(PcKey::Pad('+'), NONE), Some(Char(b'+')));
    assert_eq!(k(PcKey::Pad('\r'), NONE), Some(Char(13)));
    let Some(Struck::Key(s)) = strike(PcKey::Pad('3'), NUM, None) else {
        panic!()
    };
    assert_eq!((s.key, s.scan, s.flags), (Char(b'3'), 0x51, 0x20));
}

#[test]
fn letters_digits_and_their_ctrl_and_alt_codes() {
    assert_eq!(k(PcKey::Legend('a'), NONE), Some(Char(b'a')));
    assert_eq!(k(PcKey::Legend('a'), SHIFT), Some(Char(b'A')));
    assert_eq!(k(PcKey::Legend('a'), CAPS), Some(Char(b'A')));
    assert_eq!(
        k(
            PcKey::Legend('a'),
            Mods {
                shift: true,
                ..CAPS
            }
        ),
        Some(Char(b'a'))
    );
    assert_eq!(k(PcKey::Legend('1'), CAPS), Some(Char(b'1')));
    assert_eq!(k(PcKey::Legend('1'), SHIFT), Some(Char(b'!')));
    assert_eq!(k(PcKey::Legend('c'), CTRL), Some(Char(3)));
    assert_eq!(k(PcKey::Legend('z'), CTRL), Some(Char(26)));
    assert_eq!(k(PcKey::Legend('['), CTRL), Some(Char(27)));
    assert_eq!(k(PcKey::Legend('-'), CTRL), Some(Char(31)));
    assert_eq!(k(PcKey::Legend('2'), CTRL), Some(Ext(3)));
    assert_eq!(k(PcKey::Legend('q'), ALT), Some(Ext(0x10)));
    assert_eq!(k(PcKey::Legend('m'), ALT), Some(Ext(0x32)));
    assert_eq!(k(PcKey::Legend('1'), ALT), Some(Ext(0x78)));
    assert_eq!(k(PcKey::Legend('0'), ALT), Some(Ext(0x81)));
    assert_eq!(k(PcKey::Legend('='), ALT), Some(Ext(0x83)));
    assert_eq!(k(PcKey::Legend(';'), ALT), None);
    // the layout's character wins; the scan code stays the key's
    let Some(Struck::Key(s)) = strike(PcKey::Legend('2'), NONE, Some('é')) else {
        panic!()
    };
    assert_eq!((s.key, s.scan), (Char(0x82), 0x03));
}

#[test]
fn editing_keys_and_breaks() {
    assert_eq!(k(PcKey::Enter, NONE), Some(Char(13)));
    assert_eq!(k(PcKey::Enter, CTRL), Some(Char(10)));
    assert_eq!(k(PcKey::Backspace, NONE), Some(Char(8)));
    assert_eq!(k(PcKey::Backspace, CTRL), Some(Char(0x7F)));
    assert_eq!(k(PcKey::Tab, NONE), Some(Char(9)));
    assert_eq!(k(PcKey::Tab, SHIFT), Some(Ext(0x0F)));
    assert_eq!(k(PcKey::Esc, NONE), Some(Char(27)));
    assert_eq!(k(PcKey::PrintScreen, CTRL), Some(Ext(0x72)));
    assert_eq!(strike(PcKey::Pause, CTRL, None), Some(Struck::Break));
    assert_eq!(strike(PcKey::ScrollLock, CTRL, None), Some(Struck::Break));
    assert_eq!(strike(PcKey::Pause, NONE, None), Some(Struck::Pause));
    assert_eq!(strike(PcKey::NumLock, CTRL, None), Some(Struck::Pause));
    assert_eq!(strike(PcKey::NumLock, NONE, None), None);
}

#[test]
fn typed_characters_get_their_keys_scan_codes() {
    let s = typed('A').unwrap();
    assert_eq!((s.key, s.scan, s.flags), (Char(b'A'), 0x1E, 0x02));
    assert_eq!(typed('\r').map(|s| (s.key, s.scan)), Some((Char(13), 0x1C)));
    assert_eq!(
        typed('?').map(|s| (s.key, s.scan)),
        Some((Char(b'?'), 0x35))
    );
    assert_eq!(typed('π').map(|s| (s.key, s.scan)), Some((Char(0xE3), 0)));
    assert_eq!(typed('€'), None);
    assert_eq!(scan_of_char(b'\r'), 0x1C);
    assert_eq!(scan_of_char(3), 0x2E);
    assert_eq!(scan_of_char(b'M'), 0x32);
    assert_eq!(scan_of_char(0xE3), 0);
}
