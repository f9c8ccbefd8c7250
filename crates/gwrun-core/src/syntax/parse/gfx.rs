//! Parsers of the graphics statements: PSET, PRESET, LINE, CIRCLE, PAINT,
//! DRAW, graphics GET and PUT, VIEW, WINDOW, PALETTE [USING], BSAVE and BLOAD. A
//! statement whose text goes wrong becomes `GraphicsRaise`, which first checks for a
//! graphics mode when the statement is one GW-BASIC checks before scanning its operands
//! (so `PSET` alone is an Illegal function call in SCREEN 0 and a Syntax error in
//! SCREEN 1), then evaluates what was scanned and raises the fault.

use super::{PResult, Parser, after, fault};
use crate::error::ErrorCode;
use crate::syntax::ast::*;
use crate::text::decode::Tok;
use crate::text::token::Keyword;

type PCoord = GCoord<Parsed>;

impl<'a> Parser<'a> {
    /// GET or PUT followed by a coordinate is graphics, else a file record.
    pub(super) fn is_gfx_get_put(&self) -> bool {
        self.is_char(b'(') || self.is_kw(Keyword::Step)
    }

    /// The graphics statement of keyword `k` (LINE not followed by INPUT).
    pub(super) fn parse_graphics(&mut self, k: Keyword) -> PResult<Stmt<Parsed>> {
        use Keyword as K;
        let graphics = !matches!(k, K::Palette | K::Bsave | K::Bload);
        let r = match k {
            K::Pset | K::Preset => self.gfx_pset(k == K::Preset),
            K::Line => self.gfx_line(),
            K::Circle => self.gfx_circle(),
            K::Paint => self.gfx_paint(),
            K::Draw => self.gfx_draw(),
            K::Get => self.gfx_get(),
            K::Put => self.gfx_put(),
            K::View => self.gfx_view(),
            K::Window => self.gfx_window(),
            K::Palette => self.gfx_palette(),
            K::Bsave => self.gfx_bsave(),
            K::Bload => self.gfx_bload(),
            _ => fault(ErrorCode::SyntaxError),
        };
        Ok(r.unwrap_or_else(|f| {
            self.faulted = true;
            let fault = after(std::mem::take(&mut self.scanned), f);
            Stmt::GraphicsRaise(Box::new(GraphicsRaise { graphics, fault }))
        }))
    }

    /// coord -> [STEP] ( x , y )
    fn gfx_coord(&mut self) -> PResult<PCoord> {
        let step = self.eat_kw(Keyword::Step);
        self.expect_char(b'(')?;
        let x = self.converted(Func::Csng)?;
        self.expect_char(b',')?;
        let y = self.converted(Func::Csng)?;
        self.expect_char(b')')?;
        Ok(GCoord { x, y, step })
    }

    /// An operand GW-BASIC converts as it scans it (coordinates to single precision,
    /// VIEW's corners to integers): should the text go wrong later, the scanned operand
    /// is converted with `f` before the fault is raised.
    fn converted(&mut self, f: Func) -> PResult<Expr> {
        let e = self.expr()?;
        if let Some(last) = self.scanned.last_mut() {
            *last = Expr::Call(f, vec![last.clone()]);
        }
        Ok(e)
    }

    /// An optional operand after a comma: None when the next thing is a comma or the end.
    fn gfx_opt(&mut self) -> PResult<Option<Expr>> {
        if self.at_stmt_end() || self.is_char(b',') {
            Ok(None)
        } else {
            self.expr().map(Some)
        }
    }

    /// `, operand` where a comma followed by the end of the statement is a Missing
    /// operand; returns None without a comma.
    fn gfx_comma(&mut self) -> PResult<bool> {
        if !self.eat_char(b',') {
            return Ok(false);
        }
        if self.at_stmt_end() {
            return fault(ErrorCode::MissingOperand);
        }
        Ok(true)
    }

