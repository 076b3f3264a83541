//! A layout for the use cases' tests: it draws a body as its `Debug` text, so a test pins what the body says
//! (the mail adapter's tests pin the markup).

use super::body::MailBody;
use super::ports::MailLayout;

#[derive(Debug, Clone, Copy)]
pub struct DebugLayout;

impl MailLayout for DebugLayout {
    fn html(&self, body: &MailBody) -> String {
        format!("{body:?}")
    }
}
