//! SQL of security questions (shared `asp` schema).

use sqlx::PgConnection;

use super::model::SecurityQuestion;

pub async fn options(conn: &mut PgConnection) -> Result<Vec<SecurityQuestion>, sqlx::Error> {
    sqlx::query_as!(
        SecurityQuestion,
        "select security_question_id as question_id, question from asp.security_question order by security_question_id"
    )
    .fetch_all(conn)
    .await
}

/// The user's sign-in name (answers name their owner by it).
pub async fn sign_in_name(conn: &mut PgConnection, user_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select user_id from asp.asp_users where asp_users_id = $1", user_id).fetch_optional(conn).await
}

/// How many of these ids are questions of the catalogue.
pub async fn count_known(conn: &mut PgConnection, ids: &[i64]) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"select count(*) as "count!" from asp.security_question where security_question_id = any($1)"#, ids)
        .fetch_one(conn)
        .await
}

pub async fn delete_answers(conn: &mut PgConnection, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from asp.user_security_answer where asp_users_id = $1", user_id).execute(conn).await?;
    Ok(())
}

pub async fn insert_answer(conn: &mut PgConnection, user_id: i64, ordinal: i32, question_id: i64, answer_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into asp.user_security_answer (asp_users_id, ordinal, security_question_id, answer_hash) values ($1, $2, $3, $4)",
        user_id,
        ordinal,
        question_id,
        answer_hash
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Is the user's password an administrator-set one waiting for its owner's change?
pub async fn password_set_by_admin(conn: &mut PgConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    let set = sqlx::query_scalar!("select password_set_by_admin from asp.asp_users where asp_users_id = $1", user_id).fetch_optional(conn).await?;
    Ok(set.unwrap_or(false))
}

/// The questions the user answered, in order.
pub async fn questions_of(conn: &mut PgConnection, user_id: i64) -> Result<Vec<SecurityQuestion>, sqlx::Error> {
    sqlx::query_as!(
        SecurityQuestion,
        "select q.security_question_id as question_id, q.question from asp.user_security_answer a
         join asp.security_question q using (security_question_id) where a.asp_users_id = $1 order by a.ordinal",
        user_id
    )
    .fetch_all(conn)
    .await
}
