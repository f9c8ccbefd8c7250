//! File I/O on the engine's disk layer: the input picks statements from a table of file
//! operations (OPEN in every mode, PRINT#, WRITE#, INPUT#, LINE INPUT#, GET/PUT with
//! FIELD, EOF/LOF/LOC, KILL, NAME, CLOSE, FILES ...) with fuzzed operands; the program
//! runs under a statement budget on a fresh in-memory disk (the session's own until a
//! front end gives it the host's), so no run sees another's files.
#![no_main]

use gwrun_core::session::Session;
use libfuzzer_sys::fuzz_target;

const STATEMENTS: &[&str] = &[
    "OPEN \"O\",#1,\"A.TXT\"",
    "OPEN \"I\",#1,\"A.TXT\"",
    "OPEN \"A\",#1,\"A.TXT\"",
    "OPEN \"R\",#2,\"R.DAT\",{n}",
    "OPEN \"B.TXT\" FOR OUTPUT AS #3",
    "OPEN \"B.TXT\" FOR INPUT AS #3",
    "OPEN \"B.TXT\" FOR APPEND AS #{n}",
    "PRINT #1,\"{s}\";{n}",
    "PRINT #3,{n},\"{s}\"",
    "WRITE #1,{n},\"{s}\"",
    "PRINT #1,USING \"##.#\";{n}",
    "INPUT #1,A$",
    "INPUT #3,X",
    "LINE INPUT #1,A$",
    "A$=INPUT$({n},#1)",
    "FIELD #2,{n} AS F$,2 AS G$",
    "LSET F$=\"{s}\"",
    "PUT #2,{n}",
    "GET #2,{n}",
    "PRINT EOF(1);LOF(1);LOC(1)",
    "CLOSE #{n}",
    "CLOSE",
    "KILL \"A.TXT\"",
    "NAME \"B.TXT\" AS \"C.TXT\"",
    "FILES",
    "FILES \"{s}\"",
    "WIDTH #1,{n}",
    "ON ERROR GOTO 1000",
    "RESUME NEXT",
];

fuzz_target!(|data: &[u8]| {
    let mut text = String::new();
    for (i, chunk) in data.chunks(3).take(40).enumerate() {
        let stmt = STATEMENTS[chunk[0] as usize % STATEMENTS.len()];
        let n = chunk.get(1).copied().unwrap_or(1);
        let s: String = chunk
            .get(2)
            .map(|&c| {
                let c = if c == b'"' { b'x' } else { c };
                (c as char).to_string().repeat(usize::from(n % 8))
            })
            .unwrap_or_default();
        let line = stmt.replace("{n}", &n.to_string()).replace("{s}", &s);
        text.push_str(&format!("{} {}\r\n", (i + 1) * 10, line));
    }
    text.push_str("1000 RESUME NEXT\r\n");
    let mut s = Session::captured(b"");
    s.machine_mut().set_statement_budget(Some(2_000));
    if s.load_source(text.as_bytes()).is_ok() {
        let _ = s.run_program();
    }
    s.finish_screen();
});
