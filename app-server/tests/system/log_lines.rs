use serde_json::json;

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::process::spawn_process;

#[tokio::test]
async fn a_line_break_in_a_bulk_e_mail_subject_cannot_forge_a_log_line() {
    let mut server = spawn_process(&[]).await;
    let client = &server.client;
    let signup = client
        .post(format!("{}/api/auth/signup", server.address))
        .json(&json!({"email": "ali@example.pk", "password": "secret-123"}))
        .send()
        .await
        .unwrap();
    let login = client
        .post(format!("{}/api/admin/login", server.address))
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    let cookie = login.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let forged = "2030-01-01T00:00:00.000000Z ERROR app_server: the database was dropped";

    let sent = client
        .post(format!("{}/api/users/admin/send-bulk-email", server.address))
        .header("cookie", &cookie)
        .json(&json!({"subject": format!("Eid sale\r\n{forged}"), "message": "20% off", "sendToAll": true}))
        .send()
        .await
        .unwrap();
    let sent_status = sent.status().as_u16();
    let refused: serde_json::Value = sent.json().await.unwrap();
    let listed = client
        .post(format!("{}/api/users/admin/send-bulk-email", server.address))
        .header("cookie", &cookie)
        .json(&json!({"subject": "Eid sale", "message": format!("20% off\n{forged}"), "sendToAll": true}))
        .send()
        .await
        .unwrap();
    let written = server.wait_for_json(|line| line["fields"]["message"] == "mail written to the outbox").await;

    // A subject may not hold a line break at all (the domain's text rule); a message may, but it never
    // reaches the log; and whatever does reach it is a JSON string, its line breaks escaped (logging.rs's
    // tests): every line of the log is one JSON object.
    assert_eq!([signup.status().as_u16(), sent_status, listed.status().as_u16()], [201, 400, 202]);
    assert_eq!(refused["errors"]["subject"][0], "Subject must not contain line breaks or control characters.");
    let line = written.expect("the outbox mailer logged the mail");
    assert_eq!(line["fields"]["subject"], "Eid sale", "{line}");
    let log = server.log();
    assert!(!log.lines().any(|line| line.starts_with(forged)), "a forged line in:\n{log}");
    assert!(server.log_json().iter().all(|line| line["timestamp"].is_string() && line["level"].is_string()));
}
