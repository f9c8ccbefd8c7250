//! What the native ports share with GW-BASIC: its arithmetic for `INT(RND*n)`, array
//! subscripts that fail exactly as GW-BASIC's do (digest §5.4), two-dimensional arrays in
//! GW-BASIC's element order, and the drivers' data lines (`basic/*.bas`, line 50), so a
//! port can be fed the very numbers the listing sorts.
//!
//! Integer arrays are `&[i16]` slices indexed like the BASIC array: element 0 is `A(0)`,
//! the slice length is the DIM bound plus one. The ports assume what GW-BASIC's 64 KB
//! guarantees: no array has more than 32767 elements, so a FOR counter never reaches the
//! overflow at 32767 before a subscript fails.

use gwrun_core::error::{BasicError, ErrorCode};
use gwrun_core::num::Single;
use gwrun_core::rnd::GwRnd;

/// A port's outcome: its result, or the GW-BASIC error and the listing line it stops in.
pub type Outcome<T = ()> = Result<T, BasicError>;

/// The error GW-BASIC reports as `<code> in <line>`.
pub fn fail(code: ErrorCode, line: u16) -> BasicError {
    BasicError {
        code,
        line: Some(line),
    }
}

/// The element offset for subscript `i` of a one-dimensional array of `len` elements:
/// a negative subscript is `Illegal function call`, one past the bound is
/// `Subscript out of range` (digest §5.4), both reported in `line`.
pub fn at(len: usize, i: i32, line: u16) -> Outcome<usize> {
    match usize::try_from(i) {
        Err(_) => Err(fail(ErrorCode::IllegalFunctionCall, line)),
        Ok(u) if u >= len => Err(fail(ErrorCode::SubscriptOutOfRange, line)),
        Ok(u) => Ok(u),
    }
}

/// `INT(RND*n)`: the next RND value times n in single precision (GW-BASIC's rounding),
/// floored. This is the whole of the listings' random choice, so it goes through
/// `num::Single` rather than f64, where the rounding of the product could differ.
pub fn rnd_int(rnd: &mut GwRnd, n: i16) -> i16 {
    let product = rnd
        .next_value()
        .mul(Single::from_i16(n))
        .unwrap_or_else(|_| Single::max_value(n < 0));
    product.int().to_i16_round().unwrap_or(i16::MAX)
}

/// `X(J)=RND` stored in an integer array (DEFINT covering X): RND rounded, so 0 or 1.
pub fn rnd_rounded(rnd: &mut GwRnd) -> i16 {
    rnd.next_value().to_i16_round().unwrap_or(0)
}

/// `2^BIT` used as an operand of OR/AND: the single power converted to an integer by
/// rounding (digest §6.2). 0..=14 give the bit; -1 gives CINT(.5) = 1; below, 0.
pub fn pow2_operand(bit: i16) -> i16 {
    match bit {
        0..=14 => 1 << bit,
        -1 => 1,
        _ => 0,
    }
}

/// A two-dimensional integer array such as `DEAL(3,12)`, kept in GW-BASIC's element order:
/// the first subscript varies fastest (digest §5.4), so `cells()` lines up with what the
/// interpreter reports for the array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    dims: [usize; 2],
    cells: Vec<i16>,
}

impl Grid {
    /// `DIM G(rows-1, cols-1)`: all zero. `Grid::new(11, 11)` is what GW-BASIC creates
    /// when a two-subscript array is used without a DIM.
    pub fn new(rows: usize, cols: usize) -> Grid {
        Grid {
            dims: [rows, cols],
            cells: vec![0; rows * cols],
        }
    }

    /// Elements per dimension (bound plus one).
    pub fn dims(&self) -> [usize; 2] {
        self.dims
    }

    /// All elements, first subscript fastest.
    pub fn cells(&self) -> &[i16] {
        &self.cells
    }

    /// `G(i, j)`, if inside the bounds.
    pub fn get(&self, i: usize, j: usize) -> Option<i16> {
        (i < self.dims[0] && j < self.dims[1]).then(|| self.cells[i + self.dims[0] * j])
    }

    /// `G(i, 0..cols)`: one hand of a deal.
    pub fn row(&self, i: usize) -> Vec<i16> {
        (0..self.dims[1]).filter_map(|j| self.get(i, j)).collect()
    }

    /// The offset of `G(i, j)`, failing like GW-BASIC in `line`.
    pub fn slot(&self, i: i32, j: i32, line: u16) -> Outcome<usize> {
        let i = at(self.dims[0], i, line)?;
        let j = at(self.dims[1], j, line)?;
        Ok(i + self.dims[0] * j)
    }

    /// `G(i, j) = v`.
    pub fn set(&mut self, i: i32, j: i32, v: i16, line: u16) -> Outcome {
        let s = self.slot(i, j, line)?;
        self.cells[s] = v;
        Ok(())
    }
}

