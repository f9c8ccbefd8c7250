//! gwrun in the browser: the GW-BASIC engine compiled to WebAssembly for the playground
//! page (`page/`). This crate adapts the engine to the page; nothing in `gwrun-core`
//! knows of it.
//!
//! | module | what |
//! |---|---|
//! | `app` | one machine in the page: the session run in slices, keys, drive, sound |
//! | `console` | the engine's console in the page: frames and tones handed over |
//! | `frame` | the canvas's pixels, through gwrun-core's frame and 4:3 resampler |
//! | `clock` | the page's clock as the engine's (host::Clock) |
//! | `keys` | the browser's key events as the PC keyboard's |
//! | `drive` | the drive's image, as the page keeps it in the browser's storage |
//! | `examples` | the example programs, embedded at build time |
//!
//! The page talks to the machine through `Machine`, exported with wasm-bindgen (its
//! generated loader, `gwrun_web.js`, is what `page/gwrun.js` imports): strings, byte
//! arrays and numbers cross as themselves, and the frame's RGBA bytes are read in place
//! from the module's memory (`Machine::frame_ptr`), without a copy.

pub mod app;
pub mod clock;
pub mod console;
pub mod drive;
pub mod examples;
pub mod frame;
pub mod keys;

use app::App;
use clock::PageClock;
use keys::Held;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The page's monotonic clock, ms.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The machine in the page (see `app::App`; statuses and activities are its enums'
/// numbers).
#[wasm_bindgen]
pub struct Machine {
    app: App,
    readable: bool,
}

#[wasm_bindgen]
impl Machine {
    /// A machine started now; `local_ms` is the local date and time (ms since 1970 as if
    /// the local zone were UTC), `drive` the saved drive's image (empty for none).
    #[wasm_bindgen(constructor)]
    pub fn new(local_ms: f64, drive: &[u8]) -> Machine {
        let (app, readable) = App::new(PageClock::live(performance_now, local_ms), drive);
        Machine { app, readable }
    }

    /// False when the saved drive could not be read (the drive started empty).
    pub fn drive_readable(&self) -> bool {
        self.readable
    }

    /// A DOM key event; true when GW-BASIC took it (the page then prevents its default).
    pub fn key(&mut self, code: &str, key: &str, mods: u32) -> bool {
        self.app.key(code, key, Held(mods))
    }

    /// Text typed as keys (a paste, the Run button).
    pub fn paste(&mut self, text: &str) {
        self.app.paste(text);
    }

    /// Ctrl-Break (the Stop button).
    pub fn press_break(&mut self) {
        self.app.press_break();
    }

    /// RUN at the `Ok` prompt.
    pub fn start(&mut self) {
        self.app.start();
    }

    /// Runs about `budget` statements: 0 budget used up, 1 waiting for a key, 2
    /// sleeping until `wake`, 3 switched off (SYSTEM).
    pub fn run(&mut self, budget: u32) -> u32 {
        self.app.run(u64::from(budget)) as u32
    }

    /// When a sleeping machine wants to run again (performance.now, ms).
    pub fn wake(&self) -> f64 {
        self.app.wake_ms()
    }

    /// 0 at the `Ok` prompt, 1 running, 2 a program waiting for the user.
    pub fn activity(&self) -> u32 {
        self.app.activity() as u32
    }

    /// Draws the newest frame at `width` × `height`; true when its pixels changed
    /// (then `frame_ptr` points at width × height × 4 RGBA bytes).
    pub fn render(&mut self, width: u32, height: u32) -> bool {
        self.app.render(width as usize, height as usize)
    }

    /// Where the last frame's RGBA bytes are in the module's memory (valid until the
    /// next call into the module).
    pub fn frame_ptr(&self) -> usize {
        self.app.rgba().as_ptr() as usize
    }

    /// When the picture next changes by itself (performance.now, ms); -1 never.
    pub fn next_change(&self) -> f64 {
        self.app.next_change_ms().unwrap_or(-1.0)
    }

    /// The speaker's tones from now on when they changed since the last call, three
    /// numbers each (start on performance.now's clock and length in ms, frequency in
    /// Hz, 0 for silence); undefined when nothing changed.
    pub fn tones(&mut self) -> Option<Vec<f64>> {
        self.app
            .take_tones()
            .map(|t| t.into_iter().flatten().collect())
    }

    /// Whether the drive's files changed since the last call.
    pub fn drive_changed(&mut self) -> bool {
        self.app.drive_changed()
    }

    /// The drive's image for the browser's storage.
    pub fn export_drive(&self) -> Vec<u8> {
        self.app.export_drive()
    }

    /// Every file, as "path TAB size" lines.
    pub fn files(&self) -> String {
        self.app
            .list_files()
            .into_iter()
            .map(|(name, size)| format!("{name}\t{size}\n"))
            .collect()
    }

    /// Stores a file; false when the name is no DOS path.
    pub fn put_file(&mut self, name: &str, data: &[u8]) -> bool {
        self.app.put_file(name, data)
    }

    pub fn get_file(&self, name: &str) -> Option<Vec<u8>> {
        self.app.get_file(name)
    }

    pub fn remove_file(&mut self, name: &str) -> bool {
        self.app.remove_file(name)
    }

    /// Replaces the program (a program file's bytes); undefined, or why it was refused.
    pub fn load(&mut self, bytes: &[u8]) -> Option<String> {
        self.app.load_program(bytes).err()
    }

    /// The program as LIST shows it (code page 437 bytes).
    pub fn program(&self) -> Vec<u8> {
        self.app.program_text()
    }

    /// The visible screen's characters, one line per row.
    pub fn screen_text(&self) -> String {
        self.app.screen_text()
    }
}

/// The examples, as "group TAB name TAB title" lines.
#[wasm_bindgen]
pub fn examples() -> String {
    examples::EXAMPLES
        .iter()
        .map(|e| format!("{}\t{}\t{}\n", e.group, e.name, e.title))
        .collect()
}

/// Example `i`'s program file (empty when there is none).
#[wasm_bindgen]
pub fn example(i: usize) -> Vec<u8> {
    examples::EXAMPLES
        .get(i)
        .map_or(Vec::new(), |e| e.source.to_vec())
}
