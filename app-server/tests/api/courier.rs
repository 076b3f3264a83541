//! The courier hand-off end to end (docs/cod.md 'Courier hand-off'): the booking sheet read back cell by
//! cell, tracking numbers one by one and from a CSV file, every bad input refused with its text and nothing
//! changed, bulk dispatch all or nothing with its e-mails, and the courier on the customer's orders.

use domain::calendar::pakistan_date;
use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app, TestApp};

/// A shop selling a Phone Case at Rs 850 and a USB-C Cable at Rs 500 (delivery Rs 200), its admin signed in
/// and one customer.
struct Shop {
    app: TestApp,
    admin: String,
    customer: String,
    uid: i64,
    case: ProductId,
    cable: ProductId,
}

async fn shop() -> Shop {
    let app = spawn_app().await;
    let category = app.add_category("Cases", None).await;
    let case = app.add_product(new_product("Phone Case", category, (850, None, 0), 100, false)).await;
    let cable = app.add_product(new_product("USB-C Cable", category, (500, None, 0), 100, false)).await;
    app.set_delivery_charge(200).await;
    let admin = app.admin_cookie().await;
    let (uid, customer) = app.customer("ayesha@example.pk").await;
    Shop { app, admin, customer, uid, case, cable }
}

/// How an order is placed: who, where, and how many cases and cables.
struct Placing<'a> {
    name: &'a str,
    phone: &'a str,
    city: &'a str,
    address: &'a str,
    cases: i64,
    cables: i64,
}

const ONE_CASE: Placing<'static> =
    Placing { name: "Ayesha Khan", phone: "0300 1234567", city: "Lahore", address: "House 12", cases: 1, cables: 0 };

impl Shop {
    /// Places an order and answers its id.
    async fn place(&self, placing: &Placing<'_>) -> String {
        let mut cart = Vec::new();
        if placing.cases > 0 {
            cart.push(json!({"productId": self.case.to_string(), "quantity": placing.cases, "price": 850}));
        }
        if placing.cables > 0 {
            cart.push(json!({"productId": self.cable.to_string(), "quantity": placing.cables, "price": 500}));
        }
        let subtotal = 850 * placing.cases + 500 * placing.cables;
        let body = json!({
            "userDetails": {"province": "Punjab", "city": placing.city, "name": placing.name, "phone1": placing.phone,
                            "email": "ayesha@example.pk", "address": placing.address},
            "cart": cart, "subtotal": subtotal, "deliveryCharge": 200, "total": subtotal + 200
        });
        let (status, placed) = self.app.place_order(&self.customer, &body, None).await;
        assert_eq!(status, 201, "{placed}");
        placed["order"]["_id"].as_str().unwrap().to_owned()
    }

    async fn set_status(&self, id: &str, status: &str) -> (u16, Value) {
        self.app.send(&self.admin, "PUT", &format!("/api/orders/{id}/status"), Some(json!({"status": status}))).await
    }

    /// Places and approves an order; answers its id.
    async fn approved(&self, placing: &Placing<'_>) -> String {
        let id = self.place(placing).await;
        assert_eq!(self.set_status(&id, "approved").await.0, 200);
        id
    }

    async fn put_tracking(&self, id: &str, courier: &str, number: &str) -> (u16, Value) {
        self.app
            .send(
                &self.admin,
                "PUT",
                &format!("/api/orders/{id}/tracking"),
                Some(json!({"courier": courier, "trackingNumber": number})),
            )
            .await
    }

    /// The order as the admin's list shows it.
    async fn order(&self, id: &str) -> Value {
        let (status, body) = self.app.send(&self.admin, "GET", "/api/orders?limit=100", None).await;
        assert_eq!(status, 200);
        body["orders"].as_array().unwrap().iter().find(|o| o["_id"] == id).unwrap().clone()
    }

    /// The (status, courier, tracking number) of each order.
    async fn consignments(&self, ids: &[&str]) -> Vec<(String, Value, Value)> {
        let mut found = Vec::new();
        for id in ids {
            let order = self.order(id).await;
            found.push((
                order["status"].as_str().unwrap().to_owned(),
                order["courier"].clone(),
                order["trackingNumber"].clone(),
            ));
        }
        found
    }

    async fn booking(&self, cookie: &str, query: &str) -> reqwest::Response {
        self.sheet(cookie, "csv", query).await
    }

