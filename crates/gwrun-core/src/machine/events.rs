//! Event trapping, one mechanism for every source (GW-BASIC's trap table, BIMISC.ASM
//! ONTRP/OFFTRP/STPTRP/RSTTRP/REQTRP/GOTRP): `ON <event> GOSUB line` names a handler,
//! `<event> ON|OFF|STOP` switches a trap, a source *requests* its trap when its event
//! happens, and the statement loop takes a requested trap between statements, as GW's
//! NEWSTT does (digest §1.3): the handler is entered as a GOSUB whose RETURN comes back
//! to the statement that was about to run, and the trap is stopped while the handler
//! runs (events are remembered, not taken), until that RETURN.
//!
//! Each trap holds GW's three bits: ON, STOP, REQUEST. A request is recorded only while
//! the trap is ON (stopped or not); a trap is taken when it is ON, not STOPped and
//! requested, and has a handler line; never in a direct-mode statement nor while an
//! error handler runs. Traps are taken in table order (keys, COM, PEN, STRIG, PLAY,
//! TIMER). RUN, CLEAR, NEW, LOAD and CHAIN reset every trap.
//!
//! Sources: TIMER is polled from the interpreter's clock here. The others plug in
//! without touching the dispatch: a device calls `Machine::request_event(Source::...)`
//! when its event happens (the keyboard for KEY(n), the music queue for PLAY(n), a
//! serial port for COM(n), the light pen, the joystick buttons), or, if it has to be
//! sampled, adds its arm to `poll_sources` and says so in `Events::needs_polling`.
//!
//! Cost on the statement loop: one flag (`Events::watch`) tested per statement; it is
//! set only while a trap is requested or a polled source is armed.

use super::{Frame, Machine, Res};
use crate::compile::code::{Compiled, DIRECT, Pos};
use crate::error::ErrorCode;
use crate::machine::clock::TICKS_PER_DAY;
use crate::syntax::ast::{EventKind, EventSwitch};
use crate::syntax::ast::{EventState, OnEvent};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Stack room a GOSUB entry needs (as GOSUB: GW's GETSTK before the push).
const NEED_GOSUB: usize = 232;

/// One event source: which trap of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// KEY(1..=20).
    Key(u8),
    /// COM(1..=2).
    Com(u8),
    Pen,
    /// STRIG(0|2|4|6), stored as 0..=3.
    Strig(u8),
    Play,
    Timer,
}

const KEYS: usize = 20;
/// COM1: and COM2: (GW's NMCOMT).
const COM_PORTS: u8 = 2;
const SLOT_COM: usize = KEYS;
const SLOT_PEN: usize = SLOT_COM + COM_PORTS as usize;
const SLOT_STRIG: usize = SLOT_PEN + 1;
const SLOT_PLAY: usize = SLOT_STRIG + 4;
const SLOT_TIMER: usize = SLOT_PLAY + 1;
/// Traps in the table.
const SLOTS: usize = SLOT_TIMER + 1;

impl Source {
    /// The trap's place in the table (the order traps are taken in).
    fn slot(self) -> usize {
        match self {
            Source::Key(n) => usize::from(n.clamp(1, KEYS as u8)) - 1,
            Source::Com(n) => SLOT_COM + usize::from(n.clamp(1, COM_PORTS)) - 1,
            Source::Pen => SLOT_PEN,
            Source::Strig(n) => SLOT_STRIG + usize::from(n.min(3)),
            Source::Play => SLOT_PLAY,
            Source::Timer => SLOT_TIMER,
        }
    }

