//! The window's keys as the PC keyboard's: a key event names the physical key that went
//! down (its position, whatever the layout), and gwrun-core's table (`keyboard::map`)
//! gives what the BIOS reported for it. The character the host's layout typed goes with
//! it, so a French or German keyboard types its own letters. winit reports no lock
//! state, so Num Lock is read from what the keypad typed (a digit: on) and Caps Lock
//! from the letters' case; both are kept for the shift flags a program can PEEK.

use gwrun_core::keyboard::{Mods, PcKey};
use winit::event::KeyEvent;
use winit::keyboard::{KeyCode, ModifiersState, PhysicalKey};

/// The PC key at a physical key's place, None for keys the PC/AT keyboard has not
/// (media keys, the Windows keys) and for the shift keys themselves.
pub fn pc_key(code: KeyCode) -> Option<PcKey> {
    use KeyCode as K;
    use PcKey as P;
    let legend = |c: char| Some(P::Legend(c));
    let pad = |c: char| Some(P::Pad(c));
    match code {
        K::Escape => Some(P::Esc),
        K::F1 => Some(P::F(1)),
        K::F2 => Some(P::F(2)),
        K::F3 => Some(P::F(3)),
        K::F4 => Some(P::F(4)),
        K::F5 => Some(P::F(5)),
        K::F6 => Some(P::F(6)),
        K::F7 => Some(P::F(7)),
        K::F8 => Some(P::F(8)),
        K::F9 => Some(P::F(9)),
        K::F10 => Some(P::F(10)),
        K::F11 => Some(P::F(11)),
        K::F12 => Some(P::F(12)),
        K::Backspace => Some(P::Backspace),
        K::Tab => Some(P::Tab),
        K::Enter => Some(P::Enter),
        K::Space => Some(P::Space),
        K::Insert => Some(P::Insert),
        K::Delete => Some(P::Delete),
        K::Home => Some(P::Home),
        K::End => Some(P::End),
        K::PageUp => Some(P::PageUp),
        K::PageDown => Some(P::PageDown),
        K::ArrowUp => Some(P::Up),
        K::ArrowDown => Some(P::Down),
        K::ArrowLeft => Some(P::Left),
        K::ArrowRight => Some(P::Right),
        K::PrintScreen => Some(P::PrintScreen),
        K::ScrollLock => Some(P::ScrollLock),
        K::Pause => Some(P::Pause),
        K::NumLock => Some(P::NumLock),
        K::CapsLock => Some(P::CapsLock),
        K::Backquote => legend('`'),
        K::Digit1 => legend('1'),
        K::Digit2 => legend('2'),
        K::Digit3 => legend('3'),
        K::Digit4 => legend('4'),
        K::Digit5 => legend('5'),
        K::Digit6 => legend('6'),
        K::Digit7 => legend('7'),
        K::Digit8 => legend('8'),
        K::Digit9 => legend('9'),
        K::Digit0 => legend('0'),
        K::Minus => legend('-'),
        K::Equal => legend('='),
        K::BracketLeft => legend('['),
        K::BracketRight => legend(']'),
        K::Backslash | K::IntlBackslash => legend('\\'),
        K::Semicolon => legend(';'),
        K::Quote => legend('\''),
        K::Comma => legend(','),
        K::Period => legend('.'),
        K::Slash => legend('/'),
        K::KeyA => legend('a'),
        K::KeyB => legend('b'),
        K::KeyC => legend('c'),
        K::KeyD => legend('d'),
        K::KeyE => legend('e'),
        K::KeyF => legend('f'),
        K::KeyG => legend('g'),
        K::KeyH => legend('h'),
        K::KeyI => legend('i'),
        K::KeyJ => legend('j'),
        K::KeyK => legend('k'),
        K::KeyL => legend('l'),
        K::KeyM => legend('m'),
        K::KeyN => legend('n'),
        K::KeyO => legend('o'),
        K::KeyP => legend('p'),
        K::KeyQ => legend('q'),
        K::KeyR => legend('r'),
        K::KeyS => legend('s'),
        K::KeyT => legend('t'),
        K::KeyU => legend('u'),
        K::KeyV => legend('v'),
        K::KeyW => legend('w'),
        K::KeyX => legend('x'),
        K::KeyY => legend('y'),
        K::KeyZ => legend('z'),
        K::Numpad0 => pad('0'),
        K::Numpad1 => pad('1'),
        K::Numpad2 => pad('2'),
        K::Numpad3 => pad('3'),
        K::Numpad4 => pad('4'),
        K::Numpad5 => pad('5'),
        K::Numpad6 => pad('6'),
        K::Numpad7 => pad('7'),
        K::Numpad8 => pad('8'),
        K::Numpad9 => pad('9'),
        K::NumpadDecimal => pad('.'),
        K::NumpadAdd => pad('+'),
        K::NumpadSubtract => pad('-'),
        K::NumpadMultiply => pad('*'),
        K::NumpadDivide => pad('/'),
        K::NumpadEnter => pad('\r'),
        _ => None,
    }
}

