//! The compiled form made visible (`gwrun --dump tokens|ast|code FILE`): each line's
//! tokens as decoded from the stored bytes, its parsed statements, or its compiled
//! statements with variables named, jumps resolved to line indexes and FOR/WHILE
//! bindings shown. The code dump turns `Stmt<Compiled>` into `Stmt<Shown>` with the same
//! `Fold` the compiler uses, so every statement is shown by its own Debug form.

use super::code::*;
use super::{Slots, VarKey};
use crate::program::Program;
use crate::syntax::ast::{Fold, Name, Phase, VarType};
use crate::syntax::parse::parse_line;
use crate::text::decode::decode;
use std::collections::HashMap;
use std::fmt::Write as _;

/// What to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Tokens,
    Ast,
    Code,
}

/// The dump of a whole program.
pub fn dump(program: &Program, stage: Stage) -> String {
    let mut out = String::new();
    match stage {
        Stage::Tokens => {
            for (n, body) in program.iter() {
                let _ = write!(out, "{n}:");
                for t in decode(body) {
                    let text = &body[t.span.start as usize..t.span.end as usize];
                    let _ = write!(out, " {:?}={:?}", t.tok, String::from_utf8_lossy(text));
                }
                out.push('\n');
            }
        }
        Stage::Ast => {
            for (n, body) in program.iter() {
                for s in parse_line(body) {
                    let _ = writeln!(out, "{n} [{}..{}] {:?}", s.span.start, s.span.end, s.node);
                }
            }
        }
        Stage::Code => {
            let mut vars = Names::default();
            let mut fns = super::FnTable::default();
            let code = super::compile(program, &mut vars, &mut fns);
            for (l, line) in code.lines.iter().enumerate() {
                let _ = writeln!(out, "line {l} = {}:", line.number);
                for (i, Site { instr, .. }) in line.instrs.iter().enumerate() {
                    let mut namer = Namer {
                        vars: &vars,
                        code: &code,
                    };
                    let shown = instr.map(&mut namer);
                    let _ = writeln!(out, "  {i:>2} {shown:?}");
                }
            }
            let _ = writeln!(out, "data: {} items", code.data.len());
        }
    }
    out
}

/// Text shown as is (no quotes) in a Debug form.
#[derive(Clone)]
pub struct Shown(String);

impl std::fmt::Debug for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Compiled statements with every part shown as text.
#[derive(Debug, Clone)]
pub struct ShownPhase;

impl Phase for ShownPhase {
    type Expr = Shown;
    type Target = Shown;
    type Var = Shown;
    type Array = Shown;
    type Line = Shown;
    type UserFn = Shown;
    type IfBranches = Shown;
    type ElseSkip = Shown;
    type ForBind = Shown;
    type WhileBind = Shown;
    type SwapFlat = Shown;
}

/// Slots for the dump: every name with the default DEFtype (single), in order of sight.
#[derive(Default)]
struct Names {
    scalars: Vec<VarKey>,
    arrays: Vec<VarKey>,
    index: HashMap<(VarKey, bool), u32>,
}

impl Names {
    fn slot(&mut self, name: &Name, array: bool) -> u32 {
        let key = (name.text.clone(), self.type_of(name));
        let list = if array {
            &mut self.arrays
        } else {
            &mut self.scalars
        };
        *self.index.entry((key.clone(), array)).or_insert_with(|| {
            list.push(key);
            list.len() as u32 - 1
        })
    }
}

impl Slots for Names {
    fn type_of(&self, name: &Name) -> VarType {
        name.suffix.unwrap_or(VarType::Sng)
    }
    fn scalar_slot(&mut self, name: &Name) -> u32 {
        self.slot(name, false)
    }
    fn array_slot(&mut self, name: &Name) -> u32 {
        self.slot(name, true)
    }
}

struct Namer<'a> {
    vars: &'a Names,
    code: &'a Code,
}

/// `NAME$@slot`.
fn named(key: Option<&VarKey>, slot: u32, array: bool) -> String {
    let (name, ty) = key.map_or(("?".into(), '?'), |(n, t)| {
        (String::from_utf8_lossy(n).into_owned(), t.suffix() as char)
    });
    let parens = if array { "()" } else { "" };
    format!("{name}{ty}{parens}@{slot}")
}

