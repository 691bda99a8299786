//! `#[guarded]`: one declaration of an operation's access rule, read by both the enforcement and the documentation.
//!
//! Put `#[guarded]` above `#[OpenApi]` on an API impl and `#[requires(...)]` on every operation:
//! - `#[requires(BasicAccess, CustomerPortalUser)]`: any one of these permissions at the current site (variants of
//!   `kernel::perm::Perm`, so a misspelt name does not compile);
//! - `#[requires(signed_in)]`: any signed-in session; `#[requires(password_change)]`: signed in, and allowed while
//!   the password is expired; `#[requires(public)]`: no sign-in; `#[requires(device)]`: a crib or vending device's
//!   token in the header `Token` (no session; the guard hands over the device's site scope).
//!
//! The macro wraps the operation's endpoint with `kernel::access::Guard` (through poem-openapi's `transform`, which
//! runs before any parameter or body is parsed) and appends the line `Permissions: ...` to the operation's doc
//! comment, which poem-openapi turns into the OpenAPI description. An operation without `#[requires]` does not
//! compile.
//!
//! `#[requires(...)]` also takes an optional `errors(404, 409, ...)` item: the error statuses the handler itself can
//! answer beyond the automatic ones. The automatic ones are 500 and 503 always, 401 and 403 for every rule but
//! `public`, and 400 when the operation takes any parameter other than `&self` and `Data<...>` extractors (parsing
//! can fail). After the impl the macro emits `<Type>::ASP_ERRORS`, each operation's id with its full sorted error
//! set, and implements `kernel::ApiSet` for the type (how areas and the binary compose API types without a hand-kept
//! list); the binary's `openapi` module removes every other 4xx/5xx response from the document and the request
//! middleware checks every answer against it. An operation without `operation_id` does not compile.

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::punctuated::Punctuated;
use syn::{parse_macro_input, Attribute, Expr, ExprLit, ImplItem, ItemImpl, Lit, Meta, Token};

enum Rule {
    Public,
    SignedIn,
    PasswordChange,
    Device,
    Any(Vec<syn::Ident>),
}

/// The rule, and the statuses declared with `errors(...)`.
fn parse_rule(attr: &Attribute) -> syn::Result<(Rule, Vec<u16>)> {
    let args = attr.parse_args_with(Punctuated::<Expr, Token![,]>::parse_terminated)?;
    let mut perms = Vec::new();
    let mut keyword = None;
    let mut declared: Vec<u16> = Vec::new();
    let mut seen_errors = false;
    for arg in args {
        match arg {
            Expr::Call(call) if matches!(&*call.func, Expr::Path(p) if p.path.is_ident("errors")) => {
                if seen_errors {
                    return Err(syn::Error::new_spanned(call, "give errors(...) once"));
                }
                seen_errors = true;
                for a in &call.args {
                    let Expr::Lit(ExprLit { lit: Lit::Int(i), .. }) = a else {
                        return Err(syn::Error::new_spanned(a, "expected an HTTP status, e.g. errors(404, 409)"));
                    };
                    let code: u16 = i.base10_parse()?;
                    if !(400..600).contains(&code) {
                        return Err(syn::Error::new_spanned(a, "only 4xx and 5xx statuses are errors"));
                    }
                    if declared.contains(&code) {
                        return Err(syn::Error::new_spanned(a, "status listed twice"));
                    }
                    declared.push(code);
                }
                if declared.is_empty() {
                    return Err(syn::Error::new_spanned(call, "errors() needs at least one status; leave it out instead"));
                }
            }
            Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => {
                return Err(syn::Error::new_spanned(s, "name the permission as a `Perm` variant, without quotes"))
            }
            Expr::Path(p) if p.path.is_ident("public") => keyword = Some(Rule::Public),
            Expr::Path(p) if p.path.is_ident("signed_in") => keyword = Some(Rule::SignedIn),
            Expr::Path(p) if p.path.is_ident("password_change") => keyword = Some(Rule::PasswordChange),
            Expr::Path(p) if p.path.is_ident("device") => keyword = Some(Rule::Device),
            Expr::Path(p) if p.path.get_ident().is_some() => {
                if let Some(ident) = p.path.get_ident() {
                    perms.push(ident.clone());
                }
            }
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "expected permission names (variants of kernel::perm::Perm) or one of public, signed_in, password_change, device",
                ))
            }
        }
    }
    let rule = match (keyword, perms.is_empty()) {
        (Some(k), true) => k,
        (None, false) => Rule::Any(perms),
        _ => return Err(syn::Error::new_spanned(attr, "give either permission names or one keyword")),
    };
    Ok((rule, declared))
}

/// The `operation_id = "..."` of an `#[oai(...)]` attribute.
fn operation_id(attr: &Attribute) -> Option<String> {
    let Meta::List(list) = &attr.meta else { return None };
    let tokens: Vec<proc_macro2::TokenTree> = list.tokens.clone().into_iter().collect();
    tokens.windows(3).find_map(|w| match (&w[0], &w[1], &w[2]) {
        (proc_macro2::TokenTree::Ident(i), proc_macro2::TokenTree::Punct(p), proc_macro2::TokenTree::Literal(l))
            if i == "operation_id" && p.as_char() == '=' =>
        {
            match syn::parse_str::<syn::LitStr>(&l.to_string()) {
                Ok(s) => Some(s.value()),
                Err(_) => None,
            }
        }
        _ => None,
    })
}

