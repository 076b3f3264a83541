//! The owner's synonym groups in `search_synonyms`, one row per term.

use application::catalog::synonyms::SynonymStore;
use diesel::sql_types::Integer;

use super::*;
use domain::search::SynonymGroups;

#[derive(QueryableByName)]
struct TermRow {
    #[diesel(sql_type = Text)]
    term: String,
    #[diesel(sql_type = Integer)]
    group_no: i32,
}

#[async_trait]
impl SynonymStore for PgCatalogRepository {
    async fn synonyms(&self) -> Result<SynonymGroups, RepositoryError> {
        with_connection(&self.pool, |conn| {
            let rows: Vec<TermRow> =
                diesel::sql_query("SELECT term, group_no FROM search_synonyms ORDER BY group_no, position")
                    .load(conn)
                    .map_err(from_diesel)?;
            let mut groups: Vec<Vec<String>> = Vec::new();
            let mut last = None;
            for row in rows {
                if last != Some(row.group_no) {
                    groups.push(Vec::new());
                    last = Some(row.group_no);
                }
                if let Some(group) = groups.last_mut() {
                    group.push(row.term);
                }
            }
            SynonymGroups::parse(&groups).map_err(|err| corrupt(format!("search_synonyms: {err}")))
        })
        .await
    }

    async fn replace_synonyms(&self, groups: &SynonymGroups) -> Result<(), RepositoryError> {
        let mut terms = Vec::new();
        let mut group_nos = Vec::new();
        let mut positions = Vec::new();
        for (group_no, group) in (0..).zip(groups.groups()) {
            for (position, term) in (0..).zip(group) {
                terms.push(term.clone());
                group_nos.push(group_no);
                positions.push(position);
            }
        }
        with_connection(&self.pool, move |conn| {
            conn.transaction(|conn| {
                // Two replacements at once end as one of them, never as a mix.
                diesel::sql_query("LOCK TABLE search_synonyms IN EXCLUSIVE MODE").execute(conn)?;
                diesel::sql_query("DELETE FROM search_synonyms").execute(conn)?;
                diesel::sql_query(
                    "INSERT INTO search_synonyms (term, group_no, position) \
                     SELECT * FROM unnest($1::text[], $2::int4[], $3::int4[])",
                )
                .bind::<Array<Text>, _>(terms)
                .bind::<Array<Integer>, _>(group_nos)
                .bind::<Array<Integer>, _>(positions)
                .execute(conn)
            })
            .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }
}
