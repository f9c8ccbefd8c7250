//! Logical lines: the rows a line typed or printed wraps over (each row's wrap flag),
//! their first and last row, and the text of one as the line editor reads it at Enter (at
//! the Ok prompt and for INPUT).

use super::*;

impl Screen {
    /// First row of the logical line that holds `row`.
    pub fn line_start(&self, mut row: i32) -> i32 {
        while row > 1 && self.wraps(row - 1) {
            row -= 1;
        }
        row
    }

    /// Last row of the logical line that holds `row`.
    pub fn line_end(&self, mut row: i32) -> i32 {
        while row < HEIGHT && self.wraps(row) {
            row += 1;
        }
        row
    }

    /// A row that ends in a typed line feed: it continues below but is not full.
    fn has_linefeed(&self, row: i32) -> bool {
        self.wraps(row) && self.row_len(row) < self.width
    }

    /// The text of the logical line holding `row` on the active page: each row up to
    /// its logical length, a `\n` after a row that ends in a line feed; the first row
    /// from column `left`, and when `stop` is given, nothing after that cell
    /// (row, column, inclusive).
    pub fn logical_line(&self, row: i32, left: i32, stop: Option<(i32, i32)>) -> Vec<u8> {
        let start = self.line_start(row);
        let end = self.line_end(row);
        let mut out = Vec::new();
        for r in start..=end {
            let mut text: Vec<u8> = (1..=self.row_len(r)).map(|c| self.cell(r, c).0).collect();
            if self.has_linefeed(r) {
                text.push(b'\n');
            }
            let from = if r == start {
                ((left - 1).max(0) as usize).min(text.len())
            } else {
                0
            };
            let to = match stop {
                Some((sr, _)) if r > sr => 0,
                Some((sr, sc)) if r == sr => (sc.max(0) as usize).min(text.len()),
                _ => text.len(),
            };
            if from < to {
                out.extend_from_slice(&text[from..to]);
            }
        }
        out
    }
}
