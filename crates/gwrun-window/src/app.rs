//! The window's side: winit's event loop on the main thread, the frame drawn with
//! softbuffer. The newest `Scene` the interpreter handed over is rendered at the
//! moment of drawing (so the cursor and blinking characters blink by the card's clock
//! even while the program computes) and scaled to the largest 4:3 rectangle the window
//! holds, black around it, by gwrun-core's `frame` and `scale`: the pixels
//! `--screenshot` writes at the same size. Keys go to the interpreter as the BIOS
//! reported them (`keys`, gwrun-core's `keyboard::map`), except the window's own:
//! Alt-Enter switches full screen, Shift-Insert and Ctrl-Shift-V paste, Ctrl-Shift-C
//! copies the screen's text.

use crate::console::{Input, Shared, WindowConsole};
use crate::keys::{Locks, decode};
use gwrun_core::graphics::scale::{Scaler, letterbox};
use gwrun_core::graphics::{Picture, Scene};
use gwrun_core::keyboard::map::{Struck, strike};
use std::num::NonZeroU32;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::{ElementState, StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoopProxy};
use winit::keyboard::{KeyCode, ModifiersState, PhysicalKey};
use winit::window::{Fullscreen, Window, WindowId};

/// How long the program has to stop after the window is closed before the process
/// ends without it (a statement that cannot be interrupted: a SHELL command).
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// What the interpreter's thread tells the event loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wake {
    /// A frame is waiting in the shared slot.
    Frame,
    /// The run is over, with this exit status.
    Finished(i32),
}

/// The interpreter's run, started once the window is up.
pub(crate) type Start = Box<dyn FnOnce(WindowConsole) -> i32 + Send>;

/// The window and its drawing surface.
struct View {
    window: Rc<Window>,
    surface: softbuffer::Surface<Rc<Window>, Rc<Window>>,
}

pub(crate) struct App {
    title: String,
    start: Option<Start>,
    proxy: EventLoopProxy<Wake>,
    shared: Arc<Shared>,
    view: Option<View>,
    scene: Option<Scene>,
    picture: Picture,
    scaler: Option<Scaler>,
    epoch: Instant,
    held: ModifiersState,
    locks: Locks,
    closing: Option<Instant>,
    worker: Option<std::thread::JoinHandle<()>>,
    /// The exit status, once the run is over (or why the window could not open).
    pub(crate) outcome: Option<Result<i32, String>>,
}

impl App {
    pub(crate) fn new(title: String, start: Start, proxy: EventLoopProxy<Wake>) -> App {
        App {
            title,
            start: Some(start),
            proxy,
            shared: Arc::new(Shared::new()),
            view: None,
            scene: None,
            picture: Picture {
                width: 0,
                height: 0,
                pixels: Vec::new(),
                palette: Vec::new(),
            },
            scaler: None,
            epoch: Instant::now(),
            held: ModifiersState::empty(),
            locks: Locks::default(),
            closing: None,
            worker: None,
            outcome: None,
        }
    }

    /// The interpreter's thread, when it was started.
    pub(crate) fn take_worker(&mut self) -> Option<std::thread::JoinHandle<()>> {
        self.worker.take()
    }

    /// Opens the window (4:3, the largest of 1280×960, 960×720, 640×480 that fits the
    /// screen with room to spare) and its surface.
    fn open(&mut self, el: &ActiveEventLoop) -> Result<View, String> {
        let size =
            el.primary_monitor()
                .map(|m| m.size())
                .map_or(PhysicalSize::new(1280, 960), |s| {
                    (1..=4u32)
                        .rev()
                        .map(|k| PhysicalSize::new(320 * k, 240 * k))
                        .find(|p| p.width * 10 <= s.width * 9 && p.height * 10 <= s.height * 9)
                        .unwrap_or(PhysicalSize::new(640, 480))
                });
        let attrs = Window::default_attributes()
            .with_title(self.title.clone())
            .with_inner_size(size)
            .with_min_inner_size(PhysicalSize::new(320, 240));
        let window = Rc::new(el.create_window(attrs).map_err(|e| e.to_string())?);
        let context = softbuffer::Context::new(window.clone()).map_err(|e| e.to_string())?;
        let surface =
            softbuffer::Surface::new(&context, window.clone()).map_err(|e| e.to_string())?;
        Ok(View { window, surface })
    }