    /// The source an event statement names, from its number operand (None when the
    /// number is out of range: Illegal function call).
    pub fn of(kind: EventKind, n: Option<i32>) -> Option<Source> {
        match kind {
            EventKind::Key => {
                let n = n?;
                (1..=KEYS as i32)
                    .contains(&n)
                    .then_some(Source::Key(n as u8))
            }
            EventKind::Com => {
                let n = n?;
                (1..=i32::from(COM_PORTS))
                    .contains(&n)
                    .then_some(Source::Com(n as u8))
            }
            EventKind::Pen => Some(Source::Pen),
            EventKind::Strig => match n? {
                n @ (0 | 2 | 4 | 6) => Some(Source::Strig((n / 2) as u8)),
                _ => None,
            },
            // ON PLAY(n): a queue of 1 to 32 notes (the GW-BASIC manual, ON PLAY)
            EventKind::Play => match n {
                None | Some(1..=32) => Some(Source::Play),
                Some(_) => None,
            },
            EventKind::Timer => Some(Source::Timer),
        }
    }
}

const T_ON: u8 = 1;
const T_STOP: u8 = 2;
const T_REQ: u8 = 4;

/// One trap: GW's flag bits and the handler's line index.
#[derive(Debug, Clone, Copy, Default)]
struct Trap {
    flags: u8,
    handler: Option<u32>,
}

/// The trap table and the state of the polled sources.
#[derive(Debug, Clone)]
pub struct Events {
    traps: [Trap; SLOTS],
    /// Set while a trap may be taken or a source must be polled; when it is set the
    /// statement loop's flag is raised too (`Config::attention`).
    pub(crate) watch: bool,
    attention: Arc<AtomicBool>,
    /// ON TIMER(n): the interval in ticks (0: none set) and the tick count of the next
    /// event on the clock's monotonic count.
    timer_interval: u64,
    timer_next: u64,
    /// ON PLAY(n): the queue length whose crossing requests the trap (for the sound
    /// engine's source).
    pub play_threshold: u8,
}

impl Default for Events {
    fn default() -> Self {
        Events::new(Arc::default())
    }
}

impl Events {
    /// No trap on; `attention` is the statement loop's flag.
    pub(crate) fn new(attention: Arc<AtomicBool>) -> Events {
        Events {
            traps: [Trap::default(); SLOTS],
            watch: false,
            attention,
            timer_interval: 0,
            timer_next: 0,
            play_threshold: 0,
        }
    }

    /// Every trap off, no handlers (GW's INITRP, on RUN, CLEAR, NEW, LOAD, CHAIN).
    pub fn reset(&mut self) {
        *self = Events::new(self.attention.clone());
    }

    /// Whether a source's trap is switched on (stopped or not): its device should
    /// report events.
    pub fn is_on(&self, s: Source) -> bool {
        self.traps[s.slot()].flags & T_ON != 0
    }

    /// A source must be sampled by `poll_sources` (the timer, while its trap is on).
    fn needs_polling(&self) -> bool {
        self.timer_armed() || self.traps[SLOT_PLAY].flags & T_ON != 0
    }

    /// ON TIMER has an interval and its trap is on.
    fn timer_armed(&self) -> bool {
        self.timer_interval > 0 && self.traps[SLOT_TIMER].flags & T_ON != 0
    }

    /// Some trap is on, not stopped and requested.
    fn takeable(&self) -> bool {
        self.traps.iter().any(|t| t.flags == T_ON | T_REQ)
    }

    fn update_watch(&mut self) {
        self.watch = self.takeable() || self.needs_polling();
        if self.watch {
            self.attention.store(true, Ordering::SeqCst);
        }
    }

    /// An event happened (REQTRP): remembered if the trap is on.
    pub fn request(&mut self, s: Source) {
        let t = &mut self.traps[s.slot()];
        if t.flags & T_ON != 0 {
            t.flags |= T_REQ;
            self.update_watch();
        }
    }

    /// `<event> ON|OFF|STOP`.
    pub fn switch(&mut self, s: Source, sw: EventSwitch) {
        let t = &mut self.traps[s.slot()];
        t.flags = match sw {
            // ONTRP: the request survives, STOP goes
            EventSwitch::On => (t.flags & T_REQ) | T_ON,
            // OFFTRP: everything goes, the request too
            EventSwitch::Off => 0,
            // STPTRP: requests are kept but not taken
            EventSwitch::Stop => t.flags | T_STOP,
        };
        self.update_watch();
    }

