//! Speed of the shuffle-and-deal lab. Issue 7's target: at least 5 million deals per
//! second for Ted's deal with all statistics on this 2-core machine ("all cores" group;
//! criterion's thrpt line reads in deals per second). The one-thread group splits the
//! cost of a deal from the cost of counting it. Run: `cargo bench --bench lab_deals`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gwrun_research::lab::draw::{RngKind, XoshiroDraw};
use gwrun_research::lab::engine::{CHUNK, RunSpec, Stop, run_deals};
use gwrun_research::lab::procedures::{Method, flawed_deal, ted_deal};
use gwrun_research::lab::tally::FastTally;

fn one_thread(c: &mut Criterion) {
    let mut g = c.benchmark_group("one thread");
    g.throughput(Throughput::Elements(1));
    g.bench_function("ted deal", |b| {
        let mut d = XoshiroDraw::seeded(1);
        b.iter(|| black_box(ted_deal(&mut d)))
    });
    g.bench_function("ted deal + all statistics", |b| {
        let mut d = XoshiroDraw::seeded(1);
        let mut t = FastTally::default();
        b.iter(|| t.record(&ted_deal(&mut d)))
    });
    g.bench_function("flawed deal + all statistics", |b| {
        let mut d = XoshiroDraw::seeded(1);
        let mut t = FastTally::default();
        b.iter(|| t.record(&flawed_deal(&mut d)))
    });
    g.finish();
}

fn all_cores(c: &mut Criterion) {
    let deals = 8 * CHUNK;
    let spec = RunSpec {
        deals,
        seed: 1,
        chunk: CHUNK,
        progress: false,
        stop: Stop::never(),
        only: None,
    };
    let mut g = c.benchmark_group("all cores");
    g.throughput(Throughput::Elements(deals));
    g.sample_size(10);
    for m in [Method::Ted, Method::Flawed] {
        g.bench_function(
            format!("{}: {deals} deals, all statistics", m.name()),
            |b| b.iter(|| run_deals(&spec, |s| Ok(m.dealer(RngKind::Xoshiro, s))).map(|t| t.deals)),
        );
    }
    g.finish();
}

criterion_group!(benches, one_thread, all_cores);
criterion_main!(benches);
