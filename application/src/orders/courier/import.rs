//! Tracking numbers imported from a CSV file (`order reference,courier,tracking number`): every row is
//! checked, every problem is listed by the row number a spreadsheet shows (the header being row 1), and the
//! rows are saved all together in one transaction or not at all. The adapter reads the file into rows of
//! cells; the rules are here.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;

use domain::courier::{Consignment, Courier as CourierName, OrderReference, TrackingNumber};
use domain::ids::OrderId;
use domain::order_status::OrderStatus;

use crate::common::error::{Conflict, RepositoryError};
use crate::orders::courier::service::Courier;

/// The header row, as the import's refusal writes it; cells are compared trimmed and in any case.
pub const IMPORT_HEADER: [&str; 3] = ["order reference", "courier", "tracking number"];

/// The largest file taken, in bytes.
pub const MAX_IMPORT_BYTES: usize = 1024 * 1024;

/// The answer of an import: "Saved 3 tracking numbers." / "Saved 1 tracking number.".
#[must_use]
pub fn saved_message(count: usize) -> String {
    if count == 1 {
        "Saved 1 tracking number.".into()
    } else {
        format!("Saved {count} tracking numbers.")
    }
}

/// The problems of a file, by the row number a spreadsheet shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowProblems(BTreeMap<usize, Vec<String>>);

impl RowProblems {
    fn add(&mut self, row: usize, problem: impl ToString) {
        self.0.entry(row).or_default().push(problem.to_string());
    }

    /// Every problem, by row.
    #[must_use]
    pub fn rows(&self) -> &BTreeMap<usize, Vec<String>> {
        &self.0
    }

    /// How many problems there are in all.
    #[must_use]
    pub fn count(&self) -> usize {
        self.0.values().map(Vec::len).sum()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for RowProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count() {
            1 => f.write_str("The file has 1 problem; nothing was saved."),
            n => write!(f, "The file has {n} problems; nothing was saved."),
        }
    }
}

