//! The document's three "linear" sorts that never compare (000): Array Map, Array Match
//! and Bitmap, ported statement for statement from `basic/array_map.bas`,
//! `array_match.bas`, `bitmap_sort.bas` with their defects, the minimal fixes of the
//! `*_fixed.bas` variants, and idiomatic versions that do what the text promises.
//!
//! A() and X() are the listings' integer arrays (DEFINT A-Z) as slices indexed like BASIC:
//! `a[0]` is `A(0)`, unused by the listings. Errors carry the listing's line.

use super::basic::{Outcome, at, fail, pow2_operand};
use gwrun_core::error::ErrorCode;

/// Line 2410 / 2510: `FOR J=first TO MAXINT: X(J)=0: NEXT`.
fn clear(x: &mut [i16], first: i32, maxint: i16, line: u16) -> Outcome {
    for j in first..=i32::from(maxint) {
        x[at(x.len(), j, line)?] = 0;
    }
    Ok(())
}

/// `A(J)` for the J-th value, then the X() slot it names: `X(A(J))`.
fn slot_of_value(a: &[i16], x: &[i16], j: i32, line: u16) -> Outcome<usize> {
    let v = a[at(a.len(), j, line)?];
    at(x.len(), i32::from(v), line)
}

/// `N=N+1` on an integer: past 32767 the sum is a single that no longer fits (Overflow).
fn bump(n: i16, line: u16) -> Outcome<i16> {
    n.checked_add(1).ok_or(fail(ErrorCode::Overflow, line))
}

/// array_map.bas, lines 2410-2470, as printed: flag each value in X(), then walk N up X()
/// writing every flagged N back. With a repeated value (or a 0) fewer flags exist than
/// SIZE, so N walks past the last flag and off the end of X():
/// `Subscript out of range in 2450` (X() has MAXINT+1 elements in the driver).
pub fn array_map(a: &mut [i16], x: &mut [i16], size: i16, maxint: i16) -> Outcome {
    flag_values(a, x, size, maxint)?;
    let mut n: i16 = 0;
    for k in 1..=i32::from(size) {
        n = next_flag(x, n, 2450)?;
        a[at(a.len(), k, 2460)?] = n;
    }
    Ok(())
}

/// array_map_fixed.bas: line 2450 becomes
/// `N=N+1: IF N>MAXINT THEN N=K-1: K=SIZE: SIZE=N: GOTO 2470 ELSE IF X(N)=0 THEN 2450`,
/// so repeated values are absorbed as the text says. Returns the new SIZE, the number of
/// values kept in `A(1..=SIZE)`; the elements after it keep their old contents.
pub fn array_map_fixed(a: &mut [i16], x: &mut [i16], size: i16, maxint: i16) -> Outcome<i16> {
    flag_values(a, x, size, maxint)?;
    let mut n: i16 = 0;
    for k in 1..=size {
        loop {
            n = bump(n, 2450)?;
            if n > maxint {
                return Ok(k - 1); // N=K-1: K=SIZE: SIZE=N: GOTO 2470 ends the loop
            }
            if x[at(x.len(), i32::from(n), 2450)?] != 0 {
                break;
            }
        }
        a[at(a.len(), i32::from(k), 2460)?] = n;
    }
    Ok(size)
}

/// Lines 2410-2420: clear X(1..MAXINT), then `X(A(J))=-1` for each value.
fn flag_values(a: &[i16], x: &mut [i16], size: i16, maxint: i16) -> Outcome {
    clear(x, 1, maxint, 2410)?;
    for j in 1..=i32::from(size) {
        let s = slot_of_value(a, x, j, 2420)?;
        x[s] = -1;
    }
    Ok(())
}

/// Line 2450 (2550): `N=N+1: IF X(N)=0 THEN <same line>`: the next N with X(N) <> 0.
fn next_flag(x: &[i16], mut n: i16, line: u16) -> Outcome<i16> {
    loop {
        n = bump(n, line)?;
        if x[at(x.len(), i32::from(n), line)?] != 0 {
            return Ok(n);
        }
    }
}

