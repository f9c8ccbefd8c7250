//! GW-BASIC's keyboard: the BIOS type-ahead ring (16 two-byte slots at &H41E, head and
//! tail at &H41A and &H41C, so 15 keys fit; a key pressed when it is full is dropped with
//! a beep) and the shift flags at &H417, visible to PEEK and POKE through
//! `bios_peek`/`bios_poke`; keys as GW hands them to INKEY$ (one byte, or CHR$(0) + scan
//! code for an extended key); the function key macros (KEY n, text), expanded when a
//! function key is read; Ctrl-C and Ctrl-Break as Break; and which key each of the 20
//! trappable keys is (F1-F10, the four arrows, and KEY 15-20's definitions: `trap_of`).
//! Whether a trap is on and what it does is the interpreter's event table
//! (`machine::events`), which decides whether a struck key enters the ring or raises
//! its event. Keys come from a front end (`press_stroke`, as they are struck, from
//! `map`'s table of the BIOS's codes) or from a script (`type_keys`, `--keys`), which
//! types only as the program reads, like a typist waiting for the prompt.

mod keys;
pub mod map;

pub use keys::{parse_keys, to_cp437};
pub use map::{Mods, PcKey, Stroke, Struck};

use crate::error::ErrorCode;
use crate::screen::DEFAULT_KEY_MACROS;
use std::collections::VecDeque;

/// A keystroke as GW-BASIC delivers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// A character (code page 437, control codes included).
    Char(u8),
    /// An extended key: INKEY$ gives CHR$(0) + CHR$(scan code).
    Ext(u8),
}

impl Key {
    /// The bytes INKEY$ returns for the key, and how many of them there are.
    pub fn bytes(self) -> ([u8; 2], usize) {
        match self {
            Key::Char(c) => ([c, 0], 1),
            Key::Ext(s) => ([0, s], 2),
        }
    }
}

/// Scan codes of the extended keys GW-BASIC knows.
pub mod scan {
    pub const F1: u8 = 0x3B;
    pub const F10: u8 = 0x44;
    pub const HOME: u8 = 0x47;
    pub const UP: u8 = 0x48;
    pub const PGUP: u8 = 0x49;
    pub const LEFT: u8 = 0x4B;
    pub const RIGHT: u8 = 0x4D;
    pub const END: u8 = 0x4F;
    pub const DOWN: u8 = 0x50;
    pub const PGDN: u8 = 0x51;
    pub const INSERT: u8 = 0x52;
    pub const DELETE: u8 = 0x53;
    pub const CTRL_LEFT: u8 = 0x73;
    pub const CTRL_RIGHT: u8 = 0x74;
    pub const CTRL_END: u8 = 0x75;
    pub const CTRL_PGDN: u8 = 0x76;
    pub const CTRL_HOME: u8 = 0x77;
    pub const CTRL_PGUP: u8 = 0x84;
    /// Alt + the letters Q..P, A..L, Z..M (the keyboard's rows).
    pub const ALT_Q: u8 = 0x10;
    pub const ALT_A: u8 = 0x1E;
    pub const ALT_Z: u8 = 0x2C;
}

/// Offsets in the BIOS data area (from segment &H40) of the type-ahead ring.
const HEAD: usize = 0x1A;
const TAIL: usize = 0x1C;
const RING_START: usize = 0x1E;
const RING_END: usize = 0x3E;
/// Longest function-key text GW keeps.
pub const MACRO_MAX: usize = 15;

/// Which key one of the 20 trappable keys is: its scan code and, for KEY 15-20, the
/// shift state it must be struck with (KEY n, CHR$(state) + CHR$(scan)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct TrapKey {
    scan: u8,
    modcode: u8,
}

/// Offset of the shift flags in the BIOS data area.
const SHIFT_FLAGS: usize = 0x17;
/// The shift-state bits KEY 15-20 compare (Shift, Ctrl, Alt, Num Lock, Caps Lock).
const TRAP_STATE_BITS: u8 = 0x6F;

