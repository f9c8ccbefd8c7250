//! The document's Shell sorts (000, "Out of Sorts?"): Shell-Metzner, Ted's readable
//! version and Ted's three-line packing, ported statement for statement from the listings
//! in `basic/shell_*.bas`, plus an idiomatic Shell sort with the same gap sequence.
//!
//! The ports run on the listing's integer array `A(0..=n)` (DEFINT A-Z; `A(0)` unused)
//! and stop with the listing's error and line where GW-BASIC would.

use super::basic::{Outcome, at, fail};
use gwrun_core::error::ErrorCode;

/// `DLOOPS=INT(LOG(2*SIZE)/LOG(3))-1` (lines 2110 and driver line 80).
///
/// Computed in f64: for every SIZE in 1..=32767 the quotient is at least 1.5e-5 away from
/// an integer (closest at SIZE = 29524 and 29525, where 2*SIZE is 3^10 -+ 1; tested
/// below), while GW-BASIC's single-precision LOGs and division, a few units in the last
/// place each, move a quotient near 10 by under 6e-6; so the floor is GW-BASIC's.
/// SIZE <= 0 makes LOG's argument <= 0: `Illegal function call` in `line`.
pub fn dloops(size: i16, line: u16) -> Outcome<i16> {
    if size <= 0 {
        return Err(fail(ErrorCode::IllegalFunctionCall, line));
    }
    let q = (2.0 * f64::from(size)).ln() / 3f64.ln();
    Ok(q.floor() as i16 - 1)
}

/// Lines 2110-2115 under DEFINT A-Z: the starting gap
/// `D=(3^DLOOPS-1)/2: IF D=0 THEN D=1`. For SIZE = 1, DLOOPS = -1 and the assignment
/// rounds -1/3 to the integer 0, so D becomes 1.
pub fn start_gap(size: i16) -> Outcome<i16> {
    let dl = dloops(size, 2110)?;
    let d = if dl < 0 {
        0
    } else {
        (3i32.pow(dl as u32) - 1) / 2
    };
    Ok(if d == 0 { 1 } else { d as i16 })
}

/// shell_metzner.bas, lines 2110-2190: insertion sort by decreasing gaps, the element
/// held in T while larger ones move up.
pub fn shell_metzner(a: &mut [i16], size: i16) -> Outcome {
    let n = a.len();
    let mut d = i32::from(start_gap(size)?);
    while d != 0 {
        for j in d + 1..=i32::from(size) {
            let t = a[at(n, j, 2135)?];
            let mut k = j - d;
            while k >= 1 {
                if t >= a[at(n, k, 2150)?] {
                    break; // GOTO 2165: NEXT J later discards the K loop
                }
                let v = a[at(n, k, 2155)?];
                a[at(n, k + d, 2155)?] = v;
                k -= d;
            }
            a[at(n, k + d, 2165)?] = t;
        }
        d /= 3;
    }
    Ok(())
}

/// shell_ted.bas, lines 2110-2190: the same gaps, swapping at each step.
pub fn shell_ted(a: &mut [i16], size: i16) -> Outcome {
    let d = start_gap(size)?;
    ted_passes(a, size, d, 2150, BareNext::ByPosition)
}

/// How a bare `NEXT` finds its loop (digest §3.3 step 1, §3.4 DISAGREEMENT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BareNext {
    /// GW-BASIC (Microsoft's source): the innermost FOR entry; if that loop is bound to a
    /// different NEXT, `NEXT without FOR`.
    Innermost,
    /// PC-BASIC: the FOR entry bound to this NEXT, discarding abandoned inner loops.
    ByPosition,
}

/// shell_ted_packed.bas, lines 2120-2170, as printed: sorts `A(1..=ss)` starting from gap
/// `d` (the driver's SS and D). `IF A(K)<=A(K+D) GOTO 2170` leaves the K loop for the bare
/// NEXT of line 2170. Under GW-BASIC's rule that NEXT finds the abandoned K loop, bound to
/// the NEXT in 2155, and stops with `NEXT without FOR in 2170` the first time the test
/// holds; under PC-BASIC's rule it continues the J loop and the sort completes.
pub fn shell_ted_packed(a: &mut [i16], ss: i16, d: i16, next: BareNext) -> Outcome {
    ted_passes(a, ss, d, 2120, next)
}

