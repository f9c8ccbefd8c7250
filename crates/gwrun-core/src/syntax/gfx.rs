//! The graphics statements' parsed form (issue 15): PSET, PRESET, LINE, CIRCLE, PAINT,
//! DRAW, GET and PUT of graphics, VIEW, WINDOW, PALETTE [USING], BSAVE and BLOAD. They
//! are one boxed `Stmt::Graphics` variant, so the hot statement type stays small and the
//! statement enum has one arm for the whole area; `map` and `visit` turn and show the
//! parts in GW-BASIC's scan order as `Stmt::map` and `Stmt::visit` do.

use crate::syntax::ast::{Fold, Phase, Visit};

/// A coordinate: `(x, y)` or `STEP (x, y)`.
#[derive(Debug, Clone)]
pub struct GCoord<P: Phase> {
    pub x: P::Expr,
    pub y: P::Expr,
    pub step: bool,
}

/// A numeric array operand: `name` (from its first element) or `name(subscripts)`.
#[derive(Debug, Clone)]
pub struct GArray<P: Phase> {
    pub array: P::Array,
    pub subs: Vec<P::Expr>,
}

/// LINE's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Line,
    Box,
    Filled,
}

/// PUT's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PutMode {
    Pset,
    Preset,
    And,
    Or,
    Xor,
}

/// A graphics statement.
#[derive(Debug, Clone)]
pub enum Gfx<P: Phase> {
    /// `PSET coord [, colour]` / `PRESET coord [, colour]`
    Pset {
        at: GCoord<P>,
        colour: Option<P::Expr>,
        preset: bool,
    },
    /// `LINE [coord] - coord [, [colour] [, [B | BF] [, style]]]`
    Line {
        from: Option<GCoord<P>>,
        to: GCoord<P>,
        colour: Option<P::Expr>,
        shape: Shape,
        style: Option<P::Expr>,
    },
    /// `CIRCLE coord, radius [, [colour] [, [start] [, [end] [, aspect]]]]`
    Circle {
        centre: GCoord<P>,
        radius: P::Expr,
        colour: Option<P::Expr>,
        start: Option<P::Expr>,
        end: Option<P::Expr>,
        aspect: Option<P::Expr>,
    },
    /// `PAINT coord [, [fill | tile$] [, [border] [, background$]]]`
    Paint {
        at: GCoord<P>,
        fill: Option<P::Expr>,
        border: Option<P::Expr>,
        background: Option<P::Expr>,
    },
    /// `DRAW string`
    Draw(P::Expr),
    /// `GET coord - coord, array`
    Get {
        from: GCoord<P>,
        to: GCoord<P>,
        array: GArray<P>,
    },
    /// `PUT coord, array [, action]`
    Put {
        at: GCoord<P>,
        array: GArray<P>,
        action: PutMode,
    },
    /// `VIEW [[SCREEN] (x0, y0) - (x1, y1) [, [fill] [, border]]]`
    View {
        rect: Option<[P::Expr; 4]>,
        screen: bool,
        fill: Option<P::Expr>,
        border: Option<P::Expr>,
    },
    /// `WINDOW [[SCREEN] (x0, y0) - (x1, y1)]`
    Window {
        rect: Option<[P::Expr; 4]>,
        screen: bool,
    },
    /// `PALETTE [attribute, colour]`
    Palette(Option<(P::Expr, P::Expr)>),
    /// `PALETTE USING array`
    PaletteUsing(GArray<P>),
    /// `BSAVE file, offset, length`
    Bsave {
        file: P::Expr,
        offset: P::Expr,
        length: P::Expr,
    },
    /// `BLOAD file [, offset]`
    Bload {
        file: P::Expr,
        offset: Option<P::Expr>,
    },
    /// A statement whose text went wrong: Illegal function call first in a text mode
    /// when `graphics` (the statements GW-BASIC checks before scanning), then `fault`.
    Raise { graphics: bool, fault: P::Expr },
}

impl<P: Phase> GCoord<P> {
    fn map<Q: Phase>(&self, f: &mut impl Fold<P, Q>) -> GCoord<Q> {
        GCoord {
            x: f.expr(&self.x),
            y: f.expr(&self.y),
            step: self.step,
        }
    }

    fn visit(&self, v: &mut impl Visit<P>) {
        v.expr(&self.x);
        v.expr(&self.y);
    }
}

impl<P: Phase> GArray<P> {
    fn map<Q: Phase>(&self, f: &mut impl Fold<P, Q>) -> GArray<Q> {
        GArray {
            array: f.array(&self.array),
            subs: self.subs.iter().map(|e| f.expr(e)).collect(),
        }
    }

    fn visit(&self, v: &mut impl Visit<P>) {
        v.array(&self.array);
        self.subs.iter().for_each(|e| v.expr(e));
    }
}

