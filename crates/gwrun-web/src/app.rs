//! One machine in the page: a GW-BASIC session on GW's full screen from the start, its
//! drives in memory (`MemFs`, every letter the one volume the page keeps in the
//! browser's storage), its clock the page's, its speaker handing tones to Web Audio, and
//! its frames drawn on the canvas. The page calls `run` with a budget of statements
//! again and again (`Status` says whether to call again at once, wait for a key, or
//! sleep until `wake_ms`); keys are struck into the machine's keyboard between calls,
//! exactly as the BIOS would have put them in its buffer (scan codes, shift flags, ON
//! KEY traps). Everything here runs natively too, so this crate's tests drive the page's
//! machine without a browser.

use crate::clock::PageClock;
use crate::console::{PageConsole, SceneSlot, Tones};
use crate::drive::{self, Item};
use crate::frame::Frame;
use crate::keys::{self, Held};
use gwrun_core::host::fs::mem::{MemFile, MemFs};
use gwrun_core::host::fs::{FileSystem, HostPath};
use gwrun_core::keyboard::map::{Struck, typed};
use gwrun_core::keyboard::{Key, to_cp437};
use gwrun_core::session::{Input, Interrupter, Session, Stop};
use std::rc::Rc;

/// Why `run` came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The budget is used up: call again (after letting the page breathe).
    Budget = 0,
    /// Waiting for a key (the `Ok` prompt's editor, INPUT, INPUT$).
    Waiting = 1,
    /// Sleeping until `wake_ms` (SLEEP, a full music queue, WAIT).
    Sleeping = 2,
    /// SYSTEM: the machine is switched off (the page makes a new one).
    Gone = 3,
}

/// What the machine is doing, for the page's status line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activity {
    /// Direct mode: the `Ok` prompt.
    Prompt = 0,
    /// A program (or a direct statement) running.
    Running = 1,
    /// A program waiting for the user to type.
    Input = 2,
}

/// Statements a waiting machine runs when a key comes (the editor takes the key; a
/// line entered may start running).
const KEY_SLICE: u64 = 1_000;

/// The volume of the drives (every letter is mapped to it).
const VOLUME: usize = 0;

/// The machine in the page.
pub struct App {
    session: Session,
    clock: Rc<PageClock>,
    fs: MemFs,
    slot: SceneSlot,
    frame: Frame,
    tones: Tones,
    /// The sound clock's zero on the page clock, ms.
    sound_origin_ms: f64,
    interrupter: Interrupter,
    status: Status,
    wake_ms: f64,
    /// Pause was struck: the machine waits for the next key, which is dropped.
    paused: bool,
    /// The drive as last reported (`drive_changed`): a fingerprint of its files.
    drive_print: u64,
}

