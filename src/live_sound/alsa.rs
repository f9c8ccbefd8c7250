//! The default back end on Linux: ALSA's library (`libasound.so.2`, on every Linux
//! desktop) opened with `libloading` when sound is first asked for, not linked, so
//! building gwrun needs no ALSA development files and a machine without the library or
//! a sound card runs the program silent after one note. A thread of its own renders
//! 10 ms periods of signed 16-bit mono samples and writes them to the `default` PCM,
//! which blocks while the device's buffer (about 50 ms) is full: that is the clock.

use super::Render;
use libloading::{Library, Symbol};
use std::ffi::{CStr, c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const RATE: u32 = 44_100;
/// Samples rendered and written at a time: 10 ms.
const PERIOD: usize = 441;
/// The device buffer's length asked for, in microseconds.
const LATENCY_US: c_uint = 50_000;
const SND_PCM_STREAM_PLAYBACK: c_int = 0;
const SND_PCM_FORMAT_S16_LE: c_int = 2;
const SND_PCM_ACCESS_RW_INTERLEAVED: c_int = 3;

type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type Close = unsafe extern "C" fn(*mut c_void) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;
/// ALSA's error handler is variadic; gwrun's ignores everything after the fixed
/// arguments, which the C calling conventions of Linux's targets allow.
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetErrorHandler = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// ALSA's library messages (about cards it looked for) are not the user's business:
/// why there is no sound is said once, by gwrun.
unsafe extern "C" fn quiet(
    _: *const c_char,
    _: c_int,
    _: *const c_char,
    _: c_int,
    _: *const c_char,
) {
}

/// The functions gwrun calls, with the library they live in.
struct Alsa {
    _lib: Library,
    writei: WriteI,
    recover: Recover,
    close: Close,
}

/// An open PCM: ALSA's handle, used by the audio thread alone.
struct Pcm {
    alsa: Alsa,
    handle: *mut c_void,
}

// SAFETY: the handle is used by one thread at a time (made on the caller's, then moved
// to the audio thread, which alone uses and closes it).
unsafe impl Send for Pcm {}

impl Drop for Pcm {
    fn drop(&mut self) {
        // SAFETY: the handle came from snd_pcm_open and is closed once
        unsafe { (self.alsa.close)(self.handle) };
    }
}

/// ALSA's message for an error number.
fn message(strerror: StrError, err: c_int) -> String {
    // SAFETY: snd_strerror returns a static string for any number
    let p = unsafe { strerror(err) };
    if p.is_null() {
        return format!("ALSA error {err}");
    }
    // SAFETY: non-null, NUL-terminated, static
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

impl Pcm {
    /// Opens the `default` PCM for 16-bit mono playback.
    fn open() -> Result<Pcm, String> {
        // SAFETY: loading ALSA's library runs its initialisers, which have no
        // preconditions
        let lib = unsafe { Library::new("libasound.so.2") }
            .map_err(|_| "ALSA's library (libasound.so.2) is not installed".to_string())?;
        fn get<T: Copy>(lib: &Library, name: &[u8]) -> Result<T, String> {
            // SAFETY: each name is given the type of ALSA's declaration of it
            let s: Symbol<T> = unsafe { lib.get(name) }.map_err(|e| e.to_string())?;
            Ok(*s)
        }
        let open: Open = get(&lib, b"snd_pcm_open\0")?;
        let set_params: SetParams = get(&lib, b"snd_pcm_set_params\0")?;
        let strerror: StrError = get(&lib, b"snd_strerror\0")?;
        let set_handler: SetErrorHandler = get(&lib, b"snd_lib_error_set_handler\0")?;
        let alsa = Alsa {
            writei: get(&lib, b"snd_pcm_writei\0")?,
            recover: get(&lib, b"snd_pcm_recover\0")?,
            close: get(&lib, b"snd_pcm_close\0")?,
            _lib: lib,
        };
        // SAFETY: the handler has ALSA's fixed arguments and ignores the rest
        unsafe { set_handler(Some(quiet)) };
        let mut handle = std::ptr::null_mut();
        // SAFETY: a pointer to a handle to fill, a NUL-terminated name
        let r = unsafe { open(&mut handle, c"default".as_ptr(), SND_PCM_STREAM_PLAYBACK, 0) };
        if r < 0 || handle.is_null() {
            return Err(format!("no sound output device ({})", message(strerror, r)));
        }
        let pcm = Pcm { alsa, handle };
        // SAFETY: an open handle; the constants are ALSA's
        let r = unsafe {
            set_params(
                pcm.handle,
                SND_PCM_FORMAT_S16_LE,
                SND_PCM_ACCESS_RW_INTERLEAVED,
                1,
                RATE,
                1,
                LATENCY_US,
            )
        };
        if r < 0 {
            return Err(format!("the sound device: {}", message(strerror, r)));
        }
        Ok(pcm)
    }

    /// Writes a period, recovering from an underrun; false when the device is gone.
    fn write(&self, samples: &[i16]) -> bool {
        let mut done = 0;
        while done < samples.len() {
            let rest = &samples[done..];
            // SAFETY: an open handle and `rest.len()` mono frames of i16
            let r = unsafe {
                (self.alsa.writei)(self.handle, rest.as_ptr().cast(), rest.len() as c_ulong)
            };
            if r >= 0 {
                done += r as usize;
                continue;
            }
            // SAFETY: an open handle and the error writei returned
            if unsafe { (self.alsa.recover)(self.handle, r as c_int, 1) } < 0 {
                return false;
            }
        }
        true
    }
}

/// The audio thread; it ends (and closes the device) when dropped.
pub(crate) struct Stream {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Stream {
    pub(crate) fn open(mut render: Render) -> Result<Stream, String> {
        let pcm = Pcm::open()?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("gwrun-sound".into())
            .spawn(move || {
                let mut period = [0i16; PERIOD];
                while !stopped.load(Ordering::Relaxed) {
                    render.fill(&mut period, 1, f64::from(RATE), |v| {
                        (v * f32::from(i16::MAX)) as i16
                    });
                    if !pcm.write(&period) {
                        eprintln!("gwrun: the sound device stopped; the program goes on silent");
                        return;
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Stream {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
