//! The graphics statements: PSET, PRESET, LINE, CIRCLE, PAINT, DRAW, GET and PUT of
//! graphics, VIEW, WINDOW, PALETTE [USING], BSAVE and BLOAD. Their `Stmt` variants are
//! boxed, so the hot statement type stays small. Parsed in `parse/gfx.rs`, run by
//! `machine::graphics` on `graphics::Video`.

use super::part::{Array, Expr, node, plain_part};

node! {
    /// A coordinate: `(x, y)` or `STEP (x, y)`.
    pub struct GCoord {
        pub x: Expr,
        pub y: Expr,
        pub step: bool,
    }
}

node! {
    /// A numeric array operand: `name` (from its first element) or `name(subscripts)`.
    pub struct GArray {
        pub array: Array,
        pub subs: Vec<Expr>,
    }
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

plain_part!(Shape, PutMode);

node! {
    /// `PSET coord [, colour]` / `PRESET coord [, colour]` (`preset`)
    pub struct Pset {
        pub at: GCoord,
        pub colour: Option<Expr>,
        pub preset: bool,
    }
}

node! {
    /// `LINE [coord] - coord [, [colour] [, [B | BF] [, style]]]`
    pub struct Line {
        pub from: Option<GCoord>,
        pub to: GCoord,
        pub colour: Option<Expr>,
        pub shape: Shape,
        pub style: Option<Expr>,
    }
}

node! {
    /// `CIRCLE coord, radius [, [colour] [, [start] [, [end] [, aspect]]]]`
    pub struct Circle {
        pub centre: GCoord,
        pub radius: Expr,
        pub colour: Option<Expr>,
        pub start: Option<Expr>,
        pub end: Option<Expr>,
        pub aspect: Option<Expr>,
    }
}

node! {
    /// `PAINT coord [, [fill | tile$] [, [border] [, background$]]]`
    pub struct Paint {
        pub at: GCoord,
        pub fill: Option<Expr>,
        pub border: Option<Expr>,
        pub background: Option<Expr>,
    }
}

node! {
    /// `DRAW string`
    pub struct Draw {
        pub commands: Expr,
    }
}

node! {
    /// `GET coord - coord, array`
    pub struct GraphicsGet {
        pub from: GCoord,
        pub to: GCoord,
        pub array: GArray,
    }
}

node! {
    /// `PUT coord, array [, action]`
    pub struct GraphicsPut {
        pub at: GCoord,
        pub array: GArray,
        pub action: PutMode,
    }
}

node! {
    /// `VIEW [[SCREEN] (x0, y0) - (x1, y1) [, [fill] [, border]]]`
    pub struct View {
        pub rect: Option<[Expr; 4]>,
        pub screen: bool,
        pub fill: Option<Expr>,
        pub border: Option<Expr>,
    }
}

node! {
    /// `WINDOW [[SCREEN] (x0, y0) - (x1, y1)]`
    pub struct Window {
        pub rect: Option<[Expr; 4]>,
        pub screen: bool,
    }
}

node! {
    /// `PALETTE [attribute, colour]`
    pub struct Palette {
        pub entry: Option<(Expr, Expr)>,
    }
}

node! {
    /// `PALETTE USING array`
    pub struct PaletteUsing {
        pub array: GArray,
    }
}

node! {
    /// `BSAVE file, offset, length`
    pub struct Bsave {
        pub file: Expr,
        pub offset: Expr,
        pub length: Expr,
    }
}

node! {
    /// `BLOAD file [, offset]`
    pub struct Bload {
        pub file: Expr,
        pub offset: Option<Expr>,
    }
}

node! {
    /// A graphics statement whose text went wrong: Illegal function call first in a text
    /// mode when `graphics` (the statements GW-BASIC checks before scanning), then
    /// `fault`.
    pub struct GraphicsRaise {
        pub graphics: bool,
        pub fault: Expr,
    }
}
