//! Exact numbers: money, unit costs, quantities, percentages and factors (docs/numbers.md).
//!
//! PostgreSQL stores every one of them as `numeric`; Rust holds them as [`Decimal`] inside one newtype per kind of
//! value, and the kind decides the scale and is the one place its rounding happens ([`Money::round`] and friends).
//! Rounding is half away from zero, the rule of PostgreSQL's own `round()` and `numeric(p, s)` casts, so a total
//! rounded here and one rounded by a column agree to the last digit.
//!
//! On the wire every kind is a JSON number written from the exact value (`19.99`, never `19.989999999999998`), and a
//! JSON number read is taken from its decimal text, not through binary floating point arithmetic. JSON numbers pass
//! through `serde_json` as doubles, which carry any decimal of up to 15 significant digits exactly; so a value may
//! have at most [`MAX_DIGITS`] significant digits and a magnitude below [`LIMIT`] (a 400 otherwise), which every
//! column holds and every double round-trips.

use std::borrow::Cow;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseFromParameter, ParseResult, ToJSON, Type};
pub use rust_decimal::Decimal;
use rust_decimal::RoundingStrategy;
use serde_json::Value;

use crate::error::ApiError;

/// Significant digits a value may carry (what a double round-trips exactly).
pub const MAX_DIGITS: u32 = 15;
/// Magnitudes must stay below this (10^15): every `numeric(18, 3)` column holds it and doubles carry it exactly.
pub const LIMIT: i64 = 1_000_000_000_000_000;

/// The one rounding rule of every kind: half away from zero (PostgreSQL's `round()` and numeric casts).
pub const ROUNDING: RoundingStrategy = RoundingStrategy::MidpointAwayFromZero;

/// Why a text or JSON value is not an exact number of a kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumError {
    #[error("is not a number")]
    NotANumber,
    #[error("has more than 15 significant digits")]
    TooManyDigits,
    #[error("is too large")]
    TooLarge,
    #[error("has more than {0} decimal places")]
    TooManyDecimals(u32),
}

impl NumError {
    /// The spec's 400 for `field` (errorType `invalidNumber`, `tooManyDecimals`, ...).
    pub fn api(&self, field: &str, label: &str) -> ApiError {
        let error_type = match self {
            Self::NotANumber => "invalidNumber",
            Self::TooManyDigits => "tooManyDigits",
            Self::TooLarge => "tooLarge",
            Self::TooManyDecimals(_) => "tooManyDecimals",
        };
        ApiError::invalid(field, error_type, &format!("{label} {self}."))
    }
}

/// Reads a decimal from text: plain (`19.99`, `-3`, `.5`) or scientific (`1e-3`, what a JSON double may print as).
/// Checks the digit and magnitude limits; no rounding.
pub fn parse_decimal(text: &str) -> Result<Decimal, NumError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 64 {
        return Err(NumError::NotANumber);
    }
    let value = if text.contains(['e', 'E']) { Decimal::from_scientific(text) } else { Decimal::from_str(text) };
    let value = value.map_err(|_| NumError::NotANumber)?;
    checked(value)
}

/// `value` when it is within [`MAX_DIGITS`] and [`LIMIT`].
pub fn checked(value: Decimal) -> Result<Decimal, NumError> {
    let value = value.normalize();
    if value.abs() >= Decimal::from(LIMIT) {
        return Err(NumError::TooLarge);
    }
    if significant_digits(value) > MAX_DIGITS {
        return Err(NumError::TooManyDigits);
    }
    Ok(value)
}

fn significant_digits(value: Decimal) -> u32 {
    let mantissa = value.normalize().mantissa().unsigned_abs();
    if mantissa == 0 {
        return 1;
    }
    mantissa.ilog10() + 1
}

/// The JSON number for an exact value: written from its decimal text, so `0.6` is `0.6`. A whole number keeps the
/// floating form (`5.0`) it always had on the wire.
pub fn to_json_number(value: Decimal) -> Value {
    let mut text = value.normalize().to_string();
    if !text.contains('.') {
        text.push_str(".0");
    }
    serde_json::Number::from_str(&text).map(Value::Number).unwrap_or(Value::Null)
}

/// The exact value of a JSON number (from its decimal text; strings are refused: the document says number).
pub fn from_json_number(value: &Value) -> Result<Decimal, NumError> {
    match value {
        Value::Number(n) => parse_decimal(&n.to_string()),
        _ => Err(NumError::NotANumber),
    }
}

