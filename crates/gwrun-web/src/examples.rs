//! The examples the page offers, embedded at build time by `build.rs`: the documents'
//! listings from `basic/` (each file is the routine and its driver) and the page's own
//! demos from `demos/`.

/// An example program.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// Where the page lists it.
    pub group: &'static str,
    /// The file name (`shell_ted.bas`).
    pub name: &'static str,
    /// What its first line says it is.
    pub title: &'static str,
    /// The program file, as LOAD reads it.
    pub source: &'static [u8],
}

/// Every example, the listings first, each group by name.
pub static EXAMPLES: &[Example] = include!(concat!(env!("OUT_DIR"), "/examples.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listing_of_basic_is_offered() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../basic");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .expect("basic/ is beside the crates")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".bas"))
            .collect();
        on_disk.sort();
        let offered: Vec<&str> = EXAMPLES
            .iter()
            .filter(|e| e.group.starts_with("The documents"))
            .map(|e| e.name)
            .collect();
        assert_eq!(offered, on_disk);
        let shell = EXAMPLES
            .iter()
            .find(|e| e.name == "shell_ted.bas")
            .expect("listed");
        assert_eq!(shell.title, "Ted's Shell sort, exactly as printed");
    }

    #[test]
    fn every_example_loads_and_names_itself() {
        assert!(EXAMPLES.iter().any(|e| e.group == "Demos"));
        for e in EXAMPLES {
            assert_ne!(e.title, e.name, "{}: its first line gives no title", e.name);
            let mut session = gwrun_core::session::Session::captured(b"");
            assert_eq!(session.load_source(e.source), Ok(()), "{}", e.name);
            assert_eq!(
                session.take_output(),
                b"",
                "{}: LOAD said something",
                e.name
            );
            assert!(
                session.workspace().program.last_number().is_some(),
                "{}",
                e.name
            );
        }
    }
}
