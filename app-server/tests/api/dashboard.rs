//! The owner's dashboard (docs/cod.md 'Dashboard') and a coupon's dates moved after it is made: orders
//! placed through the API, moved through their statuses and dated around today's and this Monday's
//! midnight in Pakistan in the database, then every figure checked against what this test works out itself.

use chrono::{DateTime, Days, Duration, SecondsFormat, Utc};
use domain::analytics::week_of;
use domain::calendar::{pakistan_date, pakistan_midnight};
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app, TestApp};

struct Shop {
    app: TestApp,
    admin: String,
    customer: String,
    customer_id: i64,
    case: String,
}

/// A Phone Case at Rs 850 and delivery Rs 200: every order here is Rs 1,050.
async fn shop() -> Shop {
    let app = spawn_app().await;
    let category = app.add_category("Accessories", None).await;
    let case = app.add_product(new_product("Phone Case", category, (850, None, 0), 100, false)).await;
    app.set_delivery_charge(200).await;
    app.lift_order_limits().await;
    let admin = app.admin_cookie().await;
    let (customer_id, customer) = app.customer("ayesha@example.pk").await;
    Shop { app, admin, customer, customer_id, case: case.to_string() }
}

fn sql_time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

impl Shop {
    /// Places a one-case order, moves it through `statuses` and answers its id.
    async fn order(&self, statuses: &[&str]) -> i64 {
        let body = json!({
            "userDetails": {"province": "Punjab", "city": "Lahore", "name": "Ayesha Khan", "phone1": "0300 1234567",
                            "email": "ayesha@example.pk", "address": "House 12, Street 4"},
            "cart": [{"productId": self.case, "quantity": 1, "price": 850}],
            "subtotal": 850, "deliveryCharge": 200, "coupon": null, "couponDiscount": 0, "total": 1050
        });
        let (status, placed) = self.app.place_order(&self.customer, &body, None).await;
        assert_eq!(status, 201, "{placed}");
        let id = placed["order"]["_id"].as_str().unwrap().to_owned();
        for step in statuses {
            let comment = (*step == "rejected").then_some("Fake order");
            let (status, body) = self
                .app
                .send(
                    &self.admin,
                    "PUT",
                    &format!("/api/orders/{id}/status"),
                    Some(json!({"status": step, "comment": comment})),
                )
                .await;
            assert_eq!(status, 200, "{step}: {body}");
        }
        id.parse().unwrap()
    }

    async fn placed_at(&self, id: i64, at: DateTime<Utc>) {
        assert_eq!(
            self.app.sql(&format!("UPDATE orders SET created_at = '{}' WHERE id = {id}", sql_time(at))).await,
            1
        );
    }

    /// Dates the order's last change (delivered or returned).
    async fn finished_at(&self, id: i64, at: DateTime<Utc>) {
        let statement = format!(
            "UPDATE order_events SET at = '{}' WHERE order_id = {id} AND status IN ('delivered', 'returned')",
            sql_time(at)
        );
        assert_eq!(self.app.sql(&statement).await, 1);
    }

    async fn review(&self, order: i64, status: &str) {
        let statement = format!(
            "INSERT INTO reviews (product_id, order_id, customer_id, reviewer_name, rating, status) \
             VALUES ({}, {order}, {}, 'Ayesha', 5, '{status}')",
            self.case, self.customer_id
        );
        assert_eq!(self.app.sql(&statement).await, 1);
    }

    async fn refused(&self, hour: DateTime<Utc>, count: i32) {
        let statement = format!(
            "INSERT INTO blocked_attempts (at, hour, kind, value, name, phone, email, total_paisa, count) \
             VALUES ('{at}', '{at}', 'phone', '923001112222', 'Fake', '0300 1112222', 'fake@example.pk', 105000, {count})",
            at = sql_time(hour)
        );
        assert_eq!(self.app.sql(&statement).await, 1);
    }

    async fn dashboard(&self, cookie: &str) -> (u16, Value) {
        self.app.send(cookie, "GET", "/api/admin/dashboard", None).await
    }
}