    /// Starts the interpreter on its own thread with the window's console.
    fn start_interpreter(&mut self) {
        let Some(start) = self.start.take() else {
            return;
        };
        let frames = self.proxy.clone();
        let console = crate::console::WindowConsole::new(
            self.shared.clone(),
            Box::new(move || {
                let _ = frames.send_event(Wake::Frame);
            }),
        );
        let done = self.proxy.clone();
        let spawned = std::thread::Builder::new()
            .name("gwrun-interpreter".into())
            // the main thread's size: the interpreter's own limits are GW-BASIC's
            .stack_size(8 << 20)
            .spawn(move || {
                let run = std::panic::AssertUnwindSafe(|| start(console));
                let status = std::panic::catch_unwind(run).unwrap_or(101);
                let _ = done.send_event(Wake::Finished(status));
            });
        match spawned {
            Ok(h) => self.worker = Some(h),
            Err(e) => self.outcome = Some(Err(format!("cannot start the interpreter: {e}"))),
        }
    }

    /// Draws the scene at this moment, scaled into the window's 4:3 rectangle.
    fn redraw(&mut self) {
        let Some(view) = &mut self.view else {
            return;
        };
        let size = view.window.inner_size();
        let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
            return;
        };
        if view.surface.resize(w, h).is_err() {
            return;
        }
        let Ok(mut buffer) = view.surface.buffer_mut() else {
            return;
        };
        let (w, h) = (size.width as usize, size.height as usize);
        buffer.fill(0);
        if let Some(scene) = &self.scene {
            let ms = self.epoch.elapsed().as_millis() as u64;
            scene.render_into(ms, &mut self.picture);
            let (x, y, bw, bh) = letterbox(w, h);
            let src = (self.picture.width, self.picture.height);
            if !self
                .scaler
                .as_ref()
                .is_some_and(|s| s.is_for(src, (bw, bh)))
            {
                self.scaler = Some(Scaler::new(src, (bw, bh)));
            }
            if let (Some(scaler), Some(out)) = (&self.scaler, buffer.get_mut(y * w + x..)) {
                scaler.scale(&self.picture, out, w);
            }
        }
        let _ = buffer.present();
    }

    /// When the picture next changes by itself (blinking).
    fn next_blink(&self) -> Option<Instant> {
        let ms = self.epoch.elapsed().as_millis() as u64;
        let at = self.scene.as_ref()?.next_change(ms)?;
        Some(self.epoch + Duration::from_millis(at))
    }

    /// A key went down: the window's own keys, or one for the interpreter.
    fn key(&mut self, el: &ActiveEventLoop, event: &winit::event::KeyEvent) {
        let PhysicalKey::Code(code) = event.physical_key else {
            return;
        };
        let (ctrl, shift, alt) = (
            self.held.control_key(),
            self.held.shift_key(),
            self.held.alt_key(),
        );
        match code {
            KeyCode::Enter if alt && !ctrl && !event.repeat => {
                if let Some(v) = &self.view {
                    let full = v.window.fullscreen().is_some();
                    v.window
                        .set_fullscreen((!full).then_some(Fullscreen::Borderless(None)));
                }
                return;
            }
            KeyCode::Insert if shift && !ctrl && !alt => return self.paste(),
            KeyCode::KeyV if ctrl && shift && !alt => return self.paste(),
            KeyCode::KeyC if ctrl && shift && !alt => return self.copy(),
            _ => {}
        }
        let _ = el;
        let Some((key, mods, text)) = decode(event, self.held, &mut self.locks) else {
            return;
        };
        match strike(key, mods, text) {
            // Ctrl-C breaks a program as Ctrl-Break does (GW-BASIC's keyboard check)
            Some(Struck::Key(s)) if s.key == gwrun_core::keyboard::Key::Char(3) => {
                self.shared.strike_break()
            }
            Some(Struck::Key(s)) => self.shared.send(Input::Key(s)),
            Some(Struck::Break) => self.shared.strike_break(),
            Some(Struck::Pause) => self.shared.send(Input::Pause),
            None => {}
        }
    }

    /// The clipboard's text, typed as the program reads it.
    fn paste(&mut self) {
        let text = arboard::Clipboard::new().and_then(|mut c| c.get_text());
        match text {
            Ok(t) => {
                let bytes = crate::text::paste_bytes(&t);
                if !bytes.is_empty() {
                    self.shared.send(Input::Paste(bytes));
                }
            }
            Err(e) => eprintln!("gwrun: nothing to paste: {e}"),
        }
    }

    /// The screen's text to the clipboard.
    fn copy(&mut self) {
        let Some(scene) = &self.scene else {
            return;
        };
        let text = scene.text();
        if let Err(e) = arboard::Clipboard::new().and_then(|mut c| c.set_text(text)) {
            eprintln!("gwrun: cannot copy the screen: {e}");
        }
    }

    /// The window was closed: Break, then the end of input; the run ends by itself.
    fn close(&mut self) {
        if self.closing.is_none() {
            self.closing = Some(Instant::now());
            self.shared.close();
        }
    }
}

