//! The graphics statements and functions on the machine's `graphics::Video`:
//! PSET, PRESET, LINE, CIRCLE, PAINT, DRAW, GET and PUT of graphics, VIEW, WINDOW,
//! PALETTE [USING], BSAVE, BLOAD, POINT and PMAP; SCREEN, COLOR, CLS and PCOPY hand
//! their graphics-mode part here. Ownership (docs/graphics.md): the text screen model
//! (`io.screen`) keeps the text state (cells, cursor, logical lines, scrolling) in every
//! mode; in a graphics mode `io.video` owns the pixels, and the characters the screen
//! model writes are drawn into them after each screen update (`sync_gfx_text`), the
//! rows the model scrolled being scrolled in pixels first. The text model keeps the
//! cells it writes in a graphics mode (`Screen::track_damage`), so every write, a blank
//! over a drawing included, is drawn, and nothing else is. GET/PUT arrays and PALETTE
//! USING see a numeric array's elements as the bytes GW-BASIC stores (integers 2 bytes
//! little-endian, singles and doubles in MBF).

use super::macrovars::MacroMachine;
use super::{Halt, Machine, Res};
use crate::compile::code::{CExpr, Compiled, Pos};
use crate::error::ErrorCode;
use crate::graphics::{Coord, LineShape, PaintFill, PutAction, Scene, Video};
use crate::machine::value::{self, Value};
use crate::machine::vars::ArrayData;
use crate::num::{Double, Single};
use crate::syntax::ast::Func;
use crate::syntax::ast::{Bload, Bsave};
use crate::syntax::ast::{
    Circle, Draw, GArray, GCoord, GraphicsGet, GraphicsPut, GraphicsRaise, Line, Paint, Palette,
    PaletteUsing, Pset, PutMode, Shape, View, Window,
};

const IFC: ErrorCode = ErrorCode::IllegalFunctionCall;

/// What of the text screen has been drawn into the pixels of a graphics mode.
#[derive(Debug, Default)]
pub(crate) struct GfxText {
    /// The screen model's scroll count when the pixels were last brought up to date.
    scrolls: u64,
}

impl Machine {
    /// PSET / PRESET.
    #[inline(never)]
    pub(super) fn exec_pset(&mut self, s: &Pset<Compiled>, _at: Pos) -> Res<()> {
        let Pset { at, colour, preset } = s;
        self.io.video.require_graphics()?;
        let at = self.gfx_coord(at)?;
        let colour = self.gfx_opt_int(colour.as_ref());
        let colour = self.after_points(&[at], colour)?;
        self.io.video.pset(at, colour, *preset)?;
        Ok(())
    }

    /// LINE.
    #[inline(never)]
    pub(super) fn exec_line(&mut self, s: &Line<Compiled>, _at: Pos) -> Res<()> {
        let Line {
            from,
            to,
            colour,
            shape,
            style,
        } = s;
        self.io.video.require_graphics()?;
        let from = match from {
            Some(c) => Some(self.gfx_coord(c)?),
            None => None,
        };
        let to = self.gfx_coord(to)?;
        // the points as scanned, without an allocation per LINE
        let both;
        let points: &[Coord] = match from {
            Some(f) => {
                both = [f, to];
                &both
            }
            None => std::slice::from_ref(&to),
        };
        let colour = self.gfx_colour(colour.as_ref());
        let colour = self.after_points(points, colour)?;
        let style = self.gfx_opt_int(style.as_ref());
        let style = self.after_points(points, style)?;
        let shape = match shape {
            Shape::Line => LineShape::Line,
            Shape::Box => LineShape::Box,
            Shape::Filled => LineShape::Fill,
        };
        self.io.video.line(from, to, colour, shape, style)?;
        Ok(())
    }

    /// CIRCLE.
    #[inline(never)]
    pub(super) fn exec_circle(&mut self, s: &Circle<Compiled>, _at: Pos) -> Res<()> {
        let Circle {
            centre,
            radius,
            colour,
            start,
            end,
            aspect,
        } = s;
        self.io.video.require_graphics()?;
        let centre = self.gfx_coord(centre)?;
        let p = [centre];
        let radius = self.gfx_single(radius);
        let radius = self.after_points(&p, radius)?;
        let colour = self.gfx_colour(colour.as_ref());
        let colour = self.after_points(&p, colour)?;
        let start = self.gfx_opt_single(start.as_ref());
        let start = self.after_points(&p, start)?;
        let end = self.gfx_opt_single(end.as_ref());
        let end = self.after_points(&p, end)?;
        let aspect = self.gfx_opt_single(aspect.as_ref());
        let aspect = self.after_points(&p, aspect)?;
        self.io
            .video
            .circle(centre, radius, colour, start, end, aspect)?;
        Ok(())
    }