    fn gfx_pset(&mut self, preset: bool) -> PResult<Stmt<Parsed>> {
        let at = self.gfx_coord()?;
        let mut opts: [Option<Expr>; 1] = Default::default();
        self.gfx_operands(&mut opts, 1)?;
        let [colour] = opts;
        Ok(Stmt::Pset(Box::new(Pset { at, colour, preset })))
    }

    /// The optional operands after a statement's points, each `, [operand]`, into
    /// `opts`. Where the list stops before slot `checked` at text that is neither the
    /// end of the statement nor a comma, that slot becomes a Syntax error: GW reads the
    /// end or a comma there (GENGRP.ASM ATRENT, ADVGRP.ASM CGTCNT and PAINT: CHRGTR,
    /// SYNCHR ','), so the statement stops once the operands before it are scanned,
    /// before it draws; text after the later operands is NEWSTT's, after the drawing.
    fn gfx_operands(&mut self, opts: &mut [Option<Expr>], checked: usize) -> PResult<()> {
        for (i, slot) in opts.iter_mut().enumerate() {
            if !self.gfx_comma()? {
                if i < checked && !self.at_stmt_end() {
                    self.faulted = true;
                    *slot = Some(Expr::raise(ErrorCode::SyntaxError));
                }
                break;
            }
            *slot = self.gfx_opt()?;
        }
        Ok(())
    }

    fn gfx_line(&mut self) -> PResult<Stmt<Parsed>> {
        let from = if self.is_kw(Keyword::Minus) {
            None
        } else {
            Some(self.gfx_coord()?)
        };
        self.expect_kw(Keyword::Minus)?;
        let to = self.gfx_coord()?;
        let mut colour = None;
        let mut shape = Shape::Line;
        let mut style = None;
        // after the second point and after the colour, anything but the end of the
        // statement must be a comma, and after B an F, a comma or the end: else a Syntax
        // error once the points and the colour are scanned (the points becoming the
        // last point, the colour read as a byte), before anything is drawn [S
        // GENGRP.ASM ATRENT: CHRGTR, SYNCHR ','; GLINE: SYNCHR ',', SYNCHR "B", SYNCHR
        // "F"]; the fault stands in for the style, the operand read last
        let mut misplaced = !self.at_stmt_end();
        if self.gfx_comma()? {
            colour = self.gfx_opt()?;
            misplaced = !self.at_stmt_end() && !self.is_char(b',');
            if self.eat_char(b',') {
                // GW reads B, then an F (spaces between are skipped)
                if self.eat_word(b"B") {
                    shape = if self.eat_word(b"F") {
                        Shape::Filled
                    } else {
                        Shape::Box
                    };
                } else if self.eat_word(b"BF") {
                    shape = Shape::Filled;
                } else if !self.is_char(b',') {
                    return fault(ErrorCode::SyntaxError);
                }
                misplaced = shape == Shape::Box && !self.at_stmt_end() && !self.is_char(b',');
                if self.eat_char(b',') {
                    style = Some(self.expr()?);
                }
            }
        }
        if misplaced {
            self.faulted = true;
            style = Some(Expr::raise(ErrorCode::SyntaxError));
        }
        Ok(Stmt::Line(Box::new(Line {
            from,
            to,
            colour,
            shape,
            style,
        })))
    }

    fn gfx_circle(&mut self) -> PResult<Stmt<Parsed>> {
        let centre = self.gfx_coord()?;
        self.expect_char(b',')?;
        let radius = self.expr()?;
        let mut opts: [Option<Expr>; 4] = Default::default();
        // the colour, the start and the end each followed by the end or a comma
        // [S ADVGRP.ASM CIRCLE: ATRSCN, CGTCNT twice, CIRC1's SYNCHR ',']
        self.gfx_operands(&mut opts, 4)?;
        let [colour, start, end, aspect] = opts;
        Ok(Stmt::Circle(Box::new(Circle {
            centre,
            radius,
            colour,
            start,
            end,
            aspect,
        })))
    }

