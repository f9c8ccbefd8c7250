//! The documents' listings as the binary carries them: every `basic/*.bas` file the
//! research commands run, embedded at build time, so `gwrun claims` works from any
//! working directory and on a machine without the repository. `gwrun claims --basic DIR`
//! reads a folder instead (an edited copy, for experiments).

/// (file name, text) of every embedded listing.
pub const FILES: [(&str, &str); 19] = [
    (
        "array_map.bas",
        include_str!("../../../basic/array_map.bas"),
    ),
    (
        "array_map_fixed.bas",
        include_str!("../../../basic/array_map_fixed.bas"),
    ),
    (
        "array_match.bas",
        include_str!("../../../basic/array_match.bas"),
    ),
    (
        "array_match_fixed.bas",
        include_str!("../../../basic/array_match_fixed.bas"),
    ),
    (
        "bitmap_sort.bas",
        include_str!("../../../basic/bitmap_sort.bas"),
    ),
    (
        "bitmap_sort_fixed.bas",
        include_str!("../../../basic/bitmap_sort_fixed.bas"),
    ),
    (
        "collection_shuffle.bas",
        include_str!("../../../basic/collection_shuffle.bas"),
    ),
    ("deal52.bas", include_str!("../../../basic/deal52.bas")),
    (
        "efficient_selection_shuffle.bas",
        include_str!("../../../basic/efficient_selection_shuffle.bas"),
    ),
    (
        "exchange_shuffle.bas",
        include_str!("../../../basic/exchange_shuffle.bas"),
    ),
    (
        "perfect_shuffle.bas",
        include_str!("../../../basic/perfect_shuffle.bas"),
    ),
    (
        "retry_deal.bas",
        include_str!("../../../basic/retry_deal.bas"),
    ),
    (
        "selection_shuffle.bas",
        include_str!("../../../basic/selection_shuffle.bas"),
    ),
    (
        "selection_shuffle_fixed.bas",
        include_str!("../../../basic/selection_shuffle_fixed.bas"),
    ),
    (
        "shell_metzner.bas",
        include_str!("../../../basic/shell_metzner.bas"),
    ),
    (
        "shell_ted.bas",
        include_str!("../../../basic/shell_ted.bas"),
    ),
    (
        "shell_ted_packed.bas",
        include_str!("../../../basic/shell_ted_packed.bas"),
    ),
    (
        "shell_ted_packed_fixed.bas",
        include_str!("../../../basic/shell_ted_packed_fixed.bas"),
    ),
    (
        "sort_randoms.bas",
        include_str!("../../../basic/sort_randoms.bas"),
    ),
];

/// The embedded text of a listing, by file name.
pub fn embedded(file: &str) -> Option<&'static str> {
    FILES
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every listing in basic/ is embedded, as the file holds it.
    #[test]
    fn every_listing_is_embedded_verbatim() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../basic");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                name.ends_with(".bas").then_some(name)
            })
            .collect();
        on_disk.sort();
        let names: Vec<&str> = FILES.iter().map(|f| f.0).collect();
        assert_eq!(on_disk, names);
        for (name, text) in FILES {
            assert_eq!(
                std::fs::read_to_string(dir.join(name)).unwrap(),
                text,
                "{name}"
            );
        }
    }
}
