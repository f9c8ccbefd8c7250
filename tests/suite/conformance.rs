//! Runs every case under basic/conformance/ through the real `gwrun` binary (each in a
//! fresh temporary directory, stdin from the case's .in file) and compares stdout byte for
//! byte with the expected .out, which comes from real-GW models or PC-BASIC runs
//! (basic/conformance/regen.py), never from gwrun. Cases listed in known-failures.txt must
//! still fail; when one passes, the list must be updated.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/basic/conformance");

fn cases() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![PathBuf::from(ROOT)];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "overrides") {
                    dirs.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "bas") && p.with_extension("out").exists()
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn case_name(p: &Path) -> String {
    let rel = p.strip_prefix(ROOT).unwrap_or(p).with_extension("");
    rel.to_string_lossy().replace('\\', "/")
}

fn known_failures() -> Vec<String> {
    let text = std::fs::read_to_string(format!("{ROOT}/known-failures.txt")).unwrap_or_default();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Runs one case; returns the output, or a description of why it could not run.
fn run_case(bas: &Path) -> Result<Vec<u8>, String> {
    let dir = tempdir(bas);
    let name = bas.file_name().ok_or("no file name")?;
    std::fs::copy(bas, dir.join(name)).map_err(|e| e.to_string())?;
    let input = std::fs::read(bas.with_extension("in")).unwrap_or_default();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gwrun"))
        .arg(name)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write;
        let _ = stdin.write_all(&input);
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if std::time::Instant::now() > deadline => {
                let _ = child.kill();
                let _ = std::fs::remove_dir_all(&dir);
                return Err("timed out after 20 s".into());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(e.to_string()),
        }
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out.stdout)
}

fn tempdir(bas: &Path) -> PathBuf {
    let unique = format!(
        "gwrun-conf-{}-{}",
        std::process::id(),
        case_name(bas).replace('/', "_")
    );
    let d = std::env::temp_dir().join(unique);
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::create_dir_all(&d);
    d
}

fn show(b: &[u8]) -> String {
    String::from_utf8_lossy(b).replace('\n', "⏎\n")
}

#[test]
fn conformance_corpus() {
    let cases = cases();
    assert!(
        cases.len() >= 250,
        "only {} conformance cases found",
        cases.len()
    );
    let known = known_failures();
    let failures = Mutex::new(Vec::new());
    let unexpected_passes = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(case) = cases.get(i) else { break };
                    let name = case_name(case);
                    let expected = std::fs::read(case.with_extension("out")).unwrap_or_default();
                    let verdict = match run_case(case) {
                        Ok(actual) if actual == expected => None,
                        Ok(actual) => Some(format!(
                            "--- {name}\nexpected:\n{}\nactual:\n{}",
                            show(&expected),
                            show(&actual)
                        )),
                        Err(e) => Some(format!("--- {name}: {e}")),
                    };
                    let is_known = known.contains(&name);
                    match (verdict, is_known) {
                        (Some(msg), false) => failures.lock().unwrap().push(msg),
                        (None, true) => unexpected_passes.lock().unwrap().push(name),
                        _ => {}
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let passes = unexpected_passes.into_inner().unwrap();
    let mut report = String::new();
    for f in &failures {
        report.push_str(f);
        report.push('\n');
    }
    if !passes.is_empty() {
        report.push_str(&format!(
            "known failures that now pass (remove them from known-failures.txt): {passes:?}\n"
        ));
    }
    assert!(
        failures.is_empty() && passes.is_empty(),
        "{report}\n{} of {} cases failed",
        failures.len(),
        cases.len()
    );
}

/// basic/conformance/README.md's table of areas names every folder (but `numbers/`, kept
/// with its own README) with its number of cases, and its total is their sum: a case
/// added without its row, or a row's count left behind, fails here.
#[test]
fn the_readme_counts_every_area_s_cases() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let mut listed = std::collections::BTreeMap::new();
    let mut total = None;
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 3 {
            continue;
        }
        if cells[1] == "**total**" {
            total = cells[2].trim_matches('*').parse::<usize>().ok();
        } else if let Ok(n) = cells[2].parse::<usize>()
            && Path::new(ROOT).join(cells[1]).is_dir()
        {
            listed.insert(cells[1].to_string(), n);
        }
    }
    let mut found = std::collections::BTreeMap::new();
    for e in std::fs::read_dir(ROOT).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !e.path().is_dir() || name == "overrides" || name == "numbers" {
            continue;
        }
        let n = std::fs::read_dir(e.path())
            .unwrap()
            .flatten()
            .filter(|f| f.path().extension().is_some_and(|x| x == "bas"))
            .count();
        found.insert(name, n);
    }
    assert_eq!(listed, found, "README.md's areas against the folders");
    assert_eq!(total, Some(found.values().sum()), "README.md's total");
}
