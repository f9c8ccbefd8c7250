//! The real-terminal front end of the GW screen, on crossterm: draws the visible page
//! (CP437 glyphs as Unicode, the 16 CGA colours, blink) by redrawing only the cells that
//! changed, places and shapes the cursor, and reads raw keys, mapped to the keys GW-BASIC
//! sees (arrows, F1-F10 with Shift/Ctrl/Alt, Home/End, Ins/Del, Ctrl combinations). The
//! terminal is restored on every way out: dropping `Terminal`, a panic (a hook installed
//! once), and SIGTERM/SIGHUP/SIGQUIT (a signal thread on Unix). Only used when stdout is a
//! terminal; a redirected stdout gets `Screen`'s plain stream instead.

pub mod pixels;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{
    Attribute, Color, Print, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::{cursor, execute, queue, terminal};
use gwrun_core::console::CursorShow;
use gwrun_core::keyboard::map::{legend_of, strike};
use gwrun_core::keyboard::{Mods, PcKey, Stroke, Struck};
use gwrun_core::screen::{HEIGHT, Screen};
use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The Unicode character the IBM PC showed for a byte of code page 437, control codes
/// included (the screen shows them as glyphs); 255 is a blank.
pub fn glyph(b: u8) -> char {
    match b {
        0xFF => ' ',
        _ => gwrun_core::console::cp437_glyph(b),
    }
}

/// The terminal colour of a CGA colour number (0-15).
pub fn colour(c: u8) -> Color {
    const CGA: [Color; 16] = [
        Color::Black,
        Color::DarkBlue,
        Color::DarkGreen,
        Color::DarkCyan,
        Color::DarkRed,
        Color::DarkMagenta,
        Color::DarkYellow,
        Color::Grey,
        Color::DarkGrey,
        Color::Blue,
        Color::Green,
        Color::Cyan,
        Color::Red,
        Color::Magenta,
        Color::Yellow,
        Color::White,
    ];
    CGA[usize::from(c & 15)]
}

/// What a terminal key event is to GW-BASIC: the BIOS's stroke for it (core's
/// `keyboard::map`), or None for events GW has no key for (releases, modifier-only
/// presses). A terminal reports characters rather than keys: a character is taken as
/// the US key that types it, with Shift if it needs it (so its scan code is right for
/// KEY 15-20); the keypad cannot be told from the grey keys, nor Ctrl-Break from
/// Ctrl-C (both stop the program).
pub fn map_key(ev: &KeyEvent) -> Option<Stroke> {
    if ev.kind == KeyEventKind::Release {
        return None;
    }
    let mut mods = Mods {
        shift: ev.modifiers.contains(KeyModifiers::SHIFT),
        ctrl: ev.modifiers.contains(KeyModifiers::CONTROL),
        alt: ev.modifiers.contains(KeyModifiers::ALT),
        ..Mods::default()
    };
    let mut text = None;
    let key = match ev.code {
        KeyCode::Enter => PcKey::Enter,
        KeyCode::Backspace => PcKey::Backspace,
        KeyCode::Tab => PcKey::Tab,
        KeyCode::BackTab => {
            mods.shift = true;
            PcKey::Tab
        }
        KeyCode::Esc => PcKey::Esc,
        KeyCode::Up => PcKey::Up,
        KeyCode::Down => PcKey::Down,
        KeyCode::Left => PcKey::Left,
        KeyCode::Right => PcKey::Right,
        KeyCode::Home => PcKey::Home,
        KeyCode::End => PcKey::End,
        KeyCode::PageUp => PcKey::PageUp,
        KeyCode::PageDown => PcKey::PageDown,
        KeyCode::Insert => PcKey::Insert,
        KeyCode::Delete => PcKey::Delete,
        KeyCode::F(n) => PcKey::F(n),
        KeyCode::Pause => PcKey::Pause,
        KeyCode::Char(' ') => PcKey::Space,
        // Ctrl-@ arrives as NUL (Ctrl-Space on many terminals): the BIOS's Ctrl-2
        KeyCode::Null => {
            mods.ctrl = true;
            PcKey::Legend('2')
        }
        KeyCode::Char(c) => match legend_of(c) {
            Some((legend, shifted)) => {
                mods.shift |= shifted;
                if !(mods.ctrl || mods.alt) {
                    text = Some(c);
                }
                PcKey::Legend(legend)
            }
            // a character no US key types (é, π): as typed
            None if mods.ctrl || mods.alt => return None,
            None => return gwrun_core::keyboard::map::typed(c),
        },
        _ => return None,
    };
    match strike(key, mods, text)? {
        Struck::Key(s) => Some(s),
        // a terminal's Ctrl-Break is Ctrl-C: Break
        Struck::Break => gwrun_core::keyboard::map::typed('\u{3}'),
        Struck::Pause => None,
    }
}

/// A terminal event for the interpreter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Key(Stroke),
    /// The terminal changed size: the next draw repaints everything.
    Resized,
}

