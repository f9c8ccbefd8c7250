//! The engine's console in the page: everything the machine shows is handed over as a
//! `Scene` (graphics::frame, the same frame the window and `--screenshot` draw), kept
//! in a slot the page's next animation frame draws; frames the display had no time for
//! are replaced, never queued. Nothing is written outside the screen, and keys do not
//! come through here: the page strikes them straight into the machine's keyboard
//! (`App::key`), between slices. The speaker's tones come out the same way, through a
//! slot the page empties after each slice (`Tones`).

use gwrun_core::console::{Console, CursorShow};
use gwrun_core::graphics::Scene;
use gwrun_core::screen::Screen;
use gwrun_core::sound::{LivePlayer, Tone};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// How often a running program's screen is handed over: the display's rate.
const FRAME: Duration = Duration::from_millis(16);

/// The newest frame the page has not drawn yet.
pub type SceneSlot = Rc<RefCell<Option<Scene>>>;

/// The console of a machine in the page.
pub struct PageConsole {
    scene: SceneSlot,
}

impl PageConsole {
    pub fn new(scene: SceneSlot) -> PageConsole {
        PageConsole { scene }
    }
}

impl Console for PageConsole {
    /// Nothing is written outside the screen: the canvas shows it all.
    fn write(&mut self, _bytes: &[u8]) {}

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

    fn shows_scenes(&self) -> bool {
        true
    }

    fn shows_pixels(&self) -> bool {
        true
    }

    fn present(&mut self, scene: Scene) {
        *self.scene.borrow_mut() = Some(scene);
    }

    fn frame_interval(&self) -> Duration {
        FRAME
    }

    fn draw(&mut self, _screen: &Screen, _cursor: CursorShow) {}
}

/// The speaker's tones still to come, as the engine last handed them over (None: no
/// change since the page took them).
#[derive(Debug, Clone, Default)]
pub struct Tones(Rc<RefCell<Option<Vec<Tone>>>>);

impl Tones {
    /// The tones handed over since the last call, if any.
    pub fn take(&self) -> Option<Vec<Tone>> {
        self.0.borrow_mut().take()
    }
}

impl LivePlayer for Tones {
    fn update(&self, tones: Vec<Tone>) {
        *self.0.borrow_mut() = Some(tones);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_replaces_the_one_not_drawn_yet() {
        let slot = SceneSlot::default();
        let mut c = PageConsole::new(slot.clone());
        assert!(c.shows_scenes() && c.take_over());
        c.present(Scene::default());
        c.present(Scene::default());
        assert!(slot.borrow_mut().take().is_some());
        assert!(slot.borrow().is_none());
    }

    #[test]
    fn tones_are_taken_once() {
        let t = Tones::default();
        assert_eq!(t.take(), None);
        let tone = Tone {
            start: 1.0,
            secs: 0.25,
            freq: 800.0,
            note: true,
        };
        t.update(vec![tone]);
        t.update(vec![tone, tone]);
        assert_eq!(t.take().map(|v| v.len()), Some(2));
        assert_eq!(t.take(), None);
    }
}