/// The lock keys' state, as far as the events tell it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Locks {
    pub num: bool,
    pub caps: bool,
}

/// A pressed key's PC key, shifts and typed character; None for keys GW-BASIC has not.
pub fn decode(
    ev: &KeyEvent,
    held: ModifiersState,
    locks: &mut Locks,
) -> Option<(PcKey, Mods, Option<char>)> {
    let PhysicalKey::Code(code) = ev.physical_key else {
        return None;
    };
    let key = pc_key(code)?;
    let text = ev
        .text
        .as_ref()
        .and_then(|t| {
            let mut cs = t.chars();
            let c = cs.next()?;
            cs.next().is_none().then_some(c)
        })
        .filter(|c| !c.is_control());
    match key {
        PcKey::NumLock => locks.num = !locks.num,
        PcKey::CapsLock => locks.caps = !locks.caps,
        // the keypad typed a digit: Num Lock is on (or Shift turned it around)
        PcKey::Pad(d) if d.is_ascii_digit() || d == '.' => {
            locks.num = text.is_some() != held.shift_key();
        }
        PcKey::Legend(l) if l.is_ascii_alphabetic() => {
            if let Some(c) = text.filter(char::is_ascii_alphabetic) {
                locks.caps = c.is_ascii_uppercase() != held.shift_key();
            }
        }
        _ => {}
    }
    let mods = Mods {
        shift: held.shift_key(),
        ctrl: held.control_key(),
        alt: held.alt_key(),
        num_lock: locks.num,
        caps_lock: locks.caps,
    };
    let text = text.filter(|_| !(mods.ctrl || mods.alt));
    Some((key, mods, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pc_key_has_its_place() {
        assert_eq!(pc_key(KeyCode::KeyQ), Some(PcKey::Legend('q')));
        assert_eq!(pc_key(KeyCode::Numpad8), Some(PcKey::Pad('8')));
        assert_eq!(pc_key(KeyCode::NumpadEnter), Some(PcKey::Pad('\r')));
        assert_eq!(pc_key(KeyCode::F10), Some(PcKey::F(10)));
        assert_eq!(pc_key(KeyCode::Pause), Some(PcKey::Pause));
        assert_eq!(pc_key(KeyCode::ShiftLeft), None);
        // the 47 typewriter keys, each once
        let legends: std::collections::HashSet<char> = [
            KeyCode::Backquote,
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
            KeyCode::Digit4,
            KeyCode::Digit5,
            KeyCode::Digit6,
            KeyCode::Digit7,
            KeyCode::Digit8,
            KeyCode::Digit9,
            KeyCode::Digit0,
            KeyCode::Minus,
            KeyCode::Equal,
            KeyCode::BracketLeft,
            KeyCode::BracketRight,
            KeyCode::Backslash,
            KeyCode::Semicolon,
            KeyCode::Quote,
            KeyCode::Comma,
            KeyCode::Period,
            KeyCode::Slash,
        ]
        .into_iter()
        .filter_map(|k| match pc_key(k) {
            Some(PcKey::Legend(c)) => Some(c),
            _ => None,
        })
        .collect();
        assert_eq!(legends.len(), 21);
        for c in legends {
            assert!(gwrun_core::keyboard::map::legend_of(c).is_some(), "{c}");
        }
    }
}