static ACTIVE: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();

/// Puts the terminal back as it was (raw mode off, main screen, cursor shown, colours
/// reset). Safe to call any number of times and from a panic hook or signal thread.
pub fn restore_terminal() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let mut out = io::stdout();
        let _ = execute!(
            out,
            SetAttribute(Attribute::Reset),
            crossterm::style::ResetColor,
            cursor::SetCursorStyle::DefaultUserShape,
            cursor::Show,
            terminal::LeaveAlternateScreen
        );
        let _ = terminal::disable_raw_mode();
    }
}

/// The smallest terminal (columns, rows) that showed a screen larger than itself, packed
/// as columns << 16 | rows; 0 while every draw fitted.
static CLIPPED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// When the GW screen was drawn on a terminal too small for it: the terminal's size and
/// the screen's, for the note gwrun prints as it ends.
pub fn clipped() -> Option<((u16, u16), (u16, u16))> {
    let packed = CLIPPED.load(Ordering::Relaxed);
    (packed != 0).then(|| {
        let term = ((packed >> 16) as u16, (packed & 0xFFFF) as u16);
        (
            term,
            (SCREEN_WIDTH.load(Ordering::Relaxed) as u16, HEIGHT as u16),
        )
    })
}

/// The screen width of the clipped draw (40 or 80).
static SCREEN_WIDTH: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(80);

/// The terminal in full-screen mode.
pub struct Terminal {
    out: io::BufWriter<io::Stdout>,
    /// What the terminal shows now (character, attribute), or None when unknown.
    shown: Vec<Option<(u8, u8)>>,
    width: i32,
    size: (u16, u16),
    /// A kitty image is on the screen (removed before text is drawn again).
    kitty_image: bool,
    #[cfg(unix)]
    signals: Option<signal_hook::iterator::Handle>,
}