/// shell_ted_packed_fixed.bas: `2170 NEXT J`. A NEXT naming J finds J's loop under
/// either rule, which is exactly what PC-BASIC does for the bare NEXT.
pub fn shell_ted_packed_fixed(a: &mut [i16], ss: i16, d: i16) -> Outcome {
    ted_passes(a, ss, d, 2120, BareNext::ByPosition)
}

/// Ted's loops: `WHILE D / FOR J=D+1 TO SIZE / FOR K=J-D TO 1 STEP -D /
/// IF A(K)<=A(K+D) GOTO <NEXT J> / SWAP A(K),A(K+D) / NEXT K / NEXT J / D=D\3 / WEND`.
/// `test_line` is the line of the IF (2150 readable, 2120 packed).
fn ted_passes(a: &mut [i16], size: i16, d: i16, test_line: u16, next: BareNext) -> Outcome {
    let n = a.len();
    let mut d = i32::from(d);
    while d != 0 {
        for j in d + 1..=i32::from(size) {
            let mut k = j - d;
            while k >= 1 {
                let (lo, hi) = (at(n, k, test_line)?, at(n, k + d, test_line)?);
                if a[lo] <= a[hi] {
                    if next == BareNext::Innermost {
                        return Err(fail(ErrorCode::NextWithoutFor, 2170));
                    }
                    break;
                }
                a.swap(lo, hi);
                k -= d;
            }
        }
        d /= 3;
    }
    Ok(())
}

/// The idiomatic twin: Shell sort with Knuth's gaps (3^n-1)/2, starting one gap below the
/// largest gap under the length, as the document recommends. Sorts any `Ord` slice.
pub fn shell_sort<T: Ord>(v: &mut [T]) {
    let mut gap = knuth_start(v.len());
    while gap > 0 {
        for j in gap..v.len() {
            let mut k = j;
            while k >= gap && v[k - gap] > v[k] {
                v.swap(k - gap, k);
                k -= gap;
            }
        }
        gap /= 3;
    }
}

