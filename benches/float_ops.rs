//! Benchmark of the MBF number types: each operation alone (throughput over 4,096 random
//! operand pairs of the magnitudes GW's polynomials see), the math functions, and the loop
//! body of basic/float.bas (`X!=I!/1000!`, `S#=S#+SIN(X!)*SQR(X!)`,
//! `T#=T#+EXP(-X!/50!)*X!` for 20,000 iterations) computed the way GW-BASIC computes it
//! (gwrun_core::num) and, for scale, with native f32/f64.
//! Run: `cargo bench --bench float_ops`. Not part of CI (wall-clock timing is noisy).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gwrun_core::num::{Double, Num, Single};
use std::hint::black_box;

const N: i16 = 20_000; // iterations per repetition (10 repetitions = 200,000)
const PAIRS: usize = 4096;

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

/// xorshift64*: a fixed operand stream, the same in every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A single with either sign, any mantissa and an exponent byte in 0x70..0x90
    /// (about 2^-16 … 2^16: where polynomial terms and loop variables live).
    fn single(&mut self) -> Single {
        let r = self.next();
        let exp = 0x70 + (r >> 40) as u32 % 0x20;
        Single((exp << 24) | (r as u32 & 0x00FF_FFFF))
    }

    fn double(&mut self) -> Double {
        let s = self.single();
        let low = self.next() as u32;
        Double((u64::from(s.0) << 32) | u64::from(low))
    }
}

fn pairs<T>(mut f: impl FnMut(&mut Rng) -> T) -> Vec<(T, T)> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..PAIRS).map(|_| (f(&mut rng), f(&mut rng))).collect()
}

fn ops(c: &mut Criterion) {
    let s = pairs(Rng::single);
    let d = pairs(Rng::double);
    let ints: Vec<i16> = s.iter().map(|p| p.0.0 as i16).collect();
    let mut g = c.benchmark_group("op (4096 operand pairs)");
    g.throughput(Throughput::Elements(PAIRS as u64));
    macro_rules! op2 {
        ($name:expr, $v:expr, $f:expr) => {
            g.bench_function($name, |b| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for &(x, y) in black_box(&$v).iter() {
                        acc = acc.wrapping_add($f(x, y));
                    }
                    acc
                })
            });
        };
    }
    op2!("single add", s, |x: Single, y| x
        .add(y)
        .map_or(1, |r| u64::from(r.0)));
    op2!("single sub", s, |x: Single, y| x
        .sub(y)
        .map_or(1, |r| u64::from(r.0)));
    op2!("single mul", s, |x: Single, y| x
        .mul(y)
        .map_or(1, |r| u64::from(r.0)));
    op2!("single div", s, |x: Single, y| x
        .div(y)
        .map_or(1, |r| u64::from(r.0)));
    op2!("single cmp", s, |x: Single, y| x.total_cmp(y) as u64);
    op2!("single->double", s, |x: Single, _| x.to_double().0);
    op2!("double add", d, |x: Double, y| x.add(y).map_or(1, |r| r.0));
    op2!("double mul", d, |x: Double, y| x.mul(y).map_or(1, |r| r.0));
    op2!("double div", d, |x: Double, y| x.div(y).map_or(1, |r| r.0));
    op2!("double->single", d, |x: Double, _| x
        .to_single()
        .map_or(1, |r| u64::from(r.0)));
    g.bench_function("int->single", |b| {
        b.iter(|| {
            black_box(&ints).iter().fold(0u64, |a, &i| {
                a.wrapping_add(u64::from(Single::from_i16(i).0))
            })
        })
    });
    g.finish();

    // Horner-like dependency chains: each result feeds the next operation, as in $POLY.
    let mut g = c.benchmark_group("chain (4096 dependent ops)");
    g.throughput(Throughput::Elements(PAIRS as u64));
    g.bench_function("single mul+add", |b| {
        b.iter(|| {
            let mut acc = Single::from_i16(1);
            for &(x, y) in black_box(&s).iter() {
                let x = Single(x.0 & 0x80FF_FFFF | 0x8000_0000); // |x| in [.5, 1)
                acc = acc.mul(x).unwrap_or(Single::ZERO);
                acc = acc.add(y).unwrap_or(Single::ZERO);
            }
            acc
        })
    });
    g.finish();
}

fn funcs(c: &mut Criterion) {
    let args: Vec<Single> = pairs(Rng::single).iter().map(|p| p.0.abs()).collect();
    let mut g = c.benchmark_group("function (4096 arguments)");
    g.throughput(Throughput::Elements(PAIRS as u64));
    macro_rules! f1 {
        ($name:expr, $f:expr) => {
            g.bench_function($name, |b| {
                b.iter(|| {
                    black_box(&args).iter().fold(0u64, |a, &x| {
                        a.wrapping_add($f(Num::Sng(x)).map_or(1, |r: Single| u64::from(r.0)))
                    })
                })
            });
        };
    }
    f1!("SIN", Num::sin);
    f1!("SQR", Num::sqr);
    f1!("EXP", |x: Num| Num::exp(Num::Sng(
        x.to_single().unwrap().neg()
    )));
    f1!("LOG", Num::log);
    f1!("ATN", Num::atn);
    g.finish();
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("float.bas loop (20,000 iterations)");
    g.bench_function("gwrun MBF", |b| b.iter(|| mbf_loop(black_box(1))));
    g.bench_function("native f32/f64", |b| b.iter(|| native_loop(black_box(1))));
    g.finish();
}

criterion_group!(benches, ops, funcs, bench);
criterion_main!(benches);
