//! Parsers of the program-management statements: RUN, LIST ranges, LOAD, SAVE, CHAIN,
//! COMMON, RENUM, AUTO.

use super::{PResult, Parser, fault};
use crate::error::ErrorCode;
use crate::syntax::ast::*;
use crate::text::token::Keyword;

impl<'a> Parser<'a> {
    /// run -> RUN [n | "file" [, R]]
    pub(super) fn parse_run(&mut self) -> PResult<Stmt<Parsed>> {
        if self.at_stmt_end() {
            return Ok(Stmt::Run(Run { target: None }));
        }
        if let Some(n) = self.opt_line_number()? {
            return Ok(Stmt::Run(Run {
                target: Some(RunTarget::Line(n)),
            }));
        }
        let f = self.expr()?;
        let tail = self.program_tail();
        Ok(Stmt::Run(Run {
            target: Some(RunTarget::File(f, tail)),
        }))
    }

    /// After RUN's or LOAD's file name: the end, `,R` and the end, or a bad tail, which
    /// the statement raises after the file is found (the rest is skipped).
    fn program_tail(&mut self) -> ProgramTail {
        if self.at_stmt_end() {
            return ProgramTail::End;
        }
        if self.eat_char(b',') && self.eat_word(b"R") && self.at_stmt_end() {
            return ProgramTail::R;
        }
        self.faulted = true;
        ProgramTail::Bad
    }

    /// list -> LIST [range] [, file]. After the file's name GW-BASIC checks nothing: the
    /// rest of the statement is never read (GWLIST.ASM LIST: NAMSCN evaluates the name,
    /// the listing follows, then READY), so `LIST 10,"F" JUNK` lists without an error
    /// [M unsorted/LIST].
    pub(super) fn parse_list(&mut self) -> PResult<Stmt<Parsed>> {
        let range = self.line_range()?;
        let file = if self.eat_char(b',') {
            let name = self.expr()?;
            self.skip_to_stmt_end();
            Some(name)
        } else {
            None
        };
        Ok(Stmt::List(List { range, file }))
    }

    /// range -> [n | .] [- [n | .]], then the end of the statement or a comma: anything
    /// else is a Syntax error before the command does anything [S GWMAIN.ASM SCNLIN: after
    /// the first number `SYNCHR MINUTK`, after the range "MUST BE TERMINATOR"] (LIST X,
    /// DELETE 10 20).
    pub(super) fn line_range(&mut self) -> PResult<LineRange> {
        let from = self.line_ref()?;
        let dash = self.eat_kw(Keyword::Minus);
        let to = if dash { self.line_ref()? } else { from };
        if !(self.at_stmt_end() || self.is_char(b',')) {
            return fault(ErrorCode::SyntaxError);
        }
        Ok(LineRange { from, dash, to })
    }

    pub(super) fn line_ref(&mut self) -> PResult<Option<LineRef>> {
        if self.eat_char(b'.') {
            return Ok(Some(LineRef::Current));
        }
        Ok(self.opt_line_number()?.map(LineRef::Number))
    }

    pub(super) fn parse_load(&mut self) -> PResult<Stmt<Parsed>> {
        let file = self.expr()?;
        let tail = self.program_tail();
        Ok(Stmt::Load(Load { file, tail }))
    }

    pub(super) fn parse_save(&mut self) -> PResult<Stmt<Parsed>> {
        let file = self.expr()?;
        let mut format = SaveFormat::Tokenized;
        if self.eat_char(b',') {
            if self.eat_word(b"A") {
                format = SaveFormat::Ascii;
            } else if self.eat_word(b"P") {
                format = SaveFormat::Protected;
            } else {
                return fault(ErrorCode::SyntaxError);
            }
            // the option must end the statement before the file is made [S DSKCOM.ASM
            // SAVE, GOODSV: CHRGTR, SNERR]
            if !self.at_stmt_end() {
                return fault(ErrorCode::SyntaxError);
            }
        } else if !self.at_stmt_end() {
            // anything but a comma after the name is SYNCHR's Syntax error, before the
            // file is made (`SAVE "F";A`) [S DSKCOM.ASM SAVE: SYNCHR ',' before PRGFL2]
            return fault(ErrorCode::SyntaxError);
        }
        Ok(Stmt::Save(Save { file, format }))
    }

    /// chain -> CHAIN [MERGE] file [, [line] [, ALL [, DELETE range] | , DELETE range]].
    /// GW opens the file before it scans what follows the name, then converts the line
    /// and checks each comma and word in turn: where the text goes wrong is kept as the
    /// statement's `fault`, raised after File not found and the line's own errors
    /// (`CHAIN "F";1` and `CHAIN "F",,ALL,` are Syntax errors, `CHAIN "F",` Missing
    /// operand) [S FIVEO.ASM CHAIN: PRGFLI, SYNCHR ',', FRMEVL/FRQINT, SYNCHR ',',
    /// the A L L and DELETE tests].
    pub(super) fn parse_chain(&mut self) -> PResult<Stmt<Parsed>> {
        let merge = self.eat_kw(Keyword::Merge);
        let file = self.expr()?;
        let mut line = None;
        let mut all = false;
        let mut delete = None;
        let fault = self.chain_tail(&mut line, &mut all, &mut delete).err();
        self.faulted |= fault.is_some();
        Ok(Stmt::Chain(Chain {
            merge,
            file,
            line,
            all,
            delete,
            fault,
        }))
    }

