//! The cost model's weights: 8086 instructions per counted operation (digest §12.2). Rows
//! marked exact were counted from the loop bodies in Microsoft's source; the others are
//! estimates from reading the code paths (±50 %). No weight was fitted to the documents'
//! timings.

/// Every counter of the model. ORDER: the rows of `WEIGHTS` and the indexes of `Counts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    Stmt = 0,
    Line,
    Token,
    Letter,
    OtherHigh,
    Space,
    Digit,
    Punct,
    StringChar,
    ScanByte,
    ForScanByte,
    WhileScanByte,
    ConstInt,
    ConstSng,
    ConstDbl,
    LineStep,
    JumpPtr,
    VarRef,
    VarNameExtra,
    VarProbe,
    ArrRef,
    ArrProbe,
    Subscript,
    VarNew,
    VarNewMoved,
    Operand,
    Binop,
    OpInt,
    OpSngAdd,
    OpSngMul,
    OpSngDiv,
    OpDblAdd,
    OpDblMul,
    OpDblDiv,
    OpStr,
    OpPow,
    OpPowInt,
    Conv,
    FnTranscendental,
    FnSqr,
    FnRnd,
    FnString,
    FnOther,
    NumIn,
    NumOut,
    ForExec,
    NextNamed,
    NextBare,
    NextInt,
    NextSng,
    Gosub,
    Return,
    Wend,
    OutChar,
    GcRun,
    GcVisit,
    GcByte,
}

/// Number of counters.
pub const COUNTERS: usize = Counter::GcByte as usize + 1;

/// A weight and where it comes from.
#[derive(Debug, Clone, Copy)]
pub struct Weight {
    pub counter: Counter,
    pub name: &'static str,
    /// 8086 instructions per count.
    pub instructions: f64,
    /// Counted from the source loop (true) or estimated from the code path.
    pub exact: bool,
    /// The source routine it stands for.
    pub anchor: &'static str,
}

macro_rules! w {
    ($c:ident, $name:literal, $n:literal, $exact:literal, $anchor:literal) => {
        Weight {
            counter: Counter::$c,
            name: $name,
            instructions: $n as f64,
            exact: $exact,
            anchor: $anchor,
        }
    };
}

