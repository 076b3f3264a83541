use std::time::Duration;

use serde_json::json;

use crate::helpers::{spawn_app, TestApp};

async fn sign_up(app: &TestApp, email: &str) {
    let response = app
        .client
        .post(format!("{}/api/auth/signup", app.address))
        .json(&json!({"email": email, "password": "secret-123"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
}

#[tokio::test]
async fn selected_customers_get_the_e_mail_through_the_outbox() {
    let app = spawn_app().await;
    sign_up(&app, "ali@example.pk").await;
    sign_up(&app, "zara@example.pk").await;
    let cookie = app.admin_cookie().await;

    let (_, users) = app.send(&cookie, "GET", "/api/users/admin/users", None).await;
    let body = json!({"subject": "Eid sale", "message": "20% off all cases", "sendToAll": false, "selectedEmails": ["Zara@Example.pk"]});
    let (status, queued) = app.send(&cookie, "POST", "/api/users/admin/send-bulk-email", Some(body)).await;

    assert_eq!(
        users.as_array().unwrap().iter().map(|u| u["email"].clone()).collect::<Vec<_>>(),
        [json!("ali@example.pk"), json!("zara@example.pk")]
    );
    assert_eq!((status, queued), (202, json!({"message": "✅ Emails sent!", "queued": 1})));
    assert!(app.delivered(1).await, "the worker delivered it");
    let mail = &app.smtp.messages()[0];
    assert_eq!(mail.to, ["zara@example.pk"]);
    assert!(mail.data.contains("Subject: Eid sale"));
    // The sink has the mail a moment before the worker records it as sent.
    let mut status = app.send(&cookie, "GET", "/api/users/admin/email-status", None).await;
    for _ in 0..50 {
        if status.1["queued"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        status = app.send(&cookie, "GET", "/api/users/admin/email-status", None).await;
    }
    assert_eq!(status, (200, json!({"queued": 0, "sent": 1, "failed": 0})));
}

#[tokio::test]
async fn with_the_mail_server_down_mail_waits_and_goes_out_when_it_is_back() {
    let mut app = spawn_app().await;
    sign_up(&app, "ali@example.pk").await;
    sign_up(&app, "zara@example.pk").await;
    let cookie = app.admin_cookie().await;
    app.smtp.stop();

    let (status, _) = app
        .send(
            &cookie,
            "POST",
            "/api/users/admin/send-bulk-email",
            Some(json!({"subject": "Hello", "message": "New chargers", "sendToAll": true})),
        )
        .await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let (_, while_down) = app.send(&cookie, "GET", "/api/users/admin/email-status", None).await;
    app.smtp.restart().await;

    assert_eq!(status, 202);
    assert_eq!(while_down, json!({"queued": 2, "sent": 0, "failed": 0}));
    assert!(app.delivered(2).await, "delivered once the server is back");
    let mut recipients: Vec<String> = app.smtp.messages().iter().flat_map(|m| m.to.clone()).collect();
    recipients.sort();
    assert_eq!(recipients, ["ali@example.pk", "zara@example.pk"]);
}

#[tokio::test]
async fn bad_bulk_e_mails_are_refused_and_queue_nothing() {
    let app = spawn_app().await;
    sign_up(&app, "ali@example.pk").await;
    let cookie = app.admin_cookie().await;

    let cases = [
        (json!({"subject": "", "message": "x", "sendToAll": true}), "Subject and message are required."),
        (json!({"subject": "x", "sendToAll": true}), "Subject and message are required."),
        (
            json!({"subject": "x", "message": "y", "sendToAll": false, "selectedEmails": []}),
            "Choose at least one customer.",
        ),
        (
            json!({"subject": "x", "message": "y", "selectedEmails": ["stranger@example.pk"]}),
            "Not a customer's e-mail: stranger@example.pk",
        ),
        (
            json!({"subject": "x", "message": "y", "selectedEmails": "ali@example.pk"}),
            "selectedEmails must be a list of e-mails.",
        ),
    ];
    for (body, message) in cases {
        let answer = app.send(&cookie, "POST", "/api/users/admin/send-bulk-email", Some(body.clone())).await;

        assert_eq!((answer.0, answer.1["message"].clone()), (400, json!(message)), "{body}");
    }
    assert_eq!(
        app.send(&cookie, "GET", "/api/users/admin/email-status", None).await.1,
        json!({"queued": 0, "sent": 0, "failed": 0})
    );
}
