//! The two wide steps of double precision's multiply and divide (`double::fmuld`,
//! `double::ddiv`): the product of two 56-bit mantissas and the 64-bit quotient
//! mantissa·2^63/divisor. Native builds take them in u128 arithmetic, which x86-64 and
//! AArch64 do in one or two instructions. WebAssembly has no 128-bit multiply or divide:
//! there u128 calls the runtime's `__multi3` and `u128_div_rem` (together about a tenth
//! of the browser engine's time on a program that multiplies and divides doubles,
//! docs/benchmarks.md), so its build takes the same results from 64-bit pieces: the
//! product from four 28-bit partial products, the quotient from two f64 estimates, each
//! corrected exactly. Both forms are compiled everywhere; `fast_tests::wide` holds the
//! 64-bit forms to the u128 ones bit for bit.

/// The WebAssembly forms.
#[cfg(target_arch = "wasm32")]
pub(super) use self::{product_limbs as product, quotient_f64 as quotient};
/// The native forms.
#[cfg(not(target_arch = "wasm32"))]
pub(super) use self::{product_u128 as product, quotient_u128 as quotient};

/// The product of two mantissas below 2^56: its bits from 48 up (the product has at most
/// 112 bits, so they fit) and whether any bit below 48 is set.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
#[inline(always)]
pub(super) fn product_u128(a: u64, b: u64) -> (u64, bool) {
    let p = u128::from(a) * u128::from(b);
    ((p >> 48) as u64, p as u64 & ((1 << 48) - 1) != 0)
}

/// `product_u128` from 28-bit halves: a·b = h·2^56 + m·2^28 + l, with h, l < 2^56 and
/// m < 2^57; the low 56 bits gather l and m's low half, the carry goes up.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
pub(super) fn product_limbs(a: u64, b: u64) -> (u64, bool) {
    const HALF: u64 = (1 << 28) - 1;
    let (a1, a0) = (a >> 28, a & HALF);
    let (b1, b0) = (b >> 28, b & HALF);
    let mid = a1 * b0 + a0 * b1;
    let low = a0 * b0 + ((mid & HALF) << 28);
    let high = a1 * b1 + (mid >> 28) + (low >> 56);
    // the product is high·2^56 + (low mod 2^56)
    (
        (high << 8) | ((low >> 48) & 0xFF),
        low & ((1 << 48) - 1) != 0,
    )
}

/// ⌊a·2^63 / b⌋ for mantissas a, b in [2^55, 2^56): a quotient in [2^62, 2^64).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
#[inline(always)]
pub(super) fn quotient_u128(a: u64, b: u64) -> u64 {
    ((u128::from(a) << 63) / u128::from(b)) as u64
}

/// `quotient_u128` in two steps of f64 estimates: h = ⌊a·2^32/b⌋ (below 2^33), then
/// l = ⌊r·2^31/b⌋ (below 2^31) of its remainder r, the quotient being h·2^31 + l.
/// Each estimate's relative error is under 2^-51 (the operands' rounding to 53 bits,
/// the reciprocal's and the product's), a few 2^-18 of a unit at most: its truncation is
/// the floor or one off. The remainder that decides it lies in (−b, 2b), far inside
/// 64 bits, so it is computed exactly modulo 2^64 with wrapping products, and one step
/// either way corrects the estimate.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
pub(super) fn quotient_f64(a: u64, b: u64) -> u64 {
    let scale = 4_294_967_296.0 / b as f64; // 2^32 / b
    let (h, r) = corrected((a as f64 * scale) as u64, a << 32, b);
    let (l, _) = corrected((r as f64 * (scale * 0.5)) as u64, r << 31, b);
    (h << 31).wrapping_add(l)
}

/// An estimate `q` of ⌊n/b⌋ that is the floor or one off, given n modulo 2^64
/// (`n_low`), made the floor: the floor and its remainder.
#[inline(always)]
fn corrected(q: u64, n_low: u64, b: u64) -> (u64, u64) {
    let r = n_low.wrapping_sub(q.wrapping_mul(b)) as i64;
    let b = b as i64;
    if r < 0 {
        (q.wrapping_sub(1), (r + b) as u64)
    } else if r >= b {
        (q + 1, (r - b) as u64)
    } else {
        (q, r as u64)
    }
}