    /// PAINT.
    #[inline(never)]
    pub(super) fn exec_paint(&mut self, s: &Paint<Compiled>, _at: Pos) -> Res<()> {
        let Paint {
            at,
            fill,
            border,
            background,
        } = s;
        self.io.video.require_graphics()?;
        let at = self.gfx_coord(at)?;
        let fill = match fill {
            Some(e) => self.paint_fill(e),
            None => Ok(Ok(None)),
        };
        let fill = self.after_points(&[at], fill)?;
        let border = self.gfx_colour(border.as_ref());
        let border = self.after_points(&[at], border)?;
        let background = match background {
            Some(e) => self.eval_str(e).map(Some),
            None => Ok(None),
        };
        let background = self.after_points(&[at], background)?;
        let fill = match &fill {
            Ok(c) => PaintFill::Colour(*c),
            Err(s) => PaintFill::Tile(s),
        };
        self.io
            .video
            .paint(at, fill, border, background.as_deref())?;
        Ok(())
    }

    /// PAINT's fill: a colour, or a tile string (Err).
    fn paint_fill(&mut self, e: &CExpr) -> Res<Result<Option<i16>, std::rc::Rc<[u8]>>> {
        Ok(match self.eval(e)? {
            Value::Str(s) => Err(s),
            v => match value::to_int(v.num()?)? {
                c @ 0..=255 => Ok(Some(c)),
                _ => return Err(IFC.into()),
            },
        })
    }

    /// An operand read after a statement's points: when it fails, the points are the
    /// graphics cursor as they were scanned, and a point that does not convert is the
    /// error instead (GW converts each coordinate as it scans it).
    fn after_points<T>(&mut self, points: &[Coord], r: Res<T>) -> Res<T> {
        if r.is_err() {
            self.io.video.scanned(points)?;
        }
        r
    }

    /// DRAW.
    #[inline(never)]
    pub(super) fn exec_draw(&mut self, s: &Draw<Compiled>, _at: Pos) -> Res<()> {
        let Draw { commands: e } = s;
        self.io.video.require_graphics()?;
        let s = self.eval_str(e)?;
        // the string is freed before its commands run [S MACLNG.ASM MCLNEW: FRESTR]
        self.str_freed(&s);
        // the card is lent out while the scanner reads the program's variables
        let mut video = std::mem::take(&mut *self.io.video);
        let r = video.draw(&s, &mut MacroMachine(self));
        *self.io.video = video;
        r?;
        Ok(())
    }

    /// GET of graphics.
    #[inline(never)]
    pub(super) fn exec_graphics_get(&mut self, s: &GraphicsGet<Compiled>, _at: Pos) -> Res<()> {
        let GraphicsGet { from, to, array } = s;
        self.io.video.require_graphics()?;
        let a = self.gfx_coord(from)?;
        let b = self.gfx_coord(to)?;
        let (slot, first) = self.gfx_array(array)?;
        let mut bytes = self.array_bytes(slot, first)?;
        self.io.video.get(a, b, &mut bytes)?;
        self.store_array_bytes(slot, first, &bytes)?;
        Ok(())
    }

    /// PUT of graphics.
    #[inline(never)]
    pub(super) fn exec_graphics_put(&mut self, s: &GraphicsPut<Compiled>, _at: Pos) -> Res<()> {
        let GraphicsPut { at, array, action } = s;
        self.io.video.require_graphics()?;
        let at = self.gfx_coord(at)?;
        let (slot, first) = self.gfx_array(array)?;
        let bytes = self.array_bytes(slot, first)?;
        let action = match action {
            PutMode::Pset => PutAction::Pset,
            PutMode::Preset => PutAction::Preset,
            PutMode::And => PutAction::And,
            PutMode::Or => PutAction::Or,
            PutMode::Xor => PutAction::Xor,
        };
        self.io.video.put(at, &bytes, action)?;
        Ok(())
    }