macro_rules! exact_kind {
    ($(#[$doc:meta])* $name:ident, scale = $scale:expr, format = $format:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, sqlx::Type, serde::Deserialize)]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(pub Decimal);

        impl $name {
            /// Decimal places this kind keeps.
            pub const SCALE: u32 = $scale;
            pub const ZERO: Self = Self(Decimal::ZERO);

            /// The value as it is, unrounded (for values that come from a column of this kind).
            pub const fn new(value: Decimal) -> Self {
                Self(value)
            }

            /// The value rounded to this kind's scale: the one place values of this kind are rounded.
            pub fn round(value: Decimal) -> Self {
                Self(value.round_dp_with_strategy(Self::SCALE, ROUNDING))
            }

            /// This value rounded to the kind's scale.
            pub fn rounded(self) -> Self {
                Self::round(self.0)
            }

            /// Reads text (imports, query parameters): within the digit limits, at most [`Self::SCALE`] decimals.
            pub fn parse(text: &str) -> Result<Self, NumError> {
                Self::exact(parse_decimal(text)?)
            }

            /// `value` when it has no more decimals than the kind keeps.
            pub fn exact(value: Decimal) -> Result<Self, NumError> {
                let value = checked(value)?;
                if value.scale() > Self::SCALE {
                    return Err(NumError::TooManyDecimals(Self::SCALE));
                }
                Ok(Self(value))
            }

            /// This value, or a 400 on `field` when it has more decimals than the kind keeps or is out of range.
            pub fn check(self, field: &str, label: &str) -> Result<Self, ApiError> {
                Self::exact(self.0).map_err(|e| e.api(field, label))
            }

            pub const fn value(self) -> Decimal {
                self.0
            }

            pub fn is_zero(self) -> bool {
                self.0.is_zero()
            }

            pub fn is_sign_negative(self) -> bool {
                self.0.is_sign_negative() && !self.0.is_zero()
            }

            pub fn abs(self) -> Self {
                Self(self.0.abs())
            }
        }

        impl From<Decimal> for $name {
            fn from(value: Decimal) -> Self {
                Self(value)
            }
        }

        impl From<i64> for $name {
            fn from(value: i64) -> Self {
                Self(Decimal::from(value))
            }
        }

        impl From<$name> for Decimal {
            fn from(value: $name) -> Self {
                value.0
            }
        }

        impl FromStr for $name {
            type Err = NumError;
            fn from_str(text: &str) -> Result<Self, NumError> {
                Self::parse(text)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0.normalize(), f)
            }
        }

        impl Add for $name {
            type Output = Self;
            fn add(self, rhs: Self) -> Self {
                Self(self.0 + rhs.0)
            }
        }

        impl Sub for $name {
            type Output = Self;
            fn sub(self, rhs: Self) -> Self {
                Self(self.0 - rhs.0)
            }
        }

        impl Neg for $name {
            type Output = Self;
            fn neg(self) -> Self {
                Self(-self.0)
            }
        }

        impl AddAssign for $name {
            fn add_assign(&mut self, rhs: Self) {
                self.0 += rhs.0;
            }
        }

        impl SubAssign for $name {
            fn sub_assign(&mut self, rhs: Self) {
                self.0 -= rhs.0;
            }
        }

        impl Sum for $name {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                Self(iter.map(|v| v.0).sum())
            }
        }

        impl<'a> Sum<&'a $name> for $name {
            fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
                Self(iter.map(|v| v.0).sum())
            }
        }

        impl Type for $name {
            const IS_REQUIRED: bool = true;
            type RawValueType = Self;
            type RawElementValueType = Self;

            fn name() -> Cow<'static, str> {
                concat!("number_", $format).into()
            }

            fn schema_ref() -> MetaSchemaRef {
                MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format("number", $format)))
            }

            fn as_raw_value(&self) -> Option<&Self> {
                Some(self)
            }

            fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self> + 'a> {
                Box::new(self.as_raw_value().into_iter())
            }
        }

        impl ParseFromJSON for $name {
            fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
                let value = value.unwrap_or_default();
                match from_json_number(&value) {
                    Ok(d) => Ok(Self(d)),
                    Err(NumError::NotANumber) => Err(ParseError::expected_type(value)),
                    Err(e) => Err(ParseError::custom(e.to_string())),
                }
            }
        }

        impl ParseFromParameter for $name {
            fn parse_from_parameter(value: &str) -> ParseResult<Self> {
                parse_decimal(value).map(Self).map_err(|e| ParseError::custom(e.to_string()))
            }
        }

        impl ToJSON for $name {
            fn to_json(&self) -> Option<Value> {
                Some(to_json_number(self.0))
            }
        }

        /// Serde (audit rows, Excel exports, stored JSON) writes the JSON number the API writes, not the decimal's
        /// text: an audited or exported quantity stays a number.
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&to_json_number(self.0), serializer)
            }
        }

        /// What poem-openapi's `minimum`/`maximum` validators compare with the document's bounds (doubles): a range
        /// check of a request field, never arithmetic.
        impl num_traits::AsPrimitive<f64> for $name { // not money: poem-openapi's validators compare doubles
            fn as_(self) -> f64 { // not money: a range check against the document's bounds
                rust_decimal::prelude::ToPrimitive::to_f64(&self.0).unwrap_or(f64::NAN) // not money: as above
            }
        }
    };
}

