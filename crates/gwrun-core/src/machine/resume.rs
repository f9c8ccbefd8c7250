//! Waiting without blocking. Where GW-BASIC waited inside a statement (INPUT's line,
//! INPUT$'s keys, a KYBD: file, line entry with the full-screen editor, music in the
//! foreground, WAIT), the machine *suspends*: it records what it waits for (`Wait`),
//! unwinds with `Halt::Wait` and leaves the program counter on the statement. When the
//! front end has given what was missing (a line, a key, or time) the statement runs
//! again from its start, and this module makes that second run go on exactly where the
//! first stopped, with nothing done twice.
//!
//! The rule. While a statement runs, the machine keeps a *journal* of it:
//!
//! - every value it takes from outside is recorded in order (`Taken`): INKEY$, TIMER,
//!   TIME$, DATE$, INP, PLAY(n), bytes read from the keyboard, a device or a file, typed
//!   lines, and the line being entered with the editor as far as it got; RND's
//!   generator is kept as it was before the statement's first draw, and put back, so
//!   the statement draws the same numbers (READ needs nothing: its DATA pointer moves
//!   when the statement ends);
//! - every visible effect it makes that a second run would repeat is counted (`effect`):
//!   a PRINT, WRITE or LPRINT item shown or written, a prompt, "?Redo from start", a
//!   soft error's message, an array DIM made, music queued.
//!
//! When the statement runs again (`replay`), the recorded values are handed back in the
//! same order instead of being taken again, and the counted effects are skipped; the
//! point where the first run stopped is reached with the machine exactly as the first
//! run left it, and from there on everything is taken and done afresh (and recorded
//! again, in case the statement waits a second time). Everything else a statement does
//! before a wait is idempotent: evaluating, finding or creating variables and arrays,
//! storing a value taken from the journal again, dropping a FOR's old stack entry. The
//! cost counters of the line are put back, when the replay catches up, to what they
//! were before it, so the report counts the statement once.
//!
//! Recording costs a comparison per value taken and per effect: the journal belongs to
//! the statement whose serial (`RunState::poll` and `poll_left`, which every statement
//! counts down) it carries,
//! and is emptied lazily when another statement records. Event traps are not taken in
//! the middle of a statement that waits (GW-BASIC takes them between statements only);
//! Ctrl-C while a statement waits is a Break at that statement, which CONT runs again
//! from its start, as GW-BASIC does.

use super::{Halt, Machine};
use crate::compile::code::Pos;
use crate::editor::LineEditor;
use crate::machine::value::Value;
use std::time::Duration;

/// What a suspended machine waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wait {
    /// A typed line (`Reply::Line`).
    Line,
    /// A key struck on the full screen (into the keyboard buffer).
    Key,
    /// A byte of the console's input (the plain stream's INPUT$ and KYBD:).
    Byte,
    /// The host's monotonic clock to reach this time.
    Sleep(Duration),
}

/// What the front end gave the machine for a `Wait`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reply {
    Line(Vec<u8>),
    Byte(u8),
    /// Ctrl-C while the line was being typed.
    Interrupt,
    /// The end of the input.
    End,
}

/// A value a statement took, handed back when it runs again.
#[derive(Debug, Clone)]
pub(crate) enum Taken {
    /// A number drawn, a value read from the outside (INKEY$, TIMER, INP, PLAY(n)), an
    /// item read from a file or DATA.
    Value(Value),
    /// A byte of the keyboard or a device, or its end.
    Byte(Option<u8>),
    /// A typed line.
    Line(Vec<u8>),
    /// A line being entered with the full-screen editor, as far as it got.
    Editing(LineEditor),
    /// Whether a typed reply came through the full-screen editor (the way the first run
    /// took is taken again).
    Editor(bool),
    /// When queued music ends (the music is not queued again).
    Time(f64),
}

