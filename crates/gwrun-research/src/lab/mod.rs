//! The shuffle-and-deal statistics lab: deals millions of bridge deals with a
//! named procedure and compares every statistic with its exact expectation, and computes
//! the exact answers to the three documents' claims about shuffling and dealing.
//!
//! The lab owns its own fast procedures (driven by `rand`'s portable generators, or by
//! GW-BASIC's RND when asked), the exact combinatorics, the tests and the charts. It does
//! not own the faithful GW-RND ports of the listings (`crate::routines`) nor the
//! interpreter; a BASIC listing reaches the lab only through [`listing`].
//!
//! | module | owns |
//! |---|---|
//! | [`cards`] | card numbering (000's pack order), seats, hands as bit masks |
//! | [`patterns`] | the 39 hand patterns and every exact per-hand distribution |
//! | [`draw`] | random sources: xoshiro256++, ChaCha8, GW-BASIC RND; bounded draws |
//! | [`procedures`] | the dealing and shuffling procedures, each behind [`procedures::Dealer`] |
//! | [`riffle`] | GSR and human riffles, rising sequences, Bayer–Diaconis exact distances |
//! | [`flawed`] | exact analysis of the retry ("random hand") deal by dynamic programming |
//! | [`exchange`] | exact analysis of exchange, perfect and selection shuffles |
//! | [`transposition`] | the exchange shuffle's exact distance from uniform on cycle types |
//! | [`stats`] | per-deal tallies and chi-square tests with pooling |
//! | [`power`] | the power of the lab's own tests: simulated, and exact for the last-two test |
//! | [`detect`] | power curves of exact binomial and Monte-Carlo tests of the flawed deal |
//! | [`tally`] | the hot-path counter (joint suit lengths, bit-sliced placement) |
//! | [`engine`] | the parallel, reproducible run over chunks with per-chunk seeds |
//! | [`shard`] | a run cut into shards for many machines: tally files and their merge |
//! | [`report`] | the text report of a run |
//! | [`chart`] | SVG charts with plotters |
//! | [`claims`] | the shuffling and dealing rows of docs/claims.md (`claims_deal`, `claims_shuffle`) |
//! | [`exact_tables`] | the tables `gwrun lab exact` prints |
//! | [`listing`] | a BASIC listing as a dealing procedure, through the interpreter |
//! | `listing_session` | the glue from [`listing::BasicRunner`] to `gwrun_core::session::Session` |
//! | [`cli`] | the `gwrun lab ...` arguments and their dispatch |

pub mod cards;
pub mod chart;
pub mod claims;
mod claims_deal;
mod claims_shuffle;
pub mod cli;
pub mod detect;
pub mod draw;
pub mod engine;
pub mod exact_tables;
pub mod exchange;
pub mod flawed;
pub mod listing;
mod listing_session;
pub mod patterns;
pub mod power;
pub mod procedures;
pub mod report;
pub mod riffle;
pub mod shard;
pub mod stats;
pub mod tally;
pub mod transposition;

/// Everything that can stop a lab command: bad arguments, files, charts, listings.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// A user-supplied argument is out of range or malformed.
    #[error("invalid argument: {0}")]
    Argument(String),
    /// Reading or writing a file failed.
    #[error("{path}: {err}")]
    File { path: String, err: std::io::Error },
    /// Writing the report failed.
    #[error("output: {0}")]
    Output(#[from] std::io::Error),
    /// plotters could not draw the chart.
    #[error("chart: {0}")]
    Chart(String),
    /// A BASIC listing could not be used as a dealing procedure.
    #[error("listing: {0}")]
    Listing(String),
    /// Ctrl-C: the run stopped after `done` of `total` `unit` (deals, riffle counts);
    /// nothing was written.
    #[error(
        "interrupted (Ctrl-C) after {} of {} {unit}; nothing written",
        engine::thousands(*done),
        engine::thousands(*total)
    )]
    Interrupted {
        done: u64,
        total: u64,
        unit: &'static str,
    },
}