/// Why an import saved nothing.
#[derive(Debug, thiserror::Error)]
pub enum ImportTrackingError {
    /// Not CSV, not UTF-8, or a quote left open.
    #[error("The file is not a readable CSV file.")]
    Unreadable,
    #[error("The first row must be: {}.", IMPORT_HEADER.join(", "))]
    Header,
    #[error("The file has no rows.")]
    NoRows,
    #[error("{0}")]
    Rows(RowProblems),
    #[error("the tracking numbers could not be saved")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for ImportTrackingError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// One data row as far as its own cells could be read.
#[derive(Debug, Clone)]
struct Line {
    row: usize,
    order: Option<OrderId>,
    courier: Option<CourierName>,
    number: Option<TrackingNumber>,
}

/// Whether every cell of a row is blank, as the empty rows spreadsheets write at the end of a sheet (`,,`).
fn blank(cells: &[String]) -> bool {
    cells.iter().all(|cell| cell.trim().is_empty())
}

/// The rows' own problems (cells, repeats within the file), and what each row says; blank rows are skipped
/// but keep their number.
fn read_rows(data: &[Vec<String>]) -> (Vec<Line>, RowProblems) {
    let mut problems = RowProblems::default();
    let mut lines = Vec::with_capacity(data.len());
    let mut orders: HashSet<OrderId> = HashSet::new();
    let mut numbers: HashSet<String> = HashSet::new();
    for (i, cells) in data.iter().enumerate() {
        let row = i + 2;
        if blank(cells) {
            continue;
        }
        if cells.len() != IMPORT_HEADER.len() {
            problems.add(row, format!("Row {row} has {} cells; expected {}.", cells.len(), IMPORT_HEADER.len()));
            continue;
        }
        let order = cells[0].parse::<OrderReference>().map(OrderReference::id).map_err(|e| problems.add(row, e)).ok();
        let courier = CourierName::parse(&cells[1]).map_err(|e| problems.add(row, e)).ok();
        let number = TrackingNumber::parse(&cells[2]).map_err(|e| problems.add(row, e)).ok();
        if let Some(id) = order {
            if !orders.insert(id) {
                problems.add(row, format!("Order #{id} appears twice in the file."));
            }
        }
        if let Some(number) = &number {
            if !numbers.insert(number.key()) {
                problems.add(row, format!("Tracking number {number} appears twice in the file."));
            }
        }
        lines.push(Line { row, order, courier, number });
    }
    (lines, problems)
}

impl Courier {
    /// Saves the tracking numbers of a file read into rows of cells (the header row first).
    ///
    /// # Errors
    /// [`ImportTrackingError`]: a wrong header, no data rows, or every problem of every row; a store failure.
    pub async fn import_tracking(&self, rows: Vec<Vec<String>>) -> Result<Vec<OrderId>, ImportTrackingError> {
        let (header, data) = rows.split_first().ok_or(ImportTrackingError::NoRows)?;
        let header_fits = header.len() == IMPORT_HEADER.len()
            && header.iter().zip(IMPORT_HEADER).all(|(cell, name)| cell.trim().eq_ignore_ascii_case(name));
        if !header_fits {
            return Err(ImportTrackingError::Header);
        }
        if data.iter().all(|cells| blank(cells)) {
            return Err(ImportTrackingError::NoRows);
        }
        let (lines, problems) = read_rows(data);
        // A second try only when another order took one of the numbers between the check and the write.
        for _ in 0..2 {
            let now = self.clock.now();
            let (lines, mut problems) = (lines.clone(), problems.clone());
            let saved = self
                .unit_of_work
                .run(move |tx| {
                    let ids: Vec<OrderId> =
                        lines.iter().filter_map(|l| l.order).collect::<BTreeSet<_>>().into_iter().collect();
                    let keys: Vec<String> =
                        lines.iter().filter_map(|l| l.number.as_ref().map(TrackingNumber::key)).collect();
                    let statuses: HashMap<OrderId, OrderStatus> =
                        tx.consignments().lock(&ids)?.into_iter().map(|o| (o.id, o.status)).collect();
                    let owners: HashMap<String, OrderId> =
                        tx.consignments().tracking_owners(&keys)?.into_iter().collect();
                    for line in &lines {
                        if let Some(id) = line.order {
                            match statuses.get(&id) {
                                None => problems.add(line.row, format!("Order #{id} does not exist.")),
                                Some(OrderStatus::Approved) => {}
                                Some(_) => problems.add(line.row, format!("Order #{id} is not approved.")),
                            }
                        }
                        if let Some(number) = &line.number {
                            match owners.get(&number.key()) {
                                Some(owner) if Some(*owner) != line.order => problems.add(
                                    line.row,
                                    format!("Tracking number {number} is already used by order #{owner}."),
                                ),
                                _ => {}
                            }
                        }
                    }
                    if !problems.is_empty() {
                        return Err(ImportTrackingError::Rows(problems));
                    }
                    let mut saved = Vec::with_capacity(lines.len());
                    for line in lines {
                        if let (Some(id), Some(courier), Some(tracking_number)) =
                            (line.order, line.courier, line.number)
                        {
                            tx.consignments().set_consignment(id, &Consignment { courier, tracking_number }, now)?;
                            saved.push(id);
                        }
                    }
                    Ok(saved)
                })
                .await;
            match saved {
                Err(ImportTrackingError::Unexpected(RepositoryError::Conflict(Conflict::TrackingNumberTaken))) => {}
                answer => return answer,
            }
        }
        Err(RepositoryError::Conflict(Conflict::TrackingNumberTaken).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::unit_of_work::RolledBack;
    use crate::orders::consignments::LockedOrder;
    use crate::orders::courier::ports::MockCourierRepository;
    use crate::orders::courier::testing::{courier, id};
    use crate::orders::testing::{run_once, Handle, MockUnitOfWork};

    fn file(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter().map(|cells| cells.iter().map(|c| (*c).to_owned()).collect()).collect()
    }

    fn header() -> &'static [&'static str] {
        &[" Order Reference", "COURIER ", "Tracking Number"]
    }

    fn approved(n: i64) -> LockedOrder {
        LockedOrder { id: id(n), status: OrderStatus::Approved, has_consignment: false }
    }

    fn problems(err: ImportTrackingError) -> (String, Vec<(usize, Vec<String>)>) {
        let message = err.to_string();
        match err {
            ImportTrackingError::Rows(problems) => {
                (message, problems.rows().iter().map(|(row, list)| (*row, list.clone())).collect())
            }
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn every_row_is_saved_in_one_unit_of_work() {
        let mut handle = Handle::default();
        handle.consignments.expect_lock().times(1).returning(|_| Ok(vec![approved(12), approved(15)]));
        handle
            .consignments
            .expect_tracking_owners()
            .withf(|keys| keys == ["LE1001", "TCS2002"])
            .times(1)
            .returning(|_| Ok(vec![("LE1001".into(), id(12))]));
        let mut seq = mockall::Sequence::new();
        for (n, number) in [(12, "le1001"), (15, "TCS2002")] {
            handle
                .consignments
                .expect_set_consignment()
                .withf(move |order, c, _| *order == id(n) && c.tracking_number.as_str() == number)
                .times(1)
                .in_sequence(&mut seq)
                .returning(|_, _, _| Ok(()));
        }

        let saved = courier(MockCourierRepository::new(), run_once(handle))
            .import_tracking(file(&[header(), &["#12", "Leopards", "le-1001"], &["15", " TCS ", "TCS2002"]]))
            .await
            .unwrap();

        assert_eq!(saved, [id(12), id(15)]);
        assert_eq!(saved_message(2), "Saved 2 tracking numbers.");
        assert_eq!(saved_message(1), "Saved 1 tracking number.");
    }

    #[tokio::test]
    async fn a_wrong_header_or_no_rows_is_refused_before_anything_is_read() {
        let mut unit_of_work = MockUnitOfWork::new();
        unit_of_work.expect_run_boxed().never();
        let courier = courier(MockCourierRepository::new(), unit_of_work);
        let cases = [
            (file(&[]), "The file has no rows."),
            (file(&[header()]), "The file has no rows."),
            (file(&[header(), &["", " ", ""], &[""]]), "The file has no rows."),
            (
                file(&[&["order", "courier", "tracking number"], &["12", "TCS", "TCS2002"]]),
                "The first row must be: order reference, courier, tracking number.",
            ),
            (
                file(&[&["order reference", "courier"], &["12", "TCS"]]),
                "The first row must be: order reference, courier, tracking number.",
            ),
        ];

        for (rows, message) in cases {
            assert_eq!(courier.import_tracking(rows).await.unwrap_err().to_string(), message);
        }
    }

    #[tokio::test]
    async fn every_problem_of_every_row_is_listed_by_its_spreadsheet_row_and_nothing_is_saved() {
        let mut handle = Handle::default();
        handle.consignments.expect_lock().times(1).returning(|_| {
            Ok(vec![
                approved(12),
                approved(15),
                LockedOrder { id: id(16), status: OrderStatus::Pending, has_consignment: false },
            ])
        });
        handle.consignments.expect_tracking_owners().times(1).returning(|_| Ok(vec![("LE7777".into(), id(10))]));
        handle.consignments.expect_set_consignment().never();
        let rows = file(&[
            header(),
            &["12", "Leopards", "LE-1001"],
            &["999", "Leopards", "LE-1002"],
            &["16", "Leopards", "LE-1003"],
            &["15", "Leopards"],
            &["x", "", "LE 1"],
            &["#12", "TCS", "le-1001"],
            &["15", "TCS", "LE-7777"],
        ]);

        let err = courier(MockCourierRepository::new(), run_once(handle)).import_tracking(rows).await.unwrap_err();

        let (message, rows) = problems(err);
        assert_eq!(message, "The file has 9 problems; nothing was saved.");
        let text = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            rows,
            [
                (3, text(&["Order #999 does not exist."])),
                (4, text(&["Order #16 is not approved."])),
                (5, text(&["Row 5 has 2 cells; expected 3."])),
                (
                    6,
                    text(&[
                        "Order reference must be a number.",
                        "Courier is required.",
                        "Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out)."
                    ])
                ),
                (
                    7,
                    text(&[
                        "Order #12 appears twice in the file.",
                        "Tracking number le1001 appears twice in the file."
                    ])
                ),
                (8, text(&["Tracking number LE7777 is already used by order #10."])),
            ]
        );
    }

    #[tokio::test]
    async fn a_number_taken_between_the_check_and_the_write_is_checked_again() {
        let mut unit_of_work = MockUnitOfWork::new();
        let mut tries = 0;
        unit_of_work.expect_run_boxed().times(2).returning(move |work| {
            tries += 1;
            let mut handle = Handle::default();
            handle.consignments.expect_lock().returning(|_| Ok(vec![approved(12)]));
            let owners = if tries == 1 { vec![] } else { vec![("LE1001".to_owned(), id(10))] };
            handle.consignments.expect_tracking_owners().return_once(move |_| Ok(owners));
            handle
                .consignments
                .expect_set_consignment()
                .returning(|_, _, _| Err(RepositoryError::Conflict(Conflict::TrackingNumberTaken)));
            work(&mut handle).map_err(RolledBack::Answered)
        });

        let err = courier(MockCourierRepository::new(), unit_of_work)
            .import_tracking(file(&[header(), &["12", "Leopards", "LE-1001"]]))
            .await
            .unwrap_err();

        assert_eq!(problems(err).1, [(2, vec!["Tracking number LE1001 is already used by order #10.".to_owned()])]);
    }
}
