//! LINE (lines, boxes, filled boxes, line styles) and CIRCLE (circles, ellipses, arcs
//! and pie slices), with the pixel rules of GW-BASIC: lines run top to bottom and are
//! clipped by clamping their ends to one pixel around the screen; CIRCLE walks GW's
//! half-pixel circle (ADVGRP.ASM, Microsoft's MIT source) and decides which points of
//! an arc to plot by counting them around the circle.

use super::{Coord, IFC, Res, Video, cint, wrap16};
use crate::error::ErrorCode;
use crate::num::Single;

/// The shape argument of LINE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineShape {
    /// A line between the points.
    Line,
    /// `,B`: the rectangle with the points as opposite corners.
    Box,
    /// `,BF`: the filled rectangle.
    Fill,
}

/// 1/(2π) and √2/2 in GW-BASIC's single precision (the constants of ADVGRP.ASM).
const INV_TWO_PI: Single = Single(0x7E22_F983);
const HALF_SQRT2: Single = Single(0x8035_04F3);

impl Video {
    /// LINE [from] - to [, [colour] [, [B|BF] [, style]]]: `from` None starts at the
    /// graphics cursor. Colour 0..=255 (default the foreground); style is the 16-bit
    /// pattern (bit 15 first), ignored by BF. The cursor ends at `to`.
    pub fn line(
        &mut self,
        from: Option<Coord>,
        to: Coord,
        colour: Option<i16>,
        shape: LineShape,
        style: Option<i16>,
    ) -> Res<()> {
        self.require_graphics()?;
        let p0 = match from {
            Some(c) => self.physical(c)?,
            None => self.last,
        };
        self.last = p0;
        let p1 = self.physical(to)?;
        // the second point is the cursor once scanned (S GENGRP.ASM GLINE: SCAND, then
        // ATRSCN)
        self.last = p1;
        let attr = self.attr(colour, self.fg)?;
        self.last_attr = attr;
        let pattern = style.map_or(0xFFFF, |s| s as u16);
        let (ox, oy) = self.origin();
        let (a, b) = ((p0.0 + ox, p0.1 + oy), (p1.0 + ox, p1.1 + oy));
        match shape {
            LineShape::Line => {
                self.line_abs(a, b, attr, pattern, 0x8000);
            }
            LineShape::Box => {
                let (a, b) = (self.cutoff(a), self.cutoff(b));
                let mut mask = 0x8000;
                mask = self.straight((b.0, b.1), (a.0, b.1), attr, pattern, mask);
                mask = self.straight((b.0, a.1), (a.0, a.1), attr, pattern, mask);
                let (top, bottom) = (a.1.min(b.1), a.1.max(b.1));
                mask = self.straight((b.0, top), (b.0, bottom), attr, pattern, mask);
                self.straight((a.0, top), (a.0, bottom), attr, pattern, mask);
            }
            LineShape::Fill => {
                let (a, b) = (self.cutoff(a), self.cutoff(b));
                self.fill_rect_abs(a.0, a.1, b.0, b.1, attr);
            }
        }
        self.last = p1;
        self.draw_pen = None;
        Ok(())
    }

    /// Clamps an absolute point to one pixel around the screen, as GW-BASIC does to the
    /// ends of a line before drawing it.
    pub(super) fn cutoff(&self, (x, y): (i32, i32)) -> (i32, i32) {
        (
            x.clamp(-1, i32::from(self.mode.width)),
            y.clamp(-1, i32::from(self.mode.height)),
        )
    }

    /// Draws a line between absolute points with a style pattern, starting the pattern
    /// at `mask`; returns the mask after the last pixel.
    pub(super) fn line_abs(
        &mut self,
        a: (i32, i32),
        b: (i32, i32),
        attr: u8,
        pattern: u16,
        mask: u16,
    ) -> u16 {
        let (a, b) = (self.cutoff(a), self.cutoff(b));
        // Top to bottom; on one row, from the second point.
        let ((mut x0, mut y0), (mut x1, mut y1)) = if b.1 <= a.1 { (b, a) } else { (a, b) };
        let (mut dx, mut dy) = ((x1 - x0).abs(), (y1 - y0).abs());
        let steep = dy > dx;
        if steep {
            std::mem::swap(&mut x0, &mut y0);
            std::mem::swap(&mut x1, &mut y1);
            std::mem::swap(&mut dx, &mut dy);
        }
        let sx = if x1 > x0 { 1 } else { -1 };
        let sy = if y1 > y0 { 1 } else { -1 };
        // GW's sum: half the major delta, plus the minor delta per step; a minor step
        // when it reaches the major delta (checked against the real-GW DRAW_angle model).
        let mut mask = mask;
        let mut sum = dx / 2;
        let (mut x, mut y) = (x0, y0);
        loop {
            if pattern & mask != 0 {
                if steep {
                    self.plot(y, x, attr);
                } else {
                    self.plot(x, y, attr);
                }
            }
            mask = mask.rotate_right(1);
            if x == x1 {
                break;
            }
            x += sx;
            sum += dy;
            if sum >= dx {
                y += sy;
                sum -= dx;
            }
        }
        mask
    }