impl Terminal {
    /// Takes over the terminal: raw mode, the alternate screen, the restore hooks.
    pub fn open() -> io::Result<Terminal> {
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore_terminal();
                previous(info);
            }));
        });
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let mut out = io::BufWriter::with_capacity(1 << 15, io::stdout());
        if let Err(e) = execute!(
            out,
            terminal::EnterAlternateScreen,
            terminal::Clear(terminal::ClearType::All)
        ) {
            restore_terminal();
            return Err(e);
        }
        let size = terminal::size().unwrap_or((80, 25));
        Ok(Terminal {
            out,
            shown: Vec::new(),
            width: 0,
            size,
            kitty_image: false,
            #[cfg(unix)]
            signals: watch_signals(),
        })
    }

    /// Shows the screen's visible page: only cells that changed since the last draw are
    /// written; then the cursor goes to its place (on the active page) and shape.
    pub fn draw(&mut self, screen: &Screen, show: CursorShow) -> io::Result<()> {
        let w = screen.width();
        let cells = (w * HEIGHT) as usize;
        if std::mem::take(&mut self.kitty_image) {
            self.out.write_all(pixels::KITTY_CLEAR)?;
        }
        if w != self.width || self.shown.len() != cells {
            self.width = w;
            self.shown = vec![None; cells];
            queue!(self.out, terminal::Clear(terminal::ClearType::All))?;
        }
        let (cols, rows) = (
            i32::from(self.size.0).min(w),
            i32::from(self.size.1).min(HEIGHT),
        );
        if cols < w || rows < HEIGHT {
            CLIPPED.store(
                u32::from(self.size.0) << 16 | u32::from(self.size.1),
                Ordering::Relaxed,
            );
            SCREEN_WIDTH.store(w as u32, Ordering::Relaxed);
        }
        let mut attr_now: Option<u8> = None;
        let mut at: Option<(i32, i32)> = None;
        for (i, cell) in screen.visible_cells().enumerate() {
            let (r, c) = (i as i32 / w, i as i32 % w);
            if r >= rows || c >= cols || self.shown[i] == Some(cell) {
                continue;
            }
            self.shown[i] = Some(cell);
            if at != Some((r, c)) {
                queue!(self.out, cursor::MoveTo(c as u16, r as u16))?;
            }
            if attr_now != Some(cell.1) {
                let a = cell.1;
                queue!(
                    self.out,
                    SetAttribute(if a & 0x80 != 0 {
                        Attribute::SlowBlink
                    } else {
                        Attribute::NoBlink
                    }),
                    SetForegroundColor(colour(a & 0x0F)),
                    SetBackgroundColor(colour((a >> 4) & 7))
                )?;
                attr_now = Some(a);
            }
            queue!(self.out, Print(glyph(cell.0)))?;
            at = Some((r, c + 1));
        }
        let (row, col, _) = screen.cursor();
        match show {
            CursorShow::Hidden => queue!(self.out, cursor::Hide)?,
            CursorShow::Line | CursorShow::Block => {
                let style = if show == CursorShow::Block {
                    cursor::SetCursorStyle::SteadyBlock
                } else {
                    cursor::SetCursorStyle::SteadyUnderScore
                };
                queue!(
                    self.out,
                    cursor::MoveTo((col - 1) as u16, (row - 1) as u16),
                    style,
                    cursor::Show
                )?;
            }
        }
        self.out.flush()
    }

    /// Shows a picture (`pixels::encode`'s bytes) from the top left corner, cursor
    /// hidden; the next text draw repaints the whole screen.
    pub fn draw_picture(&mut self, bytes: &[u8], protocol: pixels::Protocol) -> io::Result<()> {
        queue!(self.out, cursor::Hide, cursor::MoveTo(0, 0))?;
        self.out.write_all(bytes)?;
        self.width = 0;
        self.kitty_image = protocol == pixels::Protocol::Kitty;
        self.out.flush()
    }

    /// Forgets what the terminal shows, so the next draw repaints every cell.
    pub fn invalidate(&mut self) {
        self.shown.iter_mut().for_each(|c| *c = None);
    }

    /// The bell.
    pub fn beep(&mut self) -> io::Result<()> {
        queue!(self.out, Print('\x07'))?;
        self.out.flush()
    }

    /// Waits up to `timeout` for a key (None: nothing came).
    pub fn poll(&mut self, timeout: Duration) -> io::Result<Option<Input>> {
        if !crossterm::event::poll(timeout)? {
            return Ok(None);
        }
        Ok(match crossterm::event::read()? {
            Event::Key(k) => map_key(&k).map(Input::Key),
            Event::Resize(c, r) => {
                self.size = (c, r);
                self.invalidate();
                let _ = queue!(self.out, terminal::Clear(terminal::ClearType::All));
                Some(Input::Resized)
            }
            _ => None,
        })
    }

    /// Gives the terminal back; with `leave`, the screen's text is printed on the normal
    /// screen afterwards, so what the program showed stays in the scrollback.
    /// With `picture` (a graphics mode's last picture, encoded), the picture is shown
    /// there instead of the text.
    pub fn close(mut self, leave: Option<&Screen>, picture: Option<&[u8]>) {
        let _ = self.out.flush();
        restore_terminal();
        if let Some(p) = picture {
            let mut out = io::stdout().lock();
            let _ = out.write_all(p);
            let _ = writeln!(out);
            let _ = out.flush();
        } else if let Some(s) = leave {
            let mut out = io::stdout().lock();
            let last = (1..=HEIGHT)
                .rev()
                .find(|&r| s.row_text(r).iter().any(|&c| c != b' ' && c != 0));
            for r in 1..=last.unwrap_or(0) {
                let text: String = s.row_text(r).iter().map(|&b| glyph(b)).collect();
                let _ = writeln!(out, "{}", text.trim_end());
            }
            let _ = out.flush();
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.out.flush();
        #[cfg(unix)]
        if let Some(h) = self.signals.take() {
            h.close();
        }
        restore_terminal();
    }
}

