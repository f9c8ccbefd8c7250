//! The browser's keys as the PC keyboard's. A DOM `KeyboardEvent` names the physical key
//! (`code`: "KeyA", "ArrowUp", "Numpad7", "F5": its place, whatever the layout) and
//! what it types in the user's layout (`key`: "a", "é", or a name such as "Home"). The
//! place becomes the key of the IBM PC/AT keyboard there, and gwrun-core's one table
//! for every front end (`keyboard::map::strike`) gives what the BIOS reported for it;
//! the typed character goes with it, so a French or German layout types its own
//! letters. Keys the PC had not (the Windows keys, media keys) are left to the browser,
//! as is everything typed with Meta (the Mac's Command shortcuts).

use gwrun_core::keyboard::map::{self, Struck};
use gwrun_core::keyboard::{Mods, PcKey};

/// The modifier bits the page sends with every key (`page/gwrun.js`, `Mods`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Held(pub u32);

impl Held {
    pub const SHIFT: u32 = 1;
    pub const CTRL: u32 = 2;
    pub const ALT: u32 = 4;
    pub const META: u32 = 8;
    pub const NUM_LOCK: u32 = 16;
    pub const CAPS_LOCK: u32 = 32;

    fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }

    /// The shift keys and locks as the PC keyboard table takes them.
    pub fn mods(self) -> Mods {
        Mods {
            shift: self.has(Held::SHIFT),
            ctrl: self.has(Held::CTRL),
            alt: self.has(Held::ALT),
            num_lock: self.has(Held::NUM_LOCK),
            caps_lock: self.has(Held::CAPS_LOCK),
        }
    }
}

/// The PC key at the place a DOM `code` names; None for keys the PC/AT keyboard has not
/// (and for the shift keys themselves, which only change the state).
pub fn pc_key(code: &str) -> Option<PcKey> {
    use PcKey as P;
    if let Some(n) = code.strip_prefix('F').and_then(|n| n.parse::<u8>().ok()) {
        return (1..=12).contains(&n).then_some(P::F(n));
    }
    if let Some(c) = code.strip_prefix("Key").and_then(one_char) {
        return c
            .is_ascii_uppercase()
            .then(|| P::Legend(c.to_ascii_lowercase()));
    }
    if let Some(c) = code.strip_prefix("Digit").and_then(one_char) {
        return c.is_ascii_digit().then_some(P::Legend(c));
    }
    if let Some(rest) = code.strip_prefix("Numpad") {
        let c = match rest {
            "Decimal" => '.',
            "Add" => '+',
            "Subtract" => '-',
            "Multiply" => '*',
            "Divide" => '/',
            "Enter" => '\r',
            d => one_char(d).filter(char::is_ascii_digit)?,
        };
        return Some(P::Pad(c));
    }
    Some(match code {
        "Escape" => P::Esc,
        "Backspace" => P::Backspace,
        "Tab" => P::Tab,
        "Enter" => P::Enter,
        "Space" => P::Space,
        "Insert" => P::Insert,
        "Delete" => P::Delete,
        "Home" => P::Home,
        "End" => P::End,
        "PageUp" => P::PageUp,
        "PageDown" => P::PageDown,
        "ArrowUp" => P::Up,
        "ArrowDown" => P::Down,
        "ArrowLeft" => P::Left,
        "ArrowRight" => P::Right,
        "PrintScreen" => P::PrintScreen,
        "ScrollLock" => P::ScrollLock,
        "Pause" => P::Pause,
        "NumLock" => P::NumLock,
        "CapsLock" => P::CapsLock,
        "Backquote" => P::Legend('`'),
        "Minus" => P::Legend('-'),
        "Equal" => P::Legend('='),
        "BracketLeft" => P::Legend('['),
        "BracketRight" => P::Legend(']'),
        "Backslash" | "IntlBackslash" => P::Legend('\\'),
        "Semicolon" => P::Legend(';'),
        "Quote" => P::Legend('\''),
        "Comma" => P::Legend(','),
        "Period" => P::Legend('.'),
        "Slash" => P::Legend('/'),
        _ => return None,
    })
}