/// The keyboard.
#[derive(Debug, Clone)]
pub struct Keyboard {
    /// BIOS data area bytes &H400-&H43F (shift flags at &H17, the ring at &H1A-&H3D).
    bios: [u8; 0x40],
    /// Scripted keys not yet typed.
    script: VecDeque<Key>,
    /// A function key's text being delivered.
    expansion: VecDeque<u8>,
    /// The second byte of an extended key read with `read_byte`.
    half: Option<u8>,
    macros: [Vec<u8>; 10],
    trap_keys: [TrapKey; 20],
    break_pending: bool,
    /// Ctrl-C at the head of the buffer is Break while a program runs.
    ctrl_c_is_break: bool,
    beeps: u32,
}

impl Default for Keyboard {
    fn default() -> Self {
        Keyboard::new()
    }
}

fn next_slot(p: usize) -> usize {
    if p + 2 >= RING_END { RING_START } else { p + 2 }
}

impl Keyboard {
    pub fn new() -> Keyboard {
        let mut bios = [0u8; 0x40];
        bios[HEAD] = RING_START as u8;
        bios[TAIL] = RING_START as u8;
        let mut trap_keys = [TrapKey::default(); 20];
        for (i, t) in trap_keys.iter_mut().enumerate().take(14) {
            t.scan = match i {
                0..=9 => scan::F1 + i as u8,
                10 => scan::UP,
                11 => scan::LEFT,
                12 => scan::RIGHT,
                _ => scan::DOWN,
            };
        }
        Keyboard {
            bios,
            script: VecDeque::new(),
            expansion: VecDeque::new(),
            half: None,
            macros: DEFAULT_KEY_MACROS.map(|m| m.to_vec()),
            trap_keys,
            break_pending: false,
            ctrl_c_is_break: true,
            beeps: 0,
        }
    }

    /// Whether Ctrl-C typed while a program runs is Break (GW: yes).
    pub fn set_ctrl_c_is_break(&mut self, on: bool) {
        self.ctrl_c_is_break = on;
    }

    // ------------------------------------------------------------------ the ring

    /// Head and tail of the ring; positions a POKE left invalid empty the ring.
    fn ends(&mut self) -> (usize, usize) {
        let head = usize::from(u16::from_le_bytes([self.bios[HEAD], self.bios[HEAD + 1]]));
        let tail = usize::from(u16::from_le_bytes([self.bios[TAIL], self.bios[TAIL + 1]]));
        let ok = |p: usize| (RING_START..RING_END).contains(&p) && p.is_multiple_of(2);
        if ok(head) && ok(tail) {
            (head, tail)
        } else {
            self.set_word(HEAD, RING_START);
            self.set_word(TAIL, RING_START);
            (RING_START, RING_START)
        }
    }

    fn set_word(&mut self, at: usize, v: usize) {
        let b = (v as u16).to_le_bytes();
        self.bios[at] = b[0];
        self.bios[at + 1] = b[1];
    }

    /// Keys waiting in the ring.
    pub fn buffered(&mut self) -> usize {
        let (h, t) = self.ends();
        ((t + RING_END - RING_START - h) % (RING_END - RING_START)) / 2
    }

    fn ring_full(&mut self) -> bool {
        let (h, t) = self.ends();
        next_slot(t) == h
    }

    /// Puts a key in the ring; when it is full the key is lost, GW beeps and the free
    /// slot gets a CR that is not counted.
    fn ring_push(&mut self, key: Key, scan: u8) -> bool {
        let (h, t) = self.ends();
        let (ch, sc) = match key {
            Key::Char(c) => (c, scan),
            Key::Ext(s) => (0, s),
        };
        if next_slot(t) == h {
            self.bios[t] = b'\r';
            self.bios[t + 1] = 0x1C;
            self.beeps += 1;
            return false;
        }
        self.bios[t] = ch;
        self.bios[t + 1] = sc;
        self.set_word(TAIL, next_slot(t));
        true
    }

    fn ring_peek(&mut self) -> Option<Key> {
        let (h, t) = self.ends();
        if h == t {
            return None;
        }
        Some(match self.bios[h] {
            0 => Key::Ext(self.bios[h + 1]),
            c => Key::Char(c),
        })
    }

    fn ring_pop(&mut self) -> Option<Key> {
        let k = self.ring_peek()?;
        let (h, _) = self.ends();
        self.set_word(HEAD, next_slot(h));
        Some(k)
    }

