//! GW-BASIC's speaker: BEEP, SOUND, PLAY's music macro language, the music queue behind
//! PLAY(n), ON PLAY(n) and background music (MB), and a recording of everything played
//! streamed to a WAV file (`wav`). The engine keeps no clock of its own: every call
//! takes the machine's time `now` in seconds, and the statements return the time at
//! which the program may continue (the interpreter sleeps until then, or advances a
//! virtual clock), so the same code serves real playback, `--sound=FILE.wav` and tests.
//!
//! The queue holds tones and the silent gaps that end non-legato notes; it has room for
//! 32 entries behind the one playing. A statement that fills it waits until there is
//! room; in music foreground (MF, the default) PLAY and SOUND also wait until their last
//! entry has started.

mod play;
mod wav;
pub use wav::{
    HEADER_LEN, MAX_SECONDS, MemoryRecording, Recording, RecordingEnd, WavStream, render_wav,
    square_high,
};

use crate::error::ErrorCode;
use crate::mml::MacroVars;
use crate::num::Single;
use std::collections::VecDeque;

type Res<T> = Result<T, ErrorCode>;
const IFC: ErrorCode = ErrorCode::IllegalFunctionCall;

/// Entries the queue holds behind the one playing.
pub const QUEUE_LENGTH: usize = 32;
/// The PC's timer ticks per second: SOUND durations count these.
pub const TICKS_PER_SECOND: f64 = 1_193_180.0 / 65_536.0;

/// A live player of the speaker (`--live-sound`): handed the tones still to come each
/// time the queue changes.
pub trait LivePlayer {
    fn update(&self, tones: Vec<Tone>);
}

/// Something the speaker plays: a tone (`freq` > 0) or silence, from `start` for `secs`
/// seconds (`secs` infinite for a tone that lasts until the next sound).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tone {
    pub start: f64,
    pub secs: f64,
    pub freq: f64,
    /// Counts as a note for PLAY(n) (gaps do not).
    pub note: bool,
}

impl Tone {
    fn end(&self) -> f64 {
        self.start + self.secs
    }
}

/// The state PLAY strings change (kept from one PLAY to the next).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayState {
    /// Current octave, 0..=6.
    pub octave: u8,
    /// Default note length as a fraction of a whole note.
    pub length: f64,
    /// Seconds per whole note (240 / T).
    pub whole: f64,
    /// Part of a note's length that sounds: 7/8 normal, 1 legato, 3/4 staccato.
    pub fill: f64,
}

impl Default for PlayState {
    fn default() -> Self {
        PlayState {
            octave: 4,
            length: 0.25,
            whole: 2.0,
            fill: 7.0 / 8.0,
        }
    }
}

/// The speaker and its music queue.
pub struct Sound {
    queue: VecDeque<Tone>,
    /// What was played and is not yet done with: tones still sounding or to come, and
    /// the last one that ended before them (for a live player); with a recording, the
    /// tones whose samples are not all written yet.
    recorded: Vec<Tone>,
    /// The WAV file the recording streams to (`--sound`).
    wav: Option<WavStream>,
    /// The latest end of the tones dropped from `recorded`.
    dropped_end: f64,
    state: PlayState,
    /// Music foreground (MF) or background (MB).
    foreground: bool,
    /// PLAY(n) when ON PLAY was last polled, to see the count drop.
    last_count: i16,
    /// Counts the program's changes to the queue (an entry queued, the queue emptied).
    changes: u64,
    /// `changes` when PLAY(n) was last read.
    read_at: Option<u64>,
}

impl Default for Sound {
    fn default() -> Self {
        Sound::new()
    }
}

impl Sound {
    pub fn new() -> Sound {
        Sound {
            queue: VecDeque::new(),
            recorded: Vec::new(),
            wav: None,
            dropped_end: 0.0,
            state: PlayState::default(),
            foreground: true,
            last_count: 0,
            changes: 0,
            read_at: None,
        }
    }

    /// Forgets finished entries.
    fn expire(&mut self, now: f64) {
        while self.queue.front().is_some_and(|t| t.end() <= now) {
            self.queue.pop_front();
        }
    }