    /// A horizontal or vertical run from `a` to `b` (inclusive) with a style pattern.
    fn straight(
        &mut self,
        a: (i32, i32),
        b: (i32, i32),
        attr: u8,
        pattern: u16,
        mut mask: u16,
    ) -> u16 {
        let (dx, dy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        let (mut x, mut y) = a;
        loop {
            if pattern & mask != 0 {
                self.plot(x, y, attr);
            }
            mask = mask.rotate_right(1);
            if (x, y) == b {
                break;
            }
            x += dx;
            y += dy;
        }
        mask
    }

    /// A solid box outline in absolute coordinates (VIEW's border).
    pub(super) fn box_abs(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, attr: u8) {
        for (a, b) in [
            ((x0, y0), (x1, y0)),
            ((x0, y1), (x1, y1)),
            ((x0, y0), (x0, y1)),
            ((x1, y0), (x1, y1)),
        ] {
            self.straight(a, b, attr, 0xFFFF, 0x8000);
        }
    }

    /// CIRCLE centre, radius [, [colour] [, [start] [, [end] [, aspect]]]]: angles in
    /// radians, -2π..=2π (Illegal function call beyond), a negative one drawing a radius
    /// to the centre from that end of the arc; aspect is vertical/horizontal radius
    /// (default: what makes a round circle on a 4:3 screen). A negative radius is an
    /// Illegal function call. The graphics cursor ends at the centre.
    pub fn circle(
        &mut self,
        centre: Coord,
        radius: Single,
        colour: Option<i16>,
        start: Option<Single>,
        end: Option<Single>,
        aspect: Option<Single>,
    ) -> Res<()> {
        self.require_graphics()?;
        let c = self.physical(centre)?;
        self.last = c;
        self.draw_pen = None;
        if radius.is_negative() {
            return Err(IFC);
        }
        let r = match &self.window {
            None => cint(radius)?,
            Some(w) => cint(
                radius
                    .mul(w.scale_x.abs())
                    .map_err(|_| ErrorCode::Overflow)?,
            )?,
        };
        let attr = self.attr(colour, self.fg)?;
        self.last_attr = attr;
        // CNPNTS: points per octant.
        let n = Single::from_i32(r)
            .mul(HALF_SQRT2)
            .ok()
            .and_then(|v| v.to_i16_round())
            .ok_or(ErrorCode::Overflow)? as u16;
        let circumference = Single::from_i16(n.wrapping_mul(8) as i16);
        let mut line_flags = 0u8;
        let mut count = |angle: Option<Single>, flag: u8, default: u16| -> Res<u16> {
            let Some(a) = angle else { return Ok(default) };
            if a.is_negative() {
                line_flags |= flag;
            }
            let frac = a.abs().mul(INV_TWO_PI).map_err(|_| IFC)?;
            if frac.total_cmp(Single::from_i16(1)).is_gt() {
                return Err(IFC);
            }
            let v = frac.mul(circumference).map_err(|_| ErrorCode::Overflow)?;
            Ok(v.to_i16_round().ok_or(ErrorCode::Overflow)? as u16)
        };
        let s = count(start, 1, 0)?;
        let e = count(end, 0x80, 0xFFFF)?;
        let (start_count, end_count, outside) = if e >= s {
            (s, e, false)
        } else {
            line_flags = (line_flags & 1) << 7 | (line_flags >> 7);
            (e, s, true)
        };
        // ASPECT as a fraction of 256, and whether x (rather than y) is scaled.
        let (aspect256, scale_x) = match aspect {
            None => self.default_aspect(),
            Some(a) => {
                if a.total_cmp(Single::from_i16(1)).is_gt() {
                    let inv = Single::from_i16(1)
                        .div(a)
                        .map_err(|_| ErrorCode::Overflow)?;
                    (aspect_fraction(inv)?, true)
                } else {
                    (aspect_fraction(a)?, false)
                }
            }
        };
        let arc = Arc {
            centre: c,
            n,
            start: start_count,
            end: end_count,
            outside,
            line_start: line_flags & 1 != 0,
            line_end: line_flags & 0x80 != 0,
            aspect: aspect256,
            scale_x,
            attr,
        };
        // The half-pixel circle: x = 2r, y = 0, plotting at even y.
        let (mut x, mut y, mut sum) = (2 * r, 0i32, 0i32);
        loop {
            if y & 1 == 0 {
                self.plot8(&arc, (x + 1) >> 1, (y + 1) >> 1);
                if y >= x {
                    break;
                }
            }
            sum += 2 * y + 1;
            if sum >= 0 {
                sum -= 2 * x - 1;
                x -= 1;
            }
            y += 1;
        }
        Ok(())
    }

    /// The mode's default aspect as (fraction of 256, scale x): 4:3 screen proportions
    /// (213 in SCREEN 1, as DRAW's turns in the real-GW models show).
    pub(super) fn default_aspect(&self) -> (u16, bool) {
        let num = 4 * u32::from(self.mode.height) * 256;
        let den = 3 * u32::from(self.mode.width);
        (((num + den / 2) / den) as u16, false)
    }

    /// Plots the eight reflections of circle point (x, y) (CPLOT8 of ADVGRP.ASM).
    fn plot8(&mut self, arc: &Arc, x: i32, y: i32) {
        let scale = |v: i32| scale_by(arc.aspect, v);
        let (sx, sy) = (scale(x), scale(y));
        // (horizontal, vertical) offsets of octants 0, 2, 4, 6 then 1, 3, 5, 7.
        let (even, odd) = if arc.scale_x {
            (
                [(sx, -y), (-sy, -x), (-sx, y), (sy, x)],
                [(sy, -x), (-sx, -y), (-sy, x), (sx, y)],
            )
        } else {
            (
                [(x, -sy), (-y, -sx), (-x, sy), (y, sx)],
                [(y, -sx), (-x, -sy), (-y, sx), (x, sy)],
            )
        };
        let n = arc.n;
        for (k, off) in even.into_iter().enumerate() {
            let count = (y as u16).wrapping_add((2 * k as u16).wrapping_mul(n));
            self.arc_point(arc, count, off);
        }
        let back = n.wrapping_sub(y as u16);
        for (k, off) in odd.into_iter().enumerate() {
            let count = back.wrapping_add((2 * k as u16 + 1).wrapping_mul(n));
            self.arc_point(arc, count, off);
        }
    }

    /// Plots one circle point, or draws the radius there, by its count around the circle.
    fn arc_point(&mut self, arc: &Arc, count: u16, (dx, dy): (i32, i32)) {
        let at = (wrap16(arc.centre.0 + dx), wrap16(arc.centre.1 + dy));
        let line = if arc.start == count {
            Some(arc.line_start)
        } else if arc.start > count {
            if !arc.outside {
                return;
            }
            None
        } else if arc.end == count {
            Some(arc.line_end)
        } else if arc.end > count {
            if arc.outside {
                return;
            }
            None
        } else {
            if !arc.outside {
                return;
            }
            None
        };
        let (ox, oy) = self.origin();
        if line == Some(true) {
            let c = (arc.centre.0 + ox, arc.centre.1 + oy);
            self.line_abs((at.0 + ox, at.1 + oy), c, arc.attr, 0xFFFF, 0x8000);
        } else {
            self.plot(at.0 + ox, at.1 + oy, arc.attr);
        }
    }
}

/// What CIRCLE is drawing.
struct Arc {
    centre: (i32, i32),
    n: u16,
    start: u16,
    end: u16,
    outside: bool,
    line_start: bool,
    line_end: bool,
    aspect: u16,
    scale_x: bool,
    attr: u8,
}

/// An aspect ratio of at most 1 as a fraction of 256 (FRCINT of aspect × 256).
fn aspect_fraction(a: Single) -> Res<u16> {
    let v = a
        .mul(Single::from_i16(256))
        .map_err(|_| ErrorCode::Overflow)?;
    Ok(v.to_i16_round().ok_or(ErrorCode::Overflow)? as u16)
}

/// SCALE of ADVGRP.ASM: v × (low byte)/256 rounded; a zero low byte means ×1 when the
/// high byte is set and ×0 when the whole fraction is 0.
fn scale_by(aspect: u16, v: i32) -> i32 {
    let low = u32::from(aspect & 0xFF);
    if low == 0 {
        return if aspect == 0 { 0 } else { v };
    }
    let v16 = u32::from(v as u16);
    i32::from((((low * v16) + 128) >> 8) as u16 as i16)
}