/// array_match.bas, lines 2510-2580, as printed: count each value in X(), then write N
/// back and count it down. Line 2550 increments N *before* testing X(N) again, so a value
/// is written once however often it occurs, the lost copies leave the walk short of
/// values, and N runs off the end of X(): `Subscript out of range in 2550`. A value 0 is
/// counted in X(0) but never reached (N starts at 1): the same error.
pub fn array_match(a: &mut [i16], x: &mut [i16], size: i16, maxint: i16) -> Outcome {
    count_values(a, x, size, maxint, 1)?;
    let mut n: i16 = 0;
    for j in 1..=i32::from(size) {
        n = next_flag(x, n, 2550)?;
        write_back(a, x, j, n)?;
    }
    Ok(())
}

/// array_match_fixed.bas: `2510 FOR J=0 TO MAXINT: X(J)=0: NEXT` and
/// `2550 IF X(N)=0 THEN N=N+1: GOTO 2550`: every copy is written back, 0 included.
pub fn array_match_fixed(a: &mut [i16], x: &mut [i16], size: i16, maxint: i16) -> Outcome {
    count_values(a, x, size, maxint, 0)?;
    let mut n: i16 = 0;
    for j in 1..=i32::from(size) {
        while x[at(x.len(), i32::from(n), 2550)?] == 0 {
            n = bump(n, 2550)?;
        }
        write_back(a, x, j, n)?;
    }
    Ok(())
}

/// Lines 2510-2520: clear X(first..MAXINT), then `X(A(J))=X(A(J))+1`.
fn count_values(a: &[i16], x: &mut [i16], size: i16, maxint: i16, first: i32) -> Outcome {
    clear(x, first, maxint, 2510)?;
    for j in 1..=i32::from(size) {
        let s = slot_of_value(a, x, j, 2520)?;
        x[s] = bump(x[s], 2520)?;
    }
    Ok(())
}

/// Lines 2560-2570: `A(J)=N`, `X(N)=X(N)-1`.
fn write_back(a: &mut [i16], x: &mut [i16], j: i32, n: i16) -> Outcome {
    a[at(a.len(), j, 2560)?] = n;
    let s = at(x.len(), i32::from(n), 2570)?;
    x[s] = x[s].checked_sub(1).ok_or(fail(ErrorCode::Overflow, 2570))?;
    Ok(())
}

/// bitmap_sort.bas, lines 410-580, with `ss` the value of SS in line 530
/// (`WHILE BIT<16 AND N<=SS`). The listing never sets SS, so it is 0: the WHILE never
/// runs and nothing is written back. Returns N, one more than the values written.
/// X() must be clear on entry (the driver's DIM); repeated values share one bit.
pub fn bitmap(a: &mut [i16], x: &mut [i16], size: i16, maxint: i16, ss: i16) -> Outcome<i16> {
    for j in 1..=i32::from(size) {
        set_bit(a[at(a.len(), j, 420)?], x)?;
    }
    let last = (i32::from(maxint) + 15) / 16; // 510: (MAXINT+15)\16
    if last > i32::from(i16::MAX) {
        return Err(fail(ErrorCode::Overflow, 510));
    }
    let mut n: i16 = 1;
    for el in 0..=last {
        for bit in 0..16 {
            if n > ss {
                break; // 530: WHILE BIT<16 AND N<=SS
            }
            let word = x[at(x.len(), el, 540)?]; // 540 reads X(EL) whatever BIT is
            if (bit == 15 && word < 0) || (bit < 15 && word & pow2_operand(bit) != 0) {
                let line = if bit == 15 { 540 } else { 550 };
                let value = i16::try_from(16 * el + i32::from(bit))
                    .map_err(|_| fail(ErrorCode::Overflow, line))?;
                a[at(a.len(), i32::from(n), line)?] = value;
                n = bump(n, line)?;
            }
        }
    }
    Ok(n)
}