/// Does the operation take anything poem-openapi must parse from the request (path, query, header, body)?
fn parses_request(sig: &syn::Signature) -> bool {
    sig.inputs.iter().any(|input| match input {
        syn::FnArg::Receiver(_) => false,
        syn::FnArg::Typed(t) => !matches!(&*t.ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Data")),
    })
}

#[proc_macro_attribute]
pub fn guarded(_args: TokenStream, input: TokenStream) -> TokenStream {
    let mut item = parse_macro_input!(input as ItemImpl);
    let self_name = match &*item.self_ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default(),
        _ => String::from("api"),
    };
    let mut guards = Vec::new();
    let mut errors = Vec::new();
    let mut table = Vec::new();

    for impl_item in &mut item.items {
        let ImplItem::Fn(method) = impl_item else { continue };
        if !method.attrs.iter().any(|a| a.path().is_ident("oai")) {
            continue;
        }
        let Some(pos) = method.attrs.iter().position(|a| a.path().is_ident("requires")) else {
            errors.push(syn::Error::new_spanned(&method.sig.ident, "every operation needs #[requires(...)]"));
            continue;
        };
        let attr = method.attrs.remove(pos);
        let (rule, declared) = match parse_rule(&attr) {
            Ok(r) => r,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let Some(op_id) = method.attrs.iter().filter(|a| a.path().is_ident("oai")).find_map(operation_id) else {
            errors.push(syn::Error::new_spanned(&method.sig.ident, "every operation needs an operation_id in #[oai(...)]"));
            continue;
        };
        let mut statuses = vec![500u16, 503];
        if !matches!(rule, Rule::Public) {
            statuses.extend([401, 403]);
        }
        if parses_request(&method.sig) {
            statuses.push(400);
        }
        for code in declared {
            if statuses.contains(&code) {
                errors.push(syn::Error::new_spanned(&attr, format!("{code} is automatic for this operation; do not list it")));
            } else {
                statuses.push(code);
            }
        }
        statuses.sort_unstable();
        table.push(quote!((#op_id, &[#(#statuses),*])));
        let guard_name = format_ident!("__asp_guard_{}_{}", self_name.to_lowercase(), method.sig.ident);
        let (access, doc) = match &rule {
            Rule::Public => (quote!(::kernel::access::Access::Public), "Permissions: public".to_owned()),
            Rule::SignedIn => (quote!(::kernel::access::Access::SignedIn), "Permissions: signed-in".to_owned()),
            Rule::PasswordChange => (
                quote!(::kernel::access::Access::PasswordChange),
                "Permissions: signed-in (also while the password is expired)".to_owned(),
            ),
            Rule::Device => (quote!(::kernel::access::Access::Device), "Permissions: device token".to_owned()),
            Rule::Any(perms) => (
                quote!(::kernel::access::Access::Any(&[#(::kernel::perm::Perm::#perms),*])),
                format!("Permissions: {}", perms.iter().map(ToString::to_string).collect::<Vec<_>>().join(" or ")),
            ),
        };
        guards.push(quote! {
            #[allow(non_snake_case)]
            fn #guard_name<E: ::poem::Endpoint + 'static>(ep: E) -> ::kernel::access::Guard<E> {
                ::kernel::access::Guard::new(ep, #access)
            }
        });
        // Inject the transform into the existing #[oai(...)].
        for a in &mut method.attrs {
            if !a.path().is_ident("oai") {
                continue;
            }
            if let Meta::List(list) = &mut a.meta {
                let name = guard_name.to_string();
                let tokens = &list.tokens;
                list.tokens = quote!(#tokens, transform = #name);
            }
        }
        let has_doc = method.attrs.iter().any(|a| a.path().is_ident("doc"));
        if has_doc {
            method.attrs.push(syn::parse_quote!(#[doc = ""]));
        }
        let doc = syn::LitStr::new(&format!(" {doc}"), Span::call_site());
        method.attrs.push(syn::parse_quote!(#[doc = #doc]));
    }

    let errors = errors.into_iter().map(|e| e.to_compile_error());
    let self_ty = &item.self_ty;
    let (impl_generics, _, where_clause) = item.generics.split_for_impl();
    let table_impl = quote! {
        impl #impl_generics #self_ty #where_clause {
            /// Each operation's id and every error status it can answer (see `api_macros::guarded`).
            #[doc(hidden)]
            pub const ASP_ERRORS: &'static [(&'static str, &'static [u16])] = &[#(#table),*];
        }

        impl #impl_generics ::kernel::ApiSet for #self_ty #where_clause {
            fn build() -> Self {
                #self_ty
            }
            fn error_tables(out: &mut ::std::vec::Vec<::kernel::apiset::ErrorTable>) {
                out.push(Self::ASP_ERRORS);
            }
        }
    };
    quote!(#(#errors)* #item #table_impl #(#guards)*).into()
}
