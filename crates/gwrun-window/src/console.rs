//! The interpreter's side of the window: `WindowConsole` is the `Console` the session
//! runs with on its own thread. It never waits for the display: a frame is a `Scene`
//! put in a shared slot (the window takes the newest and draws it when the display is
//! ready; frames the display had no time for are skipped, never queued) and a nudge to
//! the window's event loop. Keys come the other way through a queue the window fills
//! as they are struck; a paste waits there as text and is typed as the program reads,
//! as `--keys` types. Ctrl-Break (and Ctrl-C) while a program runs goes to the
//! engine's Interrupter, which the front end hands over (`WindowConsole::on_break`), as
//! SIGINT does on a terminal: it acts within a statement, and inside SHELL's command or
//! a wait; at the `Ok` prompt it is the key that abandons the line. Closing the window
//! ends the run as Ctrl-Break then SYSTEM: a Break, and from then on the keyboard
//! reports the end of input, so direct mode ends and every file is closed.

use gwrun_core::console::{Console, CursorShow};
use gwrun_core::graphics::Scene;
use gwrun_core::keyboard::Stroke;
use gwrun_core::screen::Screen;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How often a running program's screen is handed to the window: the display's rate.
const FRAME: Duration = Duration::from_millis(16);

/// What the window sends the interpreter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Input {
    Key(Stroke),
    /// Pause (or Ctrl-Num Lock): the machine waits for the next key, which is dropped.
    Pause,
    /// Text from the clipboard, in code page 437 with CR line ends.
    Paste(Vec<u8>),
}

/// What the two threads share.
pub(crate) struct Shared {
    /// The newest frame the window has not drawn yet.
    pub(crate) scene: Mutex<Option<Scene>>,
    inputs: Mutex<VecDeque<Input>>,
    arrived: Condvar,
    /// The window was closed: the keyboard has reached its end.
    pub(crate) closed: AtomicBool,
    /// The interpreter is at its `Ok` prompt (no program runs).
    at_prompt: AtomicBool,
    /// Asks the engine for a Break (the front end's Interrupter).
    on_break: Mutex<Option<BreakHook>>,
}

/// What Ctrl-Break calls while a program runs: the engine's Interrupter.
pub type BreakHook = Box<dyn Fn() + Send>;

impl Shared {
    pub(crate) fn new() -> Shared {
        Shared {
            scene: Mutex::new(None),
            inputs: Mutex::new(VecDeque::new()),
            arrived: Condvar::new(),
            closed: AtomicBool::new(false),
            at_prompt: AtomicBool::new(false),
            on_break: Mutex::new(None),
        }
    }

    /// Ctrl-Break was struck: at the `Ok` prompt the key that abandons the line; while a
    /// program runs, the engine's Interrupter (the key when the front end gave none).
    pub(crate) fn strike_break(&self) {
        if !self.at_prompt.load(Ordering::SeqCst) && self.interrupt() {
            return;
        }
        if let Some(s) = gwrun_core::keyboard::map::typed('\u{3}') {
            self.send(Input::Key(s));
        }
    }

    /// Calls the front end's Interrupter; false when it gave none.
    fn interrupt(&self) -> bool {
        match self.on_break.lock().ok().as_deref() {
            Some(Some(hook)) => {
                hook();
                self.arrived.notify_all();
                true
            }
            _ => false,
        }
    }

    /// The window has input for the interpreter.
    pub(crate) fn send(&self, input: Input) {
        if let Ok(mut q) = self.inputs.lock() {
            q.push_back(input);
        }
        self.arrived.notify_all();
    }

    /// The window was closed: a Break, then the end of input.
    pub(crate) fn close(&self) {
        if !self.closed.swap(true, Ordering::SeqCst) {
            // a statement that does not read keys (SHELL's command) hears it too
            self.interrupt();
            if let Some(s) = gwrun_core::keyboard::map::typed('\u{3}') {
                self.send(Input::Key(s));
            }
            self.arrived.notify_all();
        }
    }

