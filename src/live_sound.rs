//! Live playback (feature `live-sound`, `gwrun --live-sound`): the speaker's timeline
//! played on the default output device through cpal, the portable audio output crate
//! rodio is built on (gwrun needs no decoders or mixer, only a callback that fills
//! buffers: cpal is the smaller dependency). The interpreter hands the player the tones
//! still to come each time it queues or cuts sound (`Live::update`); the audio thread
//! renders, for every sample, the square wave of the tone sounding at that moment on the
//! sound clock (`timeline_level`, shared with the WAV file's rules), keeping its own
//! sample clock and re-aligning it with the host clock when the two drift apart by more
//! than 50 ms (an underrun, a suspended stream).

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, OutputCallbackInfo, SampleFormat, SizedSample, StreamConfig};
use gwrun_core::sound::{LivePlayer, Tone, square_high};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// How far the audio thread's sample clock may drift from the host clock.
const MAX_DRIFT: f64 = 0.05;

/// An open output stream and the tones it plays.
pub struct Live {
    timeline: Arc<Mutex<Vec<Tone>>>,
    _stream: cpal::Stream,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Live")
    }
}

impl Live {
    /// Opens the default output device; `origin` is the sound clock's zero. The error
    /// says why there is no sound (no device, a format cpal cannot give).
    pub fn open(origin: Instant) -> Result<Live, String> {
        let host = cpal::default_host();
        let device = host
            .default_output_device()
            .ok_or_else(|| "no sound output device".to_string())?;
        let config = device.default_output_config().map_err(|e| e.to_string())?;
        let format = config.sample_format();
        let config: StreamConfig = config.into();
        let timeline = Arc::new(Mutex::new(Vec::new()));
        let stream = match format {
            SampleFormat::F32 => build::<f32>(&device, config, &timeline, origin),
            SampleFormat::I16 => build::<i16>(&device, config, &timeline, origin),
            SampleFormat::U16 => build::<u16>(&device, config, &timeline, origin),
            SampleFormat::I32 => build::<i32>(&device, config, &timeline, origin),
            other => Err(format!("the sound device wants {other} samples")),
        }?;
        stream.play().map_err(|e| e.to_string())?;
        Ok(Live {
            timeline,
            _stream: stream,
        })
    }

    /// The tones from now on (in time order; later calls replace earlier ones).
    fn update_tones(&self, tones: Vec<Tone>) {
        if let Ok(mut t) = self.timeline.lock() {
            *t = tones;
        }
    }
}

fn build<T>(
    device: &cpal::Device,
    config: StreamConfig,
    timeline: &Arc<Mutex<Vec<Tone>>>,
    origin: Instant,
) -> Result<cpal::Stream, String>
where
    T: SizedSample + FromSample<f32>,
{
    let rate = f64::from(config.sample_rate.max(1));
    let channels = usize::from(config.channels.max(1));
    let timeline = Arc::clone(timeline);
    let mut next: Option<f64> = None;
    device
        .build_output_stream(
            config,
            move |data: &mut [T], _: &OutputCallbackInfo| {
                let now = origin.elapsed().as_secs_f64();
                let mut t = next.filter(|t| (t - now).abs() < MAX_DRIFT).unwrap_or(now);
                // the lock is held while the buffer fills (the interpreter only swaps
                // the vector in), so nothing is copied or allocated on the audio thread
                let guard = timeline.lock();
                let tones: &[Tone] = guard.as_deref().map_or(&[], |v| v.as_slice());
                for frame in data.chunks_mut(channels) {
                    let v = T::from_sample(timeline_level(tones, t, rate));
                    frame.iter_mut().for_each(|s| *s = v);
                    t += 1.0 / rate;
                }
                next = Some(t);
            },
            |e| eprintln!("gwrun: sound: {e}"),
            None,
        )
        .map_err(|e| e.to_string())
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

impl LivePlayer for Live {
    fn update(&self, tones: Vec<Tone>) {
        self.update_tones(tones);
    }
}