    /// VIEW.
    #[inline(never)]
    pub(super) fn exec_view(&mut self, s: &View<Compiled>, _at: Pos) -> Res<()> {
        let View {
            rect,
            screen,
            fill,
            border,
        } = s;
        self.io.video.require_graphics()?;
        let rect = match rect {
            Some(r) => {
                let mut out = [0i16; 4];
                for (o, e) in out.iter_mut().zip(r.iter()) {
                    *o = self.eval_int(e)?;
                }
                Some(out)
            }
            None => None,
        };
        let fill = self.gfx_opt_int(fill.as_ref())?;
        let border = self.gfx_opt_int(border.as_ref())?;
        self.io.video.view(rect, *screen, fill, border)?;
        Ok(())
    }

    /// WINDOW.
    #[inline(never)]
    pub(super) fn exec_window(&mut self, s: &Window<Compiled>, _at: Pos) -> Res<()> {
        let Window { rect, screen } = s;
        self.io.video.require_graphics()?;
        let rect = match rect {
            Some(r) => {
                let mut out = [Single::ZERO; 4];
                for (o, e) in out.iter_mut().zip(r.iter()) {
                    *o = self.gfx_single(e)?;
                }
                Some(out)
            }
            None => None,
        };
        self.io.video.window(rect, *screen)?;
        Ok(())
    }

    /// PALETTE.
    #[inline(never)]
    pub(super) fn exec_palette(&mut self, s: &Palette<Compiled>, _at: Pos) -> Res<()> {
        let Palette { entry: p } = s;
        let entry = match p {
            Some((a, c)) => {
                let a = self.eval_int(a)?;
                // the colour is the low byte of its integer, signed: 255 is -1 (keep the
                // attribute's colour), 256 is 0 (PC-BASIC 2.0.8's GW-BASIC rule)
                let c = i16::from(self.eval_int(c)? as u8 as i8);
                Some((a, c))
            }
            None => None,
        };
        if self.io.video.mode().is_text() {
            // SCREEN 0's palette: checked as the text mode's 16 attributes
            return match entry {
                Some((a, c)) if !(0..16).contains(&a) || !(-1..64).contains(&c) => Err(IFC.into()),
                _ => Ok(()),
            };
        }
        self.io.video.palette_set(entry)?;
        Ok(())
    }

    /// PALETTE USING.
    #[inline(never)]
    pub(super) fn exec_palette_using(&mut self, s: &PaletteUsing<Compiled>, _at: Pos) -> Res<()> {
        let PaletteUsing { array } = s;
        let (slot, first) = self.gfx_array(array)?;
        let values: Vec<i16> = match self.run.vars.arrays[slot as usize]
            .as_ref()
            .map(|a| &a.data)
        {
            Some(ArrayData::Int(v)) => v.get(first..).unwrap_or(&[]).to_vec(),
            Some(_) => return Err(ErrorCode::TypeMismatch.into()),
            None => return Err(IFC.into()),
        };
        if self.io.video.mode().is_text() {
            return if values.len() < 16 {
                Err(IFC.into())
            } else {
                Ok(())
            };
        }
        self.io.video.palette_using(&values)?;
        Ok(())
    }

    /// A graphics statement whose text went wrong.
    #[inline(never)]
    pub(super) fn exec_graphics_raise(&mut self, s: &GraphicsRaise<Compiled>, _at: Pos) -> Res<()> {
        let GraphicsRaise { graphics, fault } = s;
        if *graphics {
            self.io.video.require_graphics()?;
        }
        self.eval(fault)?;
        Err(ErrorCode::InternalError.into())
    }

    // ------------------------------------------------------------------ operands

    /// A coordinate operand: single precision (a double too large is an Overflow).
    fn gfx_single(&mut self, e: &CExpr) -> Res<Single> {
        let n = self.eval_num(e)?;
        value::to_single(n).map_err(|_| Halt::Error(ErrorCode::Overflow))
    }

    fn gfx_opt_single(&mut self, e: Option<&CExpr>) -> Res<Option<Single>> {
        e.map(|e| self.gfx_single(e)).transpose()
    }

    fn gfx_opt_int(&mut self, e: Option<&CExpr>) -> Res<Option<i16>> {
        e.map(|e| self.eval_int(e)).transpose()
    }