/// What a DOM key event is to GW-BASIC: a key for the buffer, Ctrl-Break or Pause; None
/// when the PC keyboard gave nothing for it (the browser may have it).
pub fn decode(code: &str, key: &str, held: Held) -> Option<Struck> {
    if held.has(Held::META) {
        return None;
    }
    let place = match pc_key(code) {
        Some(p) => p,
        // what browsers report for Ctrl with Pause/Break
        None if code == "Cancel" => PcKey::Pause,
        // a page without a `code` (some virtual keyboards): the key by what it typed
        None => {
            let c = one_char(key)?;
            let (legend, _) = map::legend_of(c.to_ascii_lowercase())?;
            PcKey::Legend(legend)
        }
    };
    map::strike(place, held.mods(), one_char(key))
}

fn one_char(s: &str) -> Option<char> {
    let mut cs = s.chars();
    let c = cs.next()?;
    cs.next().is_none().then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gwrun_core::keyboard::Key;

    fn key(code: &str, k: &str, bits: u32) -> Option<(Key, u8)> {
        match decode(code, k, Held(bits))? {
            Struck::Key(s) => Some((s.key, s.scan)),
            _ => None,
        }
    }

    #[test]
    fn every_place_has_its_pc_key() {
        assert_eq!(pc_key("KeyQ"), Some(PcKey::Legend('q')));
        assert_eq!(pc_key("Digit0"), Some(PcKey::Legend('0')));
        assert_eq!(pc_key("F10"), Some(PcKey::F(10)));
        assert_eq!(pc_key("F13"), None);
        assert_eq!(pc_key("Numpad7"), Some(PcKey::Pad('7')));
        assert_eq!(pc_key("NumpadEnter"), Some(PcKey::Pad('\r')));
        assert_eq!(pc_key("MetaLeft"), None);
        assert_eq!(pc_key("ShiftLeft"), None);
        assert_eq!(pc_key("Keyq"), None);
    }

    #[test]
    fn characters_and_extended_codes_are_the_bios_ones() {
        // 'a' is scan code &H1E; Shift types 'A'; the layout's character wins (AZERTY)
        assert_eq!(key("KeyA", "a", 0), Some((Key::Char(b'a'), 0x1E)));
        assert_eq!(key("KeyA", "A", Held::SHIFT), Some((Key::Char(b'A'), 0x1E)));
        assert_eq!(key("KeyQ", "a", 0), Some((Key::Char(b'a'), 0x10)));
        // F1 &H3B, Up &H48, Ctrl-Left &H73, Alt-X the X key's scan code &H2D
        assert_eq!(key("F1", "F1", 0), Some((Key::Ext(0x3B), 0x3B)));
        assert_eq!(key("ArrowUp", "ArrowUp", 0), Some((Key::Ext(0x48), 0x48)));
        assert_eq!(
            key("ArrowLeft", "ArrowLeft", Held::CTRL).map(|k| k.0),
            Some(Key::Ext(0x73))
        );
        assert_eq!(
            key("KeyX", "x", Held::ALT).map(|k| k.0),
            Some(Key::Ext(0x2D))
        );
        // Ctrl-C is code 3; Enter 13; é is code page 437's &H82
        assert_eq!(
            key("KeyC", "c", Held::CTRL).map(|k| k.0),
            Some(Key::Char(3))
        );
        assert_eq!(key("Enter", "Enter", 0).map(|k| k.0), Some(Key::Char(13)));
        assert_eq!(key("Digit2", "é", 0).map(|k| k.0), Some(Key::Char(0x82)));
    }

    #[test]
    fn ctrl_break_pause_and_meta() {
        assert_eq!(
            decode("Pause", "Pause", Held(Held::CTRL)),
            Some(Struck::Break)
        );
        assert_eq!(
            decode("Cancel", "Cancel", Held(Held::CTRL)),
            Some(Struck::Break)
        );
        assert_eq!(
            decode("ScrollLock", "ScrollLock", Held(Held::CTRL)),
            Some(Struck::Break)
        );
        assert_eq!(decode("Pause", "Pause", Held(0)), Some(Struck::Pause));
        assert_eq!(decode("KeyV", "v", Held(Held::META)), None);
    }

    #[test]
    fn the_keypad_follows_num_lock() {
        assert_eq!(
            key("Numpad8", "8", Held::NUM_LOCK).map(|k| k.0),
            Some(Key::Char(b'8'))
        );
        assert_eq!(
            key("Numpad8", "ArrowUp", 0).map(|k| k.0),
            Some(Key::Ext(0x48))
        );
    }
}
