//! Hand-written SQL run as a prepared statement. diesel's `sql_query` marks itself unsafe to cache, so its text
//! is parsed and planned afresh on every call (about half of a catalogue read's time on the bench's 10,000
//! products); a [`Prepared`] statement is kept per connection under its text, as diesel's own queries are, and
//! each later call only binds and executes it (docs/decisions/0045-reads-without-the-cache.md).

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Text, Untyped};
use diesel::{PgConnection, QueryResult, RunQueryDsl};

/// A value bound to a placeholder.
#[derive(Debug, Clone)]
pub(crate) enum Bind {
    BigInt(i64),
    BigInts(Vec<i64>),
    Text(String),
    Texts(Vec<String>),
}

/// SQL with placeholders `$1`, `$2`, ... (each may appear more than once) and the values bound to them, in
/// order. Load rows with `.load::<T>(conn)` where `T: QueryableByName`.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    sql: String,
    binds: Vec<Bind>,
}

impl Prepared {
    pub(crate) fn new(sql: impl Into<String>) -> Self {
        Self { sql: sql.into(), binds: Vec::new() }
    }

    /// Binds the next placeholder.
    #[must_use]
    pub(crate) fn bind(mut self, value: Bind) -> Self {
        self.binds.push(value);
        self
    }

    /// The text between placeholders and, after each piece but the last, the index of the value it takes.
    fn pieces(&self) -> QueryResult<Vec<(&str, Option<usize>)>> {
        let mut pieces = Vec::new();
        let mut rest = self.sql.as_str();
        while let Some(at) = rest.find('$') {
            let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return Err(diesel::result::Error::QueryBuilderError(format!("a bare '$' in {:?}", self.sql).into()));
            }
            let n: usize = rest[at + 1..at + 1 + digits]
                .parse()
                .map_err(|e| diesel::result::Error::QueryBuilderError(Box::new(e)))?;
            if n == 0 || n > self.binds.len() {
                return Err(diesel::result::Error::QueryBuilderError(format!("${n} has no value").into()));
            }
            pieces.push((&rest[..at], Some(n - 1)));
            rest = &rest[at + 1 + digits..];
        }
        pieces.push((rest, None));
        Ok(pieces)
    }
}

impl QueryFragment<Pg> for Prepared {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        for (text, bind) in self.pieces()? {
            out.push_sql(text);
            // Each use of a placeholder becomes a parameter of its own: diesel numbers them as it writes them.
            match bind.and_then(|i| self.binds.get(i)) {
                None => {}
                Some(Bind::BigInt(value)) => out.push_bind_param::<BigInt, _>(value)?,
                Some(Bind::BigInts(values)) => out.push_bind_param::<Array<BigInt>, _>(values)?,
                Some(Bind::Text(value)) => out.push_bind_param::<Text, _>(value)?,
                Some(Bind::Texts(values)) => out.push_bind_param::<Array<Text>, _>(values)?,
            }
        }
        Ok(())
    }
}

// No static query id: diesel keys the prepared statement by the SQL text it writes (and the binds' types).
impl QueryId for Prepared {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Prepared {
    type SqlType = Untyped;
}

impl RunQueryDsl<PgConnection> for Prepared {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_split_the_text_and_name_their_values() {
        let query = Prepared::new("SELECT $2, $1 WHERE x = $2").bind(Bind::BigInt(1)).bind(Bind::Text("a".into()));

        assert_eq!(
            query.pieces().unwrap(),
            [("SELECT ", Some(1)), (", ", Some(0)), (" WHERE x = ", Some(1)), ("", None)]
        );
    }

    #[test]
    fn a_placeholder_without_a_value_is_an_error() {
        assert!(Prepared::new("SELECT $3").bind(Bind::BigInt(1)).pieces().is_err());
        assert!(Prepared::new("SELECT $x").pieces().is_err());
    }
}