    /// A colour operand read as a byte, refused (Illegal function call) before the
    /// operands after it are read (S GENGRP.ASM ATRENT and PAINT's border: GETBYT).
    fn gfx_colour(&mut self, e: Option<&CExpr>) -> Res<Option<i16>> {
        match self.gfx_opt_int(e)? {
            Some(c) if !(0..=255).contains(&c) => Err(IFC.into()),
            c => Ok(c),
        }
    }

    fn gfx_coord(&mut self, c: &GCoord<Compiled>) -> Res<Coord> {
        let x = self.gfx_single(&c.x)?;
        let y = self.gfx_single(&c.y)?;
        Ok(Coord { x, y, step: c.step })
    }

    /// A numeric array operand: its slot and the flat index of the element named (the
    /// first one without subscripts; the array must exist then).
    fn gfx_array(&mut self, a: &GArray<Compiled>) -> Res<(u32, usize)> {
        let first = if a.subs.is_empty() {
            if self.run.vars.arrays[a.array as usize].is_none() {
                return Err(IFC.into());
            }
            0
        } else {
            self.element(a.array, &a.subs)?
        };
        if matches!(
            self.run.vars.arrays[a.array as usize]
                .as_ref()
                .map(|x| &x.data),
            Some(ArrayData::Str(_))
        ) {
            return Err(ErrorCode::TypeMismatch.into());
        }
        Ok((a.array, first))
    }

    /// The bytes of a numeric array from element `first` on, as GW-BASIC stores them.
    fn array_bytes(&self, slot: u32, first: usize) -> Res<Vec<u8>> {
        let Some(a) = self.run.vars.arrays[slot as usize].as_ref() else {
            return Err(IFC.into());
        };
        Ok(match &a.data {
            ArrayData::Int(v) => v[first..].iter().flat_map(|x| x.to_le_bytes()).collect(),
            ArrayData::Sng(v) => v[first..].iter().flat_map(|x| x.to_bytes()).collect(),
            ArrayData::Dbl(v) => v[first..].iter().flat_map(|x| x.to_bytes()).collect(),
            ArrayData::Str(_) => return Err(ErrorCode::TypeMismatch.into()),
        })
    }

    /// Writes `bytes` back into the array's elements from `first` on.
    fn store_array_bytes(&mut self, slot: u32, first: usize, bytes: &[u8]) -> Res<()> {
        let Some(a) = self.run.vars.arrays[slot as usize].as_mut() else {
            return Err(IFC.into());
        };
        match &mut a.data {
            ArrayData::Int(v) => {
                for (x, b) in v[first..].iter_mut().zip(bytes.chunks_exact(2)) {
                    *x = i16::from_le_bytes([b[0], b[1]]);
                }
            }
            ArrayData::Sng(v) => {
                for (x, b) in v[first..].iter_mut().zip(bytes.chunks_exact(4)) {
                    *x = Single::from_bytes([b[0], b[1], b[2], b[3]]);
                }
            }
            ArrayData::Dbl(v) => {
                for (x, b) in v[first..].iter_mut().zip(bytes.chunks_exact(8)) {
                    let mut d = [0u8; 8];
                    d.copy_from_slice(b);
                    *x = Double::from_bytes(d);
                }
            }
            ArrayData::Str(_) => return Err(ErrorCode::TypeMismatch.into()),
        }
        Ok(())
    }

    // ------------------------------------------------------------------ functions

    /// POINT(function) or POINT(x, y).
    pub(crate) fn fn_point(&mut self, args: &[CExpr]) -> Res<Value> {
        match args {
            [f] => {
                let f = self.eval_int(f)?;
                let v = self.io.video.point_cursor(f)?;
                Ok(Value::Sng(v))
            }
            [x, y] => {
                let x = self.eval(x)?;
                self.io.video.require_graphics()?;
                let x = value::to_single(x.num()?).map_err(|_| Halt::Error(ErrorCode::Overflow))?;
                let y = self.gfx_single(y)?;
                Ok(Value::Int(self.io.video.point(x, y)?))
            }
            _ => {
                for a in args {
                    self.eval(a)?;
                }
                Err(ErrorCode::SyntaxError.into())
            }
        }
    }