/// Lines 420-440: `EL=A(J)\16: BIT=A(J) MOD 16`, then set the bit (bit 15 is the sign).
fn set_bit(v: i16, x: &mut [i16]) -> Outcome {
    let (el, bit) = (i32::from(v / 16), v % 16);
    if bit < 15 {
        let s = at(x.len(), el, 430)?;
        x[s] |= pow2_operand(bit);
    } else {
        let s = at(x.len(), el, 440)?;
        if x[s] >= 0 {
            x[s] |= i16::MIN;
        }
    }
    Ok(())
}

/// bitmap_sort_fixed.bas: line 530 tests `N<=SIZE`.
pub fn bitmap_fixed(a: &mut [i16], x: &mut [i16], size: i16, maxint: i16) -> Outcome<i16> {
    bitmap(a, x, size, maxint, size)
}

/// Idiomatic twin of Array Map as the text describes it: the different values, ascending
/// (repeats absorbed), by flags over 0..=max.
pub fn distinct_sorted(values: &[u16]) -> Vec<u16> {
    let max = values.iter().copied().max().map_or(0, usize::from);
    let mut seen = vec![false; max + 1];
    for &v in values {
        seen[usize::from(v)] = true;
    }
    (0..=max).filter(|&v| seen[v]).map(|v| v as u16).collect()
}

/// Idiomatic twin of Array Match: a counting sort, every copy kept, 0 included.
pub fn counting_sort(values: &mut [u16]) {
    let max = values.iter().copied().max().map_or(0, usize::from);
    let mut counts = vec![0usize; max + 1];
    for &v in values.iter() {
        counts[usize::from(v)] += 1;
    }
    let sorted = counts
        .iter()
        .enumerate()
        .flat_map(|(v, &c)| std::iter::repeat_n(v as u16, c));
    for (slot, v) in values.iter_mut().zip(sorted) {
        *slot = v;
    }
}

