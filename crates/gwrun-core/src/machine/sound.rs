//! The speaker as the interpreter drives it: BEEP, SOUND, PLAY and PLAY(n) on the
//! `sound::Sound` engine, the machine's sound clock, and the WAV file `--sound` asks for.
//!
//! The clock: unless sound is played live, waiting for the music costs no real time. The
//! sound clock is the host's monotonic time since start plus a skew; a statement that
//! must wait for the queue (PLAY and SOUND in music foreground, a full queue) moves the
//! skew forward instead of waiting (played live, it waits: a `Wait::Sleep` until the
//! host's clock reaches the music's end, machine::resume), and so does PLAY(n) when a
//! program reads it again with nothing queued since and finds notes waiting (a program
//! polling the queue is waiting for it: the clock jumps to the end of the entry playing;
//! a single read after a PLAY takes no time, `Sound::polled`). The interpreter's clock (TIMER, TIME$, the timer events) moves by the
//! same amounts, so a program timing its music sees GW's durations. The WAV file records
//! every tone at its time on that clock.
//!
//! ON PLAY(n) is the event mechanism's (machine/events.rs): while the PLAY trap is on it
//! polls `Machine::play_event_due`, true when the queue dropped below the threshold.

use super::macrovars::MacroMachine;
use super::resume::{Taken, Wait};
use super::{Machine, Res};
use crate::compile::code::{CExpr, Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::value::{self, Value};
use crate::num::Single;
use crate::sound::Sound;
use crate::syntax::ast::{self, Play};
use std::rc::Rc;
use std::time::Duration;

/// Sample rate of the `--sound` WAV file.
pub const WAV_RATE: u32 = 44_100;

/// The speaker and its clock.
pub(crate) struct Speaker {
    pub(crate) engine: Sound,
    /// The host's time, and its monotonic reading at the sound clock's zero.
    clock: Rc<dyn crate::host::Clock>,
    origin: Duration,
    /// Seconds the sound clock is ahead of the host's.
    skew: f64,
    /// The live player (`--live-sound`): real time passes while music plays.
    live: Option<Box<dyn crate::sound::LivePlayer>>,
}

impl Speaker {
    /// A speaker whose sound clock starts now on the host's time.
    pub(crate) fn new(clock: Rc<dyn crate::host::Clock>) -> Speaker {
        Speaker {
            engine: Sound::new(),
            origin: clock.monotonic(),
            clock,
            skew: 0.0,
            live: None,
        }
    }

    /// Runs the sound clock on another host clock, from zero.
    pub(crate) fn set_clock(&mut self, clock: Rc<dyn crate::host::Clock>) {
        self.origin = clock.monotonic();
        self.clock = clock;
        self.skew = 0.0;
    }
}

impl std::fmt::Debug for Speaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Speaker").field("skew", &self.skew).finish()
    }
}

impl Speaker {
    /// The sound clock, seconds.
    pub(crate) fn now(&self) -> f64 {
        self.clock
            .monotonic()
            .saturating_sub(self.origin)
            .as_secs_f64()
            + self.skew
    }

    /// Waits until `t` on the sound clock (by moving the clock); returns the seconds
    /// skipped.
    fn wait_until(&mut self, t: f64) -> f64 {
        let now = self.now();
        if t > now && t.is_finite() {
            self.skew += t - now;
            t - now
        } else {
            0.0
        }
    }

    /// Whether sound is played live (waiting for it takes real time).
    fn is_live(&self) -> bool {
        self.live.is_some()
    }

    /// Hands the live player what is still to play after a change of the queue.
    pub(crate) fn publish(&self) {
        if let Some(l) = &self.live {
            l.update(self.engine.to_come(self.now()));
        }
    }
}

impl Machine {
    /// BEEP: the console's bell, and 800 Hz for a quarter second on the speaker.
    pub(super) fn speaker_beep(&mut self) -> Res<()> {
        self.queue_sound(|m| {
            let sp = &mut m.io.speaker;
            let now = sp.now();
            Ok(sp.engine.beep(now))
        })
    }

    /// A statement queues sound (`queue` returns when the statement may go on, on the
    /// sound clock) and waits for it. Queued once: a statement that waited runs again
    /// without queueing it again (machine::resume).
    fn queue_sound(&mut self, queue: impl FnOnce(&mut Machine) -> Res<f64>) -> Res<()> {
        let t = match self.replayed() {
            Some(Taken::Time(t)) => t,
            _ => {
                let t = queue(self)?;
                self.record(Taken::Time(t));
                t
            }
        };
        self.speaker_wait(t)
    }

    /// A statement that queued sound waits until `t` on the sound clock: played live,
    /// real time passes (the statement waits until the host's clock gets there; a
    /// Break stops the music and the program); otherwise the clocks move on at once.
    fn speaker_wait(&mut self, t: f64) -> Res<()> {
        self.io.speaker.publish();
        if !self.io.speaker.is_live() {
            let skipped = self.io.speaker.wait_until(t);
            self.io.clock.skip(skipped);
            return Ok(());
        }
        let left = t - self.io.speaker.now();
        if left <= 0.0 || !left.is_finite() {
            return Ok(());
        }
        if let Some(h) = self.interrupted() {
            self.stop_music();
            return Err(h);
        }
        let until = self.io.clock.monotonic() + Duration::from_secs_f64(left.min(86_400.0));
        Err(self.wait_for(Wait::Sleep(until)))
    }

