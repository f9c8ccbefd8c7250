//! Cruncher tests: expected bytes come from the digest's real-GW examples (§1.2, §2.1,
//! §11.3) and the token table (§11.5).

use super::*;

fn body(text: &str) -> Vec<u8> {
    crunch(text.as_bytes()).unwrap().body
}

#[test]
fn goto_line_number_is_stored_as_0e() {
    // [M gwbasic/line-number-pointers]: `25 goto 40` is stored 89 20 0E 28 00.
    let c = crunch(b"25 goto 40").unwrap();
    assert_eq!(c.number, Some(25));
    assert_eq!(c.body, vec![0x89, 0x20, 0x0E, 0x28, 0x00]);
}

#[test]
fn apostrophe_else_and_while_hidden_bytes() {
    assert_eq!(body("10 'x"), vec![b':', 0x8F, 0xD9, b'x']);
    assert_eq!(body("10 IF A THEN 20 ELSE 30"), {
        let mut v = vec![
            0x8B, b' ', b'A', b' ', 0xCD, b' ', 0x0E, 20, 0, b' ', b':', 0xA1, b' ',
        ];
        v.extend_from_slice(&[0x0E, 30, 0]);
        v
    });
    assert_eq!(body("10 WHILE X"), vec![0xB1, 0xE9, b' ', b'X']);
}

#[test]
fn keyword_followed_by_alphanumeric_is_a_name() {
    assert_eq!(body("10 MAXINT=5"), b"MAXINT\xE7\x16".to_vec());
    assert_eq!(body("10 FORI=1TO3"), b"FORI\xE7\x12TO3".to_vec());
    assert_eq!(body("10 GOTO40"), b"GOTO40".to_vec());
    assert_eq!(body("10 printx=5"), b"PRINTX\xE7\x16".to_vec());
    assert_eq!(body("10 HAND=CD MOD 4"), b"HAND\xE7CD \xF3 \x15".to_vec());
}

#[test]
fn keyword_ending_in_dollar_followed_by_alphanumeric_is_a_name() {
    // [S GWMAIN.ASM CRUNCH ISVARS/TSTANM]: the character after any matched keyword is
    // tested, a `$` ending the keyword or not; the digit after the name's `$` stays text
    // (the name's number mode, as `A$2`)
    assert_eq!(body("10 PRINT STR$5"), b"\x91 STR$5".to_vec());
    assert_eq!(body("10 A9#STR$5"), b"A9#STR$5".to_vec());
    assert_eq!(
        body("10 X=CHR$A:Y=MKI$.5"),
        b"X\xE7CHR$A:Y\xE7MKI$.5".to_vec()
    );
    assert_eq!(
        body("10 X$=CHR$(65)+STR$ 5"),
        b"X$\xE7\xFF\x96(\x0F\x41)\xE9\xFF\x93 \x16".to_vec()
    );
    assert_eq!(body("10 A$=STR$ELSE"), b"A$\xE7STR$:\xA1".to_vec());
}

#[test]
fn spaces_are_kept_except_the_one_after_the_number() {
    assert_eq!(body("10  PRINT  A"), b" \x91  A".to_vec());
    assert_eq!(crunch(b"0 REM").unwrap().body, b" \x8F".to_vec());
}

#[test]
fn numbers_are_binary_constants() {
    assert_eq!(body("10 A=7"), vec![b'A', 0xE7, 0x18]);
    assert_eq!(body("10 A=200"), vec![b'A', 0xE7, 0x0F, 200]);
    assert_eq!(body("10 A=1000"), vec![b'A', 0xE7, 0x1C, 0xE8, 0x03]);
    assert_eq!(body("10 A=&HFF"), vec![b'A', 0xE7, 0x0C, 0xFF, 0x00]);
    assert_eq!(body("10 A=-5"), vec![b'A', 0xE7, 0xEA, 0x16]);
    let c = body("10 A=1.5");
    assert_eq!(c[2], 0x1D);
    assert_eq!(c.len(), 7);
}

#[test]
fn number_after_a_name_stays_text() {
    // OPTION BASE 1: BASE is not a keyword, so the 1 is stored as the character '1'.
    assert_eq!(body("10 OPTION BASE 1"), b"\xB8 BASE 1".to_vec());
}

#[test]
fn rem_and_data_bodies_are_verbatim() {
    assert_eq!(body("10 REM print goto 10"), b"\x8F print goto 10".to_vec());
    assert_eq!(
        body("10 DATA 1, \"a:b\", c: PRINT"),
        b"\x84 1, \"a:b\", c:\x20\x91".to_vec()
    );
}

#[test]
fn question_mark_go_to_and_fn() {
    assert_eq!(body("10 ?1"), vec![0x91, 0x12]);
    assert_eq!(body("10 GO TO 20"), vec![0x89, b' ', 0x0E, 20, 0]);
    assert_eq!(body("10 X=FNA(2)"), b"X\xE7\xD1A(\x13)".to_vec());
    assert_eq!(
        body("10 ON X GOTO 10, 20"),
        b"\x95 X \x89 \x0E\x0A\x00, \x0E\x14\x00".to_vec()
    );
}