    /// `ON <event> GOSUB line` (line 0: no handler; the trap stays as it is).
    pub fn set_handler(&mut self, s: Source, line: Option<u32>) {
        self.traps[s.slot()].handler = line;
        self.update_watch();
    }

    /// The first trap to take (GOTRP): on, not stopped, requested, with a handler. Its
    /// request is freed and it is stopped (FRETRP, STPTRP).
    fn take(&mut self) -> Option<(usize, u32)> {
        let (slot, line) =
            self.traps.iter().enumerate().find_map(|(i, t)| {
                (t.flags == T_ON | T_REQ).then_some(t.handler.map(|h| (i, h)))?
            })?;
        self.traps[slot].flags = (self.traps[slot].flags & !T_REQ) | T_STOP;
        self.update_watch();
        Some((slot, line))
    }

    /// RETURN from a handler (RSTTRP): a trap still on is no longer stopped, and a
    /// request remembered meanwhile is taken at the next statement.
    fn returned(&mut self, slot: usize) {
        let t = &mut self.traps[slot];
        if t.flags & T_ON != 0 {
            t.flags &= T_ON | T_REQ;
            self.update_watch();
        }
    }
}

impl Machine {
    /// The statement loop found `Events::watch` set before the statement at `at`:
    /// samples the polled sources, then takes a trap if one is due. Returns whether
    /// execution moved to a handler.
    #[cold]
    #[inline(never)]
    pub(crate) fn event_boundary(&mut self, at: Pos) -> Res<bool> {
        self.poll_sources();
        // GOTRP: never from a direct statement, never inside an error handler
        if at.line == DIRECT || self.run.trap.active || !self.run.events.watch {
            return Ok(false);
        }
        let Some((slot, line)) = self.run.events.take() else {
            return Ok(false);
        };
        self.push_frame(
            Frame::Gosub {
                ret: at,
                event: Some(slot as u8),
            },
            NEED_GOSUB,
        )?;
        self.enter_line(line);
        Ok(true)
    }

    /// Samples the sources that are not driven by a device: the timer.
    fn poll_sources(&mut self) {
        let ev = &mut self.run.events;
        if ev.timer_armed() {
            let now = self.io.clock.monotonic_ticks();
            if now >= ev.timer_next {
                let behind = (now - ev.timer_next) / ev.timer_interval;
                ev.timer_next += (behind + 1) * ev.timer_interval;
                ev.request(Source::Timer);
            }
        }
        // the music queue (machine/sound.rs): the notes waiting dropped below ON PLAY(n)
        if self.run.events.is_on(Source::Play) {
            let threshold = i16::from(self.run.events.play_threshold);
            if self.play_event_due(threshold) {
                self.run.events.request(Source::Play);
            }
        }
    }

    /// A device reports its event (KEY, PLAY, COM, PEN, STRIG sources).
    pub fn request_event(&mut self, s: Source) {
        self.run.events.request(s);
    }

    /// The event state, for devices that ask whether their trap is on.
    pub fn events(&self) -> &Events {
        &self.run.events
    }

    /// A GOSUB entry of an event handler was returned through.
    pub(crate) fn event_returned(&mut self, slot: u8) {
        self.run.events.returned(usize::from(slot));
    }

