//! How API types are composed without a hand-kept list: each area crate names its API types once, in a tuple
//! (`pub type Apis = (ReleaseApi, GlossaryApi, ...)`), and the binary names the areas once, in a tuple of those.
//! [`ApiSet`] builds the value of such a (nested) tuple and collects every operation's error set from it, so the
//! document, the router and the status check all come from the same type. Nesting per area keeps every tuple far
//! below poem-openapi's limit of 16.

/// Each operation's id and every error status it can answer, as `#[guarded]` computed them for one API type.
pub type ErrorTable = &'static [(&'static str, &'static [u16])];

/// An API type whose operations were declared with `#[guarded]` (the macro implements this), or a tuple of them.
pub trait ApiSet: poem_openapi::OpenApi + Sized {
    /// The value poem-openapi serves (API types are unit structs).
    fn build() -> Self;
    /// Appends the error table of every API type in the set.
    fn error_tables(out: &mut Vec<ErrorTable>);
}

macro_rules! tuple_api_set {
    ($($t:ident),+) => {
        impl<$($t: ApiSet),+> ApiSet for ($($t,)+) {
            fn build() -> Self {
                ($($t::build(),)+)
            }
            fn error_tables(out: &mut Vec<ErrorTable>) {
                $($t::error_tables(out);)+
            }
        }
    };
}

tuple_api_set!(A, B);
tuple_api_set!(A, B, C);
tuple_api_set!(A, B, C, D);
tuple_api_set!(A, B, C, D, E);
tuple_api_set!(A, B, C, D, E, F);
tuple_api_set!(A, B, C, D, E, F, G);
tuple_api_set!(A, B, C, D, E, F, G, H);
tuple_api_set!(A, B, C, D, E, F, G, H, I);
tuple_api_set!(A, B, C, D, E, F, G, H, I, J);
tuple_api_set!(A, B, C, D, E, F, G, H, I, J, K);
tuple_api_set!(A, B, C, D, E, F, G, H, I, J, K, L);
tuple_api_set!(A, B, C, D, E, F, G, H, I, J, K, L, M);
tuple_api_set!(A, B, C, D, E, F, G, H, I, J, K, L, M, N);
tuple_api_set!(A, B, C, D, E, F, G, H, I, J, K, L, M, N, O);
tuple_api_set!(A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P);