/// What the machine waits for, the front end's answer, and the journal of the statement
/// that runs (see the module comment).
#[derive(Debug, Default)]
pub(crate) struct Resume {
    journal: Journal,
    /// What the machine waits for (None: it does not wait).
    wait: Option<Wait>,
    /// The statement at the program counter waits: it runs again when the machine goes
    /// on (direct mode's line entry waits without a statement).
    statement: bool,
    /// The front end's answer to the wait.
    reply: Option<Reply>,
    /// The RND generator before the first draw of statement `rnd_of` (a statement that
    /// waited draws the same numbers again from it).
    rnd_of: u64,
    rnd_before: crate::rnd::GwRnd,
}

/// The journal of the statement that runs.
#[derive(Debug, Default)]
struct Journal {
    /// The statement (its serial) the entries belong to.
    of: u64,
    entries: Vec<Taken>,
    /// Effects the statement made.
    effects: u32,
    /// Running the statement again: the next entry to hand back, the effects still to
    /// skip.
    replaying: bool,
    next: usize,
    skip: u32,
    /// The line's cost counters before the replay, put back when it catches up.
    costs: Option<(u32, Vec<u64>)>,
}

impl Journal {
    /// Makes the journal the statement `serial`'s (emptied if it was another's).
    #[inline]
    fn own(&mut self, serial: u64) {
        if self.of != serial {
            self.of = serial;
            self.entries.clear();
            self.effects = 0;
        }
    }

    /// Forgets everything (the statement ended or was abandoned).
    fn clear(&mut self) {
        self.entries.clear();
        self.effects = 0;
        self.replaying = false;
        self.next = 0;
        self.skip = 0;
        self.costs = None;
        self.of = u64::MAX;
    }
}

impl Machine {
    /// The statement serial the journal is kept by.
    #[inline(always)]
    fn serial(&self) -> u64 {
        self.run.poll | u64::from(self.run.poll_left)
    }

    /// While a statement runs again: the value it took here the first time (None when it
    /// took none: from here on it takes afresh).
    #[inline]
    pub(crate) fn replayed(&mut self) -> Option<Taken> {
        if !self.resume.journal.replaying {
            return None;
        }
        self.replayed_slow()
    }

    #[cold]
    fn replayed_slow(&mut self) -> Option<Taken> {
        if self.resume.journal.of != self.serial() {
            // another statement: the replay is long over
            self.caught_up();
            return None;
        }
        let j = &mut self.resume.journal;
        match j.entries.get(j.next) {
            Some(t) => {
                j.next += 1;
                Some(t.clone())
            }
            None => {
                self.caught_up();
                None
            }
        }
    }

    /// Records a value the statement took.
    #[inline]
    pub(crate) fn record(&mut self, t: Taken) {
        let serial = self.serial();
        self.resume.journal.own(serial);
        self.resume.journal.entries.push(t);
    }

    /// Records a value the statement may bring up to date later (`update_taken`);
    /// returns where it is kept.
    pub(crate) fn record_slot(&mut self, t: Taken) -> usize {
        self.record(t);
        self.resume.journal.entries.len() - 1
    }

    /// Where the value `replayed` handed back last is kept.
    pub(crate) fn replayed_slot(&self) -> usize {
        self.resume.journal.next.saturating_sub(1)
    }

    /// Brings a value recorded with `record_slot` up to date.
    pub(crate) fn update_taken(&mut self, slot: usize, t: Taken) {
        if let Some(e) = self.resume.journal.entries.get_mut(slot) {
            *e = t;
        }
    }

    /// A value taken from outside or from a generator: the recorded one when the
    /// statement runs again, else `take`'s, recorded.
    #[inline]
    pub(crate) fn taken_value<E>(
        &mut self,
        take: impl FnOnce(&mut Machine) -> Result<Value, E>,
    ) -> Result<Value, E> {
        if let Some(Taken::Value(v)) = self.replayed() {
            return Ok(v);
        }
        let v = take(self)?;
        self.record(Taken::Value(v.clone()));
        Ok(v)
    }