    /// `ON <event>[(n)] GOSUB line`: the number is converted and checked first, then the
    /// text after it (its fault), then the line is looked for; line 0 removes the
    /// handler.
    pub(super) fn exec_on_event(&mut self, s: &OnEvent<Compiled>, _at: Pos) -> Res<()> {
        let OnEvent {
            kind,
            arg,
            line,
            fault,
        } = s;
        let (kind, arg, line) = (*kind, arg.as_ref(), *line);
        let n = match arg {
            Some(e) if kind == EventKind::Timer => {
                // seconds, 1..86400
                let v = crate::machine::value::to_double(self.eval_num(e)?).to_f64();
                if !(v > 0.0 && v <= 86_400.0) {
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                Some(v.round().max(1.0) as i32)
            }
            Some(e) => Some(i32::from(self.eval_int(e)?)),
            None => None,
        };
        // the event's number is checked before its line is looked for [S GWSTS.ASM
        // ONFUN]
        let Some(source) = Source::of(kind, n) else {
            return Err(ErrorCode::IllegalFunctionCall.into());
        };
        if let Some(f) = fault {
            return self.raise_fault(f);
        }
        let handler = if line == 0 {
            None
        } else {
            Some(self.search_line(line, 0)?)
        };
        match source {
            Source::Timer => {
                let secs = u64::try_from(n.unwrap_or(1)).unwrap_or(1);
                // whole ticks: 18.2065 a second
                let ticks = (secs * 1_193_182 + 32_768) / 65_536;
                let ev = &mut self.run.events;
                ev.timer_interval = ticks.clamp(1, u64::from(TICKS_PER_DAY));
                ev.timer_next = self.io.clock.monotonic_ticks() + ev.timer_interval;
            }
            Source::Play => {
                self.run.events.play_threshold = n.unwrap_or(1).clamp(1, 32) as u8;
            }
            _ => {}
        }
        self.run.events.set_handler(source, handler);
        Ok(())
    }

    /// `<event>[(n)] ON|OFF|STOP`.
    pub(super) fn exec_event_switch(&mut self, s: &EventState<Compiled>, _at: Pos) -> Res<()> {
        let EventState {
            kind,
            arg,
            switch: sw,
        } = s;
        let (kind, arg, sw) = (*kind, arg.as_ref(), *sw);
        let n = match arg {
            Some(e) => Some(i32::from(self.eval_int(e)?)),
            None => None,
        };
        // COM(0) switches every port: the class's 0 is all of it (GWSTS.ASM SEVSTT,
        // SEVALL); ON COM(0) GOSUB names no port (ONFUN) [M unsorted/COM]
        if kind == EventKind::Com && n == Some(0) {
            for p in 1..=COM_PORTS {
                self.run.events.switch(Source::Com(p), sw);
            }
            return Ok(());
        }
        // STRIG(n) ON|OFF|STOP halves n with a rotate and compares it signed: an odd n
        // 1..255 becomes negative and passes, switching no trigger gwrun models; an even
        // n of 8 or more is refused [S GWSTS.ASM SEVSTT: ROR AL,1, JGE FCERR1] (ON
        // STRIG(n) compares unsigned and refuses odd n: ONFUN)
        if kind == EventKind::Strig && n.is_some_and(|k| (1..=255).contains(&k) && k % 2 == 1) {
            return Ok(());
        }
        let Some(source) = Source::of(kind, n) else {
            return Err(ErrorCode::IllegalFunctionCall.into());
        };
        if source == Source::Timer && sw == EventSwitch::On && !self.run.events.is_on(source) {
            // the interval kept counting while the trap was off: events then were lost
            let now = self.io.clock.monotonic_ticks();
            let ev = &mut self.run.events;
            if ev.timer_interval > 0 && now >= ev.timer_next {
                let behind = (now - ev.timer_next) / ev.timer_interval;
                ev.timer_next += (behind + 1) * ev.timer_interval;
            }
        }
        self.run.events.switch(source, sw);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_only_while_on_and_taken_only_when_not_stopped() {
        let mut e = Events::default();
        e.set_handler(Source::Timer, Some(3));
        e.request(Source::Timer);
        assert!(!e.watch, "off: the event is lost");
        e.switch(Source::Timer, EventSwitch::Stop);
        e.request(Source::Timer);
        assert!(!e.takeable(), "STOP without ON: nothing remembered");
        e.switch(Source::Timer, EventSwitch::On);
        e.switch(Source::Timer, EventSwitch::Stop);
        e.request(Source::Timer);
        assert!(!e.takeable(), "on and stopped: remembered, not taken");
        e.switch(Source::Timer, EventSwitch::On);
        assert!(e.takeable(), "on again: the remembered event is taken");
        assert_eq!(e.take(), Some((SLOT_TIMER, 3)));
        // in the handler: stopped; a new event is remembered
        e.request(Source::Timer);
        assert!(!e.takeable());
        e.returned(SLOT_TIMER);
        assert!(
            e.takeable(),
            "RETURN: the event remembered in the handler is taken"
        );
        e.switch(Source::Timer, EventSwitch::Off);
        assert!(!e.takeable() && !e.watch);
    }

    #[test]
    fn a_trap_without_handler_is_skipped_and_order_is_the_table() {
        let mut e = Events::default();
        for s in [Source::Timer, Source::Key(3), Source::Play] {
            e.switch(s, EventSwitch::On);
            e.request(s);
        }
        e.set_handler(Source::Timer, Some(9));
        e.set_handler(Source::Play, Some(8));
        // KEY(3) is requested but has no handler (ON KEY(3) GOSUB 0)
        assert_eq!(e.take().map(|t| t.1), Some(8));
        assert_eq!(e.take().map(|t| t.1), Some(9));
        assert_eq!(e.take(), None);
        assert!(e.watch, "the unhandled request stays");
    }

    /// A console on a terminal that strikes the given keys, one each time the machine
    /// looks at the keyboard (a poll that finds a key is followed by one that finds none).
    struct Striking(std::collections::VecDeque<crate::keyboard::Stroke>, bool);

    impl crate::console::Console for Striking {
        fn write(&mut self, _: &[u8]) {}
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
        fn poll_key(&mut self) -> Option<crate::keyboard::Stroke> {
            self.1 = !self.1;
            if self.1 { self.0.pop_front() } else { None }
        }
    }

    /// Runs `program` while `keys` are struck (one at each INKEY$) and gives the
    /// session to read its variables from.
    fn run_striking(program: &str, keys: &[(PcKey, Mods)]) -> crate::session::Session {
        use crate::keyboard::map::{Struck, strike};
        let strokes = keys
            .iter()
            .filter_map(|&(k, m)| match strike(k, m, None) {
                Some(Struck::Key(s)) => Some(s),
                _ => None,
            })
            .collect();
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut s = crate::session::Session::new(Box::new(Striking(strokes, false)), flag);
        s.load_source(program.as_bytes()).unwrap();
        s.run_program();
        s
    }

    use crate::keyboard::{Mods, PcKey};

    const PLAIN: Mods = Mods {
        shift: false,
        ctrl: false,
        alt: false,
        num_lock: false,
        caps_lock: false,
    };

    /// Counts the keys INKEY$ sees: x in X, R in R (F2's text is RUN), L in L (F1's
    /// text is LIST); the handlers count into N (KEY 1), U (KEY 11, Up), C (KEY 15).
    const KEY_PROGRAM: &str = "10 CLS: ON KEY(1) GOSUB 100: ON KEY(11) GOSUB 110\n\
        15 ON KEY(15) GOSUB 120: KEY 15, CHR$(4)+CHR$(&H1E)\n\
        16 KEY(1) ON: KEY(11) ON: KEY(15) ON\n\
        20 A$=INKEY$: X=X-(A$=\"x\"): R=R-(A$=\"R\"): L=L-(A$=\"L\")\n\
        30 I=I+1: IF I<40 THEN 20\n\
        40 END\n\
        100 N=N+1: RETURN\n\
        110 U=U+1: RETURN\n\
        120 C=C+1: RETURN\n";

    #[test]
    fn struck_keys_whose_trap_is_on_fire_their_handlers_instead_of_entering_the_buffer() {
        let ctrl = Mods {
            ctrl: true,
            ..PLAIN
        };
        let s = run_striking(
            KEY_PROGRAM,
            &[
                (PcKey::F(1), PLAIN),
                (PcKey::Legend('x'), PLAIN),
                (PcKey::Up, PLAIN),
                (PcKey::F(2), PLAIN),
                (PcKey::Legend('a'), ctrl),
                // Ctrl-A with Shift is another shift state: not KEY 15's, so a key (1)
                (
                    PcKey::Legend('a'),
                    Mods {
                        shift: true,
                        ..ctrl
                    },
                ),
                (PcKey::F(1), PLAIN),
            ],
        );
        let v = |n: &str| s.scalar_f64(n).unwrap_or(f64::NAN);
        assert_eq!((v("N"), v("U"), v("C")), (2.0, 1.0, 1.0));
        assert_eq!((v("X"), v("R"), v("L")), (1.0, 1.0, 0.0));
    }

    #[test]
    fn a_stopped_key_is_remembered_and_an_off_key_is_typed() {
        let program = "10 CLS: ON KEY(1) GOSUB 100: KEY(1) STOP: KEY(1) ON: KEY(1) STOP\n\
            20 A$=INKEY$: L=L-(A$=\"L\"): I=I+1: IF I<10 THEN 20\n\
            30 M=N: KEY(1) ON\n\
            40 A$=INKEY$: L=L-(A$=\"L\"): KEY(1) OFF: I=I+1: IF I<30 THEN 40\n\
            50 END\n\
            100 N=N+1: RETURN\n";
        // F1 while stopped (held), F1 twice more: the second after KEY(1) OFF is typed
        let keys = [(PcKey::F(1), PLAIN); 1];
        let s = run_striking(program, &keys);
        let v = |n: &str| s.scalar_f64(n).unwrap_or(f64::NAN);
        assert_eq!((v("M"), v("N"), v("L")), (0.0, 1.0, 0.0));
        // with KEY(1) OFF from the start, F1 types its text
        let s = run_striking(
            "10 CLS: ON KEY(1) GOSUB 100: KEY(0) ON: KEY(0) OFF\n\
             20 A$=INKEY$: L=L-(A$=\"L\"): I=I+1: IF I<10 THEN 20\n\
             30 END\n100 N=N+1: RETURN\n",
            &keys,
        );
        assert_eq!(s.scalar_f64("L"), Some(1.0));
        assert_eq!(s.scalar_f64("N"), Some(0.0));
    }

    #[test]
    fn key_switch_numbers_follow_the_model() {
        // unsorted/ONKEY: ON KEY(n) with -1, 3, 0, 256
        let Some(log) = crate::screen::testkit::model("unsorted/ONKEY", "OUTPUT.TXT") else {
            return;
        };
        let errors = crate::screen::testkit::error_lines(&log);
        for (line, n) in [(45, -1), (46, 3), (47, 0), (48, 256)] {
            let got = Source::of(EventKind::Key, Some(n)).map_or(Some(5), |_| None);
            let want = errors.iter().find(|(_, l)| *l == line).map(|e| e.0);
            assert_eq!(got, want, "line {line}");
        }
    }

    #[test]
    fn sources_of_statement_numbers() {
        assert_eq!(Source::of(EventKind::Key, Some(20)), Some(Source::Key(20)));
        assert_eq!(Source::of(EventKind::Key, Some(0)), None);
        assert_eq!(
            Source::of(EventKind::Strig, Some(6)),
            Some(Source::Strig(3))
        );
        assert_eq!(Source::of(EventKind::Strig, Some(1)), None);
        assert_eq!(Source::of(EventKind::Com, Some(3)), None);
        assert_eq!(Source::of(EventKind::Pen, None), Some(Source::Pen));
    }
}
