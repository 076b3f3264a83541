//! Recognising uploads by their bytes, never by their name or declared type (CONTRACT.md §6).

use crate::catalog::MediaKind;

/// The largest picture accepted, in bytes.
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;
/// The largest video accepted, in bytes.
pub const MAX_VIDEO_BYTES: usize = 100 * 1024 * 1024;

/// What a file's first bytes say it is: JPEG, PNG, WebP or GIF pictures, MP4 or WebM videos.
#[must_use]
pub fn sniff(bytes: &[u8]) -> Option<(MediaKind, &'static str)> {
    let starts = |prefix: &[u8]| bytes.starts_with(prefix);
    if starts(&[0xFF, 0xD8, 0xFF]) {
        Some((MediaKind::Image, "image/jpeg"))
    } else if starts(b"\x89PNG\r\n\x1a\n") {
        Some((MediaKind::Image, "image/png"))
    } else if starts(b"GIF87a") || starts(b"GIF89a") {
        Some((MediaKind::Image, "image/gif"))
    } else if starts(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        Some((MediaKind::Image, "image/webp"))
    } else if bytes.get(4..8) == Some(b"ftyp") {
        Some((MediaKind::Video, "video/mp4"))
    } else if starts(&[0x1A, 0x45, 0xDF, 0xA3]) {
        Some((MediaKind::Video, "video/webm"))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_and_videos_are_known_by_their_first_bytes() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some((MediaKind::Image, "image/jpeg")));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some((MediaKind::Image, "image/png")));
        assert_eq!(sniff(b"GIF89a.."), Some((MediaKind::Image, "image/gif")));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some((MediaKind::Image, "image/webp")));
        assert_eq!(sniff(b"\0\0\0\x18ftypmp42"), Some((MediaKind::Video, "video/mp4")));
        assert_eq!(sniff(&[0x1A, 0x45, 0xDF, 0xA3, 0]), Some((MediaKind::Video, "video/webm")));
    }

    #[test]
    fn svg_html_and_renamed_text_are_not_media() {
        assert_eq!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), None);
        assert_eq!(sniff(b"<!doctype html>"), None);
        assert_eq!(sniff(b"just text pretending to be a .jpg"), None);
        assert_eq!(sniff(b""), None);
    }
}
