//! Benchmark of the MBF number types on the loop body of basic/float.bas
//! (`X!=I!/1000!`, `S#=S#+SIN(X!)*SQR(X!)`, `T#=T#+EXP(-X!/50!)*X!` for 200,000 iterations),
//! computed the way GW-BASIC computes it (gwrun::num) and, for scale, with native f32/f64.
//! Run: `cargo bench --bench float_ops`. Not part of CI (wall-clock timing is noisy).

use criterion::{Criterion, criterion_group, criterion_main};
use gwrun::num::{Double, Num, Single};
use std::hint::black_box;

const N: i16 = 20_000; // iterations per repetition (10 repetitions = 200,000)

/// The loop body in GW-BASIC's arithmetic: single division, SIN and SQR and EXP in single
/// precision, products widened to double for the double accumulators.
fn mbf_loop(reps: u32) -> (Double, Double) {
    let thousand = Single::from_i16(1000);
    let fifty = Single::from_i16(50);
    let (mut s, mut t) = (Double::ZERO, Double::ZERO);
    for _ in 0..reps {
        for i in 1..=N {
            let x = Single::from_i16(i).div(thousand).unwrap_or(Single::ZERO);
            let xn = Num::Sng(x);
            let sin = xn.sin().unwrap_or(Single::ZERO);
            let sqr = xn.sqr().unwrap_or(Single::ZERO);
            let p = sin.mul(sqr).unwrap_or(Single::ZERO);
            s = s.add(p.to_double()).unwrap_or(Double::ZERO);
            let q = x.neg().div(fifty).unwrap_or(Single::ZERO);
            let e = Num::Sng(q).exp().unwrap_or(Single::ZERO);
            let r = e.mul(x).unwrap_or(Single::ZERO);
            t = t.add(r.to_double()).unwrap_or(Double::ZERO);
        }
    }
    (s, t)
}

/// The same with native floats (f32 for singles, f64 for the double accumulators).
fn native_loop(reps: u32) -> (f64, f64) {
    let (mut s, mut t) = (0f64, 0f64);
    for _ in 0..reps {
        for i in 1..=N {
            let x = f32::from(i) / black_box(1000f32);
            s += f64::from(x.sin() * x.sqrt());
            t += f64::from((-x / 50f32).exp() * x);
        }
    }
    (s, t)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("float.bas loop (20,000 iterations)");
    g.bench_function("gwrun MBF", |b| b.iter(|| mbf_loop(black_box(1))));
    g.bench_function("native f32/f64", |b| b.iter(|| native_loop(black_box(1))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
