//! DOS wildcard matching as FILES (DOS's find-first) does it: a pattern is parsed into the
//! 11-byte FCB form, where `*` turns the rest of its field (the 8-byte name or the 3-byte
//! extension) into `?`, and a `?` matches any byte, a blank included. Matching is one pass
//! over 11 bytes: no backtracking, so no pattern can make it slow.

/// Whether a host name's FCB form matches an FCB pattern.
pub(crate) fn matches(pattern: &[u8; 11], name: &[u8; 11]) -> bool {
    pattern
        .iter()
        .zip(name.iter())
        .all(|(&p, &n)| p == b'?' || p == n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dos::names::{Spec, host_fcb, parse};

    fn pat(s: &str) -> [u8; 11] {
        match parse(s.as_bytes(), true) {
            Ok(Spec::Disk(d)) => d.name.map(|n| n.fcb).unwrap_or([b'?'; 11]),
            other => panic!("{other:?}"),
        }
    }

    fn m(p: &str, name: &str) -> bool {
        matches(&pat(p), &host_fcb(name.as_bytes()).unwrap_or([0; 11]))
    }

    #[test]
    fn dos_rules() {
        assert!(m("*.*", "DATA.TXT"));
        assert!(m("*.*", "README"));
        assert!(m("*", "README"));
        assert!(
            !m("*", "DATA.TXT"),
            "* alone matches names without extension"
        );
        assert!(m("D*.T?T", "data.txt"));
        assert!(m("DATA.*", "data"));
        assert!(
            m("A*Z.BAS", "ABC.BAS"),
            "after * the rest of the field is ignored"
        );
        assert!(m("????.TXT", "AB.TXT"), "? also matches the padding");
        assert!(!m("?.TXT", "AB.TXT"));
        assert!(!m("*.BAS", "DATA.TXT"));
    }

    #[test]
    fn many_stars_fold_into_the_fields() {
        // 20 stars are no longer than one: the pattern is the 11 bytes of a DOS name, so
        // matching is one pass over 11 bytes whatever was typed
        let p = pat(&"*".repeat(20));
        assert_eq!(p, pat("*"));
        assert!(matches(&p, b"ABCDEFGH   "));
    }
}
