//! DRAW: the graphics macro language. Moves U D L R E F G H (default distance 1) and
//! M x,y (absolute, or relative with a sign), prefixes B (move without drawing) and N
//! (return afterwards), C colour, S scale (distance × S/4), A 0..3 and TA -360..360
//! (rotation, with the screen's aspect so that shapes keep their proportions), P fill,
//! border (a PAINT from the pen), and X substring. The pen works in physical
//! coordinates; DRAW uses the attribute of the last graphics statement unless C says.

use super::{IFC, Res, Video};
use crate::mml::{MacroVars, Scanner};
use crate::num::Single;

impl Video {
    /// DRAW string: runs the macro string `commands`; `vars` resolves `=name;`, `Xname;`
    /// and VARPTR$ arguments.
    pub fn draw(&mut self, commands: &[u8], vars: &mut dyn MacroVars) -> Res<()> {
        self.require_graphics()?;
        let mut s = Scanner::new(commands);
        let mut pen = self.draw_pen.unwrap_or(self.last);
        let mut plot = true;
        let mut back = false;
        let result = (|| -> Res<()> {
            while let Some(c) = s.command() {
                match c {
                    b';' => {}
                    b'B' => plot = false,
                    b'N' => back = true,
                    b'X' => {
                        let sub = s.string(vars)?;
                        s.enter(sub)?;
                    }
                    b'C' => {
                        let v = if s.peek() == Some(b';') {
                            0
                        } else {
                            range(s.number(vars, None)?, -99999, 99999)?
                        };
                        self.last_attr = ((v & 0xFF) as u8).min(self.mode.attrs - 1);
                    }
                    b'S' => self.draw_scale = range(s.number(vars, None)?, 0, 255)? as i32,
                    b'A' => {
                        let v = if s.peek() == Some(b';') {
                            0
                        } else {
                            range(s.number(vars, None)?, 0, 3)?
                        };
                        self.draw_angle = 90 * v as i32;
                    }
                    b'T' => {
                        if s.command() != Some(b'A') {
                            return Err(IFC);
                        }
                        let v = if s.peek() == Some(b';') {
                            0
                        } else {
                            range(s.number(vars, None)?, -360, 360)?
                        };
                        self.draw_angle = v as i32;
                    }
                    b'U' | b'D' | b'L' | b'R' | b'E' | b'F' | b'G' | b'H' => {
                        let d = range(s.number(vars, Some(1))?, -99999, 99999)? as i32;
                        let (dx, dy) = match c {
                            b'U' => (0, -d),
                            b'D' => (0, d),
                            b'L' => (-d, 0),
                            b'R' => (d, 0),
                            b'E' => (d, -d),
                            b'F' => (d, d),
                            b'G' => (-d, d),
                            _ => (-d, -d),
                        };
                        pen = self.draw_step(pen, dx, dy, plot, back);
                        (plot, back) = (true, false);
                    }
                    b'M' => {
                        let relative = matches!(s.peek(), Some(b'+' | b'-'));
                        let x = range(s.number(vars, None)?, -9999, 9999)? as i32;
                        if s.next_byte() != Some(b',') {
                            return Err(IFC);
                        }
                        let y = range(s.number(vars, None)?, -9999, 9999)? as i32;
                        if relative {
                            pen = self.draw_step(pen, x, y, plot, back);
                        } else {
                            if plot {
                                let (ox, oy) = self.origin();
                                self.line_abs(
                                    (pen.0 + ox, pen.1 + oy),
                                    (x + ox, y + oy),
                                    self.last_attr,
                                    0xFFFF,
                                    0x8000,
                                );
                            }
                            if !back {
                                pen = (x, y);
                            }
                        }
                        (plot, back) = (true, false);
                    }
                    b'P' => {
                        let fill = range(s.number(vars, None)?, 0, 9999)?;
                        if s.next_byte() != Some(b',') {
                            return Err(IFC);
                        }
                        let border = range(s.number(vars, None)?, 0, 9999)?;
                        let fill = (fill.min(255) as u8).min(self.mode.attrs - 1);
                        let border = (border.min(255) as u8).min(self.mode.attrs - 1);
                        self.paint_solid(pen, fill, border)?;
                    }
                    _ => return Err(IFC),
                }
            }
            Ok(())
        })();
        self.draw_pen = Some(pen);
        if self.window.is_none() {
            self.last = pen;
        }
        result
    }

    /// One relative move of DRAW: scaled, rotated, drawn unless B, kept unless N.
    fn draw_step(
        &mut self,
        pen: (i32, i32),
        dx: i32,
        dy: i32,
        plot: bool,
        back: bool,
    ) -> (i32, i32) {
        let scale = if self.draw_scale == 0 {
            4
        } else {
            self.draw_scale
        };
        let (mut x, mut y) = (dx * scale / 4, dy * scale / 4);
        // Turns keep the screen's proportions: y shrinks by the mode's aspect (as a
        // fraction of 256, 213/256 in SCREEN 1) as x grows by its inverse.
        let yfac = 256.0 / f64::from(self.default_aspect().0.max(1));
        match self.draw_angle {
            0 | 360 => {}
            180 | -180 => (x, y) = (-x, -y),
            angle => {
                let (sin, cos) = match angle.rem_euclid(360) {
                    90 => (1.0, 0.0),
                    270 => (-1.0, 0.0),
                    _ => {
                        let phi = Single::from_f64(f64::from(angle) * std::f64::consts::PI / 180.0);
                        (
                            phi.sin().map_or(0.0, |v| v.to_f64()),
                            phi.cos().map_or(0.0, |v| v.to_f64()),
                        )
                    }
                };
                let (fx, fy) = (f64::from(x), f64::from(y));
                x = round_half_away(cos * fx + sin * fy * yfac);
                y = round_half_away(cos * fy - sin * fx / yfac);
            }
        }
        let to = (i32::from((pen.0 + x) as i16), i32::from((pen.1 + y) as i16));
        if plot {
            let (ox, oy) = self.origin();
            self.line_abs(
                (pen.0 + ox, pen.1 + oy),
                (to.0 + ox, to.1 + oy),
                self.last_attr,
                0xFFFF,
                0x8000,
            );
        }
        if back { pen } else { to }
    }
}

fn range(v: i64, lo: i64, hi: i64) -> Res<i64> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(IFC)
    }
}

fn round_half_away(v: f64) -> i32 {
    let r = v.abs() + 0.5;
    let r = r.floor() as i32;
    if v < 0.0 { -r } else { r }
}