/// Idiomatic twin of the Bitmap sort: one bit per possible value in 64-bit words; the
/// different values, ascending (repeats absorbed, as the text says).
pub fn bitset_sort(values: &[u16]) -> Vec<u16> {
    let mut words = vec![0u64; 1024];
    for &v in values {
        words[usize::from(v / 64)] |= 1 << (v % 64);
    }
    let mut out = Vec::new();
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push((w * 64) as u16 + bits.trailing_zeros() as u16);
            bits &= bits - 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routines::basic::{distinct_values, random_values};
    use gwrun_core::rnd::GwRnd;

    fn seeded(seed: i16) -> GwRnd {
        let mut r = GwRnd::new();
        r.randomize_int(seed);
        r
    }

    fn positives(a: &[i16]) -> Vec<u16> {
        a[1..].iter().map(|&v| v as u16).collect()
    }

    #[test]
    fn array_map_sorts_different_values() {
        for seed in 1..=5 {
            let mut a = distinct_values(&mut seeded(seed), 300, 500);
            let want = distinct_sorted(&positives(&a));
            let mut x = vec![0; 501];
            array_map(&mut a, &mut x, 300, 500).unwrap();
            assert_eq!(positives(&a), want);
        }
    }

    #[test]
    fn array_map_runs_off_x_on_a_repeat() {
        let mut a = vec![0, 5, 3, 5, 1];
        let mut x = vec![0; 6];
        let e = array_map(&mut a, &mut x, 4, 5);
        assert_eq!(e, Err(fail(ErrorCode::SubscriptOutOfRange, 2450)));
        assert_eq!(a, vec![0, 1, 3, 5, 1]); // the three different values, then the error
    }

    #[test]
    fn array_map_fixed_absorbs_repeats() {
        let mut a = vec![0, 5, 3, 5, 1];
        let mut x = vec![0; 6];
        assert_eq!(array_map_fixed(&mut a, &mut x, 4, 5), Ok(3));
        assert_eq!(&a[1..4], &[1, 3, 5]);
        let mut r = seeded(3);
        let mut b = random_values(&mut r, 400, 300);
        let want = distinct_sorted(&positives(&b));
        let mut x = vec![0; 301];
        let kept = array_map_fixed(&mut b, &mut x, 400, 300).unwrap();
        assert_eq!(positives(&b[..=kept as usize]), want);
    }

    #[test]
    fn array_match_loses_repeats_and_runs_off_x() {
        let mut a = vec![0, 2, 2, 1];
        let mut x = vec![0; 3];
        let e = array_match(&mut a, &mut x, 3, 2);
        assert_eq!(e, Err(fail(ErrorCode::SubscriptOutOfRange, 2550)));
        assert_eq!(a, vec![0, 1, 2, 1]);
        assert_eq!(x, vec![0, 0, 1]); // the second 2 is still counted, never written
    }

    #[test]
    fn array_match_never_writes_a_zero() {
        let mut a = vec![0, 0, 2, 1];
        let mut x = vec![0; 3];
        let e = array_match(&mut a, &mut x, 3, 2);
        assert_eq!(e, Err(fail(ErrorCode::SubscriptOutOfRange, 2550)));
        assert_eq!(&a[1..3], &[1, 2]);
    }

    #[test]
    fn array_match_sorts_when_every_value_is_different_and_positive() {
        let mut a = vec![0, 4, 1, 3];
        let mut x = vec![0; 5];
        array_match(&mut a, &mut x, 3, 4).unwrap();
        assert_eq!(a, vec![0, 1, 3, 4]);
    }

    #[test]
    fn array_match_fixed_keeps_every_copy() {
        for seed in 1..=5 {
            let mut a = random_values(&mut seeded(seed), 500, 200);
            a[7] = 0;
            let mut want = positives(&a);
            counting_sort(&mut want);
            let mut x = vec![0; 201];
            array_match_fixed(&mut a, &mut x, 500, 200).unwrap();
            assert_eq!(positives(&a), want);
        }
    }

    #[test]
    fn bitmap_as_printed_writes_nothing_back() {
        let input = distinct_values(&mut seeded(1), 100, 200);
        let mut a = input.clone();
        let mut x = vec![0; 13];
        assert_eq!(bitmap(&mut a, &mut x, 100, 200, 0), Ok(1));
        assert_eq!(a, input);
        assert!(
            x.iter().any(|&w| w != 0),
            "the bits are set, only never read back"
        );
    }

    #[test]
    fn bitmap_fixed_sorts_and_absorbs_repeats() {
        for seed in 1..=5 {
            let mut a = random_values(&mut seeded(seed), 300, 1000);
            a[3] = 15; // bit 15 of a word: the sign
            a[4] = 31;
            let want = bitset_sort(&positives(&a));
            let mut x = vec![0; 1000usize.div_ceil(16) + 1];
            let n = bitmap_fixed(&mut a, &mut x, 300, 1000).unwrap();
            assert_eq!(usize::from(n as u16) - 1, want.len());
            assert_eq!(positives(&a[..n as usize]), want);
        }
    }

    #[test]
    fn bitmap_fixed_reads_past_x_when_maxint_is_not_a_multiple_of_16() {
        // X(MAXINT\16) is "at least 1/16 the size of the greatest integer", but line 510
        // runs EL to (MAXINT+15)\16; with a repeat the WHILE is still open there.
        let mut a = vec![0, 7, 7, 100];
        let mut x = vec![0; 100 / 16 + 1];
        let e = bitmap_fixed(&mut a, &mut x, 3, 100);
        assert_eq!(e, Err(fail(ErrorCode::SubscriptOutOfRange, 540)));
    }

    #[test]
    fn idiomatic_twins_agree_with_std() {
        let v = [5u16, 0, 9, 5, 65535, 3, 0];
        let mut want = v.to_vec();
        want.sort_unstable();
        let mut c = v.to_vec();
        counting_sort(&mut c);
        assert_eq!(c, want);
        want.dedup();
        assert_eq!(distinct_sorted(&v), want);
        assert_eq!(bitset_sort(&v), want);
    }
}