    /// CHAIN's operands after the file name; Err holds the fault where they go wrong.
    fn chain_tail(
        &mut self,
        line: &mut Option<Expr>,
        all: &mut bool,
        delete: &mut Option<LineRange>,
    ) -> PResult<()> {
        if self.at_stmt_end() {
            return Ok(());
        }
        self.expect_char(b',')?;
        if !self.is_char(b',') {
            *line = Some(self.expr()?);
            if self.at_stmt_end() {
                return Ok(());
            }
        }
        self.expect_char(b',')?;
        if self.eat_kw(Keyword::Delete) {
            *delete = Some(self.line_range()?);
            return Ok(());
        }
        if !self.eat_word(b"ALL") {
            return fault(ErrorCode::SyntaxError);
        }
        *all = true;
        if self.at_stmt_end() {
            return Ok(());
        }
        self.expect_char(b',')?;
        self.expect_kw(Keyword::Delete)?;
        *delete = Some(self.line_range()?);
        Ok(())
    }

    /// common -> COMMON [item {, item}], item -> name | name([n]) | name[subs]. Never
    /// fails: where the text goes wrong the list ends with a `Fault` that CHAIN raises
    /// when its scan reaches it (COMMON itself is skipped like DATA).
    pub(super) fn common_names(&mut self) -> Vec<CommonItem<Parsed>> {
        let mut v = Vec::new();
        if self.at_stmt_end() {
            return v;
        }
        loop {
            let name = match self.name() {
                Ok(n) => n,
                Err(f) => {
                    v.push(CommonItem::Fault(f));
                    break;
                }
            };
            if self.eat_char(b'(') {
                let n = if self.eat_char(b')') {
                    None
                } else {
                    // one operand (GW's EVAL), not a whole expression
                    match self.unary() {
                        Ok(e) if self.eat_char(b')') => Some(e),
                        Ok(e) => {
                            v.push(CommonItem::Array(name, None));
                            v.push(CommonItem::Fault(super::after(
                                vec![e],
                                Expr::raise(ErrorCode::SyntaxError),
                            )));
                            break;
                        }
                        Err(f) => {
                            v.push(CommonItem::Array(name, None));
                            v.push(CommonItem::Fault(f));
                            break;
                        }
                    }
                };
                v.push(CommonItem::Array(name, n));
            } else if self.is_char(b'[') {
                match self.subscripts() {
                    Ok(subs) => v.push(CommonItem::Element(Expr::Index(name, subs))),
                    Err(done) => {
                        v.push(CommonItem::Fault(Expr::Index(name, done)));
                        break;
                    }
                }
            } else {
                v.push(CommonItem::Scalar(name));
            }
            if self.at_stmt_end() {
                break;
            }
            if !self.eat_char(b',') {
                v.push(CommonItem::Fault(Expr::raise(ErrorCode::SyntaxError)));
                break;
            }
        }
        self.skip_to_stmt_end();
        v
    }

    /// renum -> RENUM [new | .] [, [old | .] [, inc]], scanned whole before anything is renumbered
    /// [S GWMAIN.ASM RESEQ: `SYNCHR ','` after each number that does not end the
    /// statement, the increment must end it ("SHOULD HAVE TERMINATED"), an increment of 0
    /// (or none after the comma) is FCERR].
    pub(super) fn parse_renum(&mut self) -> PResult<Stmt<Parsed>> {
        let new = self.line_ref()?;
        let mut old = None;
        let mut step = None;
        if !self.at_stmt_end() {
            self.expect_char(b',')?;
            old = self.line_ref()?;
            if !self.at_stmt_end() {
                self.expect_char(b',')?;
                let inc = self.opt_line_number()?;
                if !self.at_stmt_end() {
                    return fault(ErrorCode::SyntaxError);
                }
                match inc {
                    Some(n) if n > 0 => step = Some(n),
                    _ => return fault(ErrorCode::IllegalFunctionCall),
                }
            }
        }
        Ok(Stmt::Renum(Renum { new, old, step }))
    }

    /// auto -> AUTO [n | .] [, [inc]]: a comma must follow the start unless the statement
    /// ends, and the increment must end it [S GWMAIN.ASM AUTO: `SYNCHR ','`, then LINGET
    /// and "SHOULD HAVE FINISHED"], both Syntax errors before AUTO starts.
    /// A start left out before the comma is 0, not 10: LINSPC falls into LINGET, which
    /// reads no digit as 0 (10 is assumed only when the statement ends after AUTO).
    pub(super) fn parse_auto(&mut self) -> PResult<Stmt<Parsed>> {
        let start = match self.line_ref()? {
            None if self.is_char(b',') => Some(LineRef::Number(0)),
            start => start,
        };
        if !self.at_stmt_end() && !self.is_char(b',') {
            return fault(ErrorCode::SyntaxError);
        }
        let comma = self.eat_char(b',');
        let step = if comma { self.opt_line_number()? } else { None };
        if !self.at_stmt_end() {
            return fault(ErrorCode::SyntaxError);
        }
        Ok(Stmt::Auto(Auto {
            start,
            step,
            previous_step: comma && step.is_none(),
        }))
    }
}
