//! The browser's keys as GW-BASIC saw them. A DOM `KeyboardEvent` names the physical key
//! (`code`: "KeyA", "ArrowUp", "Numpad7", "F5") and what it types in the user's layout
//! (`key`: "a", "é", or a name such as "ArrowUp" or "Home"). Keys that type a character
//! give it in code page 437; the others, and Ctrl and Alt combinations, become the key
//! of the PC keyboard at that position, which the shared table turns into GW's code.
//! Keys GW-BASIC never saw (F11, F12, the Windows keys) and Ctrl-V (the browser's paste)
//! are left to the browser.

use gwrun_core::keyboard::{Key, to_cp437};

/// The modifier bits the page sends with every key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mods(pub u32);

impl Mods {
    pub const SHIFT: u32 = 1;
    pub const CTRL: u32 = 2;
    pub const ALT: u32 = 4;
    pub const META: u32 = 8;
    pub const NUM_LOCK: u32 = 16;
    pub const CAPS_LOCK: u32 = 32;

    pub fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }
}

/// What a DOM key event is to GW-BASIC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Struck {
    /// A key for the keyboard buffer.
    Key(Key),
    /// Ctrl-Break (Ctrl+Pause, Ctrl+ScrollLock, Ctrl+Cancel).
    Break,
}

/// The key a DOM event names (`code`, `key`), if GW-BASIC knew it.
pub fn translate(code: &str, key: &str, mods: Mods) -> Option<Struck> {
    if mods.has(Mods::META) {
        return None;
    }
    let ch = one_char(key);
    // the keypad without Num Lock: its keys are named by what they do
    let code = if code.starts_with("Numpad") && ch.is_none() {
        key
    } else {
        code
    };
    let ctrl = mods.has(Mods::CTRL);
    let alt = mods.has(Mods::ALT);
    let shift = mods.has(Mods::SHIFT);
    if ctrl && matches!(code, "Pause" | "ScrollLock" | "Cancel") {
        return Some(Struck::Break);
    }
    let key = if let Some(k) = named(code, ctrl, alt, shift) {
        Some(k)
    } else if alt && !ctrl {
        alt_key(code)
    } else if ctrl && !alt {
        ctrl_key(code, ch)
    } else {
        // AltGr arrives as Ctrl+Alt with the character it types
        ch.and_then(to_cp437).map(Key::Char)
    };
    key.map(Struck::Key)
}

/// Keys that do not type a character, by position (`code`), with their BIOS codes.
fn named(code: &str, ctrl: bool, alt: bool, shift: bool) -> Option<Key> {
    use gwrun_core::keyboard::scan;
    let ext = |plain: u8, with_ctrl: u8| Some(Key::Ext(if ctrl { with_ctrl } else { plain }));
    match code {
        "Enter" | "NumpadEnter" => Some(Key::Char(if ctrl { b'\n' } else { b'\r' })),
        "Backspace" => Some(Key::Char(if ctrl { 0x7F } else { 8 })),
        "Tab" if shift => Some(Key::Ext(0x0F)),
        "Tab" => Some(Key::Char(b'\t')),
        "Escape" => Some(Key::Char(27)),
        "ArrowUp" => ext(scan::UP, scan::UP),
        "ArrowDown" => ext(scan::DOWN, scan::DOWN),
        "ArrowLeft" => ext(scan::LEFT, scan::CTRL_LEFT),
        "ArrowRight" => ext(scan::RIGHT, scan::CTRL_RIGHT),
        "Home" => ext(scan::HOME, scan::CTRL_HOME),
        "End" => ext(scan::END, scan::CTRL_END),
        "PageUp" => ext(scan::PGUP, scan::CTRL_PGUP),
        "PageDown" => ext(scan::PGDN, scan::CTRL_PGDN),
        "Insert" => Some(Key::Ext(scan::INSERT)),
        "Delete" => Some(Key::Ext(scan::DELETE)),
        _ => {
            let n = code.strip_prefix('F')?.parse::<u8>().ok()?;
            if !(1..=10).contains(&n) {
                return None;
            }
            // F1..F10, then Shift (0x54), Ctrl (0x5E) and Alt (0x68) of each
            let base = if alt {
                0x68
            } else if ctrl {
                0x5E
            } else if shift {
                0x54
            } else {
                scan::F1
            };
            Some(Key::Ext(base + n - 1))
        }
    }
}

/// The PC keyboard's rows of letters, as the BIOS numbers their keys.
const ROWS: [(&str, u8); 3] = [("QWERTYUIOP", 0x10), ("ASDFGHJKL", 0x1E), ("ZXCVBNM", 0x2C)];