    /// What POINT and PMAP check of an argument as they scan it, when their text goes
    /// wrong later: PMAP's operands are numbers; POINT's first operand followed by
    /// anything but `)` is the two-operand form, an Illegal function call in text mode.
    pub(crate) fn gfx_scan_check(&mut self, f: Func, i: usize, v: Value) -> Res<()> {
        match (f, i) {
            (Func::Pmap, 0) => v.num().map(|_| ()).map_err(Into::into),
            (Func::Pmap, _) => value::to_int(v.num()?).map(|_| ()).map_err(Into::into),
            // POINT's first operand not followed by `)` is a coordinate: graphics are
            // required (Illegal function call in text modes, M unsorted/POINT), then it
            // is converted to a number (Type mismatch) before its comma is looked for
            (_, 0) => {
                self.io.video.require_graphics()?;
                v.num().map(|_| ()).map_err(Into::into)
            }
            _ => v.num().map(|_| ()).map_err(Into::into),
        }
    }

    /// PMAP(value, function).
    pub(crate) fn fn_pmap(&mut self, args: &[CExpr]) -> Res<Value> {
        let [v, f] = args else {
            for a in args {
                self.eval(a)?;
            }
            return Err(ErrorCode::SyntaxError.into());
        };
        let v = self.gfx_single(v)?;
        let f = self.eval_int(f)?;
        Ok(Value::Sng(self.io.video.pmap(v, f)?))
    }

    // ------------------------------------------------------------------ pictures

    /// What the monitor shows now, with the cursor as `cursor` says (graphics::frame).
    pub fn scene(&self, cursor: crate::console::CursorShow) -> Scene {
        Scene::capture(&self.io.video, &self.io.screen, cursor)
    }

    /// The visible screen as a PNG (`--screenshot`), without the cursor and with
    /// blinking characters shown: at `size` (width, height; 4:3 sizes keep the
    /// monitor's proportions) resampled crisply (graphics::scale) as RGB, or with None
    /// the card's own pixels (640×200, 320×200, 640×350; text 640×350 or 320×350) in
    /// indexed colour.
    pub fn screenshot_png(&self, size: Option<(usize, usize)>) -> Vec<u8> {
        let picture = self.scene(crate::console::CursorShow::Hidden).render(0);
        match size {
            Some(size) => crate::graphics::scale::png_at(&picture, size),
            None => picture.to_png(),
        }
    }

    // ------------------------------------------------------------------ the text

    /// SCREEN's graphics part: `v` the evaluated operands (at most four). Returns
    /// whether the statement was a graphics one (then the text model was set too).
    pub(super) fn gfx_screen(&mut self, v: &[Option<i32>]) -> Res<bool> {
        let get = |i: usize| v.get(i).copied().flatten().map(|x| x as i16);
        let mode = get(0).unwrap_or(i16::from(self.io.video.mode().number));
        let width = self.io.screen.width() as u8;
        if !matches!(mode, 1 | 2 | 7 | 8 | 9) {
            return Ok(false);
        }
        let changed = self
            .io
            .video
            .screen(Some(mode), get(1), get(2), get(3), width)?;
        let text_mode = self.io.screen.mode();
        self.io.screen.screen_stmt(&[Some(i32::from(mode)), None])?;
        if changed || text_mode != mode as u8 {
            self.reset_gfx_text();
        }
        Ok(true)
    }

    /// WIDTH in a graphics mode switches between the 40- and 80-column modes of the
    /// card (SCREEN 1 and 2, 7 and 8), as the text model did.
    pub(super) fn gfx_follow_width(&mut self) {
        let mode = self.io.screen.mode();
        if self.io.video.mode().is_text() || mode == self.io.video.mode().number {
            return;
        }
        let width = self.io.screen.width() as u8;
        if self
            .io
            .video
            .screen(Some(i16::from(mode)), None, None, None, width)
            .is_ok()
        {
            self.reset_gfx_text();
        }
    }

    /// After SCREEN 0 was set in the text model: the card goes back to text.
    pub(super) fn gfx_text_mode(&mut self) {
        if !self.io.video.mode().is_text() {
            let width = self.io.screen.width() as u8;
            let _ = self.io.video.screen(Some(0), None, None, None, width);
            self.io.screen.track_damage(false);
        }
    }