    fn gfx_paint(&mut self) -> PResult<Stmt<Parsed>> {
        let at = self.gfx_coord()?;
        let mut opts: [Option<Expr>; 3] = Default::default();
        // the point and the fill each followed by the end or a comma [S ADVGRP.ASM
        // PAINT: ATRSCN, then CHRGTR and SYNCHR ',' before the border]; what 3.23, whose
        // PAINT takes a background the 1983 source lacks, reads after the border is not
        // known: NEWSTT's, after painting
        self.gfx_operands(&mut opts, 2)?;
        let [fill, border, background] = opts;
        Ok(Stmt::Paint(Box::new(Paint {
            at,
            fill,
            border,
            background,
        })))
    }

    /// GET's and PUT's array: its name only, the whole array from its first element
    /// [S ADVGRP.ASM GTARRY: PTRGET with SUBFLG 1, "SEARCH ARRAYS ONLY"]; a subscript
    /// after it is text the statement does not take (GET is done, then Syntax error; PUT
    /// wants a comma there).
    fn gfx_array_name(&mut self) -> PResult<GArray<Parsed>> {
        let array = self.name()?;
        Ok(GArray {
            array,
            subs: Vec::new(),
        })
    }

    fn gfx_get(&mut self) -> PResult<Stmt<Parsed>> {
        let from = self.gfx_coord()?;
        self.expect_kw(Keyword::Minus)?;
        let to = self.gfx_coord()?;
        self.expect_char(b',')?;
        let array = self.gfx_array_name()?;
        Ok(Stmt::GraphicsGet(Box::new(GraphicsGet { from, to, array })))
    }

    /// put -> PUT coord , array [, action]: after the array the statement ends or a
    /// comma and an action follow, else Syntax error before anything is drawn [S
    /// ADVGRP.ASM PUT1: `SYNCHR ','`, an unknown action returns to NEWSTT's SNERR].
    fn gfx_put(&mut self) -> PResult<Stmt<Parsed>> {
        let at = self.gfx_coord()?;
        self.expect_char(b',')?;
        let array = self.gfx_array_name()?;
        let mut action = PutMode::Xor;
        if !self.at_stmt_end() {
            self.expect_char(b',')?;
            action = match self.peek() {
                Some(Tok::Kw(Keyword::Pset)) => PutMode::Pset,
                Some(Tok::Kw(Keyword::Preset)) => PutMode::Preset,
                Some(Tok::Kw(Keyword::And)) => PutMode::And,
                Some(Tok::Kw(Keyword::Or)) => PutMode::Or,
                Some(Tok::Kw(Keyword::Xor)) => PutMode::Xor,
                _ => return fault(ErrorCode::SyntaxError),
            };
            self.pos += 1;
        }
        Ok(Stmt::GraphicsPut(Box::new(GraphicsPut {
            at,
            array,
            action,
        })))
    }

    /// ( x0 , y0 ) - ( x1 , y1 ), each operand converted with `f` as it is scanned.
    fn gfx_rect(&mut self, f: Func) -> PResult<[Expr; 4]> {
        self.expect_char(b'(')?;
        let x0 = self.converted(f)?;
        self.expect_char(b',')?;
        let y0 = self.converted(f)?;
        self.expect_char(b')')?;
        self.expect_kw(Keyword::Minus)?;
        self.expect_char(b'(')?;
        let x1 = self.converted(f)?;
        self.expect_char(b',')?;
        let y1 = self.converted(f)?;
        self.expect_char(b')')?;
        Ok([x0, y0, x1, y1])
    }

    fn gfx_view(&mut self) -> PResult<Stmt<Parsed>> {
        let screen = self.eat_kw(Keyword::Screen);
        if !screen && self.at_stmt_end() {
            return Ok(Stmt::View(Box::new(View {
                rect: None,
                screen,
                fill: None,
                border: None,
            })));
        }
        let rect = self.gfx_rect(Func::Cint)?;
        let mut fill = None;
        let mut border = None;
        if self.gfx_comma()? {
            fill = self.gfx_opt()?;
            if self.gfx_comma()? {
                border = Some(self.expr()?);
            }
        }
        Ok(Stmt::View(Box::new(View {
            rect: Some(rect),
            screen,
            fill,
            border,
        })))
    }

