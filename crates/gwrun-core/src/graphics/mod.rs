//! GW-BASIC's graphics engine: the video card (SCREEN 0's page memory, CGA SCREEN 1 and
//! 2, EGA SCREEN 7, 8 and 9) and everything the graphics statements do to it. `Video` is
//! the state the machine owns; each statement is one method taking the arguments already
//! evaluated (coordinates as single-precision world coordinates, colours and other
//! integers after CINT) and returning GW-BASIC's error as an `ErrorCode`.
//!
//! Files: `mode` (the mode table), `memory` (video memory byte for byte, EGA planes and
//! registers), `palette` (attributes → colours), this file (mode switches, pages, the
//! graphics cursor, VIEW, WINDOW, PMAP, POINT, PSET, COLOR, PALETTE, memory access),
//! `shapes` (LINE, CIRCLE), `paint` (PAINT), `draw` (DRAW), `sprite` (GET, PUT), `text`
//! (characters in graphics modes), `font_data` (the glyph tables), `picture` (PNG),
//! `frame` (what the monitor shows: the visible page, blink and cursor, for every front
//! end), `scale` (pictures at 4:3, crisp).
//! docs/graphics.md describes the model and what is not there yet.

mod draw;
mod font_data;
pub mod frame;
pub mod memory;
pub mod mode;
mod paint;
pub mod palette;
mod picture;
pub mod scale;
mod shapes;
mod sprite;
mod text;

#[cfg(test)]
mod tests;

pub use frame::Scene;
pub use memory::VideoMemory;
pub use mode::{Layout, ModeInfo};
pub use paint::PaintFill;
pub use palette::Palette;
pub use picture::Picture;
pub use scale::Scaler;
pub use shapes::LineShape;
pub use sprite::PutAction;
pub use text::Fonts;

use crate::error::ErrorCode;
use crate::num::Single;

type Res<T> = Result<T, ErrorCode>;
const IFC: ErrorCode = ErrorCode::IllegalFunctionCall;

/// A coordinate as a statement gives it: `(x, y)` or `STEP (x, y)`, in world coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Coord {
    pub x: Single,
    pub y: Single,
    pub step: bool,
}

impl Coord {
    /// An absolute coordinate from two numbers.
    pub fn at(x: f64, y: f64) -> Coord {
        Coord {
            x: Single::from_f64(x),
            y: Single::from_f64(y),
            step: false,
        }
    }

    /// A STEP coordinate from two numbers.
    pub fn step(x: f64, y: f64) -> Coord {
        Coord {
            step: true,
            ..Coord::at(x, y)
        }
    }
}

/// The graphics viewport set by VIEW, in absolute pixel coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ViewPort {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    /// VIEW SCREEN: coordinates stay absolute (only clipping applies).
    screen: bool,
}

/// The world coordinate system set by WINDOW: physical = offset + world × scale.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Window {
    bounds: [Single; 4],
    cartesian: bool,
    scale_x: Single,
    scale_y: Single,
    offset_x: Single,
    offset_y: Single,
}

/// The video card and the graphics state of the interpreter.
pub struct Video {
    mode: &'static ModeInfo,
    pub(crate) mem: VideoMemory,
    apage: u8,
    vpage: u8,
    /// The SCREEN colour switch argument last given.
    colour_switch: u8,
    palette: Palette,
    /// The foreground attribute of graphics statements and text (COLOR).
    fg: u8,
    /// The attribute the last graphics statement used, DRAW's colour (GW's ATRBYT).
    last_attr: u8,
    view: Option<ViewPort>,
    window: Option<Window>,
    /// The graphics cursor (GW's GRPACX/GRPACY), in physical, viewport-relative pixels.
    last: (i32, i32),
    /// DRAW's own pen, where it differs from the cursor (only while WINDOW is set).
    draw_pen: Option<(i32, i32)>,
    /// DRAW's scale (S, 1..=255; 4 means 1:1) and angle (degrees, from A or TA).
    draw_scale: i32,
    draw_angle: i32,
    /// Glyphs replacing the built-in ones (`set_fonts`).
    fonts: Option<Box<Fonts>>,
}