impl ApplicationHandler<Wake> for App {
    fn resumed(&mut self, el: &ActiveEventLoop) {
        if self.view.is_some() || self.outcome.is_some() {
            return;
        }
        match self.open(el) {
            Ok(v) => {
                v.window.request_redraw();
                self.view = Some(v);
                self.start_interpreter();
            }
            Err(e) => {
                self.outcome = Some(Err(format!("cannot open a window: {e}")));
                el.exit();
            }
        }
    }

    fn new_events(&mut self, _el: &ActiveEventLoop, cause: StartCause) {
        if matches!(cause, StartCause::ResumeTimeReached { .. })
            && let Some(v) = &self.view
        {
            v.window.request_redraw();
        }
    }

    fn user_event(&mut self, el: &ActiveEventLoop, wake: Wake) {
        match wake {
            Wake::Frame => {
                let fresh = self.shared.scene.lock().ok().and_then(|mut s| s.take());
                if let Some(scene) = fresh {
                    self.scene = Some(scene);
                    if let Some(v) = &self.view {
                        v.window.request_redraw();
                    }
                }
            }
            Wake::Finished(status) => {
                self.outcome = Some(Ok(status));
                el.exit();
            }
        }
    }

    fn window_event(&mut self, el: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested | WindowEvent::Destroyed => self.close(),
            WindowEvent::RedrawRequested => self.redraw(),
            WindowEvent::Resized(_) => {
                if let Some(v) = &self.view {
                    v.window.request_redraw();
                }
            }
            WindowEvent::ModifiersChanged(m) => self.held = m.state(),
            // after the window was closed, keys no longer reach the program
            WindowEvent::KeyboardInput { event, .. }
                if event.state == ElementState::Pressed && self.closing.is_none() =>
            {
                self.key(el, &event);
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, el: &ActiveEventLoop) {
        if let Some(since) = self.closing {
            if since.elapsed() > CLOSE_GRACE {
                eprintln!(
                    "gwrun: the program did not stop within {} seconds of the window closing",
                    CLOSE_GRACE.as_secs()
                );
                self.outcome = Some(Ok(1));
                el.exit();
                return;
            }
            el.set_control_flow(ControlFlow::WaitUntil(
                Instant::now() + Duration::from_millis(100),
            ));
            return;
        }
        el.set_control_flow(match self.next_blink() {
            Some(t) => ControlFlow::WaitUntil(t),
            None => ControlFlow::Wait,
        });
    }
}
