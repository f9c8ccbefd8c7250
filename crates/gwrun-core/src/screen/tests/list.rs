//! LIST and EDIT on the screen, against GW's source: a listed line is written over what
//! the rows hold and ends in a Ctrl-E that cuts its logical line at the cursor (S
//! GWLIST.ASM LISPRT/LISEOL, SCNDRV.ASM LTRUNC); EDIT lists with F_EDIT set, so text
//! running past a row's end opens a row (S SCNEDT.ASM ERED5, SCNDRV.ASM MKRMNL); a
//! scroll down ends the logical line at the window's bottom (S SCNDRV.ASM SCRDTT).
//! The expected screens are traced by hand through those routines.

use super::*;

/// A screen with `rows` written from row 1 down, each followed by a CR (a long one
/// wraps over two rows, as PRINT leaves it), and the cursor put back at (`row`, 1).
fn screen_with(rows: &[&[u8]], row: i32) -> Screen {
    let mut s = fresh();
    for r in rows {
        s.write(r);
        s.write(b"\r");
    }
    s.locate([Some(row), Some(1), None, None, None]).unwrap();
    s
}

fn text(s: &Screen, row: i32) -> String {
    String::from_utf8_lossy(&s.row_text(row))
        .trim_end()
        .to_string()
}

#[test]
fn a_short_line_over_a_long_one_leaves_nothing_of_it() {
    // the old line wrapped over rows 1-2: the row it went on over is removed
    let mut s = screen_with(&[&[b'A'; 100], b"CCC"], 1);
    s.list_line(b"10 X", true);
    assert_eq!(text(&s, 1), "10 X");
    assert_eq!(text(&s, 2), "CCC");
    assert!(!s.wraps(1));
    assert_eq!(s.cursor(), (2, 1, false));
}

#[test]
fn listing_starts_at_the_cursor() {
    // LIST does not start a new row: what the program printed before it stays
    let mut s = fresh();
    s.write(b"abc");
    s.list_line(b"10 X", true);
    assert_eq!(text(&s, 1), "abc10 X");
}

#[test]
fn a_line_running_into_a_wrapped_line_removes_its_second_row() {
    // the listed line goes on over row 3, the first row of a two-row line: the cut at
    // its end removes row 4, that line's second row, and "CCC" moves up
    let mut s = screen_with(&[b"DDD", b"EEE", &[b'B'; 100], b"CCC"], 2);
    let line = [b'9'; 90];
    s.list_line(&line, true);
    assert_eq!(s.row_text(2), vec![b'9'; 80]);
    assert_eq!(text(&s, 3), "9999999999");
    assert_eq!(text(&s, 4), "CCC");
    assert!(s.wraps(2) && !s.wraps(3));
    assert_eq!(s.cursor(), (4, 1, false));
}

#[test]
fn a_full_row_over_a_wrapped_row_goes_on_to_an_empty_row() {
    // 80 characters over the first row of a two-row line: the row still continues, so
    // the cursor goes on to row 2, which the cut empties; the CR leaves it for row 3
    let mut s = screen_with(&[&[b'A'; 100], b"CCC"], 1);
    s.list_line(&[b'8'; 80], true);
    assert_eq!(s.row_text(1), vec![b'8'; 80]);
    assert_eq!(text(&s, 2), "");
    assert_eq!(text(&s, 3), "CCC");
    assert!(s.wraps(1) && !s.wraps(2));
    assert_eq!(s.cursor(), (3, 1, false));
}

#[test]
fn a_full_row_over_a_plain_row_is_followed_by_the_next() {
    let mut s = screen_with(&[b"AAA", b"CCC"], 1);
    s.list_line(&[b'8'; 80], true);
    assert_eq!(text(&s, 2), "CCC");
    assert!(!s.wraps(1));
    assert_eq!(s.cursor(), (2, 1, false));
}

#[test]
fn a_line_feed_joins_the_rows_each_cut_at_its_end() {
    let mut s = screen_with(&[b"XXXXXXXXXXXX", b"YYYYYYYYYYYY", b"ZZZ"], 1);
    s.list_line(b"10 REM a\nb", true);
    assert_eq!(text(&s, 1), "10 REM a");
    assert_eq!(text(&s, 2), "b");
    assert_eq!(text(&s, 3), "ZZZ");
    assert!(s.wraps(1) && !s.wraps(2));
    assert_eq!(s.logical_line(2, 1, None), b"10 REM a\nb".to_vec());
}

#[test]
fn edit_opens_a_row_where_its_line_runs_on() {
    // EDIT's line of 90 characters at row 2: a row opens below for its last ten, and
    // "CCC" moves down rather than being written over
    let mut s = screen_with(&[b"EDIT 20", b"DDD", b"CCC"], 2);
    s.edit_line(&[b'7'; 90], Some(0));
    assert_eq!(s.row_text(2), vec![b'7'; 80]);
    assert_eq!(text(&s, 3), "7777777777");
    assert_eq!(text(&s, 4), "CCC");
    assert!(s.wraps(2) && !s.wraps(3));
    assert_eq!(s.cursor(), (2, 1, false));
    // LIST writes over the row below instead
    let mut s = screen_with(&[b"LIST", b"DDD", b"CCC"], 2);
    s.list_line(&[b'7'; 90], true);
    assert_eq!(text(&s, 3), "7777777777");
    assert_eq!(text(&s, 4), "");
}

#[test]
fn a_scroll_down_ends_the_line_at_the_window_bottom() {
    // rows 23-24 hold one line; opening a row above pushes its first row to row 24,
    // which no longer continues (its second row left the window)
    let mut s = fresh();
    s.locate([Some(23), Some(1), None, None, None]).unwrap();
    s.write(&[b'#'; 100]);
    assert!(s.wraps(23));
    s.scroll_down(5);
    assert_eq!(s.row_text(24), vec![b'#'; 80]);
    assert!(!s.wraps(24));
}