#[tokio::test]
async fn the_dashboard_counts_the_work_waiting_and_today_and_this_week_in_pakistan_time_exactly() {
    let shop = shop().await;
    let today = pakistan_date(Utc::now());
    let monday = week_of(today);
    let midnight = pakistan_midnight(today);
    let week_start = pakistan_midnight(monday);
    let long_ago = week_start - Duration::days(10);

    // Waiting: one unconfirmed and one confirmed pending order, one approved; all placed today.
    let _unconfirmed = shop.order(&[]).await;
    let confirmed = shop.order(&[]).await;
    assert_eq!(shop.app.sql(&format!("UPDATE orders SET confirmed_at = now() WHERE id = {confirmed}")).await, 1);
    let _approved = shop.order(&["approved"]).await;
    // Finished today: one delivered and one returned, both placed long ago.
    let delivered_today = shop.order(&["approved", "dispatched", "delivered"]).await;
    let returned_today = shop.order(&["approved", "dispatched", "returned"]).await;
    // Delivered a minute into Monday (today too when today is Monday), and a minute before it.
    let delivered_monday = shop.order(&["approved", "dispatched", "delivered"]).await;
    let delivered_last_week = shop.order(&["approved", "dispatched", "delivered"]).await;
    // Placed a second before this week and rejected.
    let last_week = shop.order(&["rejected"]).await;
    for id in [delivered_today, returned_today, delivered_monday, delivered_last_week] {
        shop.placed_at(id, long_ago).await;
    }
    shop.placed_at(last_week, week_start - Duration::seconds(1)).await;
    shop.finished_at(delivered_today, midnight + Duration::seconds(1)).await;
    shop.finished_at(returned_today, midnight + Duration::seconds(2)).await;
    shop.finished_at(delivered_monday, week_start + Duration::minutes(1)).await;
    shop.finished_at(delivered_last_week, week_start - Duration::minutes(1)).await;
    // Two reviews waiting, one approved; three checkouts refused today, five the hour before midnight.
    shop.review(delivered_today, "pending").await;
    shop.review(delivered_monday, "pending").await;
    shop.review(delivered_last_week, "approved").await;
    shop.refused(midnight, 3).await;
    shop.refused(midnight - Duration::hours(1), 5).await;

    let (status, body) = shop.dashboard(&shop.admin).await;
    let (unauthorised, _) = shop.dashboard(&shop.customer).await;

    assert_eq!(status, 200, "{body}");
    // The Monday delivery is today's too on a Monday.
    let monday_today = u64::from(monday == today);
    assert_eq!(
        body,
        json!({
            "date": today.to_string(),
            "weekFrom": monday.to_string(),
            "weekTo": (monday + Days::new(6)).to_string(),
            "waiting": {"newOrders": 1, "awaitingConfirmation": 1, "toDispatch": 1, "reviews": 2, "refusedCheckouts": 3},
            "today": {"placed": 3, "delivered": 1 + monday_today, "returned": 1, "cashCollected": 1050 * (1 + monday_today)},
            "week": {"placed": 3, "delivered": 2, "returned": 1, "cashCollected": 2100}
        })
    );
    assert_eq!(unauthorised, 401);
}

#[tokio::test]
async fn a_coupons_dates_are_moved_after_it_is_made_and_an_end_before_the_start_is_refused() {
    let shop = shop().await;
    let today = pakistan_date(Utc::now());
    let day = |days: u64| (today + Days::new(days)).to_string();
    let (status, added) = shop
        .app
        .send(
            &shop.admin,
            "POST",
            "/api/coupons",
            Some(
                json!({"code": "EID10", "discountPercent": 10, "startDate": day(0), "endDate": day(0), "maxUses": 50}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{added}");
    let id = added["coupon"]["_id"].as_str().unwrap().to_owned();
    let path = format!("/api/coupons/dates/{id}");
    let dates = |body: Value| {
        let (app, admin, path) = (&shop.app, shop.admin.clone(), path.clone());
        async move { app.send(&admin, "PATCH", &path, Some(body)).await }
    };

    let moved = dates(json!({"startDate": day(1), "endDate": day(30)})).await;
    let backwards = dates(json!({"startDate": day(5), "endDate": day(4)})).await;
    let missing = dates(json!({"endDate": day(4)})).await;
    let malformed = dates(json!({"startDate": day(1), "endDate": "next week"})).await;
    let unknown = shop
        .app
        .send(&shop.admin, "PATCH", "/api/coupons/dates/999999", Some(json!({"startDate": day(1), "endDate": day(2)})))
        .await;
    let customer =
        shop.app.send(&shop.customer, "PATCH", &path, Some(json!({"startDate": day(0), "endDate": day(1)}))).await;
    let applied_today = shop.app.post_json("/api/coupons/apply", &json!({"code": "EID10", "cartTotal": 1050})).await;
    let (_, list) = shop.app.send(&shop.admin, "GET", "/api/coupons", None).await;

    assert_eq!(moved.0, 200, "{}", moved.1);
    assert_eq!(
        (&moved.1["coupon"]["startDate"], &moved.1["coupon"]["endDate"], &moved.1["coupon"]["maxUses"]),
        (&json!(day(1)), &json!(day(30)), &json!(50))
    );
    assert_eq!(
        backwards,
        (
            400,
            json!({"message": "The end date cannot be before the start date.",
                   "errors": {"endDate": ["The end date cannot be before the start date."]}})
        )
    );
    assert_eq!(missing.0, 400, "{}", missing.1);
    assert_eq!(missing.1["errors"]["startDate"], json!(["Enter the start and end dates as YYYY-MM-DD."]));
    assert_eq!(malformed.0, 400, "{}", malformed.1);
    assert_eq!(malformed.1["errors"]["endDate"], json!(["Enter the start and end dates as YYYY-MM-DD."]));
    assert_eq!(unknown, (404, json!({"message": "Coupon not found."})));
    assert_eq!(customer.0, 401);
    // It starts tomorrow now, so today it does not apply; the refused changes left it as moved.
    assert_eq!(applied_today.0, 404, "{}", applied_today.1);
    assert_eq!((&list[0]["startDate"], &list[0]["endDate"]), (&json!(day(1)), &json!(day(30))));
}
