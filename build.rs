//! Link settings of the `gwrun` binary. On Linux (glibc) it is linked as a position-
//! dependent executable (`-no-pie`): a PIE binary has every pointer in its read-only
//! data (vtables, static tables) relocated by the dynamic loader at each start, which
//! writes to about 180 KB of those pages, one copy-on-write page fault per 4 KB; a
//! position-dependent one maps them straight from the file. Start-up CPU and memory
//! are measured in docs/benchmarks.md ("Start-up"). Libraries, stack and heap are still
//! placed at random addresses; only the executable's own image is at a fixed one.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
