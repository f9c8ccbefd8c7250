//! The `live-sound` feature's back end: cpal, the portable audio output crate rodio is
//! built on (gwrun needs no decoders or mixer, only a callback that fills buffers, so
//! cpal is the smaller dependency). The default output device's own format is taken and
//! the rendering (`Render`) converted to its sample type.

use super::Render;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, OutputCallbackInfo, SampleFormat, SizedSample, StreamConfig};

/// A playing cpal stream.
pub(crate) struct Stream {
    _stream: cpal::Stream,
}

impl Stream {
    pub(crate) fn open(render: Render) -> Result<Stream, String> {
        let host = cpal::default_host();
        let device = host
            .default_output_device()
            .ok_or_else(|| "no sound output device".to_string())?;
        let config = device.default_output_config().map_err(|e| e.to_string())?;
        let format = config.sample_format();
        let config: StreamConfig = config.into();
        let stream = match format {
            SampleFormat::F32 => build::<f32>(&device, config, render),
            SampleFormat::I16 => build::<i16>(&device, config, render),
            SampleFormat::U16 => build::<u16>(&device, config, render),
            SampleFormat::I32 => build::<i32>(&device, config, render),
            other => Err(format!("the sound device wants {other} samples")),
        }?;
        stream.play().map_err(|e| e.to_string())?;
        Ok(Stream { _stream: stream })
    }
}

fn build<T>(
    device: &cpal::Device,
    config: StreamConfig,
    mut render: Render,
) -> Result<cpal::Stream, String>
where
    T: SizedSample + FromSample<f32>,
{
    let rate = f64::from(config.sample_rate.max(1));
    let channels = usize::from(config.channels.max(1));
    device
        .build_output_stream(
            config,
            move |data: &mut [T], _: &OutputCallbackInfo| {
                render.fill(data, channels, rate, T::from_sample);
            },
            |e| eprintln!("gwrun: sound: {e}"),
            None,
        )
        .map_err(|e| e.to_string())
}