    /// Moves scripted keys into the ring while there is room.
    fn refill(&mut self) {
        while !self.script.is_empty() && !self.ring_full() {
            if let Some(k) = self.script.pop_front() {
                self.ring_push(k, key_scan(k));
            }
        }
    }

    /// A byte of the BIOS data area the keyboard owns (`offset` from segment &H40:
    /// shift flags &H17-&H18, the ring &H1A-&H3D, its bounds &H80-&H83).
    pub fn bios_peek(&self, offset: usize) -> Option<u8> {
        match offset {
            0x17..=0x18 | 0x1A..=0x3D => Some(self.bios[offset]),
            0x80 => Some(RING_START as u8),
            0x82 => Some(RING_END as u8),
            0x81 | 0x83 => Some(0),
            _ => None,
        }
    }

    /// POKE into the keyboard's part of the BIOS data area (false: not the keyboard's).
    /// Writing the head, tail and slots types keys, as on a PC.
    pub fn bios_poke(&mut self, offset: usize, value: u8) -> bool {
        match offset {
            0x17..=0x18 | 0x1A..=0x3D => {
                self.bios[offset] = value;
                true
            }
            _ => false,
        }
    }

    /// Beeps due because keys were struck into a full buffer (since the last call).
    pub fn take_beeps(&mut self) -> u32 {
        std::mem::take(&mut self.beeps)
    }

    // ------------------------------------------------------------------ input

    /// A key struck at the keyboard, with the scan code of a US keyboard's key for it
    /// and the shift flags as they are (a front end without key positions; the
    /// interpreter has decided it is not trapped).
    pub fn press(&mut self, key: Key) {
        let flags = self.bios[SHIFT_FLAGS];
        self.press_stroke(Stroke {
            key,
            scan: key_scan(key),
            flags,
        });
    }

    /// A key struck at the keyboard as the BIOS saw it (`map::strike`): its shift flags
    /// become &H417's (the Insert bit stays), the key enters the ring.
    pub fn press_stroke(&mut self, s: Stroke) {
        self.set_shift_flags(s.flags);
        self.refill();
        self.ring_push(s.key, s.scan);
    }

    /// The shift keys and locks changed (&H417 follows; its Insert bit stays).
    pub fn set_shift_flags(&mut self, flags: u8) {
        self.bios[SHIFT_FLAGS] = (self.bios[SHIFT_FLAGS] & 0x80) | (flags & 0x7F);
    }

    /// Which trappable key (1-20) a stroke is, if any: F1-F10 and the arrows by their
    /// codes (struck without Shift, Ctrl or Alt, the codes differ), KEY 15-20 by the
    /// scan code and shift state they were defined with (either Shift counts for
    /// both; Scroll Lock and the Insert state are not compared).
    pub fn trap_of(&self, s: &Stroke) -> Option<u8> {
        let state = |f: u8| {
            let f = f & TRAP_STATE_BITS;
            if f & 3 != 0 { f | 3 } else { f }
        };
        let fixed = self.trap_keys[..14]
            .iter()
            .position(|t| s.key == Key::Ext(t.scan));
        let user = || {
            (14..20).find(|&i| {
                let t = &self.trap_keys[i];
                t.scan != 0 && t.scan == s.scan && t.modcode == state(s.flags)
            })
        };
        fixed.or_else(user).map(|i| i as u8 + 1)
    }

    /// Ctrl-Break: Break at the next check.
    pub fn press_break(&mut self) {
        self.break_pending = true;
    }

    /// Keys typed by a script: they enter the buffer as the program reads it.
    pub fn type_keys(&mut self, keys: &[Key]) {
        self.script.extend(keys.iter().copied());
    }

    /// No key is waiting anywhere (buffer, script, macro text).
    pub fn is_empty(&mut self) -> bool {
        self.expansion.is_empty()
            && self.half.is_none()
            && self.script.is_empty()
            && self.buffered() == 0
    }