#[test]
fn fn_and_usr_stay_keywords_whatever_follows() {
    // S GWMAIN.ASM CRUNCH: `$FN` and `$USR` go to ISRESW before the letter-after-keyword
    // test, and crunching goes on after them with numbers allowed (DONUM 0): the digit
    // of USR0 is the one-byte constant 11h, USR10 a two-byte constant 0F 0A
    assert_eq!(body("10 X=USR0(1)"), b"X\xE7\xD0\x11(\x12)".to_vec());
    assert_eq!(body("10 X=USR10(1)"), b"X\xE7\xD0\x0F\x0A(\x12)".to_vec());
    assert_eq!(body("10 X=usr(1)"), b"X\xE7\xD0(\x12)".to_vec());
    assert_eq!(body("10 DEF USR3=0"), b"\x97 \xD0\x14\xE7\x11".to_vec());
    assert_eq!(body("10 X=USRA"), b"X\xE7\xD0A".to_vec());
    assert_eq!(body("10 X=FNA1(2)"), b"X\xE7\xD1A1(\x13)".to_vec());
    assert_eq!(body("10 X=FN1"), b"X\xE7\xD1\x12".to_vec());
    // the text after them is crunched afresh: a keyword there is a keyword
    assert_eq!(body("10 X=FNLEN"), b"X\xE7\xD1\xFF\x92".to_vec());
}

#[test]
fn hex_and_octal_past_16_bits_are_a_hard_overflow() {
    // S GWEVAL.ASM OCTCNS: a fifth hex digit, or an octal value past 177777, is OVERR
    assert_eq!(crunch(b"10 PRINT &H10000"), Err(CrunchError::Overflow(0)));
    assert_eq!(crunch(b"10 PRINT &O200000"), Err(CrunchError::Overflow(0)));
    assert_eq!(crunch(b"A=&HFFFFF"), Err(CrunchError::Overflow(0)));
    assert_eq!(body("10 PRINT &HFFFF"), vec![0x91, b' ', 0x0C, 0xFF, 0xFF]);
    assert_eq!(
        body("10 PRINT &O177777"),
        vec![0x91, b' ', 0x0B, 0xFF, 0xFF]
    );
}

#[test]
fn two_byte_tokens() {
    assert_eq!(
        body("10 A$=LEFT$(B$,2)"),
        b"A$\xE7\xFF\x81(B$,\x13)".to_vec()
    );
    assert_eq!(body("10 SYSTEM"), vec![0xFE, 0x83]);
}

#[test]
fn big_line_numbers_are_rejected() {
    assert_eq!(crunch(b"65530 PRINT"), Err(CrunchError::BadLineNumber));
    assert_eq!(crunch(b"65529 PRINT").unwrap().number, Some(65529));
}

#[test]
fn a_file_line_keeps_the_digits_its_number_stopped_short_of() {
    // [S GWMAIN.ASM LINGET, MAIN]: the number stops once it exceeds 6552 before a digit;
    // typed, the digit is a Syntax error; from a file it begins the line's text
    let c = crunch_file_line(b"65530 PRINT").unwrap();
    assert_eq!((c.number, c.body), (Some(6553), b"\x11 \x91".to_vec()));
    let c = crunch_file_line(b"383   360 X").unwrap();
    assert_eq!((c.number, c.body), (Some(38336), b"\x11 X".to_vec()));
    assert_eq!(crunch(b"383   360 X"), Err(CrunchError::BadLineNumber));
    // blanks between the digits and leading zeros belong to the number
    assert_eq!(crunch(b"1 0 PRINT").unwrap().number, Some(10));
    assert_eq!(crunch(b"0000010 PRINT").unwrap().number, Some(10));
}

#[test]
fn go_to_and_go_sub_with_blanks_as_the_model_stores_them() {
    // [M gwbasic/tokenise_GO_TO] TEST.BIN, lines 110..170
    assert_eq!(body("110 GO TO 110"), b"\x89 \x0E\x6E\x00".to_vec());
    assert_eq!(body("120 GO  TO 120"), b"\x89 \x0E\x78\x00".to_vec());
    assert_eq!(body("125 GO TOTAL"), b"GO TOTAL".to_vec());
    assert_eq!(body("126 GO  TOTAL"), b"\x89TAL".to_vec());
    assert_eq!(body("140 GO SUB 140"), b"\x8D \x0E\x8C\x00".to_vec());
    assert_eq!(body("150 GO  SUB 150"), b"GO  SUB 150".to_vec());
    assert_eq!(body("160 GO SUBTLE"), b"\x8DTLE".to_vec());
    assert_eq!(body("170 GO  SUBTLE"), b"GO  SUBTLE".to_vec());
}