impl<P: Phase> Gfx<P> {
    /// The statement in the next phase, parts turned in scan order.
    pub fn map<Q: Phase>(&self, f: &mut impl Fold<P, Q>) -> Gfx<Q> {
        fn opt<P: Phase, Q: Phase>(
            f: &mut impl Fold<P, Q>,
            e: &Option<P::Expr>,
        ) -> Option<Q::Expr> {
            e.as_ref().map(|e| f.expr(e))
        }
        fn rect<P: Phase, Q: Phase>(
            f: &mut impl Fold<P, Q>,
            r: &Option<[P::Expr; 4]>,
        ) -> Option<[Q::Expr; 4]> {
            r.as_ref()
                .map(|[a, b, c, d]| [f.expr(a), f.expr(b), f.expr(c), f.expr(d)])
        }
        match self {
            Gfx::Pset { at, colour, preset } => Gfx::Pset {
                at: at.map(f),
                colour: opt(f, colour),
                preset: *preset,
            },
            Gfx::Line {
                from,
                to,
                colour,
                shape,
                style,
            } => Gfx::Line {
                from: from.as_ref().map(|c| c.map(f)),
                to: to.map(f),
                colour: opt(f, colour),
                shape: *shape,
                style: opt(f, style),
            },
            Gfx::Circle {
                centre,
                radius,
                colour,
                start,
                end,
                aspect,
            } => Gfx::Circle {
                centre: centre.map(f),
                radius: f.expr(radius),
                colour: opt(f, colour),
                start: opt(f, start),
                end: opt(f, end),
                aspect: opt(f, aspect),
            },
            Gfx::Paint {
                at,
                fill,
                border,
                background,
            } => Gfx::Paint {
                at: at.map(f),
                fill: opt(f, fill),
                border: opt(f, border),
                background: opt(f, background),
            },
            Gfx::Draw(e) => Gfx::Draw(f.expr(e)),
            Gfx::Get { from, to, array } => Gfx::Get {
                from: from.map(f),
                to: to.map(f),
                array: array.map(f),
            },
            Gfx::Put { at, array, action } => Gfx::Put {
                at: at.map(f),
                array: array.map(f),
                action: *action,
            },
            Gfx::View {
                rect: r,
                screen,
                fill,
                border,
            } => Gfx::View {
                rect: rect(f, r),
                screen: *screen,
                fill: opt(f, fill),
                border: opt(f, border),
            },
            Gfx::Window { rect: r, screen } => Gfx::Window {
                rect: rect(f, r),
                screen: *screen,
            },
            Gfx::Palette(p) => Gfx::Palette(p.as_ref().map(|(a, c)| (f.expr(a), f.expr(c)))),
            Gfx::PaletteUsing(a) => Gfx::PaletteUsing(a.map(f)),
            Gfx::Bsave {
                file,
                offset,
                length,
            } => Gfx::Bsave {
                file: f.expr(file),
                offset: f.expr(offset),
                length: f.expr(length),
            },
            Gfx::Bload { file, offset } => Gfx::Bload {
                file: f.expr(file),
                offset: opt(f, offset),
            },
            Gfx::Raise { graphics, fault } => Gfx::Raise {
                graphics: *graphics,
                fault: f.expr(fault),
            },
        }
    }

    /// Shows the parts to `v` in scan order.
    pub fn visit(&self, v: &mut impl Visit<P>) {
        fn opt<P: Phase>(v: &mut impl Visit<P>, e: &Option<P::Expr>) {
            if let Some(e) = e {
                v.expr(e);
            }
        }
        fn rect<P: Phase>(v: &mut impl Visit<P>, r: &Option<[P::Expr; 4]>) {
            if let Some(r) = r {
                r.iter().for_each(|e| v.expr(e));
            }
        }
        match self {
            Gfx::Pset { at, colour, .. } => {
                at.visit(v);
                opt(v, colour);
            }
            Gfx::Line {
                from,
                to,
                colour,
                style,
                ..
            } => {
                if let Some(c) = from {
                    c.visit(v);
                }
                to.visit(v);
                opt(v, colour);
                opt(v, style);
            }
            Gfx::Circle {
                centre,
                radius,
                colour,
                start,
                end,
                aspect,
            } => {
                centre.visit(v);
                v.expr(radius);
                for e in [colour, start, end, aspect] {
                    opt(v, e);
                }
            }
            Gfx::Paint {
                at,
                fill,
                border,
                background,
            } => {
                at.visit(v);
                for e in [fill, border, background] {
                    opt(v, e);
                }
            }
            Gfx::Draw(e) => v.expr(e),
            Gfx::Get { from, to, array } => {
                from.visit(v);
                to.visit(v);
                array.visit(v);
            }
            Gfx::Put { at, array, .. } => {
                at.visit(v);
                array.visit(v);
            }
            Gfx::View {
                rect: r,
                fill,
                border,
                ..
            } => {
                rect(v, r);
                opt(v, fill);
                opt(v, border);
            }
            Gfx::Window { rect: r, .. } => rect(v, r),
            Gfx::Palette(p) => {
                if let Some((a, c)) = p {
                    v.expr(a);
                    v.expr(c);
                }
            }
            Gfx::PaletteUsing(a) => a.visit(v),
            Gfx::Bsave {
                file,
                offset,
                length,
            } => {
                v.expr(file);
                v.expr(offset);
                v.expr(length);
            }
            Gfx::Bload { file, offset } => {
                v.expr(file);
                opt(v, offset);
            }
            Gfx::Raise { fault, .. } => v.expr(fault),
        }
    }
}
