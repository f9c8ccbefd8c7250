//! How a statement's parts pass from one phase to the next, so that `map` and `visit`
//! are generated, never written per statement. A part's *kind* is a type that names what
//! the part is in every phase: `Expr` (the phase's expression, `P::Expr`), `Target`,
//! `Var`, `Array`, `Line`, `UserFn` and the loop and IF bindings; `Option<K>`, `Vec<K>`,
//! `Box<K>`, pairs and arrays of kinds; plain data (`bool`, `u16`, `OpenMode`, ...) that is
//! the same in every phase; and the nodes declared with `node!`. `Part::map` turns a part
//! with a `Fold`, `Part::visit` shows it to a `Visit`, both in the order of the fields,
//! which is the order GW-BASIC scans them.
//!
//! `node!` declares a statement's payload (or a part made of parts) once, its fields
//! written as kinds: `pub step: Option<Expr>` is an `Option<P::Expr>` in phase `P`. The
//! struct is generic over the phase, with the kinds phase `Kinds` as its default, so that
//! `For` names the kind and `For<Compiled>` the compiled statement.

use super::{Fold, Phase, Visit};
use std::fmt::Debug;

/// A part of a statement: its type in each phase, and how it is turned and shown.
pub trait Part {
    /// The part in phase `P`.
    type Of<P: Phase>: Debug + Clone;
    /// The part in the next phase, its parts turned by `f` in scan order.
    fn map<P: Phase, Q: Phase>(x: &Self::Of<P>, f: &mut impl Fold<P, Q>) -> Self::Of<Q>;
    /// Shows the part's expressions, targets, variables and arrays to `v` in scan order.
    fn visit<P: Phase>(x: &Self::Of<P>, v: &mut impl Visit<P>);
}

/// The phase whose parts are their kinds: the default phase of every `node!` type, so
/// that a node's bare name is its kind.
#[derive(Debug, Clone)]
pub struct Kinds;

impl Phase for Kinds {
    type Expr = Expr;
    type Target = Target;
    type Var = Var;
    type Array = Array;
    type Line = Line;
    type UserFn = UserFn;
    type IfBranches = IfBranches;
    type ElseSkip = ElseSkip;
    type ForBind = ForBind;
    type WhileBind = WhileBind;
    type SwapFlat = SwapFlat;
}