impl Namer<'_> {
    fn scalar(&self, slot: u32) -> String {
        named(self.vars.scalars.get(slot as usize), slot, false)
    }

    fn array_name(&self, slot: u32) -> String {
        named(self.vars.arrays.get(slot as usize), slot, true)
    }

    fn pos(&self, p: Pos) -> String {
        let number = self.code.lines.get(p.line as usize).map(|l| l.number);
        match number {
            Some(n) => format!("{n}:{}", p.instr),
            None => format!("direct:{}", p.instr),
        }
    }

    fn list(&self, v: &[CExpr]) -> String {
        v.iter()
            .map(|e| self.expr(e))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn expr(&self, e: &CExpr) -> String {
        match e {
            CExpr::Int(i) => i.to_string(),
            CExpr::Sng(s) => format!("{}!", s.to_basic_string().trim()),
            CExpr::Dbl(d) => format!("{}#", d.to_basic_string().trim()),
            CExpr::Str(s) => format!("{:?}", String::from_utf8_lossy(s)),
            CExpr::Scalar(s) => self.scalar(*s),
            CExpr::Elem(a, subs) => format!("{}[{}]", self.array_name(*a), self.list(subs)),
            CExpr::Elem1(a, sub) => format!("{}[{}]", self.array_name(*a), self.expr(sub)),
            CExpr::Neg(x) => format!("(Neg {})", self.expr(x)),
            CExpr::Not(x) => format!("(Not {})", self.expr(x)),
            CExpr::Bin(op, x, y) => format!("({op:?} {} {})", self.expr(x), self.expr(y)),
            CExpr::Call(f, args) => format!("{f:?}({})", self.list(args)),
            CExpr::UserFn(f, args) => format!("FN#{f}({})", self.list(args)),
            CExpr::IntPure(both) => format!("int:{}", self.expr(&both.1)),
            CExpr::TypedS(both) => self.expr(&both.1),
            CExpr::TypedD(both) => self.expr(&both.1),
            CExpr::CmpNums(both) => self.expr(&both.1),
            CExpr::Raise(fault) => {
                let func = fault.func.map(|f| format!("{f:?}")).unwrap_or_default();
                format!("raise{func}[{}]({})", self.list(&fault.parts), fault.code)
            }
        }
    }
}

impl Fold<Compiled, ShownPhase> for Namer<'_> {
    fn expr(&mut self, e: &CExpr) -> Shown {
        Shown(Namer::expr(self, e))
    }
    fn target(&mut self, t: &CLValue) -> Shown {
        Shown(match t {
            CLValue::Scalar(s) => self.scalar(*s),
            CLValue::Elem(a, subs) => format!("{}[{}]", self.array_name(*a), self.list(subs)),
        })
    }
    fn var(&mut self, v: &VarSlot) -> Shown {
        Shown(self.scalar(v.slot))
    }
    fn array(&mut self, a: &u32) -> Shown {
        Shown(self.array_name(*a))
    }
    fn line(&mut self, j: &Jump) -> Shown {
        Shown(match j.target {
            Some(t) => format!("{} (line {t}, site {})", j.number, j.site),
            None => format!("{} (undefined, site {})", j.number, j.site),
        })
    }
    fn user_fn(&mut self, f: &u32) -> Shown {
        Shown(format!("FN#{f}"))
    }
    fn if_branches(&mut self, b: &IfSkip) -> Shown {
        Shown(match b.to {
            u32::MAX => "false: next line".to_string(),
            to => format!("false: {to}"),
        })
    }
    fn else_skip(&mut self, s: &u16) -> Shown {
        Shown(format!("skip {s} bytes"))
    }
    fn for_bind(&mut self, b: &Box<ForBind>) -> Shown {
        Shown(match b.next {
            Ok(n) => format!("NEXT at {} var {}", self.pos(n.pos), n.var),
            Err(e) => format!("{e}"),
        })
    }
    /// Not shown: Swap's Debug form leaves its flat form out.
    fn swap_flat(&mut self, _: &Option<Box<SwapElems>>) -> Shown {
        Shown(String::new())
    }
    fn while_bind(&mut self, b: &WhileBind) -> Shown {
        Shown(match b.wend {
            Ok(p) => format!("WEND at {}", self.pos(p)),
            Err(e) => format!("{e}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_dump_names_slots_and_binds_loops() {
        let p = Program::from_ascii(b"10 FOR I%=1 TO 3: A(I%)=I%*2: NEXT\n20 GOTO 10\n").unwrap();
        let d = dump(&p, Stage::Code);
        assert!(d.contains("NEXT at 10:2 var 0"), "{d}");
        assert!(d.contains("I%@0"), "{d}");
        assert!(d.contains("A!()@0"), "{d}");
        assert!(d.contains("10 (line 0, site 0)"), "{d}");
    }

    #[test]
    fn ast_dump_shows_a_fault_after_its_operands() {
        let p = Program::from_ascii(b"10 PRINT STRING$(300\n").unwrap();
        let d = dump(&p, Stage::Ast);
        assert!(d.contains("StringS(300, raise[](Syntax error))"), "{d}");
    }
}