    /// Returns once an input is waiting or the window was closed, or after `wait`.
    fn wait(&self, wait: Duration) {
        let Ok(q) = self.inputs.lock() else {
            return;
        };
        if q.is_empty() && !self.closed.load(Ordering::SeqCst) {
            let _ = self.arrived.wait_timeout(q, wait);
        }
    }

    /// The next input within `wait` (None when none came).
    fn next(&self, wait: Duration) -> Option<Input> {
        let mut q = self.inputs.lock().ok()?;
        if q.is_empty() && !wait.is_zero() && !self.closed.load(Ordering::SeqCst) {
            q = self.arrived.wait_timeout(q, wait).ok()?.0;
        }
        q.pop_front()
    }
}

/// Tells the window a new frame is waiting (winit's event-loop proxy, behind a closure
/// so this side does not name the window's event type).
pub(crate) type Nudge = Box<dyn Fn() + Send>;

/// Waits for the window's next input (`WindowConsole::waiter`).
pub struct KeyWaiter(Arc<Shared>);

impl KeyWaiter {
    /// Returns once a key (or a paste) is waiting or the window was closed, or after
    /// `wait` at the latest; the console hands the key to the engine.
    pub fn wait(&self, wait: Duration) {
        self.0.wait(wait);
    }
}

/// Tells the window whether the interpreter is at its `Ok` prompt.
pub struct PromptSwitch(Arc<Shared>);

impl PromptSwitch {
    pub fn set(&self, at_prompt: bool) {
        self.0.at_prompt.store(at_prompt, Ordering::SeqCst);
    }
}

/// The session's console in a window.
pub struct WindowConsole {
    shared: Arc<Shared>,
    nudge: Nudge,
    /// A paste waiting to be typed (handed to the machine by `pasted`).
    paste: Option<Vec<u8>>,
}

impl WindowConsole {
    pub(crate) fn new(shared: Arc<Shared>, nudge: Nudge) -> WindowConsole {
        WindowConsole {
            shared,
            nudge,
            paste: None,
        }
    }

    /// How the interpreter's thread waits for a key struck in the window (the front
    /// end's loop, when the engine waits for a key).
    pub fn waiter(&self) -> KeyWaiter {
        KeyWaiter(self.shared.clone())
    }

    /// Ctrl-Break while a program runs calls `hook` (the engine's Interrupter) from the
    /// window's thread.
    pub fn on_break(&self, hook: impl Fn() + Send + 'static) {
        if let Ok(mut h) = self.shared.on_break.lock() {
            *h = Some(Box::new(hook));
        }
    }

    /// How the interpreter's thread tells the window whether it is at the `Ok` prompt
    /// (where Ctrl-Break is a key, not a Break).
    pub fn prompt_switch(&self) -> PromptSwitch {
        PromptSwitch(self.shared.clone())
    }

    /// Whether the window was closed.
    pub fn closed(&self) -> bool {
        self.shared.closed.load(Ordering::SeqCst)
    }

    /// Hands a frame to the window.
    fn show(&mut self, scene: Scene) {
        if let Ok(mut slot) = self.shared.scene.lock() {
            let first = slot.is_none();
            *slot = Some(scene);
            if first {
                (self.nudge)();
            }
        }
    }
}

impl Console for WindowConsole {
    /// Nothing is written outside the screen: the window shows it all.
    fn write(&mut self, _bytes: &[u8]) {}

    fn inkey(&mut self) -> Option<u8> {
        None
    }

    fn echoes_input(&self) -> bool {
        false
    }

    fn can_take_over(&self) -> bool {
        true
    }

    fn take_over(&mut self) -> bool {
        true
    }

    fn shows_scenes(&self) -> bool {
        true
    }

    fn shows_pixels(&self) -> bool {
        true
    }

    fn present(&mut self, scene: Scene) {
        self.show(scene);
    }

    fn frame_interval(&self) -> Duration {
        FRAME
    }

    fn draw(&mut self, _screen: &Screen, _cursor: CursorShow) {}

