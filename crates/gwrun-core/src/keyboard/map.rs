//! The PC keyboard as the BIOS reported it to GW-BASIC, one table for every front end
//! (the terminal, the window, the browser). A front end names the key that went down by
//! where it is on the IBM PC/AT keyboard (`PcKey`, its US legend), with the shift keys
//! and locks held (`Mods`) and the character the host's layout typed, if any; `strike`
//! gives what INT 16h handed GW-BASIC for it: a character code and the key's scan code,
//! or 0 and an extended code (`Key::Ext`), or nothing where the BIOS gave nothing
//! (Ctrl-Up, Alt-Tab, a lone Shift). Ctrl-Break (Ctrl with Pause/Break or Scroll Lock)
//! is Break; Pause and Ctrl-Num Lock hold the machine until the next key.
//!
//! The extended codes are the BIOS's: F1-F10 &H3B-&H44, with Shift &H54-&H5D, Ctrl
//! &H5E-&H67, Alt &H68-&H71 (F11, F12: &H85, &H86, the enhanced keyboard's); Home &H47,
//! Up &H48, PgUp &H49, Left &H4B, Right &H4D, End &H4F, Down &H50, PgDn &H51, Ins &H52,
//! Del &H53; Ctrl-Left &H73, Ctrl-Right &H74, Ctrl-End &H75, Ctrl-PgDn &H76, Ctrl-Home
//! &H77, Ctrl-PgUp &H84; Alt with a letter the letter key's scan code, with 1-9, 0, -, =
//! &H78-&H83; Shift-Tab &H0F, Ctrl-2 &H03, Ctrl-PrtSc &H72. The keypad gives digits
//! when Num Lock and Shift differ, else the cursor keys. Ctrl with a letter gives codes
//! 1-26, with [ \ ] 6 - the codes 27-31; Ctrl-Enter is 10, Ctrl-Backspace 127.
//!
//! The shift state goes with every key (`Stroke::flags`, the BIOS byte at &H417: Shift
//! &H02, Ctrl &H04, Alt &H08, Num Lock &H20, Caps Lock &H40), so that KEY 15-20 can
//! trap any key by its scan code and shift state.

use super::Key;

/// A key of the IBM PC/AT keyboard, by where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PcKey {
    Esc,
    /// F1-F12.
    F(u8),
    Backspace,
    Tab,
    Enter,
    Space,
    /// A key of the typewriter block, by its unshifted US legend: `a`-`z`, `0`-`9`,
    /// `` ` `` `-` `=` `[` `]` `\` `;` `'` `,` `.` `/`.
    Legend(char),
    // the grey keys (the enhanced keyboard's separate block)
    Insert,
    Delete,
    Home,
    End,
    PageUp,
    PageDown,
    Up,
    Down,
    Left,
    Right,
    /// A keypad key: `0`-`9`, `.`, `+`, `-`, `*`, `/`, and `\r` for its Enter.
    Pad(char),
    PrintScreen,
    ScrollLock,
    /// Pause/Break.
    Pause,
    NumLock,
    CapsLock,
}

/// The shift keys and locks at a key's press.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mods {
    pub shift: bool,
    pub ctrl: bool,
    pub alt: bool,
    pub num_lock: bool,
    pub caps_lock: bool,
}

impl Mods {
    /// The BIOS's shift flags (the byte at &H417) for this state; a Shift held is the
    /// left one.
    pub fn flags(self) -> u8 {
        u8::from(self.shift) << 1
            | u8::from(self.ctrl) << 2
            | u8::from(self.alt) << 3
            | u8::from(self.num_lock) << 5
            | u8::from(self.caps_lock) << 6
    }
}

/// A key as the BIOS put it in its buffer: the key GW-BASIC reads, the key's scan code,
/// and the shift flags at the press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stroke {
    pub key: Key,
    pub scan: u8,
    pub flags: u8,
}

/// What striking a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Struck {
    /// A key for the buffer.
    Key(Stroke),
    /// Ctrl-Break.
    Break,
    /// Pause or Ctrl-Num Lock: the machine waits for the next key, which is dropped.
    Pause,
}

/// The typewriter keys: (unshifted legend, shifted legend, scan code), US layout.
const LEGENDS: [(char, char, u8); 47] = [
    ('`', '~', 0x29),
    ('1', '!', 0x02),
    ('2', '@', 0x03),
    ('3', '#', 0x04),
    ('4', '$', 0x05),
    ('5', '%', 0x06),
    ('6', '^', 0x07),
    ('7', '&', 0x08),
    ('8', '*', 0x09),
    ('9', '(', 0x0A),
    ('0', ')', 0x0B),
    ('-', '_', 0x0C),
    ('=', '+', 0x0D),
    ('q', 'Q', 0x10),
    ('w', 'W', 0x11),
    ('e', 'E', 0x12),
    ('r', 'R', 0x13),
    ('t', 'T', 0x14),
    ('y', 'Y', 0x15),
    ('u', 'U', 0x16),
    ('i', 'I', 0x17),
    ('o', 'O', 0x18),
    ('p', 'P', 0x19),
    ('[', '{', 0x1A),
    (']', '}', 0x1B),
    ('a', 'A', 0x1E),
    ('s', 'S', 0x1F),
    ('d', 'D', 0x20),
    ('f', 'F', 0x21),
    ('g', 'G', 0x22),
    ('h', 'H', 0x23),
    ('j', 'J', 0x24),
    ('k', 'K', 0x25),
    ('l', 'L', 0x26),
    (';', ':', 0x27),
    ('\'', '"', 0x28),
    ('\\', '|', 0x2B),
    ('z', 'Z', 0x2C),
    ('x', 'X', 0x2D),
    ('c', 'C', 0x2E),
    ('v', 'V', 0x2F),
    ('b', 'B', 0x30),
    ('n', 'N', 0x31),
    ('m', 'M', 0x32),
    (',', '<', 0x33),
    ('.', '>', 0x34),
    ('/', '?', 0x35),
];

