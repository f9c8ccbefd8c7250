//! Input and output of text on the screen, the printer and files: PRINT (and LPRINT),
//! WRITE, INPUT and LINE INPUT, with the channel each goes to. Run by
//! `machine::{print, input}`.

use super::part::{Expr, Target, node};
use std::rc::Rc;

node! {
    /// Where PRINT/WRITE/INPUT go.
    pub enum Channel {
        Screen,
        Printer,
        File(Expr),
    }
}

node! {
    /// An item of a PRINT list.
    pub enum PrintItem {
        Expr(Expr),
        /// `,`: next 14-column zone.
        Comma,
        /// `;`: nothing.
        Semicolon,
        /// `TAB(n)`
        Tab(Expr),
        /// `SPC(n)`
        Spc(Expr),
    }
}

node! {
    /// `PRINT [#f,] lead [USING fmt; items]` (also `?` and `LPRINT`): without USING the
    /// items are all in `items`; with it, `lead` holds the items before USING (printed
    /// as PRINT prints them) and `items` the values the format takes.
    pub struct Print {
        pub channel: Channel,
        pub lead: Vec<PrintItem>,
        pub using: Option<Expr>,
        pub items: Vec<PrintItem>,
    }
}

node! {
    /// `WRITE [#f,] exprs`; `junk`: text follows a value where `,` or `;` belongs (a
    /// Syntax error once the values before it are written, without the line's end).
    pub struct Write {
        pub channel: Channel,
        pub exprs: Vec<Expr>,
        pub junk: bool,
    }
}

node! {
    /// `INPUT[;] ["prompt";|,] vars` / `INPUT #f, vars`; the prompt's flag: `;` after it
    /// (a question mark follows it). `fault`: the variable list of a keyboard INPUT goes
    /// wrong after `targets` (a variable that is no name, or one followed by anything but
    /// `,` or the end): raised after the reply is read and the values of `targets` are
    /// found good (S GWMAIN.ASM INPUT: SINLIN before the VARLOP pass).
    pub struct Input {
        pub channel: Channel,
        pub keep_line: bool,
        pub prompt: Option<(Rc<[u8]>, bool)>,
        pub targets: Vec<Target>,
        pub fault: Option<Expr>,
    }
}

node! {
    /// `LINE INPUT[;] ["prompt";] var$` / `LINE INPUT #f, var$`
    pub struct LineInput {
        pub channel: Channel,
        pub keep_line: bool,
        pub prompt: Option<Rc<[u8]>>,
        pub target: Target,
    }
}

node! {
    /// `INPUT #f, vars` / `LINE INPUT #f, var$` whose text breaks off after the file
    /// number: GW checks the file (open, input mode) before the comma, then reads the
    /// variables scanned before the fault in turn, then raises it [S GIO86.ASM FILINP].
    pub struct FileInputFault {
        pub file: Expr,
        pub targets: Vec<Target>,
        pub fault: Expr,
    }
}