    /// Stops what plays and empties the queue (Ctrl-C at a wait for the music).
    pub fn stop_music(&mut self) {
        let sp = &mut self.io.speaker;
        let now = sp.now();
        sp.engine.stop(now);
        sp.publish();
    }

    /// SOUND freq, duration: the frequency is converted to an integer, the duration to a
    /// single, then text after them is a Syntax error, then the engine checks the ranges.
    #[inline(never)]
    pub(super) fn exec_sound(&mut self, s: &ast::Sound<Compiled>, _at: Pos) -> Res<()> {
        let ast::Sound {
            freq,
            duration,
            junk,
        } = s;
        let junk = *junk;
        let f = self.eval_int(freq)?;
        let d = value::to_single(self.eval_num(duration)?).map_err(|_| ErrorCode::Overflow)?;
        if junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        self.sound_at(f, d)
    }

    fn sound_at(&mut self, f: i16, d: Single) -> Res<()> {
        self.queue_sound(|m| {
            let sp = &mut m.io.speaker;
            let now = sp.now();
            Ok(sp.engine.sound(now, f, d)?)
        })
    }

    /// PLAY string.
    #[inline(never)]
    pub(super) fn exec_play(&mut self, s: &Play<Compiled>, _at: Pos) -> Res<()> {
        let mml = &s.mml;
        let text = self.eval_str(mml)?;
        if s.junk {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        // the string is freed before its commands run [S MACLNG.ASM MCLNEW: FRESTR]
        self.str_freed(&text);
        self.queue_sound(|m| {
            let now = m.io.speaker.now();
            // the engine is lent out while the scanner reads the program's variables
            let mut engine = std::mem::take(&mut m.io.speaker.engine);
            let r = engine.play(now, &text, &mut MacroMachine(m));
            m.io.speaker.engine = engine;
            Ok(r?)
        })
    }

    /// PLAY(n): the notes waiting behind the one playing. A program that reads it again
    /// with nothing queued since and finds some is waiting for the queue: the sound clock
    /// moves to the end of the entry playing.
    pub(super) fn fn_play(&mut self, n: &CExpr) -> Res<Value> {
        let n = self.eval_int(n)?;
        // a taken value: read once when a statement that waited runs again
        self.taken_value(|m| {
            let sp = &mut m.io.speaker;
            let now = sp.now();
            let count = sp.engine.play_count(now, n)?;
            let polled = sp.engine.polled();
            if count > 0
                && polled
                && !sp.is_live()
                && let Some(t) = sp.engine.current_end(now)
            {
                let skipped = sp.wait_until(t);
                m.io.clock.skip(skipped);
            }
            Ok(Value::Int(count))
        })
    }

    /// ON PLAY(n)'s source: whether the notes waiting dropped below `threshold` since
    /// the last poll (the event mechanism requests `Source::Play` when it is true).
    pub fn play_event_due(&mut self, threshold: i16) -> bool {
        let sp = &mut self.io.speaker;
        let now = sp.now();
        sp.engine.play_event(now, threshold)
    }

    /// RUN, CLEAR, NEW: music foreground and PLAY's defaults again.
    pub(crate) fn reset_speaker(&mut self) {
        self.io.speaker.engine.reset();
    }

    /// Everything the speaker plays from now on goes to `out` as a 16-bit mono WAV file
    /// at `WAV_RATE`, as it is played (`--sound`).
    pub fn record_sound(&mut self, out: Box<dyn crate::sound::Recording>) {
        self.io.speaker.engine.record_to(out, WAV_RATE);
    }

    /// At the end of the session: the recording is finished with the music still
    /// queued (None without a recording).
    pub fn finish_sound_recording(
        &mut self,
    ) -> Option<std::io::Result<crate::sound::RecordingEnd>> {
        self.io.speaker.engine.finish_recording()
    }

    /// When the music still queued ends, on the host's monotonic clock, if it is played
    /// live: at the end of a session the front end lets it be heard out (Ctrl-C cuts it
    /// short: `stop_music`).
    pub fn music_end(&self) -> Option<Duration> {
        let sp = &self.io.speaker;
        if !sp.is_live() {
            return None;
        }
        let now = sp.now();
        let left = sp.engine.drained_at(now) - now;
        (left > 0.0 && left.is_finite())
            .then(|| self.io.clock.monotonic() + Duration::from_secs_f64(left.min(86_400.0)))
    }

    /// Plays sound live from now on through `open`, which is given the sound clock's
    /// zero (a reading of the host's monotonic clock); the error says why it cannot (no device, a build without live sound).
    pub fn set_live_sound(
        &mut self,
        open: impl FnOnce(Duration) -> Result<Box<dyn crate::sound::LivePlayer>, String>,
    ) -> Result<(), String> {
        let sp = &mut self.io.speaker;
        sp.live = Some(open(sp.origin)?);
        Ok(())
    }
}