/// The keypad: (key, scan code, the grey key it is without Num Lock).
const PAD: [(char, u8, Option<PcKey>); 15] = [
    ('7', 0x47, Some(PcKey::Home)),
    ('8', 0x48, Some(PcKey::Up)),
    ('9', 0x49, Some(PcKey::PageUp)),
    ('-', 0x4A, None),
    ('4', 0x4B, Some(PcKey::Left)),
    ('5', 0x4C, None),
    ('6', 0x4D, Some(PcKey::Right)),
    ('+', 0x4E, None),
    ('1', 0x4F, Some(PcKey::End)),
    ('2', 0x50, Some(PcKey::Down)),
    ('3', 0x51, Some(PcKey::PageDown)),
    ('0', 0x52, Some(PcKey::Insert)),
    ('.', 0x53, Some(PcKey::Delete)),
    ('*', 0x37, None),
    ('/', 0x35, None),
];

/// The typewriter key that types `c` on a US keyboard, and whether Shift is needed.
pub fn legend_of(c: char) -> Option<(char, bool)> {
    LEGENDS.iter().find_map(|&(plain, shifted, _)| {
        if c == plain {
            Some((plain, false))
        } else if c == shifted {
            Some((plain, true))
        } else {
            None
        }
    })
}

/// The scan code of a typewriter key.
fn legend_scan(legend: char) -> Option<u8> {
    LEGENDS
        .iter()
        .find(|l| l.0 == legend.to_ascii_lowercase())
        .map(|l| l.2)
}

/// What the BIOS handed GW-BASIC for `key` struck with `mods`; `text` is the character
/// the host's keyboard layout typed for it, if any (it wins over the US legend for the
/// character, so a French or German layout types its own letters).
pub fn strike(key: PcKey, mods: Mods, text: Option<char>) -> Option<Struck> {
    let flags = mods.flags();
    let stroke = |key: Key, scan: u8| Some(Struck::Key(Stroke { key, scan, flags }));
    let ch = |c: u8, scan: u8| stroke(Key::Char(c), scan);
    let ext = |code: u8, scan: u8| stroke(Key::Ext(code), scan);
    match key {
        PcKey::Pause | PcKey::ScrollLock if mods.ctrl => Some(Struck::Break),
        PcKey::Pause => Some(Struck::Pause),
        PcKey::NumLock if mods.ctrl => Some(Struck::Pause),
        PcKey::NumLock | PcKey::CapsLock | PcKey::ScrollLock => None,
        PcKey::PrintScreen if mods.ctrl => ext(0x72, 0x37),
        PcKey::PrintScreen => None,
        PcKey::Esc if mods.alt => None,
        PcKey::Esc => ch(27, 0x01),
        PcKey::F(n @ 1..=10) => {
            let base = if mods.alt {
                0x68
            } else if mods.ctrl {
                0x5E
            } else if mods.shift {
                0x54
            } else {
                0x3B
            };
            ext(base + n - 1, 0x3B + n - 1)
        }
        PcKey::F(n @ 11..=12) => {
            let base = if mods.alt {
                0x8B
            } else if mods.ctrl {
                0x89
            } else if mods.shift {
                0x87
            } else {
                0x85
            };
            ext(base + n - 11, 0x57 + n - 11)
        }
        PcKey::F(_) => None,
        PcKey::Backspace if mods.alt => None,
        PcKey::Backspace => ch(if mods.ctrl { 0x7F } else { 8 }, 0x0E),
        PcKey::Tab if mods.alt || mods.ctrl => None,
        PcKey::Tab if mods.shift => ext(0x0F, 0x0F),
        PcKey::Tab => ch(9, 0x0F),
        PcKey::Enter | PcKey::Pad('\r') if mods.alt => None,
        PcKey::Enter | PcKey::Pad('\r') => ch(if mods.ctrl { 10 } else { 13 }, 0x1C),
        PcKey::Space => ch(b' ', 0x39),
        PcKey::Insert
        | PcKey::Delete
        | PcKey::Home
        | PcKey::End
        | PcKey::PageUp
        | PcKey::PageDown
        | PcKey::Up
        | PcKey::Down
        | PcKey::Left
        | PcKey::Right => grey(key, mods, flags),
        PcKey::Pad(c) => {
            let &(_, scan, cursor) = PAD.iter().find(|p| p.0 == c)?;
            if mods.alt {
                return None;
            }
            match cursor {
                Some(grey_key) if mods.num_lock == mods.shift => grey(grey_key, mods, flags),
                // keypad 5 without Num Lock gives nothing
                None if c == '5' && mods.num_lock == mods.shift => None,
                _ if mods.ctrl => None,
                _ => ch(c as u8, scan),
            }
        }
        PcKey::Legend(legend) => {
            let scan = legend_scan(legend)?;
            if mods.alt {
                return match legend {
                    'a'..='z' => ext(scan, scan),
                    '1'..='9' => ext(0x78 + (legend as u8 - b'1'), scan),
                    '0' => ext(0x81, scan),
                    '-' => ext(0x82, scan),
                    '=' => ext(0x83, scan),
                    _ => None,
                };
            }
            if mods.ctrl {
                // the letter the layout types, else the key's own
                let letter = text
                    .filter(char::is_ascii_alphabetic)
                    .map(|t| t.to_ascii_lowercase())
                    .unwrap_or(legend);
                return match letter {
                    'a'..='z' => ch(letter as u8 - b'a' + 1, scan),
                    '[' => ch(0x1B, scan),
                    '\\' => ch(0x1C, scan),
                    ']' => ch(0x1D, scan),
                    '6' => ch(0x1E, scan),
                    '-' => ch(0x1F, scan),
                    '2' => ext(0x03, scan),
                    _ => None,
                };
            }
            let typed = text.unwrap_or_else(|| us_char(legend, mods));
            ch(super::to_cp437(typed)?, scan)
        }
    }
}