    /// A visible effect is about to be made: false when the statement made it before it
    /// waited (it is skipped), true when it is to be made now (it is counted).
    #[inline]
    pub(crate) fn effect(&mut self) -> bool {
        if self.resume.journal.replaying && self.skipped_effect() {
            return false;
        }
        let serial = self.serial();
        self.resume.journal.own(serial);
        self.resume.journal.effects += 1;
        true
    }

    /// While replaying: whether this effect was made before the wait (it is skipped).
    #[cold]
    fn skipped_effect(&mut self) -> bool {
        let serial = self.serial();
        let j = &mut self.resume.journal;
        if j.of != serial || j.skip == 0 {
            return false;
        }
        j.skip -= 1;
        true
    }

    /// RND is about to draw: the generator's state before the statement's first draw
    /// is kept, so that the statement draws the same numbers when it runs again.
    #[inline]
    pub(crate) fn rnd_drawn(&mut self) {
        let serial = self.serial();
        if self.resume.rnd_of != serial {
            self.resume.rnd_of = serial;
            self.resume.rnd_before = self.run.rnd;
        }
    }

    /// The replay reached the point where the statement waited: the line's cost
    /// counters go back to what they were before it.
    #[cold]
    pub(crate) fn caught_up(&mut self) {
        let j = &mut self.resume.journal;
        if !j.replaying {
            return;
        }
        j.replaying = false;
        j.skip = 0;
        if let Some((line, counts)) = j.costs.take() {
            self.cost.restore_line(line, &counts);
        }
    }

    /// The machine waits for `w`: it records what it waits for and unwinds. A statement
    /// that waits keeps the program counter and runs again (`statement_suspended`);
    /// direct mode's line entry asks again itself.
    #[cold]
    pub(crate) fn wait_for(&mut self, w: Wait) -> Halt {
        self.resume.wait = Some(w);
        Halt::Wait
    }

    /// The statement the program counter is on waits: its journal is kept for when it
    /// runs again.
    #[cold]
    pub(crate) fn statement_suspended(&mut self) {
        let serial = self.serial();
        let j = &mut self.resume.journal;
        j.own(serial);
        j.replaying = false;
        j.costs = None;
        self.resume.statement = true;
    }

    /// The wait is over (direct mode's line entry goes on).
    pub(crate) fn wait_over(&mut self) {
        self.resume.wait = None;
    }

    /// The statement at `at` is about to run again after its wait.
    #[cold]
    pub(crate) fn start_replay(&mut self, at: Pos) {
        self.resume.wait = None;
        self.resume.statement = false;
        let j = &mut self.resume.journal;
        j.replaying = true;
        j.next = 0;
        j.skip = j.effects;
        j.costs = Some((at.line, self.cost.line_counts(at.line)));
        if self.resume.rnd_of == self.serial() {
            self.run.rnd = self.resume.rnd_before;
        }
    }

    /// The reply the front end gave for the wait, if it gave one.
    pub(crate) fn take_reply(&mut self) -> Option<Reply> {
        self.resume.reply.take()
    }

    /// What the machine waits for, if it waits.
    pub(crate) fn waiting_for(&self) -> Option<Wait> {
        self.resume.wait
    }

    /// The front end answers the wait.
    pub(crate) fn give_reply(&mut self, r: Reply) {
        self.resume.reply = Some(r);
    }

    /// The statement at the program counter waits (it runs again when the machine goes
    /// on).
    pub(crate) fn statement_waits(&self) -> bool {
        self.resume.statement
    }

    /// The statement that waited is given up (a Break, a new program): its journal and
    /// the wait are forgotten.
    pub(crate) fn abandon_wait(&mut self) {
        self.resume.journal.clear();
        self.resume.wait = None;
        self.resume.statement = false;
        self.resume.reply = None;
    }
}
