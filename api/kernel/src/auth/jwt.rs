//! Short-lived access tokens. The algorithm is pinned to HS256; a token is only as good as the Redis session it
//! names (`sid`), so logout and password changes take effect at once.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

const ISSUER: &str = "asp";

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The effective user (the impersonated one while impersonating).
    pub sub: String,
    /// Session id in Redis.
    pub sid: String,
    pub iss: String,
    pub iat: i64,
    pub exp: i64,
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    pub lifetime_seconds: u64,
}

impl TokenKeys {
    pub fn new(secret: &str, lifetime_seconds: u64) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "iss", "sub"]);
        Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            validation,
            lifetime_seconds,
        }
    }

    pub fn issue(&self, user_id: i64, session_id: &str) -> Result<String, jsonwebtoken::errors::Error> {
        let now = chrono::Utc::now().timestamp();
        let lifetime = i64::try_from(self.lifetime_seconds).unwrap_or(900);
        let claims = Claims {
            sub: user_id.to_string(),
            sid: session_id.to_owned(),
            iss: ISSUER.to_owned(),
            iat: now,
            exp: now + lifetime,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// Any failure (bad signature, other algorithm, expired, malformed) is just "no".
    pub fn verify(&self, token: &str) -> Option<Claims> {
        decode::<Claims>(token, &self.decoding, &self.validation).ok().map(|d| d.claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_round_trips_and_a_tampered_one_is_refused() {
        let keys = TokenKeys::new("0123456789abcdef0123456789abcdef", 60);
        let token = keys.issue(7, "s1").expect("sign");
        let claims = keys.verify(&token).expect("valid");
        assert_eq!(claims.sub, "7");
        assert_eq!(claims.sid, "s1");
        let other = TokenKeys::new("another-secret-another-secret-xx", 60);
        assert!(other.verify(&token).is_none());
        assert!(keys.verify("garbage").is_none());
    }

    #[test]
    fn an_expired_token_is_refused() {
        let keys = TokenKeys::new("0123456789abcdef0123456789abcdef", 60);
        let now = chrono::Utc::now().timestamp();
        let claims = Claims { sub: "1".into(), sid: "s".into(), iss: ISSUER.into(), iat: now - 100, exp: now - 50 };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).expect("sign");
        assert!(keys.verify(&token).is_none());
    }

    #[test]
    fn the_none_algorithm_is_refused() {
        let keys = TokenKeys::new("0123456789abcdef0123456789abcdef", 60);
        // header {"alg":"none","typ":"JWT"}, payload with a far-future exp, no signature
        let token = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwic2lkIjoicyIsImlzcyI6ImFzcCIsImlhdCI6MCwiZXhwIjo5OTk5OTk5OTk5fQ.";
        assert!(keys.verify(token).is_none());
    }
}