/// On SIGTERM, SIGHUP or SIGQUIT: the terminal is restored and the process ends with
/// 128 + the signal number, as a shell reports it.
#[cfg(unix)]
fn watch_signals() -> Option<signal_hook::iterator::Handle> {
    use signal_hook::consts::{SIGHUP, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGQUIT]).ok()?;
    let handle = signals.handle();
    std::thread::Builder::new()
        .name("gwrun-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                restore_terminal();
                std::process::exit(128 + sig);
            }
        })
        .ok()?;
    Some(handle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gwrun_core::keyboard::Key;

    fn ev(code: KeyCode, m: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, m)
    }

    /// The key GW-BASIC reads for a terminal event.
    fn key_of(code: KeyCode, m: KeyModifiers) -> Option<Key> {
        map_key(&ev(code, m)).map(|s| s.key)
    }

    #[test]
    fn keys_map_to_gw_codes() {
        let n = KeyModifiers::NONE;
        let c = KeyModifiers::CONTROL;
        assert_eq!(key_of(KeyCode::Up, n), Some(Key::Ext(0x48)));
        assert_eq!(key_of(KeyCode::Left, c), Some(Key::Ext(0x73)));
        assert_eq!(key_of(KeyCode::End, c), Some(Key::Ext(0x75)));
        assert_eq!(key_of(KeyCode::F(1), n), Some(Key::Ext(0x3B)));
        assert_eq!(
            key_of(KeyCode::F(10), KeyModifiers::SHIFT),
            Some(Key::Ext(0x5D))
        );
        assert_eq!(key_of(KeyCode::Char('c'), c), Some(Key::Char(3)));
        assert_eq!(
            key_of(KeyCode::Char('p'), KeyModifiers::ALT),
            Some(Key::Ext(0x19))
        );
        assert_eq!(key_of(KeyCode::Char('é'), n), Some(Key::Char(0x82)));
        assert_eq!(key_of(KeyCode::Enter, n), Some(Key::Char(13)));
        assert_eq!(key_of(KeyCode::Backspace, n), Some(Key::Char(8)));
        assert_eq!(key_of(KeyCode::Insert, n), Some(Key::Ext(0x52)));
        assert_eq!(key_of(KeyCode::Null, n), Some(Key::Ext(3)));
        assert_eq!(key_of(KeyCode::CapsLock, n), None);
        // a terminal's shifted character is its US key with Shift: scan code and flags
        let s = map_key(&ev(KeyCode::Char('A'), KeyModifiers::SHIFT)).unwrap();
        assert_eq!((s.key, s.scan, s.flags), (Key::Char(b'A'), 0x1E, 0x02));
        let s = map_key(&ev(KeyCode::Char('!'), n)).unwrap();
        assert_eq!((s.key, s.scan, s.flags), (Key::Char(b'!'), 0x02, 0x02));
    }

    #[test]
    fn glyphs_and_colours() {
        assert_eq!(glyph(1), '☺');
        assert_eq!(glyph(b'A'), 'A');
        assert_eq!(glyph(0xDB), '█');
        assert_eq!(glyph(0x7F), '⌂');
        assert_eq!(colour(14), Color::Yellow);
        assert_eq!(colour(0x1F), Color::White);
    }

    #[test]
    fn restoring_an_unused_terminal_does_nothing() {
        restore_terminal();
        restore_terminal();
    }
}
