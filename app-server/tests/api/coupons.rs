use chrono::Days;
use domain::calendar::pakistan_date;
use domain::coupon::Coupon;
use domain::money::Rupees;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with};

fn today() -> chrono::NaiveDate {
    pakistan_date(chrono::Utc::now())
}

async fn apply(app: &crate::helpers::TestApp, body: serde_json::Value) -> (u16, serde_json::Value) {
    app.post_json("/api/coupons/apply", &body).await
}

async fn with_demo_coupons() -> crate::helpers::TestApp {
    let app = spawn_app().await;
    let (yesterday, tomorrow) = (today() - Days::new(1), today() + Days::new(1));
    app.add_coupon(
        Coupon::create("WELCOME10", Some(10), None, yesterday, tomorrow, Some(Rupees::from_whole(1500))).unwrap(),
    )
    .await;
    app.add_coupon(
        Coupon::create(
            "FLAT200",
            None,
            Some(Rupees::from_whole(200)),
            yesterday,
            tomorrow,
            Some(Rupees::from_whole(2000)),
        )
        .unwrap(),
    )
    .await;
    app.add_coupon(Coupon::create("PAUSED", Some(50), None, yesterday, tomorrow, None).unwrap().with_active(false))
        .await;
    app.add_coupon(Coupon::create("ENDED", Some(50), None, yesterday - Days::new(9), yesterday, None).unwrap()).await;
    app.add_coupon(Coupon::create("LATER", Some(50), None, tomorrow, tomorrow, None).unwrap()).await;
    app
}

#[tokio::test]
async fn a_percent_coupon_answers_its_rounded_discount() {
    let app = with_demo_coupons().await;

    let answer = apply(&app, json!({"code": " welcome10 ", "cartTotal": 2249.15})).await;

    assert_eq!(
        answer,
        (
            200,
            json!({"coupon": {"code": "WELCOME10", "minPrice": 1500}, "discount": 225, "message": "Coupon \"WELCOME10\" applied!"})
        )
    );
}

#[tokio::test]
async fn an_amount_coupon_answers_its_amount() {
    let app = with_demo_coupons().await;

    let (status, body) = apply(&app, json!({"code": "FLAT200", "cartTotal": 2000})).await;

    assert_eq!(
        (status, body["discount"].clone(), body["message"].clone()),
        (200, json!(200), json!("Coupon \"FLAT200\" applied!"))
    );
}

#[tokio::test]
async fn spaces_typed_inside_a_code_are_forgiven_when_the_code_without_them_exists() {
    let app = with_demo_coupons().await;

    let (status, body) = apply(&app, json!({"code": " flat 200 ", "cartTotal": 2000})).await;
    let unknown = apply(&app, json!({"code": "FLAT 300", "cartTotal": 2000})).await;

    assert_eq!(
        (status, body["coupon"]["code"].clone(), body["discount"].clone(), body["message"].clone()),
        (200, json!("FLAT200"), json!(200), json!("Coupon \"FLAT200\" applied!"))
    );
    assert_eq!(unknown, (404, json!({"message": "Invalid or expired coupon."})));
}

#[tokio::test]
async fn each_refusal_has_its_status_and_message() {
    let app = with_demo_coupons().await;
    let cases = [
        (json!({"code": "", "cartTotal": 2000}), 400, "Please enter a valid coupon code."),
        (json!({"code": "   ", "cartTotal": 2000}), 400, "Please enter a valid coupon code."),
        (json!({"cartTotal": 2000}), 400, "Please enter a valid coupon code."),
        (json!({"code": 12345, "cartTotal": 2000}), 400, "Please enter a valid coupon code."),
        (json!({"code": "FLAT200"}), 400, "Invalid cart total. Cannot apply coupon."),
        (json!({"code": "FLAT200", "cartTotal": "2000"}), 400, "Invalid cart total. Cannot apply coupon."),
        (json!({"code": "FLAT200", "cartTotal": -5}), 400, "Invalid cart total. Cannot apply coupon."),
        (json!({"code": "FLAT200", "cartTotal": 0}), 400, "Invalid cart total. Cannot apply coupon."),
        (json!({"code": "FLAT200", "cartTotal": 10.005}), 400, "Invalid cart total. Cannot apply coupon."),
        (json!({"code": "NOSUCH", "cartTotal": 2000}), 404, "Invalid or expired coupon."),
        (json!({"code": "' OR 1=1 --", "cartTotal": 2000}), 404, "Invalid or expired coupon."),
        (json!({"code": "PAUSED", "cartTotal": 2000}), 404, "Invalid or expired coupon."),
        (json!({"code": "ENDED", "cartTotal": 2000}), 404, "Invalid or expired coupon."),
        (json!({"code": "LATER", "cartTotal": 2000}), 404, "Invalid or expired coupon."),
        (json!({"code": "FLAT200", "cartTotal": 1999.99}), 400, "Minimum order of Rs 2,000 required."),
        (json!({"code": "WELCOME10", "cartTotal": 1499}), 400, "Minimum order of Rs 1,500 required."),
    ];

    for (body, status, message) in cases {
        let answer = apply(&app, body.clone()).await;

        assert_eq!((answer.0, answer.1["message"].clone()), (status, json!(message)), "{body}");
    }
}