    fn gfx_window(&mut self) -> PResult<Stmt<Parsed>> {
        let screen = self.eat_kw(Keyword::Screen);
        if !screen && self.at_stmt_end() {
            return Ok(Stmt::Window(Box::new(Window { rect: None, screen })));
        }
        let rect = self.gfx_rect(Func::Csng)?;
        Ok(Stmt::Window(Box::new(Window {
            rect: Some(rect),
            screen,
        })))
    }

    /// palette -> PALETTE [attribute , colour] | PALETTE USING array(subscripts). Not in
    /// the published source (GWSTS.ASM PALETE is SNERR there); PC-BASIC's GW-BASIC mode,
    /// which notes what real GW-BASIC did: a missing operand is a Syntax error, and
    /// USING's array needs its subscripts.
    fn gfx_palette(&mut self) -> PResult<Stmt<Parsed>> {
        if self.eat_kw(Keyword::Using) {
            let array = self.name()?;
            if !(self.is_char(b'(') || self.is_char(b'[')) {
                return fault(ErrorCode::SyntaxError);
            }
            let subs = match self.subscripts() {
                Ok(s) => s,
                Err(done) => return Err(Expr::Index(array, done)),
            };
            return Ok(Stmt::PaletteUsing(Box::new(PaletteUsing {
                array: GArray { array, subs },
            })));
        }
        if self.at_stmt_end() {
            return Ok(Stmt::Palette(Box::new(Palette { entry: None })));
        }
        let operand = |p: &mut Self| {
            if p.at_stmt_end() || p.is_char(b',') {
                fault(ErrorCode::SyntaxError)
            } else {
                p.expr()
            }
        };
        // the attribute is converted before the comma is looked for (`PALETTE ""` a
        // Type mismatch, `PALETTE 70000` an Overflow, as PC-BASIC's GW rules have it)
        let attr = operand(self)?;
        if let Some(last) = self.scanned.last_mut() {
            *last = Expr::Call(Func::Cint, vec![last.clone()]);
        }
        self.expect_char(b',')?;
        let colour = operand(self)?;
        Ok(Stmt::Palette(Box::new(Palette {
            entry: Some((attr, colour)),
        })))
    }

    fn gfx_draw(&mut self) -> PResult<Stmt<Parsed>> {
        let commands = self.expr()?;
        Ok(Stmt::Draw(Box::new(Draw { commands })))
    }

    /// bsave -> BSAVE name$, offset, length (S GIO86.ASM BPARMS): the name is checked to
    /// be a string as it is scanned (NAMSCN), and the operands and the end of the
    /// statement before the file is made.
    fn gfx_bsave(&mut self) -> PResult<Stmt<Parsed>> {
        let file = self.converted(Func::Len)?;
        self.expect_char(b',')?;
        let offset = self.expr()?;
        self.expect_char(b',')?;
        let length = self.expr()?;
        if !self.at_stmt_end() {
            return fault(ErrorCode::SyntaxError);
        }
        Ok(Stmt::Bsave(Box::new(Bsave {
            file,
            offset,
            length,
        })))
    }

    /// bload -> BLOAD name$ [, offset] (S GIO86.ASM BPARMS): as BSAVE's, the name and
    /// the rest of the statement are scanned before the file is opened.
    fn gfx_bload(&mut self) -> PResult<Stmt<Parsed>> {
        let file = self.converted(Func::Len)?;
        let offset = if self.eat_char(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        if !self.at_stmt_end() {
            return fault(ErrorCode::SyntaxError);
        }
        Ok(Stmt::Bload(Box::new(Bload { file, offset })))
    }
}