    /// The booking sheet as `extension` (`csv` or `xlsx`).
    async fn sheet(&self, cookie: &str, extension: &str, query: &str) -> reqwest::Response {
        self.app
            .client
            .get(format!("{}/api/orders/courier-booking.{extension}{query}", self.app.address))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap()
    }

    async fn import(&self, content_type: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
        let response = self
            .app
            .client
            .post(format!("{}/api/orders/tracking-import", self.app.address))
            .header("cookie", &self.admin)
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.json().await.unwrap())
    }

    async fn dispatch(&self, ids: Value) -> (u16, Value) {
        self.app.send(&self.admin, "POST", "/api/orders/dispatch", Some(json!({"ids": ids}))).await
    }

    /// How many e-mails were queued in all.
    async fn mails_queued(&self) -> u64 {
        let counts = self.app.outbox_counts().await;
        counts.queued + counts.sent + counts.failed
    }
}

/// An order's (status, courier, tracking number) as [`Shop::consignments`] reads them.
fn row(status: &str, booked: Option<(&str, &str)>) -> (String, Value, Value) {
    let (courier, number) = booked.map_or((Value::Null, Value::Null), |(c, n)| (json!(c), json!(n)));
    (status.to_owned(), courier, number)
}

fn refusal(message: &str, field: &str) -> Value {
    json!({"message": message, "errors": {field: [message]}})
}

#[tokio::test]
async fn the_booking_sheet_holds_the_chosen_approved_orders_cell_by_cell_in_the_order_chosen() {
    let shop = shop().await;
    let quoted = shop
        .approved(&Placing {
            name: "Khan, \"Ali\" Jr",
            phone: "+92 321-7654321",
            address: "House 12, Street 4\nGulberg III",
            cases: 2,
            cables: 1,
            ..ONE_CASE
        })
        .await;
    let formula = shop.approved(&Placing { name: "=SUM(A1:A9)", address: "Flat 3", ..ONE_CASE }).await;
    let dg_khan = shop.approved(&Placing { name: "Bilal", address: "Block 7", cables: 3, cases: 0, ..ONE_CASE }).await;
    // The shop's own city list has no Dera Ghazi Khan; an order stored with it is booked under the courier's name.
    assert_eq!(shop.app.sql(&format!("UPDATE orders SET city = 'Dera Ghazi Khan' WHERE id = {dg_khan}")).await, 1);

    let response = shop.booking(&shop.admin, &format!("?ids={formula},{quoted},%23{dg_khan}")).await;

    assert_eq!(response.status(), 200);
    let header = |name: &str| response.headers().get(name).unwrap().to_str().unwrap().to_owned();
    assert_eq!(header("content-type"), "text/csv; charset=utf-8");
    let today = pakistan_date(chrono::Utc::now()).format("%Y-%m-%d");
    assert_eq!(header("content-disposition"), format!("attachment; filename=\"courier-booking-{today}.csv\""));
    let text = response.text().await.unwrap();
    assert!(text.starts_with(
        "Consignee Name,Consignee Phone,Consignee Address,Destination City,COD Amount,Item Description,Pieces,Weight (kg),Order Reference\r\n"
    ));
    assert!(text.contains("\"Khan, \"\"Ali\"\" Jr\""), "the name is quoted as CSV: {text}");
    assert!(text.ends_with("\r\n") && !text.replace("\r\n", "").contains('\n'), "every line ends in CRLF");
    let rows: Vec<Vec<String>> = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    let expected: Vec<Vec<String>> = [
        [
            "Consignee Name",
            "Consignee Phone",
            "Consignee Address",
            "Destination City",
            "COD Amount",
            "Item Description",
            "Pieces",
            "Weight (kg)",
            "Order Reference",
        ],
        ["'=SUM(A1:A9)", "03001234567", "Flat 3", "LAHORE", "1050", "1 x Phone Case", "1", "0.5", formula.as_str()],
        [
            "Khan, \"Ali\" Jr",
            "03217654321",
            "House 12, Street 4, Gulberg III",
            "LAHORE",
            "2400",
            "2 x Phone Case; 1 x USB-C Cable",
            "3",
            "1.5",
            quoted.as_str(),
        ],
        ["Bilal", "03001234567", "Block 7", "D.G. KHAN", "1700", "3 x USB-C Cable", "3", "1.5", dg_khan.as_str()],
    ]
    .iter()
    .map(|row| row.iter().map(|cell| (*cell).to_owned()).collect())
    .collect();
    assert_eq!(rows, expected);
}