#[tokio::test]
async fn a_coupon_worth_the_whole_cart_is_too_low() {
    let app = spawn_app().await;
    let today = today();
    app.add_coupon(Coupon::create("BIG", None, Some(Rupees::from_whole(500)), today, today, None).unwrap()).await;

    let equal = apply(&app, json!({"code": "BIG", "cartTotal": 500})).await;
    let above = apply(&app, json!({"code": "BIG", "cartTotal": 501})).await;

    assert_eq!(equal, (400, json!({"message": "Cart total is too low for this coupon."})));
    assert_eq!(above.0, 200);
}

#[tokio::test]
async fn malformed_and_oversized_bodies_get_json_errors() {
    let app = spawn_app().await;
    let url = format!("{}/api/coupons/apply", app.address);
    let send = |body: Vec<u8>, content_type: &'static str| {
        app.client.post(&url).header("content-type", content_type).body(body).send()
    };

    let nan = send(br#"{"code": "FLAT200", "cartTotal": NaN}"#.to_vec(), "application/json").await.unwrap();
    let huge = send(vec![b' '; 10 * 1024 * 1024], "application/json").await.unwrap();
    let form = send(b"code=FLAT200".to_vec(), "application/x-www-form-urlencoded").await.unwrap();

    assert_eq!(nan.status(), 400);
    assert!(nan.json::<serde_json::Value>().await.unwrap()["message"]
        .as_str()
        .unwrap()
        .starts_with("The request body is not valid JSON"));
    assert_eq!(huge.status(), 413);
    assert_eq!(huge.json::<serde_json::Value>().await.unwrap(), json!({"message": "The request body is too large."}));
    assert_eq!(form.status(), 415);
    assert_eq!(
        form.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "Send the request body as application/json."})
    );
}

#[tokio::test]
async fn wrong_coupon_guesses_from_one_address_are_limited_and_right_codes_do_not_count() {
    let app = spawn_app_with(&[
        ("TRUSTED_PROXIES", "127.0.0.1".to_owned()),
        ("COUPON_MAX_FAILURES_PER_ADDRESS", "3".to_owned()),
    ])
    .await;
    let today = today();
    app.add_coupon(Coupon::create("REAL10", Some(10), None, today, today, None).unwrap()).await;
    let apply_from = |code: &'static str, address: &'static str| {
        app.client
            .post(format!("{}/api/coupons/apply", app.address))
            .header("x-forwarded-for", address)
            .json(&json!({"code": code, "cartTotal": 2000}))
            .send()
    };

    let mut statuses = Vec::new();
    for code in ["REAL10", "GUESS1", "REAL10", "GUESS2", "GUESS3"] {
        statuses.push(apply_from(code, "203.0.113.5").await.unwrap().status().as_u16());
    }
    let refused = apply_from("REAL10", "203.0.113.5").await.unwrap();
    let elsewhere = apply_from("REAL10", "198.51.100.8").await.unwrap();

    assert_eq!(statuses, [200, 404, 200, 404, 404]);
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().get("retry-after").is_some());
    assert_eq!(
        refused.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "Too many coupon attempts. Please try again in 60 minutes."})
    );
    assert_eq!(elsewhere.status(), 200);
}

#[tokio::test]
async fn an_urdu_page_is_refused_a_coupon_in_urdu() {
    let app = with_demo_coupons().await;
    let apply_in = |language: &'static str, body: serde_json::Value| {
        let request = app.client.post(format!("{}/api/coupons/apply", app.address)).header("accept-language", language);
        async move {
            let response = request.json(&body).send().await.unwrap();
            (response.status().as_u16(), response.json::<serde_json::Value>().await.unwrap())
        }
    };

    let unknown = apply_in("ur", json!({"code": "NOSUCH", "cartTotal": 2000})).await;
    let minimum = apply_in("ur", json!({"code": "WELCOME10", "cartTotal": 1499})).await;
    let english = apply_in("en", json!({"code": "WELCOME10", "cartTotal": 1499})).await;

    assert_eq!(unknown, (404, json!({"message": "کوپن درست نہیں یا اس کی مدت ختم ہو چکی ہے۔"})));
    assert_eq!(minimum, (400, json!({"message": "اس کوپن کے لیے کم از کم Rs 1,500 کا آرڈر ضروری ہے۔"})));
    assert_eq!(english, (400, json!({"message": "Minimum order of Rs 1,500 required."})));
}