exact_kind!(
    /// An amount of money: extended costs, order and line totals, spending limits and budgets. Two decimals.
    Money, scale = 2, format = "money"
);
exact_kind!(
    /// The cost or price of one unit (vendor costs, price breaks, average cost, list and selling price). Four
    /// decimals: fasteners are bought at fractions of a cent.
    UnitCost, scale = 4, format = "unit-cost"
);
exact_kind!(
    /// A quantity of stock, in the item's unit. Three decimals.
    Quantity, scale = 3, format = "quantity"
);
exact_kind!(
    /// A percentage (0-100 scale: markups, service levels, variances). Three decimals.
    Percent, scale = 3, format = "percent"
);
exact_kind!(
    /// A multiplier or rate without a unit (purchase factors, holding rates, z-scores, workflow factors). Four
    /// decimals.
    Factor, scale = 4, format = "factor"
);

impl UnitCost {
    /// The money `quantity` units cost at this price, rounded once, at the end, as money.
    pub fn extend(self, quantity: Quantity) -> Money {
        Money::round(self.0 * quantity.0)
    }
}

impl Percent {
    /// `value` increased by this percentage (a markup), exact; the caller rounds to its kind.
    pub fn mark_up(self, value: Decimal) -> Decimal {
        value + value * self.0 / Decimal::ONE_HUNDRED
    }

    /// This percentage of `value`, exact; the caller rounds to its kind.
    pub fn of(self, value: Decimal) -> Decimal {
        value * self.0 / Decimal::ONE_HUNDRED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).expect("decimal")
    }

    #[test]
    fn every_kind_rounds_half_away_from_zero_at_its_own_scale() {
        assert_eq!(Money::round(d("2.345")).0, d("2.35"));
        assert_eq!(Money::round(d("2.355")).0, d("2.36"));
        assert_eq!(Money::round(d("-2.345")).0, d("-2.35"));
        assert_eq!(Money::round(d("2.3449")).0, d("2.34"));
        assert_eq!(UnitCost::round(d("0.00125")).0, d("0.0013"));
        assert_eq!(UnitCost::round(d("0.00135")).0, d("0.0014"));
        assert_eq!(Quantity::round(d("1.0005")).0, d("1.001"));
        assert_eq!(Quantity::round(d("1.0015")).0, d("1.002"));
        assert_eq!(Percent::round(d("12.3455")).0, d("12.346"));
        assert_eq!(Factor::round(d("0.12345")).0, d("0.1235"));
    }

    #[test]
    fn tenths_add_up_exactly() {
        let total: Money = [d("0.1"), d("0.2"), d("0.3")].into_iter().map(Money::new).sum();
        assert_eq!(total.0, d("0.6"));
        assert_eq!(to_json_number(total.0).to_string(), "0.6");
    }

    #[test]
    fn json_numbers_are_written_and_read_from_their_decimal_text() {
        for text in ["19.99", "0.1", "123456789012.345", "-0.001", "0.0001"] {
            let v = to_json_number(d(text));
            assert_eq!(v.to_string(), text);
            assert_eq!(from_json_number(&v).expect("number"), d(text));
            let parsed: Value = serde_json::from_str(text).expect("json");
            assert_eq!(from_json_number(&parsed).expect("number"), d(text));
        }
        assert_eq!(to_json_number(d("5.000")).to_string(), "5.0");
        assert_eq!(from_json_number(&serde_json::json!(1e-3)).expect("number"), d("0.001"));
        assert_eq!(from_json_number(&serde_json::json!("1.5")), Err(NumError::NotANumber));
    }

    #[test]
    fn serde_writes_the_same_json_number_as_the_api() {
        assert_eq!(serde_json::to_value(Money::new(d("0.1"))).expect("json"), serde_json::json!(0.1));
        assert_eq!(serde_json::to_string(&Quantity::new(d("5.000"))).expect("json"), "5.0");
        assert_eq!(serde_json::to_string(&Some(UnitCost::new(d("19.99")))).expect("json"), "19.99");
    }

    #[test]
    fn values_beyond_fifteen_digits_or_the_limit_are_refused() {
        assert_eq!(parse_decimal("1e15"), Err(NumError::TooLarge));
        assert_eq!(parse_decimal("1e300"), Err(NumError::NotANumber));
        assert_eq!(parse_decimal("0.1234567890123456"), Err(NumError::TooManyDigits));
        assert_eq!(parse_decimal("999999999999999"), Ok(d("999999999999999")));
        assert_eq!(parse_decimal("abc"), Err(NumError::NotANumber));
        assert_eq!(parse_decimal(""), Err(NumError::NotANumber));
        assert_eq!(Quantity::parse("1.2345"), Err(NumError::TooManyDecimals(3)));
        assert_eq!(Quantity::parse("1.2340").map(|q| q.0), Ok(d("1.234")));
        assert_eq!(UnitCost::parse("19.99").map(|c| c.0), Ok(d("19.99")));
    }

    #[test]
    fn a_unit_cost_extends_to_money_rounded_once() {
        assert_eq!(UnitCost::new(d("0.0125")).extend(Quantity::new(d("3"))).0, d("0.04"));
        assert_eq!(UnitCost::new(d("19.99")).extend(Quantity::new(d("3"))).0, d("59.97"));
        assert_eq!(Percent::new(d("10")).mark_up(d("19.99")), d("21.989"));
    }
}