/// The first worksheet of an Excel workbook as its name and its rows of cells.
fn worksheet(bytes: Vec<u8>) -> (String, Vec<Vec<calamine::Data>>) {
    use calamine::Reader as _;
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes)).expect("an Excel workbook");
    let (name, range) = book.worksheets().into_iter().next().expect("one worksheet");
    (name, range.rows().map(<[calamine::Data]>::to_vec).collect())
}

#[tokio::test]
async fn the_excel_booking_sheet_holds_the_csvs_cells_with_text_kept_as_text_and_figures_as_numbers() {
    use calamine::Data::{Float, String as Text};
    let shop = shop().await;
    let first = shop
        .approved(&Placing { name: "=SUM(A1:A9)", phone: "+92 321-7654321", cases: 2, cables: 1, ..ONE_CASE })
        .await;
    let second = shop.approved(&Placing { name: "Bilal", address: "Block 7\nGulberg III", ..ONE_CASE }).await;
    let query = format!("?ids={first},{second}");

    let response = shop.sheet(&shop.admin, "xlsx", &query).await;

    assert_eq!(response.status(), 200);
    let header = |name: &str| response.headers().get(name).unwrap().to_str().unwrap().to_owned();
    assert_eq!(header("content-type"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let today = pakistan_date(chrono::Utc::now()).format("%Y-%m-%d");
    assert_eq!(header("content-disposition"), format!("attachment; filename=\"courier-booking-{today}.xlsx\""));
    let (name, rows) = worksheet(response.bytes().await.unwrap().to_vec());
    assert_eq!(name, "Booking");
    let text = |cell: &str| Text(cell.to_owned());
    assert!(rows[0].iter().all(|title| matches!(title, Text(_))), "the header is text: {:?}", rows[0]);
    assert_eq!(
        rows[1..],
        [
            vec![
                text("'=SUM(A1:A9)"),
                text("03217654321"),
                text("House 12"),
                text("LAHORE"),
                Float(2400.0),
                text("2 x Phone Case; 1 x USB-C Cable"),
                Float(3.0),
                Float(1.5),
                Float(first.parse().unwrap()),
            ],
            vec![
                text("Bilal"),
                text("03001234567"),
                text("Block 7, Gulberg III"),
                text("LAHORE"),
                Float(1050.0),
                text("1 x Phone Case"),
                Float(1.0),
                Float(0.5),
                Float(second.parse().unwrap()),
            ],
        ]
    );
    // Cell for cell what the CSV says (its header among them), read as a spreadsheet shows it.
    let csv = shop.sheet(&shop.admin, "csv", &query).await.text().await.unwrap();
    let shown: Vec<Vec<String>> = rows.iter().map(|row| row.iter().map(ToString::to_string).collect()).collect();
    let written: Vec<Vec<String>> = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(csv.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    assert_eq!(shown, written);

    let refused = shop.sheet(&shop.admin, "xlsx", &format!("?ids={first},999999")).await;
    assert_eq!(refused.status(), 404);
    assert_eq!(refused.json::<Value>().await.unwrap(), json!({"message": "Order #999999 does not exist."}));
    assert_eq!(shop.sheet("", "xlsx", &query).await.status(), 401);
}

#[tokio::test]
async fn a_booking_sheet_is_refused_for_the_first_order_at_fault() {
    let shop = shop().await;
    let approved = shop.approved(&ONE_CASE).await;
    let pending = shop.place(&ONE_CASE).await;
    let cityless = shop.approved(&Placing { city: "", ..ONE_CASE }).await;
    let many: Vec<String> = (1..=501).map(|n| n.to_string()).collect();
    let cases = [
        (String::new(), 400, refusal("Choose at least one order.", "ids")),
        ("?ids=".into(), 400, refusal("Choose at least one order.", "ids")),
        (format!("?ids={approved},abc"), 400, refusal("Order references are numbers.", "ids")),
        (format!("?ids={approved},,{cityless}"), 400, refusal("Order references are numbers.", "ids")),
        (format!("?ids={}", many.join(",")), 400, refusal("Choose at most 500 orders.", "ids")),
        (format!("?ids={approved},{approved}"), 400, refusal(&format!("Order #{approved} is chosen twice."), "ids")),
        (format!("?ids={approved},999999"), 404, json!({"message": "Order #999999 does not exist."})),
        (
            format!("?ids={approved},{pending},999999"),
            409,
            json!({"message": format!("Order #{pending} is not approved.")}),
        ),
        (format!("?ids={cityless},{pending}"), 409, json!({"message": format!("Order #{cityless} has no city.")})),
    ];

    for (query, status, body) in cases {
        let response = shop.booking(&shop.admin, &query).await;

        assert_eq!(response.status().as_u16(), status, "{query}");
        assert_eq!(response.json::<Value>().await.unwrap(), body, "{query}");
    }
    assert_eq!(shop.booking("", &format!("?ids={approved}")).await.status(), 401);
}

#[tokio::test]
async fn an_approved_orders_tracking_number_is_saved_replaced_and_shown_to_the_customer() {
    let shop = shop().await;
    let booked = shop.approved(&ONE_CASE).await;
    let other = shop.approved(&ONE_CASE).await;

    let (status, body) = shop.put_tracking(&booked, " Leopards ", " LE123456789 ").await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Tracking number saved.");
    assert_eq!(
        (&body["order"]["courier"], &body["order"]["trackingNumber"]),
        (&json!("Leopards"), &json!("LE123456789"))
    );
    let (status, body) = shop.put_tracking(&booked, "TCS", "TCS778899").await;
    assert_eq!(status, 200, "{body}");
    let (status, mine) = shop.app.send(&shop.customer, "GET", &format!("/api/orders/user/{}", shop.uid), None).await;
    assert_eq!(status, 200);
    let seen: Vec<(Value, Value, Value)> = mine["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["_id"].clone(), o["courier"].clone(), o["trackingNumber"].clone()))
        .collect();
    assert_eq!(seen, [(json!(other), Value::Null, Value::Null), (json!(booked), json!("TCS"), json!("TCS778899"))]);
}

#[tokio::test]
async fn a_bad_or_taken_tracking_number_or_an_order_that_is_not_approved_changes_nothing() {
    let shop = shop().await;
    let booked = shop.approved(&ONE_CASE).await;
    let other = shop.approved(&ONE_CASE).await;
    let pending = shop.place(&ONE_CASE).await;
    assert_eq!(shop.put_tracking(&booked, "Leopards", "LE123456789").await.0, 200);
    let too_long = "c".repeat(41);
    let bad_number = "Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out).";
    let cases = [
        (
            other.clone(),
            json!({"courier": "", "trackingNumber": "LE1"}),
            400,
            json!({"message": "Courier is required.", "errors": {"courier": ["Courier is required."], "trackingNumber": [bad_number]}}),
        ),
        (
            other.clone(),
            json!({"courier": too_long, "trackingNumber": "LE-99"}),
            400,
            refusal("Courier must be at most 40 characters.", "courier"),
        ),
        (
            other.clone(),
            json!({"courier": "TCS", "trackingNumber": "LE 1_2"}),
            400,
            refusal(bad_number, "trackingNumber"),
        ),
        (other.clone(), json!({"courier": "TCS"}), 400, refusal(bad_number, "trackingNumber")),
        (
            other.clone(),
            json!({"courier": 7, "trackingNumber": "LE-99"}),
            400,
            refusal("courier must be text.", "courier"),
        ),
        (
            other.clone(),
            json!({"courier": "TCS", "trackingNumber": "le123456789"}),
            409,
            json!({"message": format!("Tracking number le123456789 is already used by order #{booked}.")}),
        ),
        (
            pending.clone(),
            json!({"courier": "TCS", "trackingNumber": "TCS-1"}),
            409,
            json!({"message": format!("Order #{pending} is not approved.")}),
        ),
        (
            "999999".into(),
            json!({"courier": "TCS", "trackingNumber": "TCS-1"}),
            404,
            json!({"message": "Order not found."}),
        ),
        (
            "abc".into(),
            json!({"courier": "TCS", "trackingNumber": "TCS-1"}),
            400,
            refusal("'abc' is not a valid id.", "id"),
        ),
    ];

    for (id, body, status, answer) in cases {
        let (got, refused) =
            shop.app.send(&shop.admin, "PUT", &format!("/api/orders/{id}/tracking"), Some(body.clone())).await;

        assert_eq!((got, &refused), (status, &answer), "{body}");
    }
    assert_eq!(
        shop.consignments(&[&booked, &other, &pending]).await,
        [row("approved", Some(("Leopards", "LE123456789"))), row("approved", None), row("pending", None)]
    );
    let (status, _) = shop
        .app
        .send(
            "",
            "PUT",
            &format!("/api/orders/{other}/tracking"),
            Some(json!({"courier": "TCS", "trackingNumber": "TCS-1"})),
        )
        .await;
    assert_eq!(status, 401);
    assert_eq!(shop.set_status(&booked, "dispatched").await.0, 200);
    let (status, refused) = shop.put_tracking(&booked, "TCS", "TCS-2").await;
    assert_eq!(
        (status, refused["message"].as_str().unwrap()),
        (409, format!("Order #{booked} is not approved.").as_str())
    );
}

#[tokio::test]
async fn two_admins_saving_one_number_for_two_orders_at_once_give_it_to_one() {
    let shop = shop().await;
    let first = shop.approved(&ONE_CASE).await;
    let second = shop.approved(&ONE_CASE).await;

    let (a, b) =
        tokio::join!(shop.put_tracking(&first, "Leopards", "LE5555"), shop.put_tracking(&second, "Leopards", "le5555"));

    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", a.1, b.1);
    let (winner, loser) = if a.0 == 200 { (&first, &b.1) } else { (&second, &a.1) };
    assert!(loser["message"].as_str().unwrap().ends_with(&format!("is already used by order #{winner}.")), "{loser}");
}

#[tokio::test]
async fn an_import_saves_every_row_of_the_file_skipping_blank_ones_with_numbers_as_couriers_print_them() {
    let shop = shop().await;
    let first = shop.approved(&ONE_CASE).await;
    let second = shop.approved(&ONE_CASE).await;
    let file = format!(
        "\u{feff}Order Reference , COURIER,tracking number\r\n#{first},Leopards,LE 7788 990011\r\n{second},\"TCS, Express\",tcs-2002\r\n,,\r\n"
    );

    let (status, body) = shop.import("text/csv; charset=utf-8", file).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body, json!({"success": true, "message": "Saved 2 tracking numbers.", "updated": [first, second]}));
    assert_eq!(
        shop.consignments(&[&first, &second]).await,
        [row("approved", Some(("Leopards", "LE7788990011"))), row("approved", Some(("TCS, Express", "tcs2002")))]
    );
}

#[tokio::test]
async fn a_file_with_any_problem_saves_nothing_and_lists_every_problem_by_row() {
    let shop = shop().await;
    let first = shop.approved(&ONE_CASE).await;
    let second = shop.approved(&ONE_CASE).await;
    let holder = shop.approved(&ONE_CASE).await;
    let pending = shop.place(&ONE_CASE).await;
    assert_eq!(shop.put_tracking(&holder, "Leopards", "LE7777").await.0, 200);
    let header = "order reference,courier,tracking number\n";
    let unreadable = refusal("The file is not a readable CSV file.", "file");
    let no_rows = refusal("The file has no rows.", "file");
    let bad_header = refusal("The first row must be: order reference, courier, tracking number.", "row 1");
    let many_problems = format!(
        "{header}{first},Leopards,LE1001\n999999,Leopards,LE1002\n{pending},Leopards,LE1003\n{second},Leopards\n\
         {second},Leopards,le7777\n#{first},TCS,LE1001\nx,Leopards,LE 1\n"
    );
    let cases: Vec<(Vec<u8>, Value)> = vec![
        (format!("{header}{first},\"Leopards,LE1001\n").into_bytes(), unreadable.clone()),
        (b"order reference,courier,tracking number\n\xff\xfe,TCS,TCS-1\n".to_vec(), unreadable),
        (Vec::new(), no_rows.clone()),
        (header.as_bytes().to_vec(), no_rows),
        (format!("order,courier,tracking\n{first},Leopards,LE1001\n").into_bytes(), bad_header.clone()),
        (format!("order reference,courier\n{first},Leopards\n").into_bytes(), bad_header),
        (
            many_problems.into_bytes(),
            json!({
                "message": "The file has 8 problems; nothing was saved.",
                "errors": {
                    "row 3": ["Order #999999 does not exist."],
                    "row 4": [format!("Order #{pending} is not approved.")],
                    "row 5": ["Row 5 has 2 cells; expected 3."],
                    "row 6": [format!("Tracking number le7777 is already used by order #{holder}.")],
                    "row 7": [format!("Order #{first} appears twice in the file."), "Tracking number LE1001 appears twice in the file."],
                    "row 8": ["Order reference must be a number.", "Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out)."]
                }
            }),
        ),
        (
            format!("{header}{first},Leopards,LE1001\n{second},,LE1002\n").into_bytes(),
            json!({"message": "The file has 1 problem; nothing was saved.", "errors": {"row 3": ["Courier is required."]}}),
        ),
    ];

    for (file, answer) in cases {
        let (status, body) = shop.import("text/csv", file.clone()).await;

        assert_eq!((status, &body), (400, &answer), "{}", String::from_utf8_lossy(&file));
    }
    let (status, body) = shop.import("text/plain", format!("{header}{first},Leopards,LE1001\n")).await;
    assert_eq!((status, body), (415, json!({"message": "Send the file as text/csv."})));
    let (status, body) = shop.import("text/csv", vec![b'a'; 1024 * 1024 + 1]).await;
    assert_eq!((status, body), (413, json!({"message": "The file is over 1 MB."})));
    assert_eq!(
        shop.consignments(&[&first, &second, &holder, &pending]).await,
        [
            row("approved", None),
            row("approved", None),
            row("approved", Some(("Leopards", "LE7777"))),
            row("pending", None)
        ],
        "nothing was saved"
    );
}

/// The text of a received message with quoted-printable soft breaks and `=3D` undone.
fn plain(data: &str) -> String {
    data.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=").replace("\r\n", "\n")
}

#[tokio::test]
async fn a_dispatch_moves_every_order_or_none_and_mails_each_customer_the_courier_and_tracking_number() {
    let shop = shop().await;
    let first = shop.approved(&ONE_CASE).await;
    let second = shop.approved(&ONE_CASE).await;
    let pending = shop.place(&ONE_CASE).await;
    assert_eq!(shop.put_tracking(&first, "Leopards", "LE1001").await.0, 200);
    let queued = shop.mails_queued().await;
    let cases = [
        (json!([first, second]), 409, json!({"message": format!("Order #{second} has no tracking number.")})),
        (json!([pending, first]), 409, json!({"message": format!("Order #{pending} is not approved.")})),
        (json!([first, "999999"]), 404, json!({"message": "Order #999999 does not exist."})),
        (json!([]), 400, refusal("Choose at least one order.", "ids")),
        (json!([first, first]), 400, refusal(&format!("Order #{first} is chosen twice."), "ids")),
        (json!([first, "x"]), 400, refusal("Order references are numbers.", "ids")),
        (json!([12]), 400, refusal("ids must be a list of order ids as text.", "ids")),
    ];

    for (ids, status, answer) in cases {
        let (got, body) = shop.dispatch(ids.clone()).await;

        assert_eq!((got, &body), (status, &answer), "{ids}");
    }
    assert_eq!(shop.mails_queued().await, queued, "no e-mail was queued");
    assert_eq!(
        shop.consignments(&[&first, &second]).await,
        [row("approved", Some(("Leopards", "LE1001"))), row("approved", None)],
        "nothing was dispatched"
    );

    assert_eq!(shop.put_tracking(&second, "TCS", "TCS2002").await.0, 200);
    let (status, body) = shop.dispatch(json!([second, first])).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!((&body["success"], &body["message"]), (&json!(true), &json!("Dispatched 2 orders.")));
    let orders = body["orders"].as_array().unwrap();
    assert_eq!(orders.iter().map(|o| o["_id"].clone()).collect::<Vec<_>>(), [json!(second), json!(first)]);
    for order in orders {
        assert_eq!(order["status"], "dispatched");
        let history = order["history"].as_array().unwrap();
        assert_eq!(
            history.iter().map(|h| h["status"].as_str().unwrap()).collect::<Vec<_>>(),
            ["pending", "approved", "dispatched"]
        );
    }
    assert_eq!(shop.mails_queued().await, queued + 2, "one e-mail each");
    let third = shop.approved(&ONE_CASE).await;
    assert_eq!(shop.put_tracking(&third, "PostEx", "PX3003").await.0, 200);
    assert_eq!(shop.set_status(&third, "dispatched").await.0, 200, "a single change mails the same lines");
    let sent = |id: &str| {
        shop.app
            .smtp
            .messages()
            .into_iter()
            .map(|m| plain(&m.data))
            .find(|text| text.contains(&format!("Subject: Your order #{id} is dispatched")))
    };
    for _ in 0..150 {
        if [&first, &second, &third].iter().all(|id| sent(id).is_some()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    for (id, courier, number) in
        [(&first, "Leopards", "LE1001"), (&second, "TCS", "TCS2002"), (&third, "PostEx", "PX3003")]
    {
        let text = sent(id).unwrap_or_else(|| panic!("the dispatched mail of #{id} arrives"));
        assert!(text.contains(&format!("Courier: {courier}\nTracking number: {number}\n")), "{text}");
    }
}
