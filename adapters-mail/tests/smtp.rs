//! The SMTP adapter against a real SMTP conversation on loopback, and the outbox adapter on disk.

use adapters_mail::{OutboxMailer, SmtpMailer};
use application::ports::{Mailer, OutgoingMail};
use domain::contact::Email;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A one-message SMTP sink: answers the protocol and hands back what it received.
async fn sink() -> (u16, tokio::task::JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let handle = tokio::spawn(async move {
        let (stream, _) = listener.accept().await.unwrap();
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        let mut received = String::new();
        write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
        let mut in_data = false;
        while let Some(line) = lines.next_line().await.unwrap() {
            if in_data {
                if line == "." {
                    in_data = false;
                    write.write_all(b"250 queued\r\n").await.unwrap();
                } else {
                    received.push_str(&line);
                    received.push('\n');
                }
                continue;
            }
            received.push_str(&line);
            received.push('\n');
            let upper = line.to_ascii_uppercase();
            let reply: &[u8] = if upper.starts_with("EHLO") {
                b"250-sink\r\n250 8BITMIME\r\n"
            } else if upper.starts_with("DATA") {
                in_data = true;
                b"354 go ahead\r\n"
            } else if upper.starts_with("QUIT") {
                write.write_all(b"221 bye\r\n").await.unwrap();
                break;
            } else {
                b"250 ok\r\n"
            };
            write.write_all(reply).await.unwrap();
        }
        received
    });
    (port, handle)
}

fn mail() -> OutgoingMail {
    OutgoingMail {
        to: Email::parse("ayesha@example.pk").unwrap(),
        subject: "Reset your password".into(),
        text: "Open http://127.0.0.1/reset-password?token=abc".into(),
        html: "<p>Open <a href=\"http://127.0.0.1/reset-password?token=abc\">this link</a></p>".into(),
    }
}

#[tokio::test]
async fn a_message_reaches_the_smtp_server_with_both_bodies() {
    let (port, received) = sink().await;
    let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{port}"), "Shop <shop@localhost>").unwrap();

    mailer.send(mail()).await.unwrap();
    drop(mailer);
    let conversation = received.await.unwrap();

    assert!(conversation.contains("MAIL FROM:<shop@localhost>"), "{conversation}");
    assert!(conversation.contains("RCPT TO:<ayesha@example.pk>"), "{conversation}");
    assert!(conversation.contains("Subject: Reset your password"), "{conversation}");
    assert!(conversation.contains("Content-Type: text/plain"), "{conversation}");
    assert!(conversation.contains("Content-Type: text/html"), "{conversation}");
}

#[tokio::test]
async fn a_refusing_or_absent_server_is_an_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{port}"), "shop@localhost").unwrap();

    assert!(mailer.send(mail()).await.is_err());
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