    /// Appends a tone (or gap) after what is queued.
    fn emit(&mut self, now: f64, secs: f64, freq: f64, note: bool) {
        self.changes += 1;
        self.expire(now);
        if self.queue.back().is_some_and(|t| t.secs.is_infinite()) {
            self.cut(now);
        }
        let start = self.queue.back().map_or(now, |t| t.end().max(now));
        let tone = Tone {
            start,
            secs,
            freq,
            note,
        };
        self.queue.push_back(tone);
        self.recorded.push(tone);
        self.settle(now);
    }

    /// What has been played by `now` is final: its samples go to the recording, and the
    /// tones done with leave `recorded` (all but the last of them), so memory stays
    /// bounded by the queue whatever the length of the music.
    fn settle(&mut self, now: f64) {
        let tones = &self.recorded;
        let done = match &mut self.wav {
            Some(wav) => {
                // nothing after `now` is final, nor after the last tone's end (silence
                // after it is recorded only if another tone follows)
                let known = (0..tones.len())
                    .map(|i| wav::end_of(tones, i))
                    .fold(self.dropped_end, f64::max);
                wav.render(tones, now.min(known));
                (0..tones.len())
                    .take_while(|&i| tones[i].secs.is_finite() && wav.done_with(tones, i))
                    .count()
            }
            None => tones
                .iter()
                .take_while(|t| t.secs.is_finite() && t.end() <= now)
                .count(),
        };
        if done > 1 {
            let gone = self.recorded.drain(..done - 1);
            self.dropped_end = gone.map(|t| t.end()).fold(self.dropped_end, f64::max);
        }
    }

    /// Records everything played from now on as a WAV file at `sample_rate` into `out`.
    pub fn record_to(&mut self, out: Box<dyn Recording>, sample_rate: u32) {
        self.wav = Some(WavStream::new(out, sample_rate));
    }

    /// Ends the recording (None when there is none): the rest of the music, queued or
    /// not, is written with the file's header.
    pub fn finish_recording(&mut self) -> Option<std::io::Result<RecordingEnd>> {
        let mut wav = self.wav.take()?;
        let tones = &self.recorded;
        let total = (0..tones.len())
            .map(|i| wav::end_of(tones, i))
            .fold(self.dropped_end, f64::max);
        Some(wav.finish(tones, total))
    }

    /// Ends whatever plays now and empties the queue (also in the recording).
    fn cut(&mut self, now: f64) {
        self.changes += 1;
        self.queue.clear();
        self.recorded.retain(|t| t.start < now);
        if let Some(last) = self.recorded.last_mut().filter(|t| t.end() > now) {
            last.secs = now - last.start;
        }
    }

    /// The time at which at most `n` entries (the playing one included) remain.
    fn until(&self, n: usize) -> f64 {
        let len = self.queue.len();
        if len <= n {
            return 0.0;
        }
        let t = self.queue[len - n - 1].end();
        if t.is_finite() { t } else { 0.0 }
    }

    /// When a statement that queued sound may continue: until its last entry starts in
    /// music foreground, until the queue has room in the background.
    fn resume_time(&self, now: f64, foreground: bool) -> f64 {
        let t = if foreground {
            self.until(1)
        } else {
            self.until(QUEUE_LENGTH + 1)
        };
        t.max(now)
    }

    /// BEEP: 800 Hz for a quarter second. Returns when the program may continue.
    pub fn beep(&mut self, now: f64) -> f64 {
        self.emit(now, 0.25, 800.0, true);
        self.resume_time(now, false)
    }

