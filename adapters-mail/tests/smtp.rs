//! The SMTP adapter against a real SMTP conversation on loopback, and the outbox adapter on disk.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

use adapters_mail::test_support::SmtpSink;
use adapters_mail::{OutboxMailer, SmtpMailer};
use application::mail::ports::{Mailer, OutgoingMail};
use domain::contact::Email;

fn mail() -> OutgoingMail {
    OutgoingMail {
        to: Email::parse("ayesha@example.pk").unwrap(),
        subject: "Reset your password".into(),
        text: "Open http://127.0.0.1/reset-password?token=abc".into(),
        html: "<p>Open <a href=\"http://127.0.0.1/reset-password?token=abc\">this link</a></p>".into(),
        unsubscribe: None,
    }
}

#[tokio::test]
async fn a_message_reaches_the_smtp_server_with_both_bodies() {
    let sink = SmtpSink::start().await;
    let mailer = SmtpMailer::new(&sink.url(), "Shop <shop@localhost>").unwrap();

    mailer.send(mail()).await.unwrap();

    let received = sink.messages();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].from, "shop@localhost");
    assert_eq!(received[0].to, ["ayesha@example.pk"]);
    let data = &received[0].data;
    assert!(data.contains("Subject: Reset your password"), "{data}");
    assert!(data.contains("Content-Type: text/plain"), "{data}");
    assert!(data.contains("Content-Type: text/html"), "{data}");
}

#[tokio::test]
async fn a_refusing_or_absent_server_is_an_error() {
    let mut sink = SmtpSink::start().await;
    let mailer = SmtpMailer::new(&sink.url(), "shop@localhost").unwrap();
    sink.stop();

    assert!(mailer.send(mail()).await.is_err());

    sink.restart().await;
    mailer.send(mail()).await.unwrap();
    assert_eq!(sink.messages().len(), 1, "delivered once the server is back");
}

#[tokio::test]
async fn unusable_settings_are_named() {
    assert!(SmtpMailer::new("ftp://nowhere", "shop@localhost")
        .unwrap_err()
        .to_string()
        .starts_with("SMTP_URL is invalid"));
    assert!(SmtpMailer::new("smtp://127.0.0.1:2525", "not an address")
        .unwrap_err()
        .to_string()
        .starts_with("MAIL_FROM is invalid"));
}

#[tokio::test]
async fn without_smtp_the_message_lands_in_the_outbox_as_an_eml_file() {
    let dir = std::env::temp_dir().join(format!("shop-outbox-{}", std::process::id()));
    let mailer = OutboxMailer::new(dir.clone(), "shop@localhost").unwrap();

    mailer.send(mail()).await.unwrap();

    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 1);
    let eml = std::fs::read_to_string(files[0].path()).unwrap();
    assert!(eml.contains("To: ayesha@example.pk"), "{eml}");
    assert!(eml.contains("Subject: Reset your password"), "{eml}");
    std::fs::remove_dir_all(dir).unwrap();
}