/// Alt with a letter or digit key: the key's scan code (Alt+1..0 are 0x78..0x81, Alt+-
/// 0x82, Alt+= 0x83).
fn alt_key(code: &str) -> Option<Key> {
    if let Some(l) = code.strip_prefix("Key").and_then(one_char) {
        for (row, first) in ROWS {
            if let Some(i) = row.find(l) {
                return Some(Key::Ext(first + i as u8));
            }
        }
        return None;
    }
    if let Some(d) = code.strip_prefix("Digit").and_then(one_char) {
        let d = d.to_digit(10)? as u8;
        return Some(Key::Ext(if d == 0 { 0x81 } else { 0x77 + d }));
    }
    match code {
        "Minus" => Some(Key::Ext(0x82)),
        "Equal" => Some(Key::Ext(0x83)),
        _ => None,
    }
}

/// Ctrl with a key: the control character the BIOS gives (Ctrl+A..Z 1..26, Ctrl+[ \ ]
/// 27..29, Ctrl+6 30, Ctrl+- 31, Ctrl+2 the extended key 3). Ctrl-V stays the
/// browser's paste.
fn ctrl_key(code: &str, ch: Option<char>) -> Option<Key> {
    if let Some(l) = code.strip_prefix("Key").and_then(one_char) {
        // the letter the layout puts there, as the BIOS's US table would
        let letter = ch
            .filter(char::is_ascii_alphabetic)
            .map_or(l, |c| c.to_ascii_uppercase());
        if letter == 'V' {
            return None;
        }
        return Some(Key::Char(letter as u8 - b'A' + 1));
    }
    match code {
        "BracketLeft" => Some(Key::Char(27)),
        "Backslash" => Some(Key::Char(28)),
        "BracketRight" => Some(Key::Char(29)),
        "Digit6" => Some(Key::Char(30)),
        "Minus" => Some(Key::Char(31)),
        "Digit2" => Some(Key::Ext(3)),
        _ => None,
    }
}

fn one_char(s: &str) -> Option<char> {
    let mut it = s.chars();
    let c = it.next()?;
    it.next().is_none().then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(code: &str, ch: Option<char>, mods: u32) -> Option<Struck> {
        let key = ch.map_or_else(|| code.to_string(), String::from);
        translate(code, &key, Mods(mods))
    }

    #[test]
    fn characters_arrive_in_code_page_437() {
        assert_eq!(k("KeyA", Some('a'), 0), Some(Struck::Key(Key::Char(b'a'))));
        assert_eq!(k("KeyA", Some('A'), 1), Some(Struck::Key(Key::Char(b'A'))));
        assert_eq!(
            k("Digit2", Some('é'), 0),
            Some(Struck::Key(Key::Char(0x82)))
        );
        assert_eq!(k("Space", Some(' '), 0), Some(Struck::Key(Key::Char(b' '))));
        assert_eq!(k("Enter", None, 0), Some(Struck::Key(Key::Char(13))));
    }

    #[test]
    fn extended_keys_have_the_bios_scan_codes() {
        assert_eq!(k("ArrowUp", None, 0), Some(Struck::Key(Key::Ext(0x48))));
        assert_eq!(k("ArrowLeft", None, 2), Some(Struck::Key(Key::Ext(0x73))));
        assert_eq!(k("F1", None, 0), Some(Struck::Key(Key::Ext(0x3B))));
        assert_eq!(k("F10", None, 1), Some(Struck::Key(Key::Ext(0x5D))));
        assert_eq!(k("F2", None, 2), Some(Struck::Key(Key::Ext(0x5F))));
        assert_eq!(k("F3", None, 4), Some(Struck::Key(Key::Ext(0x6A))));
        assert_eq!(k("KeyQ", Some('q'), 4), Some(Struck::Key(Key::Ext(0x10))));
        assert_eq!(k("KeyM", Some('m'), 4), Some(Struck::Key(Key::Ext(0x32))));
        assert_eq!(k("Digit0", Some('0'), 4), Some(Struck::Key(Key::Ext(0x81))));
        assert_eq!(k("Tab", None, 1), Some(Struck::Key(Key::Ext(0x0F))));
    }

    #[test]
    fn control_keys_and_break() {
        assert_eq!(k("KeyC", Some('c'), 2), Some(Struck::Key(Key::Char(3))));
        assert_eq!(k("Pause", None, 2), Some(Struck::Break));
        assert_eq!(k("KeyV", Some('v'), 2), None);
        assert_eq!(k("F12", None, 0), None);
        assert_eq!(k("KeyA", Some('a'), 8), None);
    }

    #[test]
    fn the_keypad_follows_num_lock() {
        assert_eq!(
            translate("Numpad8", "8", Mods(16)),
            Some(Struck::Key(Key::Char(b'8')))
        );
        assert_eq!(
            translate("Numpad8", "ArrowUp", Mods(0)),
            Some(Struck::Key(Key::Ext(0x48)))
        );
        assert_eq!(translate("Numpad5", "Clear", Mods(0)), None);
    }

    #[test]
    fn altgr_types_its_character() {
        assert_eq!(k("KeyQ", Some('@'), 6), Some(Struck::Key(Key::Char(b'@'))));
    }
}