    /// SOUND frequency, duration: duration in clock ticks (18.2 a second), within
    /// ±65535 (Illegal function call beyond); 0 stops all sound. A frequency outside
    /// 37..=32767 other than 0 is an Illegal function call. A duration under 0.0227
    /// ticks sounds until the next sound. Returns when the program may continue.
    pub fn sound(&mut self, now: f64, freq: i16, duration: Single) -> Res<f64> {
        let ticks = duration.to_f64();
        if !(-65535.0..=65535.0).contains(&ticks) {
            return Err(IFC);
        }
        if ticks == 0.0 {
            self.stop(now);
            return Ok(now);
        }
        if freq != 0 && !(37..=32767).contains(&freq) {
            return Err(IFC);
        }
        let hz = if freq == 32767 {
            0.0
        } else {
            f64::from(freq.max(0))
        };
        if ticks < 0.022_727_272 {
            self.emit(now, f64::INFINITY, hz, true);
            return Ok(self.resume_time(now, false));
        }
        self.emit(now, ticks / TICKS_PER_SECOND, hz, true);
        Ok(self.resume_time(now, self.foreground))
    }

    /// Stops all sound at once (SOUND with duration 0, or the program ending).
    pub fn stop(&mut self, now: f64) {
        self.cut(now);
    }

    /// PLAY string: plays a music macro string (one voice). `vars` resolves `=name;`,
    /// `Xname;` and VARPTR$ arguments. Returns when the program may continue.
    pub fn play(&mut self, now: f64, mml: &[u8], vars: &mut dyn MacroVars) -> Res<f64> {
        let result = play::run(self, now, mml, vars);
        let resume = self.resume_time(now, self.foreground);
        result.map(|()| resume)
    }

    /// PLAY(n): the notes waiting behind the one playing. n is 0..=255 (Illegal function
    /// call otherwise); GW-BASIC has one voice, so n does not matter.
    pub fn play_count(&mut self, now: f64, n: i16) -> Res<i16> {
        if !(0..=255).contains(&n) {
            return Err(IFC);
        }
        Ok(self.notes_waiting(now))
    }

    /// Whether a read of PLAY(n) is a program polling the queue: true when PLAY(n) was
    /// read before and nothing was queued or stopped since. Reading PLAY(n) takes no
    /// time in GW-BASIC: a PLAY in the background and a read of PLAY(n) just after it
    /// find every entry of the statements before still queued (real GW-BASIC,
    /// unsorted/MusicQueuePause: five pauses queued three times behind one playing read
    /// 5, 10 and 15); only a program reading it again and again is waiting for the music.
    pub fn polled(&mut self) -> bool {
        let polled = self.read_at == Some(self.changes);
        self.read_at = Some(self.changes);
        polled
    }

    /// When the entry playing now ends (None when nothing plays, or it lasts until the
    /// next sound).
    pub fn current_end(&mut self, now: f64) -> Option<f64> {
        self.expire(now);
        self.queue
            .front()
            .map(|t| t.end())
            .filter(|t| t.is_finite())
    }

    fn notes_waiting(&mut self, now: f64) -> i16 {
        self.expire(now);
        self.queue.iter().skip(1).filter(|t| t.note).count() as i16
    }

    /// ON PLAY(n): whether the event fires now, that is whether the notes waiting have
    /// dropped below `threshold` since the last poll.
    pub fn play_event(&mut self, now: f64, threshold: i16) -> bool {
        let count = self.notes_waiting(now);
        let fired = self.last_count >= threshold && count < threshold;
        self.last_count = count;
        fired
    }

    /// RUN, CLEAR, NEW: music foreground and the default PLAY state again.
    pub fn reset(&mut self) {
        self.state = PlayState::default();
        self.foreground = true;
        self.last_count = 0;
        self.read_at = None;
    }

    /// Everything played so far, in order.
    #[cfg(test)]
    pub fn recorded(&self) -> &[Tone] {
        &self.recorded
    }

    /// When everything queued will have played (`now` if nothing is queued).
    pub fn drained_at(&self, now: f64) -> f64 {
        self.until(0).max(now)
    }

    /// The tones of the recording that have not ended by `now` (with the one before
    /// them, which may be a tone lasting until the next), in order: what a live player
    /// still has to play.
    pub fn to_come(&self, now: f64) -> Vec<Tone> {
        let ended = |t: &Tone| t.secs.is_finite() && t.start + t.secs <= now;
        let from = self.recorded.iter().rposition(ended).map_or(0, |i| i + 1);
        self.recorded[from.saturating_sub(1)..].to_vec()
    }
}

#[cfg(test)]
mod tests;
