//! SWAP of two elements of one one-dimensional array of numbers, exchanged where they
//! lie when both subscripts are integer-only and in range: from their flat form
//! (`SwapElems`, made when compiling: `A(K)`, `A(K+D)`, `A(J+1)`), with no dispatch on
//! the subscripts' shapes, or else from the subscripts as compiled (`int_inline`). Both
//! read only variables, so that a SWAP they cannot take goes to the general path
//! (`exec_swap`), which reads the subscripts again.

use crate::compile::code::{CExpr, SwapElems};
use crate::machine::Machine;

impl Machine {
    /// SWAP of two elements in flat form: as `swap_in_place1` does it for the same
    /// subscripts (a variable both begin with read once); false (nothing done) where
    /// their evaluation gives None (a variable not an integer, a sum out of range), an
    /// element out of range, an array of strings or not made yet, or FIELD views.
    #[inline(always)]
    pub(super) fn swap_flat(&mut self, f: &SwapElems) -> bool {
        let Some(x) = self.int_var(f.i.v) else {
            return false;
        };
        let y = if f.j.v == f.i.v {
            x
        } else {
            match self.int_var(f.j.v) {
                Some(y) => y,
                None => return false,
            }
        };
        let (Some(i), Some(j)) = (self.lin_from(x, f.i), self.lin_from(y, f.j)) else {
            return false;
        };
        if !self.io.fields.is_empty() {
            return false;
        }
        match self.run.vars.arrays.get_mut(f.arr as usize) {
            Some(Some(a)) => a.swap_numbers1(i, j),
            _ => false,
        }
    }

    /// SWAP of two elements of one one-dimensional array of numbers whose subscripts
    /// are integer-only and in range (`int_inline`: reading them has no effect): the
    /// elements exchanged where they lie, as the general path would. False (nothing
    /// done) for anything else, or when FIELD views exist (the general path moves them).
    #[inline(always)]
    pub(super) fn swap_in_place1(&mut self, arr: u32, sa: &[CExpr], sb: &[CExpr]) -> bool {
        let ([ea], [eb]) = (sa, sb) else {
            return false;
        };
        let (Some(i), Some(j)) = (self.int_inline(ea), self.int_inline(eb)) else {
            return false;
        };
        if !self.io.fields.is_empty() {
            return false;
        }
        match self.run.vars.arrays.get_mut(arr as usize) {
            Some(Some(a)) => a.swap_numbers1(i, j),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::control::tests::{VALUES, over_boundaries, screen, written};

    /// SWAP of two elements whose subscripts have a flat form (`K`, `K+D`, `K+1`, `D`,
    /// `K-1`, `1+K`, the same variable twice) in an integer, a single, a double and a
    /// string array exchanges what the path before it exchanges for the same subscripts
    /// written with no flat form (`(K)*1`), over every pair of boundary values K, D: the
    /// same arrays after each SWAP (their elements in order), the same errors (Overflow
    /// of a subscript, Subscript out of range).
    #[test]
    fn swaps_in_flat_form_as_the_general_path() {
        let shapes = [
            ("K", "K+D"),
            ("K", "K+1"),
            ("D", "K+D"),
            ("K-1", "D"),
            ("1+K", "D"),
            ("K+D", "K-1"),
            ("K", "K"),
        ];
        let arrays = ["A", "S!", "B#", "T$"];
        // one program an array (`over_boundaries` numbers nineteen statements at most)
        let program = |a: &str, flat: bool| {
            let item = if a == "T$" {
                "T$(E)".to_string()
            } else {
                format!("CHR$(65+{a}(E))")
            };
            let statements: Vec<String> = shapes
                .iter()
                .map(|(s, t)| {
                    let (s, t) = (written(s, flat), written(t, flat));
                    format!("SWAP {a}({s}),{a}({t}): R$=\"\": FOR E=0 TO 12: R$=R$+{item}: NEXT E")
                })
                .collect();
            over_boundaries(
                "10 DEFINT A-Z: DIM A(12), S!(12), B#(12), T$(12), V(12)\n\
                 20 FOR I=0 TO 12: A(I)=I: S!(I)=I: B#(I)=I: T$(I)=CHR$(97+I): NEXT I\n",
                &statements,
            )
        };
        let mut flat = String::new();
        for a in &arrays {
            let screen_a = screen(&program(a, true));
            assert_eq!(screen_a, screen(&program(a, false)), "{a}");
            flat += &screen_a;
        }
        let count = shapes.len() * arrays.len() * VALUES.len() * VALUES.len();
        assert_eq!(flat.lines().count(), count, "{flat}");
        // every error shows, and elements are exchanged
        assert!(flat.lines().any(|l| l == "E6"), "{flat}");
        assert!(flat.lines().any(|l| l == "E9"), "{flat}");
        assert!(
            flat.lines().any(|l| l.len() == 13 && l != "ABCDEFGHIJKLM"),
            "{flat}"
        );
    }
}
