//! Recognising uploads by their bytes, never by their name or declared type (docs/contract.md §6), with the
//! `infer` crate's signatures.

use crate::media::model::MediaKind;

/// The largest picture accepted, in bytes.
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;
/// The largest video accepted, in bytes.
pub const MAX_VIDEO_BYTES: usize = 100 * 1024 * 1024;

/// Why an upload is refused by its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UnsupportedMedia {
    /// An HEIC/HEIF or AVIF photo (what iPhones and recent Android phones save): a picture browsers cannot
    /// all show.
    #[error(
        "HEIC and AVIF photos are not accepted: save the photo as JPEG first. Pictures must be JPEG, PNG, WebP or GIF; videos MP4 or WebM."
    )]
    HeifPicture,
    #[error("Only JPEG, PNG, WebP or GIF pictures, or MP4 or WebM videos, are accepted.")]
    Other,
}

/// What a file's bytes say it is: JPEG, PNG, WebP or GIF pictures, MP4 or WebM videos, with the content
/// type to store it under.
///
/// # Errors
/// [`UnsupportedMedia`] for anything else, SVG and QuickTime included.
pub fn sniff(bytes: &[u8]) -> Result<(MediaKind, &'static str), UnsupportedMedia> {
    let content_type = infer::get(bytes).map(|kind| kind.mime_type());
    match content_type {
        Some(content_type @ ("image/jpeg" | "image/png" | "image/webp" | "image/gif" | "video/mp4" | "video/webm")) => {
            let kind = if content_type.starts_with("video/") { MediaKind::Video } else { MediaKind::Image };
            Ok((kind, content_type))
        }
        Some("image/heif" | "image/avif") => Err(UnsupportedMedia::HeifPicture),
        _ => Err(UnsupportedMedia::Other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ISO-BMFF file's first box: `ftyp` with its major brand, version 0 and compatible brands.
    fn ftyp(major: &[u8; 4], compatible: &[&[u8; 4]]) -> Vec<u8> {
        let size = u32::try_from(16 + 4 * compatible.len()).unwrap();
        let mut bytes = size.to_be_bytes().to_vec();
        bytes.extend_from_slice(b"ftyp");
        bytes.extend_from_slice(major);
        bytes.extend_from_slice(&[0, 0, 0, 0]);
        for brand in compatible {
            bytes.extend_from_slice(*brand);
        }
        bytes.extend_from_slice(b"\0\0\0\x08free");
        bytes
    }

    /// A WebM file's EBML header (as ffmpeg writes it), whose DocType says `webm`.
    fn webm() -> Vec<u8> {
        let mut bytes = vec![0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01];
        bytes.extend_from_slice(&[0x42, 0xF2, 0x81, 0x04, 0x42, 0xF3, 0x81, 0x08, 0x42, 0x82, 0x84]);
        bytes.extend_from_slice(b"webm");
        bytes.extend_from_slice(&[0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]);
        bytes
    }

    #[test]
    fn pictures_are_known_by_their_headers() {
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0x00, 0x01];
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x01\xe0\0\0\x01\xe0\x08\x02\0\0\0";
        let webp = b"RIFF\x24\x10\0\0WEBPVP8L\x18\x10\0\0\x2f";
        let gif = b"GIF89a\xe0\x01\xe0\x01\xf7\0\0";

        assert_eq!(sniff(&jpeg), Ok((MediaKind::Image, "image/jpeg")));
        assert_eq!(sniff(png), Ok((MediaKind::Image, "image/png")));
        assert_eq!(sniff(webp), Ok((MediaKind::Image, "image/webp")));
        assert_eq!(sniff(gif), Ok((MediaKind::Image, "image/gif")));
    }

    #[test]
    fn mp4_and_webm_are_videos() {
        for brand in [b"isom", b"mp41", b"mp42", b"avc1", b"iso5", b"dash"] {
            assert_eq!(sniff(&ftyp(brand, &[b"isom", b"mp41"])), Ok((MediaKind::Video, "video/mp4")), "{brand:?}");
        }
        assert_eq!(sniff(&webm()), Ok((MediaKind::Video, "video/webm")));
    }

    #[test]
    fn heic_and_avif_photos_are_pictures_refused_as_such_not_videos() {
        let iphone = ftyp(b"heic", &[b"mif1", b"heic"]);
        let heif = ftyp(b"mif1", &[b"mif1", b"heic"]);
        let avif = ftyp(b"avif", &[b"avif", b"mif1", b"miaf"]);

        for photo in [iphone, heif, avif] {
            assert_eq!(sniff(&photo), Err(UnsupportedMedia::HeifPicture));
        }
        assert_eq!(
            UnsupportedMedia::HeifPicture.to_string(),
            "HEIC and AVIF photos are not accepted: save the photo as JPEG first. Pictures must be JPEG, PNG, WebP or GIF; videos MP4 or WebM."
        );
    }

    #[test]
    fn quicktime_svg_html_and_renamed_text_are_refused() {
        let refused: [Vec<u8>; 5] = [
            ftyp(b"qt  ", &[b"qt  "]),
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
            b"<!doctype html><html>".to_vec(),
            b"just text pretending to be a .jpg".to_vec(),
            Vec::new(),
        ];

        for bytes in refused {
            assert_eq!(sniff(&bytes), Err(UnsupportedMedia::Other), "{:?}", String::from_utf8_lossy(&bytes));
        }
        assert_eq!(
            UnsupportedMedia::Other.to_string(),
            "Only JPEG, PNG, WebP or GIF pictures, or MP4 or WebM videos, are accepted."
        );
    }
}