    /// Whether the running program must stop with Break: Ctrl-Break was pressed, or
    /// (Ctrl-C being Break) the next key in the buffer is Ctrl-C, which is consumed.
    /// With the buffer empty, a script's next key counts as the next in the buffer: a
    /// Ctrl-C typed in advance (`--keys`) breaks a program that reads no key, and no
    /// other key moves into the buffer before it is read. The interpreter calls this
    /// between statements.
    pub fn check_break(&mut self) -> bool {
        if std::mem::take(&mut self.break_pending) {
            return true;
        }
        if self.ctrl_c_is_break
            && self.expansion.is_empty()
            && self.ring_peek().is_none()
            && self.script.front() == Some(&Key::Char(3))
        {
            self.script.pop_front();
            return true;
        }
        if self.ctrl_c_is_break
            && self.expansion.is_empty()
            && self.ring_peek() == Some(Key::Char(3))
        {
            self.ring_pop();
            return true;
        }
        false
    }

    /// The next key, with function keys expanded into their text (a key whose text is
    /// empty comes as itself); None when nothing is waiting. INKEY$ and the editor.
    pub fn read_key(&mut self) -> Option<Key> {
        if let Some(b) = self.half.take() {
            return Some(Key::Char(b));
        }
        if let Some(b) = self.expansion.pop_front() {
            return Some(Key::Char(b));
        }
        self.refill();
        let k = self.ring_pop()?;
        if let Key::Ext(s) = k
            && (scan::F1..=scan::F10).contains(&s)
        {
            let m = &self.macros[usize::from(s - scan::F1)];
            if !m.is_empty() {
                self.expansion.extend(m.iter().copied());
                return self.expansion.pop_front().map(Key::Char);
            }
        }
        Some(k)
    }

    /// The next byte (an extended key gives two): INPUT$.
    pub fn read_byte(&mut self) -> Option<u8> {
        match self.read_key()? {
            Key::Char(c) => Some(c),
            Key::Ext(s) => {
                self.half = Some(s);
                Some(0)
            }
        }
    }

    /// The next key without macro expansion: the KYBD: device.
    pub fn read_raw(&mut self) -> Option<Key> {
        if let Some(b) = self.half.take() {
            return Some(Key::Char(b));
        }
        self.refill();
        self.ring_pop()
    }

    /// Drops every key waiting (buffer, pending macro text; not the script).
    pub fn flush(&mut self) {
        self.expansion.clear();
        self.half = None;
        let (_, t) = self.ends();
        self.set_word(HEAD, t);
    }

    // ------------------------------------------------------------------ KEY

    /// The text of function key n (1-10).
    pub fn macro_text(&self, n: usize) -> &[u8] {
        self.macros
            .get(n.wrapping_sub(1))
            .map_or(&[], |m| m.as_slice())
    }

    /// KEY n, text. Keys 1-10 take a text (up to its first NUL, at most 15
    /// characters): Ok(Some(n)), and the caller updates the key bar with
    /// `Screen::set_key_label(n, macro_text(n))`. Keys 15-20 take a two-byte trap
    /// definition: shift state and scan code. Any other key number 1-255 accepts only
    /// two-byte texts, and ignores them. Otherwise: Illegal function call.
    pub fn define_key(&mut self, n: i32, text: &[u8]) -> Result<Option<usize>, ErrorCode> {
        if !(1..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall);
        }
        let n = n as usize;
        if n <= 10 {
            let end = text.iter().position(|&c| c == 0).unwrap_or(text.len());
            let text = &text[..end.min(MACRO_MAX)];
            self.macros[n - 1] = text.to_vec();
            return Ok(Some(n));
        }
        if text.len() != 2 {
            return Err(ErrorCode::IllegalFunctionCall);
        }
        if (15..=20).contains(&n) {
            let t = &mut self.trap_keys[n - 1];
            let mut modcode = text[0] & 0x6F;
            if modcode & 3 != 0 {
                modcode |= 3;
            }
            t.modcode = modcode;
            t.scan = text[1];
        }
        Ok(None)
    }

    /// KEY LIST: the lines GW prints, "F1 LIST " and so on (control characters shown as
    /// on the key bar); the caller writes each with `Screen::write_line`.
    pub fn key_list(&self) -> Vec<Vec<u8>> {
        self.macros
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let mut line = format!("F{} ", i + 1).into_bytes();
                line.extend(crate::screen::key_label(m));
                line
            })
            .collect()
    }
}

/// The scan code the BIOS keeps beside a key typed without one (`map::scan_of_char`).
fn key_scan(k: Key) -> u8 {
    match k {
        Key::Char(c) => map::scan_of_char(c),
        Key::Ext(s) => s,
    }
}

#[cfg(test)]
mod tests;
