//! `#[guarded]`: one declaration of an operation's access rule, read by both the enforcement and the documentation.
//!
//! Put `#[guarded]` above `#[OpenApi]` on an API impl and `#[requires(...)]` on every operation:
//! - `#[requires("BasicAccess", "CustomerPortalUser")]`: any one of these permissions at the current site;
//! - `#[requires(signed_in)]`: any signed-in session; `#[requires(password_change)]`: signed in, and allowed while
//!   the password is expired; `#[requires(public)]`: no sign-in.
//!
//! The macro wraps the operation's endpoint with `crate::access::Guard` (through poem-openapi's `transform`, which
//! runs before any parameter or body is parsed) and appends the line `Permissions: ...` to the operation's doc
//! comment, which poem-openapi turns into the OpenAPI description. An operation without `#[requires]` does not
//! compile.

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::punctuated::Punctuated;
use syn::{parse_macro_input, Attribute, Expr, ExprLit, ImplItem, ItemImpl, Lit, Meta, Token};

enum Rule {
    Public,
    SignedIn,
    PasswordChange,
    Any(Vec<String>),
}

fn parse_rule(attr: &Attribute) -> syn::Result<Rule> {
    let args = attr.parse_args_with(Punctuated::<Expr, Token![,]>::parse_terminated)?;
    let mut perms = Vec::new();
    let mut keyword = None;
    for arg in args {
        match arg {
            Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => perms.push(s.value()),
            Expr::Path(p) if p.path.is_ident("public") => keyword = Some(Rule::Public),
            Expr::Path(p) if p.path.is_ident("signed_in") => keyword = Some(Rule::SignedIn),
            Expr::Path(p) if p.path.is_ident("password_change") => keyword = Some(Rule::PasswordChange),
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "expected permission names (string literals) or one of public, signed_in, password_change",
                ))
            }
        }
    }
    match (keyword, perms.is_empty()) {
        (Some(k), true) => Ok(k),
        (None, false) => Ok(Rule::Any(perms)),
        _ => Err(syn::Error::new_spanned(attr, "give either permission names or one keyword")),
    }
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
        let rule = match parse_rule(&attr) {
            Ok(r) => r,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let guard_name = format_ident!("__asp_guard_{}_{}", self_name.to_lowercase(), method.sig.ident);
        let (access, doc) = match &rule {
            Rule::Public => (quote!(crate::access::Access::Public), "Permissions: public".to_owned()),
            Rule::SignedIn => (quote!(crate::access::Access::SignedIn), "Permissions: signed-in".to_owned()),
            Rule::PasswordChange => (
                quote!(crate::access::Access::PasswordChange),
                "Permissions: signed-in (also while the password is expired)".to_owned(),
            ),
            Rule::Any(perms) => (quote!(crate::access::Access::Any(&[#(#perms),*])), format!("Permissions: {}", perms.join(" or "))),
        };
        guards.push(quote! {
            #[allow(non_snake_case)]
            fn #guard_name<E: ::poem::Endpoint + 'static>(ep: E) -> crate::access::Guard<E> {
                crate::access::Guard::new(ep, #access)
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
    quote!(#(#errors)* #item #(#guards)*).into()
}