    fn poll_key(&mut self) -> Option<Stroke> {
        loop {
            match self.shared.next(Duration::ZERO)? {
                Input::Key(s) => return Some(s),
                Input::Paste(text) => {
                    self.paste.get_or_insert_with(Vec::new).extend(text);
                    return None;
                }
                Input::Pause => {
                    // held until a key is struck (that key is dropped) or the window closes
                    while !self.closed() {
                        if let Some(Input::Key(_)) = self.shared.next(Duration::from_millis(100)) {
                            break;
                        }
                    }
                }
            }
        }
    }

    fn pasted(&mut self) -> Option<Vec<u8>> {
        self.paste.take()
    }

    fn input_ended(&self) -> bool {
        self.closed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gwrun_core::keyboard::{Key, map::typed};

    fn console() -> (
        WindowConsole,
        Arc<Shared>,
        Arc<std::sync::atomic::AtomicUsize>,
    ) {
        let shared = Arc::new(Shared::new());
        let nudges = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let n = nudges.clone();
        let c = WindowConsole::new(
            shared.clone(),
            Box::new(move || {
                n.fetch_add(1, Ordering::SeqCst);
            }),
        );
        (c, shared, nudges)
    }

    #[test]
    fn frames_replace_each_other_and_nudge_once_until_taken() {
        let (mut c, shared, nudges) = console();
        c.present(Scene::default());
        c.present(Scene::default());
        assert_eq!(nudges.load(Ordering::SeqCst), 1);
        assert!(shared.scene.lock().unwrap().take().is_some());
        c.present(Scene::default());
        assert_eq!(nudges.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn keys_pastes_and_the_pause() {
        let (mut c, shared, _) = console();
        let a = typed('a').unwrap();
        let b = typed('b').unwrap();
        shared.send(Input::Key(a));
        shared.send(Input::Paste(b"10 PRINT\r".to_vec()));
        shared.send(Input::Pause);
        shared.send(Input::Key(a));
        shared.send(Input::Key(b));
        assert_eq!(c.poll_key(), Some(a));
        assert_eq!(c.poll_key(), None);
        assert_eq!(c.pasted(), Some(b"10 PRINT\r".to_vec()));
        // the pause swallows the next key
        assert_eq!(c.poll_key(), Some(b));
        assert_eq!(c.poll_key(), None);
    }

    #[test]
    fn the_waiter_returns_when_a_key_is_waiting_or_the_window_closed() {
        let (mut c, shared, _) = console();
        let waiter = c.waiter();
        shared.send(Input::Key(typed('a').unwrap()));
        // a key is waiting: it returns at once (else the test would sit a minute)
        waiter.wait(Duration::from_secs(60));
        assert_eq!(c.poll_key().map(|s| s.key), Some(Key::Char(b'a')));
        let sender = shared.clone();
        let t = std::thread::spawn(move || sender.close());
        waiter.wait(Duration::from_secs(60));
        t.join().unwrap();
        assert!(c.input_ended());
    }

    #[test]
    fn closing_strikes_break_and_ends_the_input() {
        let (mut c, shared, _) = console();
        assert!(!c.input_ended());
        shared.close();
        shared.close();
        assert_eq!(c.poll_key().map(|s| s.key), Some(Key::Char(3)));
        assert_eq!(c.poll_key(), None);
        assert!(c.input_ended());
    }

    #[test]
    fn break_goes_to_the_interrupter_while_a_program_runs() {
        let (mut c, shared, _) = console();
        // no Interrupter handed over: the key, as GW's keyboard check reads it
        shared.strike_break();
        assert_eq!(c.poll_key().map(|s| s.key), Some(Key::Char(3)));
        let asked = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let a = asked.clone();
        c.on_break(move || {
            a.fetch_add(1, Ordering::SeqCst);
        });
        shared.strike_break();
        assert_eq!(asked.load(Ordering::SeqCst), 1);
        assert_eq!(c.poll_key(), None);
        // at the Ok prompt it is the key that abandons the line
        c.prompt_switch().set(true);
        shared.strike_break();
        assert_eq!(asked.load(Ordering::SeqCst), 1);
        assert_eq!(c.poll_key().map(|s| s.key), Some(Key::Char(3)));
        // closing asks for a Break too (a SHELL command hears it)
        shared.close();
        assert_eq!(asked.load(Ordering::SeqCst), 2);
    }
}
