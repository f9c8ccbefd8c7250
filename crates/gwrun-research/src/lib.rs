//! The research code beside the interpreter: what the three source documents claim,
//! checked. Built only with the `research` cargo feature (on by default), so the
//! interpreter core builds and tests without rayon, plotters, statrs, indicatif and rand
//! (docs/architecture.md, "The interpreter in front").
//!
//! | module | owns |
//! |---|---|
//! | [`routines`] | native ports of the documents' listings, drawing GW-BASIC's RND |
//! | [`lab`] | shuffle and deal statistics (`gwrun lab ...`) |
//! | [`claims`] | the claims report, docs/claims.md (`gwrun claims`) |
//! | [`listings`] | the documents' listings (`basic/*.bas`), embedded in the binary |
//! | [`output`] | whole-or-nothing writes and the Ctrl-C exit of the commands |
//!
//! The research code uses the interpreter (sessions, the cost model, RND); the
//! interpreter never uses it, except `cli`, which dispatches `gwrun lab` and
//! `gwrun claims` here.

pub mod claims;
pub mod lab;
pub mod listings;
pub mod output;
pub mod routines;