/// Declares the kinds of the phase's own types: each is its `Phase` associated type in
/// every phase, turned by the `Fold` method of the same name, and shown by the `Visit`
/// method given (or not at all).
macro_rules! phase_kinds {
    ($($(#[$m:meta])* $kind:ident => $fold:ident $(, $visit:ident)?;)*) => {$(
        $(#[$m])*
        #[derive(Debug, Clone)]
        pub struct $kind;

        impl Part for $kind {
            type Of<P: Phase> = P::$kind;
            fn map<P: Phase, Q: Phase>(x: &P::$kind, f: &mut impl Fold<P, Q>) -> Q::$kind {
                f.$fold(x)
            }
            #[allow(unused_variables)]
            fn visit<P: Phase>(x: &P::$kind, v: &mut impl Visit<P>) {
                $(v.$visit(x);)?
            }
        }
    )*};
}

phase_kinds! {
    /// An expression (`Phase::Expr`).
    Expr => expr, expr;
    /// An assignable place (`Phase::Target`).
    Target => target, target;
    /// A scalar variable named on its own (`Phase::Var`).
    Var => var, var;
    /// An array named on its own (`Phase::Array`).
    Array => array, array;
    /// A line-number operand (`Phase::Line`).
    Line => line;
    /// A user function (`Phase::UserFn`).
    UserFn => user_fn;
    /// IF's branches (`Phase::IfBranches`).
    IfBranches => if_branches;
    /// What an ELSE reached in execution skips (`Phase::ElseSkip`).
    ElseSkip => else_skip;
    /// FOR's binding to its NEXT (`Phase::ForBind`).
    ForBind => for_bind;
    /// WHILE's binding to its WEND (`Phase::WhileBind`).
    WhileBind => while_bind;
    /// SWAP's two elements in a flat form (`Phase::SwapFlat`).
    SwapFlat => swap_flat;
}

impl<K: Part> Part for Option<K> {
    type Of<P: Phase> = Option<K::Of<P>>;
    fn map<P: Phase, Q: Phase>(x: &Self::Of<P>, f: &mut impl Fold<P, Q>) -> Self::Of<Q> {
        x.as_ref().map(|x| K::map(x, f))
    }
    fn visit<P: Phase>(x: &Self::Of<P>, v: &mut impl Visit<P>) {
        if let Some(x) = x {
            K::visit(x, v);
        }
    }
}

impl<K: Part> Part for Vec<K> {
    type Of<P: Phase> = Vec<K::Of<P>>;
    fn map<P: Phase, Q: Phase>(x: &Self::Of<P>, f: &mut impl Fold<P, Q>) -> Self::Of<Q> {
        x.iter().map(|x| K::map(x, f)).collect()
    }
    fn visit<P: Phase>(x: &Self::Of<P>, v: &mut impl Visit<P>) {
        x.iter().for_each(|x| K::visit(x, v));
    }
}

impl<K: Part> Part for Box<K> {
    type Of<P: Phase> = Box<K::Of<P>>;
    fn map<P: Phase, Q: Phase>(x: &Self::Of<P>, f: &mut impl Fold<P, Q>) -> Self::Of<Q> {
        Box::new(K::map(x, f))
    }
    fn visit<P: Phase>(x: &Self::Of<P>, v: &mut impl Visit<P>) {
        K::visit(x, v);
    }
}

impl<A: Part, B: Part> Part for (A, B) {
    type Of<P: Phase> = (A::Of<P>, B::Of<P>);
    fn map<P: Phase, Q: Phase>(x: &Self::Of<P>, f: &mut impl Fold<P, Q>) -> Self::Of<Q> {
        let a = A::map(&x.0, f);
        (a, B::map(&x.1, f))
    }
    fn visit<P: Phase>(x: &Self::Of<P>, v: &mut impl Visit<P>) {
        A::visit(&x.0, v);
        B::visit(&x.1, v);
    }
}

impl<K: Part, const N: usize> Part for [K; N] {
    type Of<P: Phase> = [K::Of<P>; N];
    fn map<P: Phase, Q: Phase>(x: &Self::Of<P>, f: &mut impl Fold<P, Q>) -> Self::Of<Q> {
        // in order, as `std::array::from_fn` calls its closure
        std::array::from_fn(|i| K::map(&x[i], f))
    }
    fn visit<P: Phase>(x: &Self::Of<P>, v: &mut impl Visit<P>) {
        x.iter().for_each(|x| K::visit(x, v));
    }
}

/// Declares plain data as a part: the same in every phase, copied by `map`, not shown by
/// `visit`.
macro_rules! plain_part {
    ($($t:ty),* $(,)?) => {$(
        impl $crate::syntax::ast::part::Part for $t {
            type Of<P: $crate::syntax::ast::Phase> = $t;
            fn map<P: $crate::syntax::ast::Phase, Q: $crate::syntax::ast::Phase>(
                x: &$t,
                _: &mut impl $crate::syntax::ast::Fold<P, Q>,
            ) -> $t {
                x.clone()
            }
            fn visit<P: $crate::syntax::ast::Phase>(
                _: &$t,
                _: &mut impl $crate::syntax::ast::Visit<P>,
            ) {
            }
        }
    )*};
}

pub(crate) use plain_part;

plain_part!(
    bool,
    u8,
    u16,
    std::rc::Rc<[u8]>,
    crate::error::ErrorCode,
    crate::text::token::Keyword,
);

/// The name a pattern binds (`node!` enums): `$bound` once for each `$kind`.
macro_rules! node_binding {
    ($kind:ty, $bound:ident) => {
        $bound
    };
}
pub(crate) use node_binding;

/// Declares a node once, its fields (or its variants' fields) written as kinds, and its
/// `Part` implementation: `map` and `visit` take the fields in the order written.
///
/// - `pub struct Name { pub field: Kind, ... }`: a node generic over the phase.
/// - `pub struct Name;`: a statement without operands (the same in every phase).
/// - `pub enum Name { Variant, Variant(Kind), Variant(Kind, Kind), ... }`.
macro_rules! node {
    (
        $(#[$m:meta])*
        $vis:vis struct $name:ident {
            $($(#[$fm:meta])* $fvis:vis $field:ident : $kind:ty),* $(,)?
        }
    ) => {
        $(#[$m])*
        #[derive(Debug, Clone)]
        $vis struct $name<P: $crate::syntax::ast::Phase = $crate::syntax::ast::part::Kinds> {
            $($(#[$fm])* $fvis $field: <$kind as $crate::syntax::ast::part::Part>::Of<P>,)*
        }

        impl $crate::syntax::ast::part::Part for $name {
            type Of<P: $crate::syntax::ast::Phase> = $name<P>;
            #[allow(unused_variables)]
            fn map<P: $crate::syntax::ast::Phase, Q: $crate::syntax::ast::Phase>(
                x: &$name<P>,
                f: &mut impl $crate::syntax::ast::Fold<P, Q>,
            ) -> $name<Q> {
                $name {
                    $($field: <$kind as $crate::syntax::ast::part::Part>::map(&x.$field, f),)*
                }
            }
            #[allow(unused_variables)]
            fn visit<P: $crate::syntax::ast::Phase>(
                x: &$name<P>,
                v: &mut impl $crate::syntax::ast::Visit<P>,
            ) {
                $(<$kind as $crate::syntax::ast::part::Part>::visit(&x.$field, v);)*
            }
        }
    };
    (
        $(#[$m:meta])*
        $vis:vis struct $name:ident;
    ) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis struct $name;

        $crate::syntax::ast::part::plain_part!($name);
    };
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vm:meta])* $variant:ident $(($a:ty $(, $b:ty)?))?),* $(,)?
        }
    ) => {
        $(#[$m])*
        #[derive(Debug, Clone)]
        $vis enum $name<P: $crate::syntax::ast::Phase = $crate::syntax::ast::part::Kinds> {
            $($(#[$vm])* $variant $((
                <$a as $crate::syntax::ast::part::Part>::Of<P>
                $(, <$b as $crate::syntax::ast::part::Part>::Of<P>)?
            ))?,)*
        }

        impl $crate::syntax::ast::part::Part for $name {
            type Of<P: $crate::syntax::ast::Phase> = $name<P>;
            #[allow(unused_variables)]
            fn map<P: $crate::syntax::ast::Phase, Q: $crate::syntax::ast::Phase>(
                x: &$name<P>,
                f: &mut impl $crate::syntax::ast::Fold<P, Q>,
            ) -> $name<Q> {
                match x {
                    $($name::$variant $((
                        $crate::syntax::ast::part::node_binding!($a, a) $(, $crate::syntax::ast::part::node_binding!($b, b))?
                    ))? => $name::$variant $((
                        // arguments are evaluated left to right: scan order
                        <$a as $crate::syntax::ast::part::Part>::map(a, f)
                        $(, <$b as $crate::syntax::ast::part::Part>::map(b, f))?
                    ))?,)*
                }
            }
            #[allow(unused_variables)]
            fn visit<P: $crate::syntax::ast::Phase>(
                x: &$name<P>,
                v: &mut impl $crate::syntax::ast::Visit<P>,
            ) {
                match x {
                    $($name::$variant $((
                        $crate::syntax::ast::part::node_binding!($a, a) $(, $crate::syntax::ast::part::node_binding!($b, b))?
                    ))? => {
                        $(<$a as $crate::syntax::ast::part::Part>::visit(a, v);
                        $(<$b as $crate::syntax::ast::part::Part>::visit(b, v);)?)?
                    })*
                }
            }
        }
    };
}
pub(crate) use node;
