//! Link settings of the `gwrun` binary. On Linux (glibc) it is linked as a position-
//! dependent executable (`-no-pie`): a PIE binary has every pointer in its read-only
//! data (vtables, static tables) relocated by the dynamic loader at each start, which
//! writes to about 180 KB of those pages, one copy-on-write page fault per 4 KB; a
//! position-dependent one maps them straight from the file. Start-up CPU and memory
//! are measured in docs/benchmarks.md ("Start-up"). Libraries, stack and heap are still
//! placed at random addresses; only the executable's own image is at a fixed one.
//!
//! An optimised build for x86-64 Linux (glibc), which Rust 1.90 and later link with its
//! own LLD, also gets the functions a trivial program's start-up runs laid side by side
//! (`--symbol-ordering-file=tools/startup-order.txt`, made by `tools/startup_order.py`):
//! the kernel maps code in 64 KB windows around each fault, and start-up code spread
//! over the whole text made most of it resident. The list names some functions without
//! the `.llvm.N` suffix ThinLTO gives them, which changes with their unit's code: the
//! linker driver named in .cargo/config.toml, tools/link-ordered.sh, adds this build's
//! suffixed names. Where another linker may be in use (an older Rust, another target, a
//! linker named in RUSTFLAGS) the binary is linked as before and only that gain is lost.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=tools/startup-order.txt");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    let order = Path::new(&var("CARGO_MANIFEST_DIR")).join("tools/startup-order.txt");
    let optimised = !matches!(var("OPT_LEVEL").as_str(), "" | "0");
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    if optimised
        && var("TARGET") == "x86_64-unknown-linux-gnu"
        && !flags.contains("linker")
        && !flags.contains("fuse-ld")
        && rustc_links_with_lld()
        && order.is_file()
    {
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        // names the binary no longer has are passed over quietly
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
}

/// Whether the compiler is Rust 1.90 or later, whose x86_64-unknown-linux-gnu target
/// links with the LLD it ships.
fn rustc_links_with_lld() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc).arg("-V").output() else {
        return false;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let mut parts = text
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .split('.')
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    major > 1 || (major == 1 && minor >= 90)
}
