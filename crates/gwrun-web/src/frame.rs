//! The canvas's pixels: the newest `Scene` rendered at a moment (graphics::frame: text in
//! the ROM font with the cursor and blinking, or a graphics mode's pixels, through the
//! palette) and resampled to the canvas's size at 4:3 (graphics::scale, the integer
//! resampler `--screenshot` and the window use, so the three give identical pixels), as
//! the RGBA bytes a canvas's ImageData holds. A frame is only redrawn when the picture
//! changed (a new scene, the blink phase, the size).

use gwrun_core::graphics::Picture;
use gwrun_core::graphics::Scene;
use gwrun_core::graphics::scale::Scaler;

/// The canvas's picture and what it was drawn from.
#[derive(Debug, Default)]
pub struct Frame {
    scene: Option<Scene>,
    /// The card's picture last rendered (reused buffers), and the previous one.
    picture: Option<Picture>,
    scratch: Option<Picture>,
    scaler: Option<Scaler>,
    size: (usize, usize),
    words: Vec<u32>,
    rgba: Vec<u8>,
}

impl Frame {
    /// A new scene to draw from now on.
    pub fn set_scene(&mut self, scene: Scene) {
        self.scene = Some(scene);
    }

    pub fn scene(&self) -> Option<&Scene> {
        self.scene.as_ref()
    }

    /// Draws the scene at `ms` (any monotonic clock: only blinking depends on it) at
    /// `width` × `height`; true when the RGBA bytes changed.
    pub fn render(&mut self, ms: u64, width: usize, height: usize) -> bool {
        let Some(scene) = &self.scene else {
            return false;
        };
        let width = width.clamp(1, 4096);
        let height = height.clamp(1, 4096);
        let mut picture = self.scratch.take().unwrap_or_else(|| Picture {
            width: 0,
            height: 0,
            pixels: Vec::new(),
            palette: Vec::new(),
        });
        scene.render_into(ms, &mut picture);
        let resized = self.size != (width, height);
        if !resized && self.picture.as_ref() == Some(&picture) {
            self.scratch = Some(picture);
            return false;
        }
        let src = (picture.width, picture.height);
        if !self
            .scaler
            .as_ref()
            .is_some_and(|s| s.is_for(src, (width, height)))
        {
            self.scaler = Some(Scaler::new(src, (width, height)));
        }
        self.size = (width, height);
        self.words.clear();
        self.words.resize(width * height, 0);
        if let Some(s) = &self.scaler {
            s.scale(&picture, &mut self.words, width);
        }
        self.rgba.clear();
        self.rgba.reserve(width * height * 4);
        for &w in &self.words {
            self.rgba
                .extend_from_slice(&[(w >> 16) as u8, (w >> 8) as u8, w as u8, 0xFF]);
        }
        self.scratch = self.picture.replace(picture);
        true
    }

    /// The RGBA bytes of the last `render` (width × height × 4).
    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// When the picture next changes by itself (a blinking cursor or character), on the
    /// clock `render` is given; None when it does not.
    pub fn next_change(&self, ms: u64) -> Option<u64> {
        self.scene.as_ref()?.next_change(ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gwrun_core::session::Session;

    #[test]
    fn the_canvas_has_the_pixels_of_the_screenshot() {
        let mut s = Session::captured(b"");
        s.load_source(b"10 SCREEN 1: CIRCLE (160,100),60,2: LINE (0,0)-(319,199),3,B\n")
            .unwrap();
        s.run_program();
        let mut f = Frame::default();
        f.set_scene(s.machine().scene(gwrun_core::console::CursorShow::Hidden));
        assert!(f.render(0, 640, 480));
        assert!(!f.render(0, 640, 480), "nothing changed");
        let png = s.machine().screenshot_png(Some((640, 480)));
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut rgb).unwrap();
        let canvas: Vec<u8> = f
            .rgba()
            .chunks(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        assert_eq!(canvas.len(), rgb.len());
        assert!(
            canvas == rgb,
            "the canvas differs from --screenshot's pixels"
        );
        assert!(f.render(0, 320, 240), "a new size is drawn");
        assert_eq!(f.rgba().len(), 320 * 240 * 4);
    }
}
