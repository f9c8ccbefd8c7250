//! PAINT: the scan-line flood fill, solid or with a tile pattern, stopping at the border
//! attribute. A tile row already present on a neighbouring scan line stops the fill
//! there (that is how GW-BASIC keeps a pattern fill from running forever), except for
//! rows of attribute 0 in a pattern fill and where the background string says the
//! pixels are background. Every pixel is filled at most once per PAINT and the queue of
//! pending runs is bounded (Out of memory beyond it), so PAINT never hangs or grows
//! without limit.

use super::mode::Layout;
use super::{Coord, IFC, Res, Video};
use crate::error::ErrorCode;

/// What PAINT fills with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaintFill<'a> {
    /// A colour (None: the foreground).
    Colour(Option<i16>),
    /// A tile: the pattern string's bytes.
    Tile(&'a [u8]),
}

/// Most runs the fill keeps pending before it gives Out of memory.
const MAX_PENDING: usize = 100_000;

/// A tile: rows of attributes, all of one width.
struct Tile {
    rows: Vec<Vec<u8>>,
}

impl Tile {
    fn row(&self, y: i32) -> &[u8] {
        &self.rows[y.rem_euclid(self.rows.len() as i32) as usize]
    }

    fn at(row: &[u8], x: i32) -> u8 {
        row[x.rem_euclid(row.len() as i32) as usize]
    }
}

impl Video {
    /// PAINT coordinate [, fill [, border [, background]]]. Colours are 0..=255; the
    /// border defaults to the fill colour, or to the foreground for a tile. A tile is 1 to
    /// 64 bytes (Illegal function call otherwise): one byte per row in CGA modes, four
    /// (one per plane) per row in EGA modes. Only the first row of the background string
    /// counts; a tile with three rows in a row (or all its rows) equal to it is an
    /// Illegal function call. A seed outside the viewport paints nothing. The start is
    /// the graphics cursor as soon as it is scanned (S ADVGRP.ASM PAINT: SCAN1 before
    /// ATRSCN, the border's GETBYT and PNTINI).
    pub fn paint(
        &mut self,
        at: Coord,
        fill: PaintFill<'_>,
        border: Option<i16>,
        background: Option<&[u8]>,
    ) -> Res<()> {
        self.require_graphics()?;
        let p = self.physical(at)?;
        // the start is the last point once scanned, whatever goes wrong after it
        self.last = p;
        let (fill_attr, tile) = match fill {
            PaintFill::Colour(c) => {
                let a = self.attr(c, self.fg)?;
                (
                    Some(a),
                    Tile {
                        rows: vec![vec![a]],
                    },
                )
            }
            PaintFill::Tile(bytes) => {
                if bytes.is_empty() || bytes.len() > 64 {
                    return Err(IFC);
                }
                (None, self.build_tile(bytes))
            }
        };
        let border = match border {
            Some(b) => self.attr(Some(b), 0)?,
            None => fill_attr.unwrap_or(self.fg),
        };
        let solid = fill_attr.is_some();
        let back = match background {
            Some(bg) if !bg.is_empty() && !solid => {
                let row = self.build_tile(bg).rows.swap_remove(0);
                let n = tile.rows.len();
                for start in 0..(n.saturating_sub(2)).max(1) {
                    let end = (start + 3).min(n);
                    if tile.rows[start..end].iter().all(|r| *r == row) {
                        return Err(IFC);
                    }
                }
                Some(row)
            }
            _ => None,
        };
        self.draw_pen = None;
        let (ox, oy) = self.origin();
        let (sx, sy) = (p.0 + ox, p.1 + oy);
        let Some(seed) = self.pixel_at(sx, sy) else {
            return Ok(());
        };
        if seed == border {
            return Ok(());
        }
        if let Some(a) = fill_attr {
            self.last_attr = a;
        }
        let fill = Fill {
            tile,
            solid,
            back,
            border,
        };
        self.flood(&fill, sx, sy)
    }

    /// DRAW's P: a solid fill from the pen (physical coordinates) up to `border`.
    pub(super) fn paint_solid(&mut self, (x, y): (i32, i32), attr: u8, border: u8) -> Res<()> {
        let (ox, oy) = self.origin();
        let (sx, sy) = (x + ox, y + oy);
        match self.pixel_at(sx, sy) {
            Some(seed) if seed != border => {
                let fill = Fill {
                    tile: Tile {
                        rows: vec![vec![attr]],
                    },
                    solid: true,
                    back: None,
                    border,
                };
                self.flood(&fill, sx, sy)
            }
            _ => Ok(()),
        }
    }