impl App {
    /// A machine on `clock` whose drive holds the saved image `saved` (`drive`'s
    /// format; empty for none). The flag is false when the image could not be read (the
    /// drive then starts empty).
    pub fn new(clock: PageClock, saved: &[u8]) -> (App, bool) {
        let fs = MemFs::new();
        let readable = match drive::decode(saved) {
            Ok(items) => {
                for item in items {
                    if let Some(bytes) = item.data {
                        let path = item.path.split(|&b| b == b'\\').map(<[u8]>::to_vec);
                        // an entry the drive cannot hold is left out
                        let _ = fs.import(
                            VOLUME,
                            &MemFile {
                                path: path.collect(),
                                bytes,
                            },
                        );
                    }
                }
                true
            }
            Err(drive::Damaged) => false,
        };
        let slot = SceneSlot::default();
        let interrupter = Interrupter::new();
        let mut session =
            Session::new(Box::new(PageConsole::new(slot.clone())), interrupter.flag());
        let clock = Rc::new(clock);
        let tones = Tones::default();
        let mut sound_origin_ms = clock.now_ms();
        {
            let m = session.machine_mut();
            m.set_host_clock(clock.clone());
            m.set_file_system(Box::new(fs.clone()));
            let player = tones.clone();
            let _ = m.set_live_sound(|origin| {
                sound_origin_ms = origin.as_secs_f64() * 1000.0;
                Ok(Box::new(player))
            });
            m.want_full_screen();
        }
        session.set_full_screen_direct(true);
        // GW-BASIC starts with the function keys' bar on row 25
        session.enter_line("KEY ON");
        let greeting = format!(
            "gwrun {} - GW-BASIC 3.23 in the browser",
            env!("CARGO_PKG_VERSION")
        );
        session.screen_write(greeting.as_bytes());
        session.screen_newline();
        let free = format!("{} Bytes free", session.machine().free_memory());
        session.screen_write(free.as_bytes());
        session.screen_newline();
        session.start_direct_mode(None);
        let mut app = App {
            session,
            clock,
            fs,
            slot,
            frame: Frame::default(),
            tones,
            sound_origin_ms,
            interrupter,
            status: Status::Budget,
            wake_ms: 0.0,
            paused: false,
            drive_print: 0,
        };
        app.drive_print = app.fingerprint();
        (app, readable)
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    // ------------------------------------------------------------------ running

    /// Runs the machine for about `budget` statements, or until it waits or sleeps.
    pub fn run(&mut self, budget: u64) -> Status {
        if self.status == Status::Gone {
            return Status::Gone;
        }
        if self.paused {
            self.status = Status::Waiting;
            return self.status;
        }
        let status = loop {
            match self.session.run(budget.max(1)) {
                Stop::Budget => break Status::Budget,
                Stop::Key | Stop::Line => break Status::Waiting,
                Stop::Sleep(t) => {
                    self.wake_ms = t.as_secs_f64() * 1000.0;
                    break Status::Sleeping;
                }
                Stop::Exit => break Status::Gone,
                // direct mode hands nothing else back; if it did, it starts again
                stop => self.session.start_direct_mode(Some(&stop)),
            }
        };
        if let Some(scene) = self.slot.borrow_mut().take() {
            self.frame.set_scene(scene);
        }
        self.status = status;
        status
    }

    /// When a sleeping machine wants to run again (page clock, ms).
    pub fn wake_ms(&self) -> f64 {
        self.wake_ms
    }

    pub fn activity(&self) -> Activity {
        if self.session.at_prompt() {
            Activity::Prompt
        } else if self.status == Status::Waiting {
            Activity::Input
        } else {
            Activity::Running
        }
    }

    // ------------------------------------------------------------------ keys

    /// A DOM key event (`code`, `key`, the modifier bits); true when the PC keyboard
    /// had the key (the page then keeps it from the browser).
    pub fn key(&mut self, code: &str, key: &str, held: Held) -> bool {
        let Some(struck) = keys::decode(code, key, held) else {
            return false;
        };
        if self.paused {
            // the key that ends a pause is dropped
            self.paused = false;
            return true;
        }
        match struck {
            Struck::Key(s) => {
                self.session.input(Input::Stroke(s));
                // a machine waiting for a key takes it at once, as the BIOS's ring (15
                // keys) would be emptied by a waiting GW-BASIC between two strokes
                if self.status == Status::Waiting {
                    self.run(KEY_SLICE);
                }
            }
            Struck::Break => self.press_break(),
            Struck::Pause => self.paused = true,
        }
        true
    }

    /// Ctrl-Break: a running program stops at its next statement (`Break in NNN`); at
    /// the `Ok` prompt the line being typed is abandoned.
    pub fn press_break(&mut self) {
        self.paused = false;
        if self.session.at_prompt() {
            if let Some(s) = typed('\u{3}') {
                self.session.input(Input::Stroke(s));
            }
        } else {
            self.interrupter.interrupt();
        }
    }

    /// Text typed as keys (a paste): each character as the key that types it, a line
    /// break as Enter; characters code page 437 has not are left out.
    pub fn paste(&mut self, text: &str) {
        let keys: Vec<Key> = text
            .replace("\r\n", "\r")
            .chars()
            .filter_map(|c| match c {
                '\n' | '\r' => Some(Key::Char(b'\r')),
                c => to_cp437(c).map(Key::Char),
            })
            .collect();
        self.session.type_keys(&keys);
    }

    // ------------------------------------------------------------------ the screen

    /// Draws the newest frame at `width` × `height`; true when its pixels changed.
    pub fn render(&mut self, width: usize, height: usize) -> bool {
        let ms = self.clock.now_ms().max(0.0) as u64;
        self.frame.render(ms, width, height)
    }

    /// The RGBA bytes of the last `render`.
    pub fn rgba(&self) -> &[u8] {
        self.frame.rgba()
    }

    /// When the picture next changes by itself (page clock, ms).
    pub fn next_change_ms(&self) -> Option<f64> {
        let ms = self.clock.now_ms().max(0.0) as u64;
        self.frame.next_change(ms).map(|t| t as f64)
    }

    /// The visible screen's characters, row by row.
    pub fn screen_text(&self) -> String {
        self.session
            .machine()
            .scene(gwrun_core::console::CursorShow::Hidden)
            .text()
    }

    // ------------------------------------------------------------------ sound

    /// The tones still to come, when they changed since the last call: for each its
    /// start (page clock, ms), length (ms; infinite for a tone that lasts until the next
    /// sound) and frequency (Hz; 0 is silence).
    pub fn take_tones(&mut self) -> Option<Vec<[f64; 3]>> {
        let origin = self.sound_origin_ms;
        self.tones.take().map(|tones| {
            tones
                .iter()
                .map(|t| [origin + t.start * 1000.0, t.secs * 1000.0, t.freq])
                .collect()
        })
    }

    // ------------------------------------------------------------------ programs

    /// Replaces the program with a program file's bytes (ASCII, tokenized or protected),
    /// as LOAD does; a running program is stopped first. The reason when it is refused.
    pub fn load_program(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.stop_program();
        self.session
            .load_source(bytes)
            .map_err(|e| e.code.to_string())
    }

    /// Breaks a running program and runs the machine until it is back at `Ok`.
    fn stop_program(&mut self) {
        self.paused = false;
        for _ in 0..4 {
            if self.session.at_prompt() || self.status == Status::Gone {
                return;
            }
            self.interrupter.interrupt();
            self.run(1);
        }
    }

    /// RUN typed at the `Ok` prompt (nothing when a program is running).
    pub fn start(&mut self) {
        if self.session.at_prompt() {
            self.paste("RUN\r");
        }
    }

    /// The program as LIST shows it (code page 437, CR LF line ends); empty for a
    /// protected one.
    pub fn program_text(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (n, _) in self.session.workspace().program.iter() {
            if let Some(line) = self.session.listed_line(n) {
                out.extend_from_slice(&line);
                out.extend_from_slice(b"\r\n");
            }
        }
        out
    }

    // ------------------------------------------------------------------ the drive

    /// Whether the files changed since the last call (the page then saves them).
    pub fn drive_changed(&mut self) -> bool {
        let print = self.fingerprint();
        let changed = print != self.drive_print;
        self.drive_print = print;
        changed
    }

    /// FNV-1a over every file's path and contents.
    fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
            h = (h ^ 0xFF).wrapping_mul(0x0100_0000_01b3);
        };
        for f in self.fs.export(VOLUME) {
            for p in &f.path {
                eat(p);
            }
            eat(&f.bytes);
        }
        h
    }

    /// The drive's image (`drive`'s format) for the browser's storage.
    pub fn export_drive(&self) -> Vec<u8> {
        let items: Vec<Item> = self
            .fs
            .export(VOLUME)
            .into_iter()
            .map(|f| Item {
                path: f.path.join(&b'\\'),
                data: Some(f.bytes),
            })
            .collect();
        drive::encode(&items)
    }

    /// Every file with its size (paths with backslashes).
    pub fn list_files(&self) -> Vec<(String, usize)> {
        self.fs
            .export(VOLUME)
            .into_iter()
            .map(|f| {
                let name: Vec<String> = f
                    .path
                    .iter()
                    .map(|p| gwrun_core::console::cp437_to_utf8(p))
                    .collect();
                (name.join("\\"), f.bytes.len())
            })
            .collect()
    }

    /// Stores a file (an upload); false when the name is no DOS path.
    pub fn put_file(&mut self, name: &str, data: &[u8]) -> bool {
        let Some(path) = dos_path(name) else {
            return false;
        };
        self.fs
            .import(
                VOLUME,
                &MemFile {
                    path,
                    bytes: data.to_vec(),
                },
            )
            .is_ok()
    }

    /// A file's contents (a download).
    pub fn get_file(&self, name: &str) -> Option<Vec<u8>> {
        let path = dos_path(name)?;
        let parts: Vec<&[u8]> = path.iter().map(Vec::as_slice).collect();
        self.fs.read(VOLUME, &parts)
    }

    /// Removes a file; false when there is none.
    pub fn remove_file(&mut self, name: &str) -> bool {
        let Some(path) = dos_path(name) else {
            return false;
        };
        let at = path
            .iter()
            .fold(HostPath::root(0), |at, part| at.join(part));
        self.fs.clone().remove_file(&at).is_ok()
    }
}

/// A path of DOS names (`DATA\SCORES.TXT`) as the drive's names: upper case, in code
/// page 437; None when a part is empty, `.`/`..`, or holds a character DOS refuses.
fn dos_path(name: &str) -> Option<Vec<Vec<u8>>> {
    name.split('\\')
        .map(|part| {
            let bad = |c: char| c.is_control() || "\"*+,/:;<=>?[]|".contains(c);
            if part.is_empty() || part == "." || part == ".." || part.chars().any(bad) {
                return None;
            }
            part.chars()
                .map(|c| to_cp437(c.to_ascii_uppercase()))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests;