/// The listings' first gap for `len` elements, in integers: with gaps g = (3^n-1)/2, so
/// 3^n = 2g+1, take the largest n with 3^n <= 2*len, then the gap one below it (at least
/// 1; 0 when there is nothing to sort).
fn knuth_start(len: usize) -> usize {
    if len < 2 {
        return 0;
    }
    let mut gaps = vec![1usize];
    while let Some(&g) = gaps.last() {
        let next = 3 * g + 1;
        if 2 * next + 1 > 2 * len {
            break;
        }
        gaps.push(next);
    }
    let i = gaps.len().saturating_sub(2);
    gaps[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routines::basic::random_values;
    use gwrun_core::rnd::GwRnd;

    fn data(seed: i16, size: i16, maxint: i16) -> Vec<i16> {
        let mut rnd = GwRnd::new();
        rnd.randomize_int(seed);
        random_values(&mut rnd, size, maxint)
    }

    fn sorted_copy(a: &[i16]) -> Vec<i16> {
        let mut v = a.to_vec();
        v[1..].sort_unstable();
        v
    }

    #[test]
    fn dloops_never_sits_near_an_integer() {
        let worst = (1..=32767)
            .map(|s: i32| {
                let q = (2.0 * f64::from(s)).ln() / 3f64.ln();
                (q - q.round()).abs()
            })
            .fold(f64::MAX, f64::min);
        assert!(worst > 1.5e-5, "closest approach {worst}");
    }

    #[test]
    fn start_gaps_follow_knuth_one_below_the_size() {
        // The document: "to sort 500 items, the starting value for D would be 121".
        assert_eq!(start_gap(500), Ok(121));
        assert_eq!(start_gap(10000), Ok(3280));
        assert_eq!(start_gap(1), Ok(1));
        assert_eq!(start_gap(13), Ok(1)); // 2*13 = 26 < 27: DLOOPS = 1
        assert_eq!(start_gap(14), Ok(4)); // 28 > 27: DLOOPS = 2
        assert_eq!(
            start_gap(0),
            Err(fail(ErrorCode::IllegalFunctionCall, 2110))
        );
    }

    #[test]
    fn both_readable_sorts_sort() {
        for (seed, size) in [(1, 1000), (2, 37), (3, 2), (4, 1), (-5, 500)] {
            let input = data(seed, size, 100);
            let want = sorted_copy(&input);
            let mut a = input.clone();
            shell_metzner(&mut a, size).unwrap();
            assert_eq!(a, want);
            let mut b = input.clone();
            shell_ted(&mut b, size).unwrap();
            assert_eq!(b, want);
        }
    }

    #[test]
    fn packed_stops_at_the_first_in_order_pair_in_gw_basic() {
        let input = data(1, 1000, 10000);
        let d = start_gap(1000).unwrap();
        let mut a = input.clone();
        let err = shell_ted_packed(&mut a, 1000, d, BareNext::Innermost);
        assert_eq!(err, Err(fail(ErrorCode::NextWithoutFor, 2170)));
        let mut b = input.clone();
        shell_ted_packed(&mut b, 1000, d, BareNext::ByPosition).unwrap();
        assert_eq!(b, sorted_copy(&input));
        let mut c = input.clone();
        shell_ted_packed_fixed(&mut c, 1000, d).unwrap();
        assert_eq!(c, b);
    }

    #[test]
    fn packed_survives_only_data_it_never_finds_in_order() {
        // Two elements in descending order: one swap, then K runs out; no GOTO is taken.
        let mut a = vec![0, 9, 4];
        assert_eq!(shell_ted_packed(&mut a, 2, 1, BareNext::Innermost), Ok(()));
        assert_eq!(a, vec![0, 4, 9]);
        let mut b = vec![0, 4, 9];
        assert!(shell_ted_packed(&mut b, 2, 1, BareNext::Innermost).is_err());
    }

    #[test]
    fn packed_survives_exactly_descending_data_up_to_13() {
        // Up to 13 elements the only gap is 1: an insertion sort that meets an in-order
        // pair unless every new element is the smallest so far. From 14 on, gap 4 leaves
        // A(1)<=A(5), which gap 1 must meet.
        for size in 2..=20i16 {
            let mut a: Vec<i16> = std::iter::once(0).chain((1..=size).rev()).collect();
            let d = start_gap(size).unwrap();
            let r = shell_ted_packed(&mut a, size, d, BareNext::Innermost);
            assert_eq!(r.is_ok(), size <= 13, "SIZE={size}");
        }
    }

    #[test]
    fn too_small_an_array_fails_in_the_listing_line() {
        let mut a = vec![0, 3, 2, 1];
        let e = shell_metzner(&mut a, 5);
        assert_eq!(e, Err(fail(ErrorCode::SubscriptOutOfRange, 2135)));
        let mut b = vec![0, 3, 2, 1];
        assert_eq!(
            shell_ted(&mut b, 5),
            Err(fail(ErrorCode::SubscriptOutOfRange, 2150))
        );
    }

    #[test]
    fn idiomatic_shell_sort_sorts_anything_ordered() {
        let mut words = vec!["pear", "fig", "apple", "kiwi", "date"];
        shell_sort(&mut words);
        assert_eq!(words, vec!["apple", "date", "fig", "kiwi", "pear"]);
        let mut v: Vec<i16> = data(9, 3000, 500)[1..].to_vec();
        let mut w = v.clone();
        shell_sort(&mut v);
        w.sort_unstable();
        assert_eq!(v, w);
        for len in 2..=32767i16 {
            assert_eq!(
                knuth_start(len as usize) as i16,
                start_gap(len).unwrap(),
                "{len}"
            );
        }
    }
}