impl Default for Video {
    fn default() -> Self {
        Video::new()
    }
}

impl Video {
    /// A card in SCREEN 0 with 80 columns.
    pub fn new() -> Video {
        let mode = &mode::TEXT80;
        Video {
            mode,
            mem: VideoMemory::default(),
            apage: 0,
            vpage: 0,
            colour_switch: 1,
            palette: Palette::default_for(mode),
            fg: mode.default_fg,
            last_attr: mode.default_fg,
            view: None,
            window: None,
            last: (0, 0),
            draw_pen: None,
            draw_scale: 4,
            draw_angle: 0,
            fonts: None,
        }
    }

    /// The current mode.
    pub fn mode(&self) -> &'static ModeInfo {
        self.mode
    }

    /// Active (drawn on) and visible pages.
    pub fn pages(&self) -> (u8, u8) {
        (self.apage, self.vpage)
    }

    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// The attribute graphics statements use by default (COLOR's foreground).
    pub fn foreground(&self) -> u8 {
        self.fg
    }

    /// Illegal function call unless a graphics mode is set: GW-BASIC checks this before
    /// it reads the arguments of PSET, PRESET, LINE, CIRCLE, PAINT, DRAW, VIEW, WINDOW,
    /// GET and PUT.
    pub fn require_graphics(&self) -> Res<()> {
        if self.mode.is_text() {
            Err(IFC)
        } else {
            Ok(())
        }
    }

    // ---- SCREEN, PCOPY, COLOR, PALETTE ----

    /// SCREEN [mode] [,[colour switch] [,[active page] [,visible page]]]; `width` is the
    /// text width SCREEN 0 gets (the text screen's WIDTH). A new mode clears all video
    /// memory and resets the palette, viewport, window, graphics cursor, DRAW state and
    /// foreground; only the pages changing keeps the picture. Returns whether the mode
    /// changed (the text screen then resets its cursor and view).
    pub fn screen(
        &mut self,
        mode: Option<i16>,
        colour_switch: Option<i16>,
        apage: Option<i16>,
        vpage: Option<i16>,
        width: u8,
    ) -> Res<bool> {
        for v in [mode, colour_switch, apage, vpage].into_iter().flatten() {
            if !(0..=255).contains(&v) {
                return Err(IFC);
            }
        }
        let new_mode = match mode {
            Some(n) => mode::for_screen(n, width).ok_or(IFC)?,
            None => self.mode,
        };
        let apage = apage.map_or(0, |p| p as u8);
        let vpage = vpage.map_or(apage, |p| p as u8);
        if apage >= new_mode.pages || vpage >= new_mode.pages {
            return Err(IFC);
        }
        let switch = colour_switch.map_or(self.colour_switch, |c| u8::from(c != 0));
        let changed = new_mode.number != self.mode.number
            || new_mode.cols != self.mode.cols
            || (new_mode.number == 1 && switch != self.colour_switch);
        self.colour_switch = switch;
        self.apage = apage;
        self.vpage = vpage;
        if changed {
            self.set_mode(new_mode);
        }
        Ok(changed)
    }

    /// Switches to `mode` as SCREEN does when the mode changes.
    fn set_mode(&mut self, mode: &'static ModeInfo) {
        self.mode = mode;
        self.mem.clear();
        self.palette = Palette::default_for(mode);
        self.fg = mode.default_fg;
        self.last_attr = mode.default_fg;
        self.view = None;
        self.window = None;
        self.reset_graphics();
    }

    /// Resets the graphics cursor to the centre, DRAW's scale and angle, and DRAW's colour
    /// to the foreground (mode switch, RUN, CLEAR: GW's GRPRST).
    pub fn reset_graphics(&mut self) {
        self.last_attr = self.fg;
        self.last = self.centre();
        self.draw_pen = None;
        self.draw_scale = 4;
        self.draw_angle = 0;
    }

    /// PCOPY source, destination.
    pub fn pcopy(&mut self, from: i16, to: i16) -> Res<()> {
        let pages = i16::from(self.mode.pages);
        if !(0..pages).contains(&from) || !(0..pages).contains(&to) {
            return Err(IFC);
        }
        self.mem.copy_page(self.mode, from as u8, to as u8);
        Ok(())
    }

    /// COLOR in a graphics mode. SCREEN 1: COLOR [background] [,palette] (background
    /// 0..=255, its low four bits used; an even palette gives green/red/brown, odd
    /// cyan/magenta/white). SCREEN 7, 8, 9: COLOR [foreground] [,background] (foreground
    /// 1..=15 sets the attribute of drawing and text; background is the colour of
    /// attribute 0: 0..=15 in SCREEN 7 and 8, where only the low eight show, 0..=63 in
    /// SCREEN 9). SCREEN 2 has no COLOR (Illegal function call). SCREEN 0's COLOR
    /// belongs to the text screen.
    pub fn color(&mut self, a: Option<i16>, b: Option<i16>, c: Option<i16>) -> Res<()> {
        match self.mode.number {
            1 => {
                let pal = c.or(b);
                for v in [a, pal].into_iter().flatten() {
                    if !(0..=255).contains(&v) {
                        return Err(IFC);
                    }
                }
                if let Some(p) = pal {
                    self.palette.set_cga(p as u8);
                }
                if let Some(bg) = a {
                    self.palette.entries[0] = (bg & 15) as u8;
                }
                Ok(())
            }
            7..=9 => {
                if c.is_some_and(|border| !(0..=255).contains(&border)) {
                    return Err(IFC);
                }
                let max_colour = i16::from(self.mode.colours) - 1;
                if a.is_some_and(|f| !(1..=15).contains(&f))
                    || b.is_some_and(|bg| !(0..=max_colour).contains(&bg))
                {
                    return Err(IFC);
                }
                if let Some(f) = a {
                    self.fg = f as u8;
                }
                if let Some(bg) = b {
                    let bg = if self.mode.colours == 16 { bg & 7 } else { bg };
                    self.palette.entries[0] = bg as u8;
                }
                Ok(())
            }
            _ => Err(IFC),
        }
    }

    /// PALETTE [attribute, colour]: without arguments the mode's default palette; colour
    /// -1 leaves the entry as it is. Attribute 0..attrs-1, colour -1..colours-1, else
    /// Illegal function call.
    pub fn palette_set(&mut self, entry: Option<(i16, i16)>) -> Res<()> {
        match entry {
            None => {
                self.palette.reset(self.mode);
                Ok(())
            }
            Some((attr, colour)) => {
                if !(0..i16::from(self.mode.attrs)).contains(&attr)
                    || !(-1..i16::from(self.mode.colours)).contains(&colour)
                {
                    return Err(IFC);
                }
                if colour >= 0 {
                    self.palette.entries[attr as usize] = colour as u8;
                }
                Ok(())
            }
        }
    }

    /// PALETTE USING array(start): `values` are the integer array's elements from the
    /// one named on; one per attribute is needed (Illegal function call if the array
    /// ends first); -1 leaves an entry unchanged, other values outside the colours give
    /// Illegal function call before anything changes.
    pub fn palette_using(&mut self, values: &[i16]) -> Res<()> {
        let n = usize::from(self.mode.attrs);
        let values = values.get(..n).ok_or(IFC)?;
        if values
            .iter()
            .any(|&c| !(-1..i16::from(self.mode.colours)).contains(&c))
        {
            return Err(IFC);
        }
        for (entry, &c) in self.palette.entries.iter_mut().zip(values) {
            if c >= 0 {
                *entry = c as u8;
            }
        }
        Ok(())
    }

    // ---- memory ----

    /// PEEK of an absolute address (segment × 16 + offset) in video memory; None when the
    /// address is not video memory in this mode.
    pub fn peek(&self, addr: u32) -> Option<u8> {
        self.mem.peek(self.mode, addr)
    }

    /// POKE into video memory; false when the address is not video memory.
    pub fn poke(&mut self, addr: u32, value: u8) -> bool {
        self.mem.poke(self.mode, addr, value)
    }

    /// OUT to a video port (EGA sequencer and graphics controller); false if not one.
    pub fn port_out(&mut self, port: u16, value: u8) -> bool {
        self.mem.port_out(port, value)
    }

    /// INP from a video port; None if not one.
    pub fn port_in(&self, port: u16) -> Option<u8> {
        self.mem.port_in(port)
    }

    // ---- coordinates ----

    /// The centre of the viewport, where the graphics cursor starts.
    fn centre(&self) -> (i32, i32) {
        let (x0, y0, x1, y1) = self.view_bounds();
        let (cx, cy) = ((x1 - x0) / 2 + 1, (y1 - y0) / 2 + 1);
        match self.view {
            Some(v) if v.screen => (x0 + cx, y0 + cy),
            _ => (cx, cy),
        }
    }

    /// The viewport in the coordinates statements use (relative unless VIEW SCREEN).
    fn view_bounds(&self) -> (i32, i32, i32, i32) {
        match self.view {
            Some(v) if v.screen => (v.x0, v.y0, v.x1, v.y1),
            Some(v) => (0, 0, v.x1 - v.x0, v.y1 - v.y0),
            None => (
                0,
                0,
                i32::from(self.mode.width) - 1,
                i32::from(self.mode.height) - 1,
            ),
        }
    }

    /// The offset from statement coordinates to screen pixels.
    fn origin(&self) -> (i32, i32) {
        match self.view {
            Some(v) if !v.screen => (v.x0, v.y0),
            _ => (0, 0),
        }
    }

    /// The clipping rectangle in screen pixels.
    fn clip(&self) -> (i32, i32, i32, i32) {
        match self.view {
            Some(v) => (v.x0, v.y0, v.x1, v.y1),
            None => (
                0,
                0,
                i32::from(self.mode.width) - 1,
                i32::from(self.mode.height) - 1,
            ),
        }
    }

    /// World to physical (viewport-relative) coordinates, with STEP relative to the
    /// graphics cursor; Overflow when the result leaves the integers.
    fn physical(&self, c: Coord) -> Res<(i32, i32)> {
        match &self.window {
            None => {
                let x = cint(c.x)?;
                let y = cint(c.y)?;
                if c.step {
                    Ok((wrap16(self.last.0 + x), wrap16(self.last.1 + y)))
                } else {
                    Ok((x, y))
                }
            }
            Some(w) => {
                let (mut x, mut y) = (c.x, c.y);
                if c.step {
                    let (lx, ly) = self.logical(self.last);
                    x = lx.add(x).map_err(|_| ErrorCode::Overflow)?;
                    y = ly.add(y).map_err(|_| ErrorCode::Overflow)?;
                }
                Ok((w.physical_x(x)?, w.physical_y(y)?))
            }
        }
    }

    /// Physical to world coordinates (the identity without WINDOW).
    fn logical(&self, (x, y): (i32, i32)) -> (Single, Single) {
        let (x, y) = (Single::from_i32(x), Single::from_i32(y));
        match &self.window {
            None => (x, y),
            Some(w) => {
                let lx = x.sub(w.offset_x).and_then(|v| v.div(w.scale_x));
                let ly = y.sub(w.offset_y).and_then(|v| v.div(w.scale_y));
                (
                    lx.unwrap_or_else(|e| e.single_value()),
                    ly.unwrap_or_else(|e| e.single_value()),
                )
            }
        }
    }

    /// A colour argument: 0..=255 (else Illegal function call), then limited to the
    /// mode's highest attribute; None gives `default`.
    fn attr(&self, colour: Option<i16>, default: u8) -> Res<u8> {
        match colour {
            None => Ok(default),
            Some(c) if (0..=255).contains(&c) => Ok((c as u8).min(self.mode.attrs - 1)),
            Some(_) => Err(IFC),
        }
    }

    /// VIEW [[SCREEN] (x0, y0)-(x1, y1) [, [fill] [, border]]]. The corners are sorted, must
    /// lie on the screen and differ (Illegal function call); fill and border are
    /// 0..=255. The fill paints the viewport, the border a box one pixel outside it. The
    /// graphics cursor moves to the viewport's centre, and WINDOW is recomputed for the
    /// new size.
    pub fn view(
        &mut self,
        rect: Option<[i16; 4]>,
        screen: bool,
        fill: Option<i16>,
        border: Option<i16>,
    ) -> Res<()> {
        self.require_graphics()?;
        let Some([x0, y0, x1, y1]) = rect else {
            self.view = None;
            return self.after_view_change();
        };
        let (w, h) = (self.mode.width as i16, self.mode.height as i16);
        if [x0, x1].iter().any(|x| !(0..w).contains(x))
            || [y0, y1].iter().any(|y| !(0..h).contains(y))
            || x0 == x1
            || y0 == y1
        {
            return Err(IFC);
        }
        let fill = fill.map(|f| self.attr(Some(f), 0)).transpose()?;
        let border = border.map(|b| self.attr(Some(b), 0)).transpose()?;
        let (x0, x1) = (i32::from(x0.min(x1)), i32::from(x0.max(x1)));
        let (y0, y1) = (i32::from(y0.min(y1)), i32::from(y0.max(y1)));
        self.view = None;
        if let Some(f) = fill {
            self.fill_rect_abs(x0, y0, x1, y1, f);
            self.last_attr = f;
        }
        if let Some(b) = border {
            self.box_abs(x0 - 1, y0 - 1, x1 + 1, y1 + 1, b);
            self.last_attr = b;
        }
        self.view = Some(ViewPort {
            x0,
            y0,
            x1,
            y1,
            screen,
        });
        self.after_view_change()
    }

    fn after_view_change(&mut self) -> Res<()> {
        self.last = self.centre();
        self.draw_pen = None;
        if let Some(w) = self.window {
            let [x0, y0, x1, y1] = w.bounds;
            self.window = Some(self.make_window(x0, y0, x1, y1, w.cartesian)?);
        }
        Ok(())
    }

    /// WINDOW [[SCREEN] (x0, y0)-(x1, y1)]: world coordinates spanning the viewport, y
    /// growing upwards unless SCREEN. Equal x or equal y give Illegal function call.
    pub fn window(&mut self, rect: Option<[Single; 4]>, screen: bool) -> Res<()> {
        self.require_graphics()?;
        match rect {
            None => self.window = None,
            Some([x0, y0, x1, y1]) => {
                if x0 == x1 || y0 == y1 {
                    return Err(IFC);
                }
                self.window = Some(self.make_window(x0, y0, x1, y1, !screen)?);
            }
        }
        self.draw_pen = None;
        Ok(())
    }

    fn make_window(
        &self,
        x0: Single,
        y0: Single,
        x1: Single,
        y1: Single,
        cartesian: bool,
    ) -> Res<Window> {
        let ovf = |_| ErrorCode::Overflow;
        let (mut fx0, mut fx1) = (x0, x1);
        if fx0.total_cmp(fx1).is_gt() {
            std::mem::swap(&mut fx0, &mut fx1);
        }
        let (mut fy0, mut fy1) = (y0, y1);
        if fy0.total_cmp(fy1).is_gt() {
            std::mem::swap(&mut fy0, &mut fy1);
        }
        if cartesian {
            std::mem::swap(&mut fy0, &mut fy1);
        }
        let (vx0, vy0, vx1, vy1) = self.view_bounds();
        let width = Single::from_i32(vx1 - vx0);
        let height = Single::from_i32(vy1 - vy0);
        let scale_x = width.div(fx1.sub(fx0).map_err(ovf)?).map_err(ovf)?;
        let scale_y = height.div(fy1.sub(fy0).map_err(ovf)?).map_err(ovf)?;
        let offset_x = fx0.mul(scale_x).map_err(ovf)?.neg();
        let offset_y = fy0.mul(scale_y).map_err(ovf)?.neg();
        Ok(Window {
            bounds: [x0, y0, x1, y1],
            cartesian,
            scale_x,
            scale_y,
            offset_x,
            offset_y,
        })
    }

    /// PMAP(value, function): 0 and 1 map a world x or y to physical, 2 and 3 a
    /// physical x or y (made an integer first: Overflow outside -32768..=32767) to world.
    /// Function outside 0..=3: Illegal function call. In text mode the answer is 0.
    pub fn pmap(&self, value: Single, function: i16) -> Res<Single> {
        if !(0..=3).contains(&function) {
            return Err(IFC);
        }
        if function >= 2 {
            cint(value)?;
        }
        if self.mode.is_text() {
            return Ok(Single::ZERO);
        }
        let zero = Single::ZERO;
        Ok(match function {
            0 => Single::from_i32(
                self.physical(Coord {
                    x: value,
                    y: zero,
                    step: false,
                })?
                .0,
            ),
            1 => Single::from_i32(
                self.physical(Coord {
                    x: zero,
                    y: value,
                    step: false,
                })?
                .1,
            ),
            2 => self.logical((cint(value)?, 0)).0,
            _ => self.logical((0, cint(value)?)).1,
        })
    }

    /// POINT(function) with one argument: the graphics cursor, 0 and 1 physical x and y,
    /// 2 and 3 world x and y. Function outside 0..=3: Illegal function call; 0 in text mode.
    pub fn point_cursor(&self, function: i16) -> Res<Single> {
        if !(0..=3).contains(&function) {
            return Err(IFC);
        }
        if self.mode.is_text() {
            return Ok(Single::ZERO);
        }
        let at = self.draw_pen.unwrap_or(self.last);
        Ok(match function {
            0 => Single::from_i32(at.0),
            1 => Single::from_i32(at.1),
            2 => self.logical(at).0,
            _ => self.logical(at).1,
        })
    }

    /// POINT(x, y): the attribute of a pixel of the active page, -1 off the screen.
    /// Illegal function call in text mode. The graphics cursor does not move.
    pub fn point(&self, x: Single, y: Single) -> Res<i16> {
        self.require_graphics()?;
        let (px, py) = self.physical(Coord { x, y, step: false })?;
        let (ox, oy) = self.origin();
        let (ax, ay) = (px + ox, py + oy);
        if ax < 0 || ay < 0 || ax >= i32::from(self.mode.width) || ay >= i32::from(self.mode.height)
        {
            return Ok(-1);
        }
        Ok(i16::from(self.mem.pixel(
            self.mode,
            self.apage,
            ax as usize,
            ay as usize,
        )))
    }

    /// A statement's points as it scanned them before a later operand failed: each one
    /// in turn becomes the graphics cursor (a STEP from the one before), and a point that
    /// does not convert is the statement's error (S GENGRP.ASM SCAN1/SCAND: GETIN2 of x
    /// and y, then GRPACX/GRPACY stored, before the colour or anything after it).
    pub fn scanned(&mut self, points: &[Coord]) -> Res<()> {
        for &c in points {
            self.last = self.physical(c)?;
            self.draw_pen = None;
        }
        Ok(())
    }

    /// PSET (or PRESET when `preset`) coordinate [, colour]: colour 0..=255 (Illegal
    /// function call otherwise), default the foreground (PRESET: 0). Points outside the
    /// viewport are not drawn; the cursor moves there all the same, and stays there when
    /// the colour is refused (S GENGRP.ASM PSET: SCAND before ATRENT).
    pub fn pset(&mut self, at: Coord, colour: Option<i16>, preset: bool) -> Res<()> {
        self.require_graphics()?;
        let p = self.physical(at)?;
        self.last = p;
        self.draw_pen = None;
        let attr = self.attr(colour, if preset { 0 } else { self.fg })?;
        self.last_attr = attr;
        let (ox, oy) = self.origin();
        self.plot(p.0 + ox, p.1 + oy, attr);
        Ok(())
    }

    // ---- pixel primitives (absolute screen coordinates) ----

    /// Sets a pixel of the active page if it lies inside the viewport.
    #[inline]
    fn plot(&mut self, x: i32, y: i32, attr: u8) {
        let (x0, y0, x1, y1) = self.clip();
        if x >= x0 && x <= x1 && y >= y0 && y <= y1 {
            self.mem
                .set_pixel(self.mode, self.apage, x as usize, y as usize, attr);
        }
    }

    /// Reads a pixel of the active page; None outside the viewport.
    #[inline]
    fn pixel_at(&self, x: i32, y: i32) -> Option<u8> {
        let (x0, y0, x1, y1) = self.clip();
        (x >= x0 && x <= x1 && y >= y0 && y <= y1).then(|| {
            self.mem
                .pixel(self.mode, self.apage, x as usize, y as usize)
        })
    }

    /// Fills a rectangle (any corner order), clipped to the viewport.
    fn fill_rect_abs(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, attr: u8) {
        let (cx0, cy0, cx1, cy1) = self.clip();
        let (xa, xb) = (x0.min(x1).max(cx0), x0.max(x1).min(cx1));
        let (ya, yb) = (y0.min(y1).max(cy0), y0.max(y1).min(cy1));
        if xa > xb || ya > yb {
            return;
        }
        for y in ya..=yb {
            self.mem.fill_span(
                self.mode,
                self.apage,
                xa as usize,
                xb as usize,
                y as usize,
                attr,
            );
        }
    }

    /// Whether VIEW set a graphics viewport (CLS then clears only it).
    pub fn view_set(&self) -> bool {
        self.view.is_some()
    }

    /// Clears the viewport of the active page to attribute 0 (CLS in a graphics mode).
    pub fn clear_view(&mut self) {
        let (x0, y0, x1, y1) = self.clip();
        self.fill_rect_abs(x0, y0, x1, y1, 0);
    }

    /// Clears the whole active page.
    pub fn clear_page(&mut self) {
        self.mem.clear_page(self.mode, self.apage);
    }

    /// The pixels of page `page` as attributes, row by row (for pictures and tests).
    pub fn page_pixels(&self, page: u8) -> Vec<u8> {
        let (w, h) = (usize::from(self.mode.width), usize::from(self.mode.height));
        let mut out = Vec::with_capacity(w * h);
        if self.mode.is_text() {
            out.resize(w * h, 0);
            return out;
        }
        out.resize(w * h, 0);
        for (y, row) in out.chunks_exact_mut(w.max(1)).enumerate() {
            self.mem.decode_row(self.mode, page, y, row);
        }
        out
    }
}

/// GW-BASIC's CINT of a coordinate: round half away from zero, Overflow outside 16 bits.
fn cint(v: Single) -> Res<i32> {
    v.to_i16_round().map(i32::from).ok_or(ErrorCode::Overflow)
}

/// Two's-complement 16-bit wrap of GW-BASIC's coordinate additions.
fn wrap16(v: i32) -> i32 {
    i32::from(v as i16)
}

impl Window {
    fn physical_x(&self, x: Single) -> Res<i32> {
        map(self.offset_x, x, self.scale_x)
    }

    fn physical_y(&self, y: Single) -> Res<i32> {
        map(self.offset_y, y, self.scale_y)
    }
}

fn map(offset: Single, v: Single, scale: Single) -> Res<i32> {
    let ovf = |_| ErrorCode::Overflow;
    cint(offset.add(v.mul(scale).map_err(ovf)?).map_err(ovf)?)
}