/// ORDER: same as `Counter`.
pub const WEIGHTS: [Weight; COUNTERS] = [
    w!(Stmt, "statements", 35, false, "NEWSTT→GONE2 + CHKINT poll"),
    w!(Line, "lines entered", 13, false, "GONE4"),
    w!(Token, "token bytes", 6, true, "CHRGTR fast path"),
    w!(Letter, "letters", 6, true, "CHRGTR fast path"),
    w!(OtherHigh, "other bytes >= ':'", 6, true, "CHRGTR fast path"),
    w!(Space, "spaces", 6, true, "CHRCON blank loop"),
    w!(Digit, "digits as text", 12, false, "CHRCON"),
    w!(Punct, "punctuation < ':'", 12, false, "CHRCON"),
    w!(StringChar, "string literal bytes", 6, false, "STRLIT scan"),
    w!(
        ScanByte,
        "skip-scan bytes",
        10,
        false,
        "REMER1 / DATA scanner"
    ),
    w!(
        ForScanByte,
        "FOR body scan bytes",
        10,
        false,
        "NXTSCN / SCNCNT"
    ),
    w!(
        WhileScanByte,
        "WHILE body scan bytes",
        10,
        false,
        "WNDSCN / SCNCNT"
    ),
    w!(
        ConstInt,
        "integer constants",
        40,
        false,
        "LOWCHR/MAKTKN + CONFC1"
    ),
    w!(
        ConstSng,
        "single constants",
        50,
        false,
        "LOWCHR/MAKTKN + CONFC1"
    ),
    w!(
        ConstDbl,
        "double constants",
        60,
        false,
        "LOWCHR/MAKTKN + CONFC1"
    ),
    w!(LineStep, "line-search steps", 19, true, "FNDLIN/LOOP"),
    w!(JumpPtr, "pointer jumps", 25, false, "GOTO2 PTRCON path"),
    w!(VarRef, "variable references", 40, false, "PTRGET"),
    w!(
        VarNameExtra,
        "name characters beyond 2",
        10,
        false,
        "PTRGET name loop"
    ),
    w!(VarProbe, "variable table probes", 10, true, "LOPTOP"),
    w!(ArrRef, "array references", 40, false, "PTRGET/ISARY"),
    w!(ArrProbe, "array table probes", 11, true, "LOPFD0"),
    w!(Subscript, "subscripts", 40, false, "INDLOP/GETDEF/UMULT"),
    w!(VarNew, "variables created", 60, false, "SMKVAR/BLTU"),
    w!(
        VarNewMoved,
        "array bytes moved by creations",
        4,
        false,
        "BLTU"
    ),
    w!(Operand, "operands", 25, false, "EVAL, VMOVFM"),
    w!(
        Binop,
        "binary operators",
        100,
        false,
        "LPOPER/NUMREL/APPLOP"
    ),
    w!(
        OpInt,
        "integer operations",
        10,
        false,
        "IADD, ICMPA, DANDOR"
    ),
    w!(OpSngAdd, "single add/sub/compare", 70, false, "$FADDS"),
    w!(OpSngMul, "single multiply", 90, false, "$FMULS"),
    w!(OpSngDiv, "single divide", 200, false, "$FDIVS"),
    w!(OpDblAdd, "double add/sub/compare", 200, false, "$FADDD"),
    w!(OpDblMul, "double multiply", 450, false, "$FMULD"),
    w!(OpDblDiv, "double divide", 900, false, "DDIV"),
    w!(OpStr, "string operations", 150, false, "CAT, STRCMP"),
    w!(OpPow, "powers", 3000, false, "$FPWR (LOG+EXP)"),
    w!(
        OpPowInt,
        "integer powers",
        600,
        false,
        "XTON (repeated squaring)"
    ),
    w!(Conv, "type conversions", 35, false, "$FLT, CINT, $CSD"),
    w!(
        FnTranscendental,
        "SIN COS TAN ATN EXP LOG",
        1500,
        false,
        "$SIN $EXP $LOG $POLY"
    ),
    w!(FnSqr, "SQR", 800, false, "$SQR"),
    w!(FnRnd, "RND", 200, false, "$RND"),
    w!(FnString, "string functions", 150, false, "BISTRS.ASM"),
    w!(FnOther, "other functions", 100, false, "various"),
    w!(NumIn, "numbers read from text", 1000, false, "$FIN, MDPTEN"),
    w!(NumOut, "numbers printed", 1000, false, "$FOUT, $FOTNV"),
    w!(ForExec, "FOR statements", 250, false, "FOR, NXTSCN"),
    w!(
        NextNamed,
        "NEXT iterations (named)",
        70,
        false,
        "NEXT86.ASM NEXT"
    ),
    w!(
        NextBare,
        "NEXT iterations (bare)",
        70,
        false,
        "NEXT86.ASM NEXT"
    ),
    w!(NextInt, "integer loop steps", 15, false, "INTNXT"),
    w!(NextSng, "single loop steps", 200, false, "NEXTS $FADDS"),
    w!(Gosub, "GOSUB", 80, false, "GOSUB"),
    w!(Return, "RETURN", 80, false, "RETURN"),
    w!(Wend, "WEND iterations", 40, false, "WEND, FNDWND"),
    w!(
        OutChar,
        "characters to the screen",
        100,
        false,
        "OUTDO/SCNDRV"
    ),
    w!(GcRun, "string collections", 40, false, "BISTRS GARBAG"),
    w!(
        GcVisit,
        "collector descriptor visits",
        32,
        false,
        "BISTRS FNDVAR/SVAR/ARYSTR + DVARS"
    ),
    w!(
        GcByte,
        "collector bytes moved",
        6,
        false,
        "BISTRS GRBPAS BLTUC"
    ),
];

/// The default clock: a 4.77 MHz 8088.
pub const DEFAULT_CLOCK_MHZ: f64 = 4.77;
/// Average clock cycles per 8086 instruction on an 8088 with its byte-wide bus
/// (digest §12.1: "one instruction averages very roughly 2.5–3.5 µs" at 4.77 MHz).
pub const CYCLES_PER_INSTRUCTION: f64 = 14.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows_are_in_counter_order() {
        for (i, w) in WEIGHTS.iter().enumerate() {
            assert_eq!(w.counter as usize, i, "{}", w.name);
        }
    }

    #[test]
    fn exact_weights_match_the_digest() {
        assert_eq!(WEIGHTS[Counter::LineStep as usize].instructions, 19.0);
        assert_eq!(WEIGHTS[Counter::VarProbe as usize].instructions, 10.0);
        assert_eq!(WEIGHTS[Counter::ArrProbe as usize].instructions, 11.0);
        assert_eq!(WEIGHTS[Counter::Space as usize].instructions, 6.0);
    }
}
