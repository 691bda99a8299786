//! Wire types of security questions.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Debug, Clone, Object, FromRow)]
pub struct SecurityQuestion {
    pub question_id: i64,
    pub question: String,
}

#[derive(Object)]
pub struct SecurityAnswers {
    #[oai(rename = "Question1")]
    pub question1: i64,
    #[oai(rename = "Answer1")]
    pub answer1: Option<String>,
    #[oai(rename = "Question2")]
    pub question2: i64,
    #[oai(rename = "Answer2")]
    pub answer2: Option<String>,
    #[oai(rename = "Question3")]
    pub question3: i64,
    #[oai(rename = "Answer3")]
    pub answer3: Option<String>,
    pub user_name: Option<String>,
}
