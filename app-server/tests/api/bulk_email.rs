use std::time::Duration;

use serde_json::json;

use crate::helpers::{cables, new_product, spawn_app, TestApp};

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
    assert_eq!(
        (status, queued),
        (202, json!({"message": "✅ Emails sent!", "queued": 1, "blocked": 0, "unsubscribed": 0}))
    );
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

/// A raw message with its folded header lines unfolded and its quoted-printable body decoded enough to read
/// links (soft line breaks dropped, `=3D` read as `=`).
fn readable(data: &str) -> String {
    let data = data.replace("\r\n", "\n");
    data.replace("\n ", " ").replace("\n\t", " ").replace("=\n", "").replace("=3D", "=")
}

/// The value of header `name` in a raw message.
fn header(data: &str, name: &str) -> Option<String> {
    readable(data).lines().find_map(|line| line.strip_prefix(&format!("{name}: ")).map(str::to_owned))
}

/// decisions/0041: bulk e-mail counts and previews its recipients, leaves out the blocklist's customers,
/// carries a link of each recipient's own and the List-Unsubscribe headers (RFC 8058's one-click POST);
/// an unsubscribed customer gets no more bulk e-mail, and still the e-mails of their orders.
#[tokio::test]
async fn bulk_e_mail_leaves_out_the_blocked_and_the_unsubscribed_and_every_e_mail_can_unsubscribe() {
    let app = spawn_app().await;
    sign_up(&app, "ali@example.pk").await;
    sign_up(&app, "sana.k@gmail.com").await;
    let (_, zara) = app.customer("zara@example.pk").await;
    let cookie = app.admin_cookie().await;
    let blocked = app
        .send(
            &cookie,
            "POST",
            "/api/blocklist",
            Some(json!({"value": "sanak@gmail.com", "reason": "Refused 3 parcels"})),
        )
        .await;
    assert_eq!(blocked.0, 201, "{}", blocked.1);
    let eid = json!({"subject": "Eid sale", "message": "20% off all cases", "sendToAll": true});

    let (status, preview) = app.send(&cookie, "POST", "/api/users/admin/bulk-email-preview", Some(eid.clone())).await;

    assert_eq!(status, 200, "{preview}");
    assert_eq!(
        (&preview["recipients"], &preview["blocked"], &preview["unsubscribed"]),
        (&json!(2), &json!(1), &json!(0))
    );
    assert_eq!(
        preview["text"],
        format!("20% off all cases\n\n--\nYou get this e-mail as a customer of the shop. Unsubscribe: {}/unsubscribe?token=…\n", app.config.public_url)
    );
    assert_eq!(app.outbox_counts().await.queued, 0, "a preview queues nothing");

    let sent = app.send(&cookie, "POST", "/api/users/admin/send-bulk-email", Some(eid.clone())).await;

    assert_eq!(sent, (202, json!({"message": "✅ Emails sent!", "queued": 2, "blocked": 1, "unsubscribed": 0})));
    assert!(app.delivered(2).await);
    let messages = app.smtp.messages();
    let mut recipients: Vec<String> = messages.iter().flat_map(|m| m.to.clone()).collect();
    recipients.sort();
    assert_eq!(recipients, ["ali@example.pk", "zara@example.pk"]);
    let to_zara = messages.iter().find(|m| m.to == ["zara@example.pk"]).unwrap();
    let list_unsubscribe = header(&to_zara.data, "List-Unsubscribe").expect("a List-Unsubscribe header");
    let prefix = format!("<{}/unsubscribe?token=", app.config.public_url);
    let token = list_unsubscribe
        .strip_prefix(&prefix)
        .and_then(|rest| rest.strip_suffix('>'))
        .unwrap_or_else(|| panic!("{list_unsubscribe}"));
    assert_eq!(token.len(), 43, "32 random bytes in URL-safe base64");
    assert_eq!(header(&to_zara.data, "List-Unsubscribe-Post").as_deref(), Some("List-Unsubscribe=One-Click"));
    let link = format!("{}/unsubscribe?token={token}", app.config.public_url);
    let served = format!("{}/unsubscribe?token={token}", app.address);
    assert!(readable(&to_zara.data).contains(&format!("Unsubscribe: {link}")), "the text body's link");
    assert!(readable(&to_zara.data).contains(&format!("<a href=\"{link}\">Unsubscribe</a>")), "the HTML body's link");
    let to_ali = messages.iter().find(|m| m.to == ["ali@example.pk"]).unwrap();
    assert_ne!(
        header(&to_ali.data, "List-Unsubscribe"),
        Some(list_unsubscribe.clone()),
        "each e-mail has its own link"
    );

    let asked = app.get(&format!("/unsubscribe?token={token}")).await;
    assert_eq!(asked.status(), 200);
    let asked = asked.text().await.unwrap();
    assert!(
        asked.contains("Stop the shop&#39;s offers by e-mail to <strong>zara@example.pk</strong>?")
            || asked.contains("Stop the shop's offers by e-mail to <strong>zara@example.pk</strong>?"),
        "{asked}"
    );
    let still = app.send(&cookie, "POST", "/api/users/admin/bulk-email-preview", Some(eid.clone())).await;
    assert_eq!(still.1["recipients"], 2, "opening the link changes nothing");
    let one_click = app
        .client
        .post(&served)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(one_click.status(), 200);
    assert!(one_click
        .text()
        .await
        .unwrap()
        .contains("You are unsubscribed: the shop sends you no more offers by e-mail."));
    let unknown = app.client.post(format!("{}/unsubscribe?token=not-a-link", app.address)).send().await.unwrap();
    assert_eq!(unknown.status(), 404);
    assert!(unknown.text().await.unwrap().contains("This unsubscribe link is not valid."));

    let again = app.send(&cookie, "POST", "/api/users/admin/send-bulk-email", Some(eid)).await;
    let only_zara =
        json!({"subject": "Eid sale", "message": "Hi", "sendToAll": false, "selectedEmails": ["zara@example.pk"]});
    let refused = app.send(&cookie, "POST", "/api/users/admin/send-bulk-email", Some(only_zara)).await;

    assert_eq!(again, (202, json!({"message": "✅ Emails sent!", "queued": 1, "blocked": 1, "unsubscribed": 1})));
    assert_eq!(
        refused,
        (400, json!({"message": "None of the chosen customers takes bulk e-mail: each is blocked or unsubscribed."}))
    );
    assert!(app.delivered(3).await);
    let category = app.add_category("Cables", None).await;
    let cable = app.add_product(new_product("USB-C Cable", category, (100, None, 0), 5, false)).await;
    let (placed, order) = app.place_order(&zara, &cables(cable, 1, "03001234567"), None).await;
    assert_eq!(placed, 201, "{order}");
    let mut order_mail = false;
    for _ in 0..150 {
        order_mail = app.smtp.messages().iter().skip(3).any(|m| m.to == ["zara@example.pk"]);
        if order_mail {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(order_mail, "the order's e-mail still goes to an unsubscribed customer");
    assert!(app.smtp.messages().iter().skip(3).filter(|m| m.to == ["zara@example.pk"]).all(|m| header(
        &m.data,
        "List-Unsubscribe"
    )
    .is_none()));
}
