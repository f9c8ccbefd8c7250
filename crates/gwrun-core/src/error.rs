//! GW-BASIC's errors as typed data: the error codes with their exact 3.23 messages
//! (digest §10.1) and a positioned `BasicError`. Nothing here prints; rendering happens
//! at the edge (`session`, which also says why a run stopped: `session::Stop`).

use thiserror::Error;

/// A GW-BASIC error code. The discriminant is the number `ERR` returns; `Display` gives
/// the exact message GW-BASIC 3.23 prints (digest §10.1). Codes without a message are
/// kept as `Other(n)` and print `Unprintable error`, so the mapping is total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ErrorCode {
    #[error("NEXT without FOR")]
    NextWithoutFor,
    #[error("Syntax error")]
    SyntaxError,
    #[error("RETURN without GOSUB")]
    ReturnWithoutGosub,
    #[error("Out of DATA")]
    OutOfData,
    #[error("Illegal function call")]
    IllegalFunctionCall,
    #[error("Overflow")]
    Overflow,
    #[error("Out of memory")]
    OutOfMemory,
    #[error("Undefined line number")]
    UndefinedLineNumber,
    #[error("Subscript out of range")]
    SubscriptOutOfRange,
    #[error("Duplicate Definition")]
    DuplicateDefinition,
    #[error("Division by zero")]
    DivisionByZero,
    #[error("Illegal direct")]
    IllegalDirect,
    #[error("Type mismatch")]
    TypeMismatch,
    #[error("Out of string space")]
    OutOfStringSpace,
    #[error("String too long")]
    StringTooLong,
    #[error("String formula too complex")]
    StringFormulaTooComplex,
    #[error("Can't continue")]
    CantContinue,
    #[error("Undefined user function")]
    UndefinedUserFunction,
    #[error("No RESUME")]
    NoResume,
    #[error("RESUME without error")]
    ResumeWithoutError,
    #[error("Missing operand")]
    MissingOperand,
    #[error("Line buffer overflow")]
    LineBufferOverflow,
    #[error("Device Timeout")]
    DeviceTimeout,
    #[error("Device Fault")]
    DeviceFault,
    #[error("FOR without NEXT")]
    ForWithoutNext,
    #[error("Out of paper")]
    OutOfPaper,
    #[error("WHILE without WEND")]
    WhileWithoutWend,
    #[error("WEND without WHILE")]
    WendWithoutWhile,
    #[error("FIELD overflow")]
    FieldOverflow,
    #[error("Internal error")]
    InternalError,
    #[error("Bad file number")]
    BadFileNumber,
    #[error("File not found")]
    FileNotFound,
    #[error("Bad file mode")]
    BadFileMode,
    #[error("File already open")]
    FileAlreadyOpen,
    #[error("Device I/O error")]
    DeviceIoError,
    #[error("File already exists")]
    FileAlreadyExists,
    #[error("Disk full")]
    DiskFull,
    #[error("Input past end")]
    InputPastEnd,
    #[error("Bad record number")]
    BadRecordNumber,
    #[error("Bad file name")]
    BadFileName,
    #[error("Direct statement in file")]
    DirectStatementInFile,
    #[error("Too many files")]
    TooManyFiles,
    #[error("Device Unavailable")]
    DeviceUnavailable,
    #[error("Communication buffer overflow")]
    CommunicationBufferOverflow,
    #[error("Permission Denied")]
    PermissionDenied,
    #[error("Disk not Ready")]
    DiskNotReady,
    #[error("Disk media error")]
    DiskMediaError,
    #[error("Advanced Feature")]
    AdvancedFeature,
    #[error("Rename across disks")]
    RenameAcrossDisks,
    #[error("Path/File access error")]
    PathFileAccessError,
    #[error("Path not found")]
    PathNotFound,
    #[error("Deadlock")]
    Deadlock,
    /// Any other code 1..255 (ERROR n with a code that has no message).
    #[error("Unprintable error")]
    Other(u8),
}

