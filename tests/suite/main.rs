//! gwrun's integration tests, built as one binary (one link instead of one per file):
//! each module is one area, driving the real `gwrun` binary or the engine's library API.

mod claims;
mod cli;
mod conformance;
mod cost;
mod devices;
mod disk;
mod dump;
mod files;
mod hostile;
mod lab;
mod launch;
mod listing_output;
mod live_sound;
mod pixels;
mod repl;
mod robustness;
mod screenshot;
mod seeds;
mod signals;
mod slices;
mod support;
mod terminal;
mod terminal_text;
mod unix_tool;
mod usability;
mod window;

/// The measuring process of `support::run_in` (runs gwrun when the test binary is started
/// again by `run_in`; does nothing in a normal test run).
#[test]
fn measure_child() {
    support::measure_child();
}