    /// Builds a tile from a pattern string in the current mode.
    fn build_tile(&self, bytes: &[u8]) -> Tile {
        match self.mode.layout {
            Layout::Cga { bpp } => {
                let per_byte = 8 / usize::from(bpp);
                let mask = (1u8 << bpp) - 1;
                let rows = bytes
                    .iter()
                    .map(|&b| {
                        (0..per_byte)
                            .map(|i| (b >> (8 - usize::from(bpp) * (i + 1))) & mask)
                            .collect()
                    })
                    .collect();
                Tile { rows }
            }
            _ => {
                let rows = bytes
                    .chunks(4)
                    .map(|planes| {
                        (0..8)
                            .map(|i| {
                                planes
                                    .iter()
                                    .enumerate()
                                    .map(|(p, &b)| ((b >> (7 - i)) & 1) << p)
                                    .sum()
                            })
                            .collect()
                    })
                    .collect();
                Tile { rows }
            }
        }
    }

    /// The fill itself, from seed (x, y) in screen pixels.
    fn flood(&mut self, f: &Fill, x: i32, y: i32) -> Res<()> {
        let (bx0, by0, bx1, by1) = self.clip();
        let width = (bx1 - bx0 + 1) as usize;
        let mut done = vec![0u64; (width * (by1 - by0 + 1) as usize).div_ceil(64)];
        let idx = |x: i32, y: i32| (y - by0) as usize * width + (x - bx0) as usize;
        let mut pending: Vec<(i32, i32, i32, i32)> = vec![(x, x, y, 0)];
        while let Some((start, stop, y, dir)) = pending.pop() {
            if (start..=stop).all(|x| done[idx(x, y) / 64] & (1 << (idx(x, y) % 64)) != 0) {
                continue;
            }
            let mut left = start;
            while left > bx0 && self.pixel_at(left - 1, y) != Some(f.border) {
                left -= 1;
            }
            let mut right = stop;
            while right < bx1 && self.pixel_at(right + 1, y) != Some(f.border) {
                right += 1;
            }
            if dir == 0 {
                if y < by1 {
                    self.scan(f, &mut pending, left, right, y + 1, 1)?;
                }
                if y > by0 {
                    self.scan(f, &mut pending, left, right, y - 1, -1)?;
                }
            } else {
                if (by0..=by1).contains(&(y + dir)) {
                    self.scan(f, &mut pending, left, right, y + dir, dir)?;
                }
                if (by0..=by1).contains(&(y - dir)) {
                    self.scan(f, &mut pending, left, start - 1, y - dir, -dir)?;
                    self.scan(f, &mut pending, stop + 1, right, y - dir, -dir)?;
                }
            }
            let row = f.tile.row(y);
            for x in left..=right {
                self.mem.set_pixel(
                    self.mode,
                    self.apage,
                    x as usize,
                    y as usize,
                    Tile::at(row, x),
                );
                let i = idx(x, y);
                done[i / 64] |= 1 << (i % 64);
            }
        }
        Ok(())
    }

    /// Queues the runs between border pixels of row y, x0..=x1, that do not already
    /// show the tile.
    fn scan(
        &self,
        f: &Fill,
        pending: &mut Vec<(i32, i32, i32, i32)>,
        x0: i32,
        x1: i32,
        y: i32,
        dir: i32,
    ) -> Res<()> {
        let row = f.tile.row(y);
        let zero_row = row.iter().all(|&a| a == 0);
        let mut x = x0;
        while x <= x1 {
            let mut end = x;
            while end <= x1 && self.pixel_at(end, y) != Some(f.border) {
                end += 1;
            }
            if end > x {
                let len = (end - x) as usize;
                let same = (f.solid || !zero_row)
                    && (x..end).all(|i| self.pixel_at(i, y) == Some(Tile::at(row, i)));
                let background = f.back.as_ref().is_some_and(|b| {
                    len >= b.len() && (x..end).all(|i| self.pixel_at(i, y) == Some(Tile::at(b, i)))
                });
                if !same || background {
                    if pending.len() >= MAX_PENDING {
                        return Err(ErrorCode::OutOfMemory);
                    }
                    pending.push((x, end - 1, y, dir));
                }
            }
            x = end + 1;
        }
        Ok(())
    }
}

/// The fill's parameters.
struct Fill {
    tile: Tile,
    solid: bool,
    back: Option<Vec<u8>>,
    border: u8,
}
