//! Live playback (`gwrun --live-sound`, and always in the window): the speaker's
//! timeline played on the sound card. The interpreter hands the player the tones still
//! to come each time it queues or cuts sound (`Live::update`); an audio thread renders,
//! for every sample, the square wave of the tone sounding at that moment on the sound
//! clock (`timeline_level`, shared with the WAV file's rules), keeping its own sample
//! clock and re-aligning it with the host clock when the two drift apart by more than
//! 50 ms (an underrun, a suspended stream).
//!
//! Two back ends share that rendering (`Render`): on Linux, ALSA's library opened when
//! sound is first asked for (`alsa`: nothing to install to build gwrun, and no sound
//! card is no error, only silence with a note); with the `live-sound` feature, cpal,
//! the portable audio output crate (`cpal_out`: CoreAudio, WASAPI, and ALSA linked at
//! build time).

use gwrun_core::sound::{LivePlayer, Tone, square_high};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[cfg(all(target_os = "linux", not(feature = "live-sound")))]
mod alsa;
#[cfg(feature = "live-sound")]
mod cpal_out;

/// How far the audio thread's sample clock may drift from the host clock.
const MAX_DRIFT: f64 = 0.05;

/// The tones to play, shared by the interpreter (which replaces them) and the audio
/// thread (which reads them).
type Timeline = Arc<Mutex<Vec<Tone>>>;

/// An open output and the tones it plays.
pub struct Live {
    timeline: Timeline,
    #[cfg(feature = "live-sound")]
    _stream: cpal_out::Stream,
    #[cfg(all(target_os = "linux", not(feature = "live-sound")))]
    _stream: alsa::Stream,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Live")
    }
}

impl Live {
    /// Opens the default output device; `origin` is the sound clock's zero. The error
    /// says why there is no sound (no library, no device, a format it cannot take).
    #[cfg(any(feature = "live-sound", target_os = "linux"))]
    pub fn open(origin: Instant) -> Result<Live, String> {
        let timeline: Timeline = Arc::new(Mutex::new(Vec::new()));
        #[cfg(feature = "live-sound")]
        let stream = cpal_out::Stream::open(Render::new(&timeline, origin))?;
        #[cfg(all(target_os = "linux", not(feature = "live-sound")))]
        let stream = alsa::Stream::open(Render::new(&timeline, origin))?;
        Ok(Live {
            timeline,
            _stream: stream,
        })
    }

    /// Elsewhere, without the `live-sound` feature, there is no sound card to open.
    #[cfg(not(any(feature = "live-sound", target_os = "linux")))]
    pub fn open(_origin: Instant) -> Result<Live, String> {
        Err("this gwrun was built without live sound (cargo build --features live-sound)".into())
    }

    /// The tones from now on (in time order; later calls replace earlier ones).
    fn update_tones(&self, tones: Vec<Tone>) {
        if let Ok(mut t) = self.timeline.lock() {
            *t = tones;
        }
    }
}

impl LivePlayer for Live {
    fn update(&self, tones: Vec<Tone>) {
        self.update_tones(tones);
    }
}

/// The audio thread's side: fills buffers of samples from the timeline at the sound
/// clock's time, the same for every back end.
pub(crate) struct Render {
    timeline: Timeline,
    origin: Instant,
    /// The sound clock's time of the next sample.
    next: Option<f64>,
}

impl Render {
    fn new(timeline: &Timeline, origin: Instant) -> Render {
        Render {
            timeline: Arc::clone(timeline),
            origin,
            next: None,
        }
    }

    /// Fills `frames` (each of `channels` samples) at `rate` samples a second, the
    /// next ones after the last call unless that drifted from the host clock.
    pub(crate) fn fill<T: Copy>(
        &mut self,
        data: &mut [T],
        channels: usize,
        rate: f64,
        sample: impl Fn(f32) -> T,
    ) {
        let now = self.origin.elapsed().as_secs_f64();
        let mut t = self
            .next
            .filter(|t| (t - now).abs() < MAX_DRIFT)
            .unwrap_or(now);
        // the lock is held while the buffer fills (the interpreter only swaps the vector
        // in), so nothing is copied or allocated on the audio thread
        let guard = self.timeline.lock();
        let tones: &[Tone] = guard.as_deref().map_or(&[], |v| v.as_slice());
        for frame in data.chunks_mut(channels.max(1)) {
            let v = sample(timeline_level(tones, t, rate));
            frame.iter_mut().for_each(|s| *s = v);
            t += 1.0 / rate;
        }
        self.next = Some(t);
    }
}

/// The speaker's output at time `t` (−0.25, 0 or 0.25): the square wave of the tone
/// sounding then, counted in samples from the tone's start as the WAV file counts them.
pub fn timeline_level(tones: &[Tone], t: f64, rate: f64) -> f32 {
    let i = tones.partition_point(|x| x.start <= t);
    let Some(k) = i.checked_sub(1) else {
        return 0.0;
    };
    let tone = &tones[k];
    let end = if tone.secs.is_finite() {
        tone.start + tone.secs
    } else {
        tones.get(k + 1).map_or(f64::INFINITY, |n| n.start)
    };
    if t >= end || tone.freq <= 0.0 || tone.freq >= rate / 2.0 {
        return 0.0;
    }
    let k = ((t - tone.start) * rate).round();
    if square_high(k, rate, tone.freq) {
        0.25
    } else {
        -0.25
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(start: f64, secs: f64, freq: f64) -> Tone {
        Tone {
            start,
            secs,
            freq,
            note: true,
        }
    }

    #[test]
    fn level_follows_the_timeline() {
        let rate = 8000.0;
        let tones = [
            tone(1.0, 0.5, 1000.0),
            tone(1.5, 0.5, 0.0),
            tone(2.0, f64::INFINITY, 500.0),
        ];
        assert_eq!(timeline_level(&tones, 0.5, rate), 0.0);
        // 1000 Hz at 8000 samples a second: four samples high, four low
        let wave: Vec<f32> = (0..8)
            .map(|k| timeline_level(&tones, 1.0 + f64::from(k) / rate, rate))
            .collect();
        assert_eq!(wave, [0.25, 0.25, 0.25, 0.25, -0.25, -0.25, -0.25, -0.25]);
        assert_eq!(timeline_level(&tones, 1.75, rate), 0.0);
        // a tone without end sounds until the next one, here for ever
        assert_ne!(timeline_level(&tones, 100.0, rate), 0.0);
    }
}
