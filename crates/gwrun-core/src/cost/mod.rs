//! What GW-BASIC would have spent (digest §12): operation counters kept while a program
//! runs, the weights that turn them into 8086 instructions, and the reports (`--stats`,
//! `--profile`, the claims report).
//!
//! The hot path does as little as possible: one counter per executed statement site
//! (`machine::counters`, kept by the machine) and a few per-line dynamic counters for events whose size is only known
//! at run time (line searches, skips, loop scans). Everything static about a statement —
//! bytes the character fetcher walks (tokens, letters, digits, spaces), constants,
//! variable and array references, operators by type, function calls — is computed once
//! at compile time into a per-site `profile` and multiplied out after the run (`report`).

pub mod profile;
pub mod report;
pub mod weights;

pub use crate::machine::counters::{Cost, Dyn};
pub use profile::SiteProfile;
pub use report::{Counts, GotoModel, LineCost, Report};