/// A grey key (or the keypad's cursor keys without Num Lock).
fn grey(key: PcKey, mods: Mods, flags: u8) -> Option<Struck> {
    let (code, ctrl_code, scan) = match key {
        PcKey::Home => (0x47, Some(0x77), 0x47),
        PcKey::Up => (0x48, None, 0x48),
        PcKey::PageUp => (0x49, Some(0x84), 0x49),
        PcKey::Left => (0x4B, Some(0x73), 0x4B),
        PcKey::Right => (0x4D, Some(0x74), 0x4D),
        PcKey::End => (0x4F, Some(0x75), 0x4F),
        PcKey::Down => (0x50, None, 0x50),
        PcKey::PageDown => (0x51, Some(0x76), 0x51),
        PcKey::Insert => (0x52, None, 0x52),
        PcKey::Delete => (0x53, None, 0x53),
        _ => return None,
    };
    if mods.alt {
        return None;
    }
    let code = if mods.ctrl { ctrl_code? } else { code };
    Some(Struck::Key(Stroke {
        key: Key::Ext(code),
        scan,
        flags,
    }))
}

/// The character a US keyboard types for a legend key with these shifts (Caps Lock
/// shifts letters only).
fn us_char(legend: char, mods: Mods) -> char {
    let shifted = if legend.is_ascii_alphabetic() {
        mods.shift != mods.caps_lock
    } else {
        mods.shift
    };
    LEGENDS
        .iter()
        .find(|l| l.0 == legend)
        .map_or(legend, |l| if shifted { l.1 } else { l.0 })
}

/// A character typed without a key (pasted text, a terminal's characters, `--keys`):
/// the stroke of the US key that types it (scan code 0 for characters no key types).
pub fn typed(c: char) -> Option<Stroke> {
    let (key, mods) = match c {
        '\r' | '\n' => (PcKey::Enter, Mods::default()),
        '\t' => (PcKey::Tab, Mods::default()),
        '\u{8}' => (PcKey::Backspace, Mods::default()),
        '\u{1b}' => (PcKey::Esc, Mods::default()),
        ' ' => (PcKey::Space, Mods::default()),
        _ => match legend_of(c) {
            Some((legend, shift)) => (
                PcKey::Legend(legend),
                Mods {
                    shift,
                    ..Mods::default()
                },
            ),
            None => {
                return Some(Stroke {
                    key: Key::Char(super::to_cp437(c)?),
                    scan: 0,
                    flags: 0,
                });
            }
        },
    };
    match strike(key, mods, Some(c).filter(|_| key != PcKey::Enter))? {
        Struck::Key(s) => Some(s),
        _ => None,
    }
}

/// The scan code the BIOS put beside a character code in its buffer (0 when no key of
/// the US keyboard types it).
pub fn scan_of_char(c: u8) -> u8 {
    match c {
        13 | 10 => 0x1C,
        27 => 0x01,
        8 | 0x7F => 0x0E,
        9 => 0x0F,
        b' ' => 0x39,
        1..=26 => legend_scan((b'a' + c - 1) as char).unwrap_or(0),
        _ => legend_of(c as char)
            .and_then(|(l, _)| legend_scan(l))
            .unwrap_or(0),
    }
}

#[cfg(test)]
mod tests;
