//! Embeds the examples at build time: every listing of the documents in `basic/` (each
//! with its driver) and the page's own demos in `demos/`, as `examples.rs` in OUT_DIR.
//! A listing's title is what its first line says after the file name: `1 ' name.bas -
//! title`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let groups = [
        ("The documents' listings", here.join("../../basic")),
        ("Demos", here.join("demos")),
    ];
    let mut out = String::from("&[\n");
    for (group, dir) in &groups {
        println!("cargo:rerun-if-changed={}", dir.display());
        for path in listings(dir) {
            let text = std::fs::read(&path).expect("a listing is readable");
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .expect("a UTF-8 name");
            let _ = writeln!(
                out,
                "    Example {{ group: {group:?}, name: {name:?}, title: {:?}, source: include_bytes!({:?}) }},",
                title(&text, name),
                path.canonicalize().expect("the listing exists"),
            );
        }
    }
    out.push_str("]\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("examples.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// The `.bas` files of a folder, by name.
fn listings(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("bas")));
    files.sort();
    files
}

/// The title on a listing's first line (`1 ' name.bas - title`), or the file name.
fn title(text: &[u8], name: &str) -> String {
    let first = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(first);
    first
        .split_once(" - ")
        .map(|(_, t)| t.trim().trim_end_matches('.').to_string())
        .unwrap_or_else(|| name.to_string())
}