/// Driver line 50 of the sort listings: `FOR J=1 TO SIZE: A(J)=INT(RND*MAXINT)+1: NEXT`.
/// Returns the array `A(0..=SIZE)` (A(0) unused, 0), values 1..=MAXINT, repeats possible.
pub fn random_values(rnd: &mut GwRnd, size: i16, maxint: i16) -> Vec<i16> {
    let mut a = vec![0; array_len(size)];
    for slot in a.iter_mut().skip(1) {
        *slot = rnd_int(rnd, maxint) + 1;
    }
    a
}

/// Driver line 50 of array_map.bas and the bitmap files: SIZE different values from
/// 1..MAXINT, by a partial shuffle of the pool 1..MAXINT:
/// `R=INT(RND*(MAXINT-J+1))+J: SWAP P(J),P(R): A(J)=P(J)`. Returns `A(0..=SIZE)`;
/// needs SIZE <= MAXINT (as the driver does).
pub fn distinct_values(rnd: &mut GwRnd, size: i16, maxint: i16) -> Vec<i16> {
    let mut pool: Vec<i16> = (0..=maxint.max(0)).collect();
    let mut a = vec![0; array_len(size)];
    for j in 1..=size.min(maxint).max(0) {
        let r = rnd_int(rnd, maxint - j + 1) + j;
        pool.swap(j as usize, r as usize);
        a[j as usize] = pool[j as usize];
    }
    a
}

/// The length of a BASIC array `DIM A(size)`.
pub fn array_len(size: i16) -> usize {
    usize::try_from(size).map_or(1, |s| s + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subscripts_fail_like_gw_basic() {
        assert_eq!(at(11, 10, 70), Ok(10));
        assert_eq!(
            at(11, 11, 70),
            Err(fail(ErrorCode::SubscriptOutOfRange, 70))
        );
        assert_eq!(
            at(11, -1, 70),
            Err(fail(ErrorCode::IllegalFunctionCall, 70))
        );
    }

    #[test]
    fn grid_keeps_the_first_subscript_fastest() {
        let mut g = Grid::new(4, 13);
        g.set(1, 0, 7, 10).unwrap();
        g.set(0, 1, 9, 10).unwrap();
        assert_eq!(g.cells()[1], 7);
        assert_eq!(g.cells()[4], 9);
        assert_eq!(g.row(0)[1], 9);
        assert_eq!(
            g.set(4, 0, 1, 10),
            Err(fail(ErrorCode::SubscriptOutOfRange, 10))
        );
    }

    #[test]
    fn rnd_int_covers_exactly_0_to_n_minus_1() {
        let mut rnd = GwRnd::new();
        let mut seen = [false; 7];
        for _ in 0..2000 {
            let v = rnd_int(&mut rnd, 7);
            assert!((0..7).contains(&v));
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn rnd_int_is_the_floor_of_the_exact_product_away_from_ties() {
        // RND values are k/2^24; away from an integer the single rounding of RND*n cannot
        // cross it, so the floor of the exact product is the answer.
        let mut a = GwRnd::new();
        let mut b = GwRnd::new();
        for _ in 0..5000 {
            let v = rnd_int(&mut a, 10000);
            let exact = b.next_value().to_f64() * 10000.0;
            if exact.fract() < 0.999 {
                assert_eq!(v as f64, exact.floor());
            }
        }
    }

    #[test]
    fn rnd_int_rounds_the_product_like_gw_basic() {
        // Draws whose exact product lies just below an integer, where the single-precision
        // product rounds up to it. Values printed by PC-BASIC 2.0.8 for
        // `RANDOMIZE 1: FOR J=1 TO n: R=INT(RND*m)` (its products match GW-BASIC's).
        let nth = |m: i16, n: usize| {
            let mut rnd = GwRnd::new();
            rnd.randomize_int(1);
            (1..n).for_each(|_| {
                rnd_int(&mut rnd, m);
            });
            rnd_int(&mut rnd, m)
        };
        assert_eq!(nth(10000, 8200), 2877); // exact product 2876.99997
        assert_eq!(nth(10000, 8199), 3631);
        assert_eq!(nth(32767, 1718), 9418); // 9417.99969
        assert_eq!(nth(32767, 2091), 6019); // 6018.99990
    }

    #[test]
    fn distinct_values_are_distinct_and_in_range() {
        let mut rnd = GwRnd::new();
        let a = distinct_values(&mut rnd, 300, 400);
        let mut v: Vec<i16> = a[1..].to_vec();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 300);
        assert!(v.iter().all(|&x| (1..=400).contains(&x)));
    }

    #[test]
    fn pow2_operand_rounds_the_negative_powers() {
        assert_eq!(pow2_operand(14), 16384);
        assert_eq!(pow2_operand(0), 1);
        assert_eq!(pow2_operand(-1), 1);
        assert_eq!(pow2_operand(-2), 0);
    }
}
