//! Golden tests of the compiled form: `gwrun --dump ast` and `--dump code` over a set of
//! conformance programs, compared with the files in tests/golden/dump/. The goldens pin
//! what the parser and the compiler make of each program (statement boundaries, faults
//! kept after their operands, slots, resolved jumps, FOR/NEXT and WHILE/WEND bindings),
//! so a change to either shows up here as a readable diff.
//!
//! Regenerate after an intended change: `GWRUN_BLESS=1 cargo test --test dump`, then
//! read the diff of tests/golden/dump/ before committing it.

use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The programs whose dumps are pinned: every statement kind the corpus has, loops of
/// every shape, faults in expressions and statements, jumps, DEF FN, DATA.
const CASES: &[&str] = &[
    "arrays/auto_dim_10",
    "arrays/dim_and_use",
    "data_read/restore_line",
    "def_fn/string_function",
    "errors/missing_operand",
    "errors/on_error_resume_next",
    "errors/syntax_error_after_statements",
    "files/input_hash_values",
    "for_next/basic_loop",
    "for_next/nested_next_list",
    "for_next/next_inside_then",
    "for_next/next_in_other_copy",
    "for_next/for_without_next",
    "for_next/loop_in_one_line",
    "goto_gosub/gosub_return",
    "goto_gosub/return_to_line",
    "if/nested_if_else",
    "if/then_line_number",
    "if/if_goto",
    "lex/keyword_prefixed_names",
    "misc/swap_strings",
    "misc/mid_statement_array",
    "on_goto/on_gosub",
    "print/comma_zones",
    "print/tab_function",
    "print_using_strings/mixed_fields",
    "strings/instr",
    "tron/basic",
    "vars/defint_at_run_time",
    "while_wend/nested",
    "while_wend/wend_without_while",
    "if/untaken_branch_not_checked",
    "if/taken_branch_syntax_error",
    "lex/rem_hides_colon",
];

fn dump(stage: &str, bas: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gwrun"))
        .args(["--dump", stage])
        .arg(bas)
        .output()
        .expect("gwrun runs");
    assert!(out.status.success(), "--dump {stage} {}", bas.display());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn dumps_match_the_goldens() {
    let bless = std::env::var_os("GWRUN_BLESS").is_some();
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in CASES {
        let bas = Path::new(ROOT)
            .join("basic/conformance")
            .join(format!("{case}.bas"));
        if !bas.exists() {
            failures.push(format!("{case}: no such conformance case"));
            continue;
        }
        for stage in ["ast", "code"] {
            let got = format!(
                "# gwrun --dump {stage} basic/conformance/{case}.bas\n\
                 # regenerate: GWRUN_BLESS=1 cargo test --test dump\n{}",
                dump(stage, &bas)
            );
            let golden = Path::new(ROOT)
                .join("tests/golden/dump")
                .join(format!("{}.{stage}", case.replace('/', "__")));
            if bless {
                std::fs::write(&golden, &got).expect("golden written");
                continue;
            }
            let want = std::fs::read_to_string(&golden).unwrap_or_default();
            checked += 1;
            if got != want {
                failures.push(format!(
                    "{case} ({stage}) differs from {}:\n--- want\n{want}\n--- got\n{got}",
                    golden.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(bless || checked == 2 * CASES.len());
}
