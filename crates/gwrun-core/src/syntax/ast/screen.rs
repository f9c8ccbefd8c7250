//! The text screen and the keyboard: CLS, LOCATE, COLOR, SCREEN, WIDTH of the screen,
//! VIEW PRINT, PCOPY and KEY in its forms. Run by `machine::display`.

use super::devices::DeviceWidth;
use super::part::{Expr, node, plain_part};
use crate::error::ErrorCode;

node! {
    /// Optional integer operands as GW-BASIC's SCNINT scans them (CLS, LOCATE, COLOR,
    /// SCREEN, WIDTH): each is omitted (`None`) or an expression converted to 0-255 when
    /// it is reached (Type mismatch, Overflow, Illegal function call). `fault` is raised
    /// after the last operand is converted and before the statement acts: Illegal function
    /// call when an operand is followed by something other than `,` `)` or the end, Syntax
    /// error for anything after the operands, Missing operand for a trailing comma (COLOR,
    /// SCREEN).
    pub struct ByteArgs {
        pub args: Vec<Option<Expr>>,
        pub fault: Option<ErrorCode>,
    }
}

node! {
    /// `CLS [n]`
    pub struct Cls {
        pub args: ByteArgs,
    }
}

node! {
    /// `LOCATE [row][,[col][,[cursor][,[start][,stop]]]]`
    pub struct Locate {
        pub args: ByteArgs,
    }
}

node! {
    /// `COLOR [fore] [, [back] [, border]]`
    pub struct Color {
        pub args: ByteArgs,
    }
}

node! {
    /// `SCREEN [mode] [, [colorswitch] [, [apage] [, vpage]]]`
    pub struct Screen {
        pub args: ByteArgs,
    }
}

node! {
    /// `WIDTH columns [, rows]` of the screen, and the device form the same text takes
    /// when its first operand turns out to be a string (`device`; GIO86.ASM WIDTHS
    /// evaluates the operand and scans the screen's form again from the start only when it
    /// is a number).
    pub struct ScreenWidth {
        pub args: ByteArgs,
        pub device: Option<DeviceWidth>,
    }
}

node! {
    /// `VIEW PRINT [top TO bottom]`
    pub struct ViewPrint {
        pub rows: Option<(Expr, Expr)>,
    }
}

node! {
    /// `PCOPY source, destination`
    pub struct Pcopy {
        pub source: Expr,
        pub destination: Expr,
    }
}

/// What `KEY ON`, `KEY OFF`, `KEY LIST` do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyBarAction {
    On,
    Off,
    List,
}

/// `KEY(n) ON`, `OFF`, `STOP` (and the same words after other event traps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySwitch {
    On,
    Off,
    Stop,
}

plain_part!(KeyBarAction, KeySwitch);

node! {
    /// `KEY ON` / `KEY OFF` / `KEY LIST`
    pub struct KeyBar {
        pub action: KeyBarAction,
    }
}

node! {
    /// `KEY n, text$`
    pub struct KeyDef {
        pub key: Expr,
        pub text: Expr,
    }
}

node! {
    /// `KEY(n) ON` / `OFF` / `STOP`
    pub struct KeyTrap {
        pub key: Expr,
        pub switch: KeySwitch,
    }
}