    /// The pixels agree with the text model as it is (a mode switch or CLS cleared
    /// both): nothing to draw, the scroll count current; the text model keeps the cells
    /// it writes from now on.
    pub(super) fn reset_gfx_text(&mut self) {
        self.io.screen.track_damage(true);
        self.io.gfx_text.scrolls = self.io.screen.scroll_count();
    }

    /// Draws the cells the text model wrote since into the pixels of a graphics mode,
    /// after scrolling the pixels as many times as the text scrolled.
    pub(crate) fn sync_gfx_text(&mut self) {
        let video = &mut self.io.video;
        let screen = &mut self.io.screen;
        let t = &mut self.io.gfx_text;
        let scrolls = screen.scroll_count();
        if scrolls != t.scrolls {
            let n = scrolls.wrapping_sub(t.scrolls).min(25);
            let (top, bottom, _) = screen.view();
            for _ in 0..n {
                video.scroll_up(top.clamp(1, 25) as u8, bottom.clamp(1, 25) as u8);
            }
            t.scrolls = scrolls;
        }
        let Some(damage) = screen.damage() else {
            return;
        };
        let fg = video.foreground();
        let mut any = false;
        for (r, cells) in damage.chunks_exact(80).enumerate() {
            // a reduction without early exit: vectorised, where `contains` is not
            if !cells.iter().fold(false, |any, &d| any | d) {
                continue;
            }
            any = true;
            let row = r as i32 + 1;
            for (c, _) in cells.iter().enumerate().filter(|(_, d)| **d) {
                let col = c as i32 + 1;
                if col <= screen.width() {
                    let (ch, _) = screen.cell(row, col);
                    video.put_char(row as u8, col as u8, ch, fg);
                }
            }
        }
        if any {
            screen.clear_damage();
        }
    }

    // ------------------------------------------------------------------ BSAVE, BLOAD

    /// BSAVE file, offset, length: the bytes at DEF SEG:offset, after GW's seven-byte
    /// header (&HFD, segment, offset, length), ending with Ctrl-Z.
    #[inline(never)]
    pub(super) fn exec_bsave(&mut self, s: &Bsave<Compiled>, _at: Pos) -> Res<()> {
        let Bsave {
            file,
            offset,
            length,
        } = s;
        let name = self.eval_file_name(file)?;
        let off = self.eval_address(offset)?;
        let len = self.eval_address(length)?;
        let seg = self.io.memory.segment;
        let mut out = Vec::with_capacity(usize::from(len) + 8);
        out.push(0xFD);
        out.extend_from_slice(&seg.to_le_bytes());
        out.extend_from_slice(&off.to_le_bytes());
        out.extend_from_slice(&len.to_le_bytes());
        for i in 0..len {
            out.push(self.peek_at(seg, off.wrapping_add(i)));
        }
        out.push(0x1A);
        let file = self.io.files.program_file(&name)?;
        self.io
            .files
            .write_program(&file, &out)
            .map_err(|_| Halt::Error(ErrorCode::DeviceIoError))
    }

    /// BLOAD file [, offset]: the bytes go to the segment and offset the file names,
    /// or to DEF SEG:offset when an offset is given.
    #[inline(never)]
    pub(super) fn exec_bload(&mut self, s: &Bload<Compiled>, _at: Pos) -> Res<()> {
        let Bload { file, offset } = s;
        let offset = offset.as_ref();
        let name = self.eval_file_name(file)?;
        let off = offset.map(|e| self.eval_address(e)).transpose()?;
        let file = self.io.files.program_file(&name)?;
        // a BSAVE file holds at most a 64 KB segment and its 7-byte header
        let data = self
            .io
            .files
            .read_program(&file, 0x10008)
            .map_err(|_| Halt::Error(ErrorCode::FileNotFound))?;
        if data.len() < 7 || data[0] != 0xFD {
            return Err(ErrorCode::BadFileMode.into());
        }
        let word = |i: usize| u16::from_le_bytes([data[i], data[i + 1]]);
        let (seg, off) = match off {
            Some(o) => (self.io.memory.segment, o),
            None => (word(1), word(3)),
        };
        let len = usize::from(word(5)).min(data.len() - 7);
        for (i, &b) in data[7..7 + len].iter().enumerate() {
            self.poke_at(seg, off.wrapping_add(i as u16), b);
        }
        Ok(())
    }
}

/// The card as the machine first has it.
pub(crate) fn new_video() -> Box<Video> {
    Box::new(Video::new())
}