/// ORDER: code numbers and variants, in ERR order (digest §10.1).
const CODE_TABLE: &[(u8, ErrorCode)] = &[
    (1, ErrorCode::NextWithoutFor),
    (2, ErrorCode::SyntaxError),
    (3, ErrorCode::ReturnWithoutGosub),
    (4, ErrorCode::OutOfData),
    (5, ErrorCode::IllegalFunctionCall),
    (6, ErrorCode::Overflow),
    (7, ErrorCode::OutOfMemory),
    (8, ErrorCode::UndefinedLineNumber),
    (9, ErrorCode::SubscriptOutOfRange),
    (10, ErrorCode::DuplicateDefinition),
    (11, ErrorCode::DivisionByZero),
    (12, ErrorCode::IllegalDirect),
    (13, ErrorCode::TypeMismatch),
    (14, ErrorCode::OutOfStringSpace),
    (15, ErrorCode::StringTooLong),
    (16, ErrorCode::StringFormulaTooComplex),
    (17, ErrorCode::CantContinue),
    (18, ErrorCode::UndefinedUserFunction),
    (19, ErrorCode::NoResume),
    (20, ErrorCode::ResumeWithoutError),
    (22, ErrorCode::MissingOperand),
    (23, ErrorCode::LineBufferOverflow),
    (24, ErrorCode::DeviceTimeout),
    (25, ErrorCode::DeviceFault),
    (26, ErrorCode::ForWithoutNext),
    (27, ErrorCode::OutOfPaper),
    (29, ErrorCode::WhileWithoutWend),
    (30, ErrorCode::WendWithoutWhile),
    (50, ErrorCode::FieldOverflow),
    (51, ErrorCode::InternalError),
    (52, ErrorCode::BadFileNumber),
    (53, ErrorCode::FileNotFound),
    (54, ErrorCode::BadFileMode),
    (55, ErrorCode::FileAlreadyOpen),
    (57, ErrorCode::DeviceIoError),
    (58, ErrorCode::FileAlreadyExists),
    (61, ErrorCode::DiskFull),
    (62, ErrorCode::InputPastEnd),
    (63, ErrorCode::BadRecordNumber),
    (64, ErrorCode::BadFileName),
    (66, ErrorCode::DirectStatementInFile),
    (67, ErrorCode::TooManyFiles),
    (68, ErrorCode::DeviceUnavailable),
    (69, ErrorCode::CommunicationBufferOverflow),
    (70, ErrorCode::PermissionDenied),
    (71, ErrorCode::DiskNotReady),
    (72, ErrorCode::DiskMediaError),
    (73, ErrorCode::AdvancedFeature),
    (74, ErrorCode::RenameAcrossDisks),
    (75, ErrorCode::PathFileAccessError),
    (76, ErrorCode::PathNotFound),
    (77, ErrorCode::Deadlock),
];

impl ErrorCode {
    /// The number `ERR` returns for this error.
    pub fn number(self) -> u8 {
        match self {
            ErrorCode::Other(n) => n,
            code => CODE_TABLE
                .iter()
                .find(|(_, c)| *c == code)
                .map_or(0, |(n, _)| *n),
        }
    }

    /// The error for a number (as raised by `ERROR n`); total over 0..=255.
    pub fn from_number(n: u8) -> ErrorCode {
        CODE_TABLE
            .iter()
            .find(|(num, _)| *num == n)
            .map_or(ErrorCode::Other(n), |(_, c)| *c)
    }
}

/// An error raised while running: the code and the program line it happened in
/// (`None` in direct mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BasicError {
    pub code: ErrorCode,
    pub line: Option<u16>,
}

impl std::fmt::Display for BasicError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} in {}", self.code, line),
            None => write!(f, "{}", self.code),
        }
    }
}

impl std::error::Error for BasicError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_unknown_codes_are_unprintable() {
        for n in 0..=255u8 {
            let code = ErrorCode::from_number(n);
            assert_eq!(code.number(), n);
        }
        assert_eq!(ErrorCode::from_number(21).to_string(), "Unprintable error");
        assert_eq!(ErrorCode::from_number(2).to_string(), "Syntax error");
        assert_eq!(
            ErrorCode::from_number(10).to_string(),
            "Duplicate Definition"
        );
    }

    #[test]
    fn positioned_error_renders_like_gw() {
        let e = BasicError {
            code: ErrorCode::SyntaxError,
            line: Some(2150),
        };
        assert_eq!(e.to_string(), "Syntax error in 2150");
        let d = BasicError {
            code: ErrorCode::Overflow,
            line: None,
        };
        assert_eq!(d.to_string(), "Overflow");
    }
}
