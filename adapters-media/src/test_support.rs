//! Pictures for tests: ordinary ones in each accepted format, a phone's JPEG carrying EXIF (camera, GPS
//! position, orientation), and a PNG whose header declares a size its data does not have (a decompression
//! bomb's header without the bomb).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test support: a fixture that cannot be made fails its test"
)]

use image::{ImageFormat, RgbImage};

/// A `width` × `height` picture with a gradient, encoded as `format`.
///
/// # Panics
/// When `format` is not one this crate can encode.
#[must_use]
pub fn picture(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), format).expect("the format encodes");
    bytes
}

/// A JPEG as a phone saves it, and what of its metadata must not survive being kept.
pub struct PhonePhoto {
    pub bytes: Vec<u8>,
    /// Byte strings only its EXIF holds: the segment's signature, the camera's make and model, and the GPS
    /// latitude (31° 33' 12.34" N, Lahore) as its three rationals.
    pub traces: Vec<Vec<u8>>,
}

/// The camera's make and model written into [`phone_photo`]'s EXIF.
pub const CAMERA_MAKE: &str = "ShopTestCam";
pub const CAMERA_MODEL: &str = "Phone X9 Pro";

/// A `width` × `height` JPEG whose APP1 segment holds EXIF as a phone writes it: the camera's make and model,
/// `orientation` (1 upright, 6 when the phone was turned a quarter clockwise and the pixels must be turned
/// a quarter clockwise to show upright) and a GPS IFD with a latitude.
///
/// # Panics
/// Never in practice: the segment is built to fit.
#[must_use]
pub fn phone_photo(width: u32, height: u32, orientation: u16) -> PhonePhoto {
    fn entry(tiff: &mut Vec<u8>, tag: u16, kind: u16, count: usize, value: usize) {
        tiff.extend_from_slice(&tag.to_be_bytes());
        tiff.extend_from_slice(&kind.to_be_bytes());
        tiff.extend_from_slice(&u32::try_from(count).unwrap().to_be_bytes());
        tiff.extend_from_slice(&u32::try_from(value).unwrap().to_be_bytes());
    }
    const ASCII: u16 = 2;
    const SHORT: u16 = 3;
    const LONG: u16 = 4;
    const RATIONAL: u16 = 5;
    let make = format!("{CAMERA_MAKE}\0").into_bytes();
    let model = format!("{CAMERA_MODEL}\0").into_bytes();
    // Big-endian TIFF: the header, IFD0 of four entries, its strings, then the GPS IFD and its latitude.
    let make_at = 8 + 2 + 4 * 12 + 4;
    let model_at = make_at + make.len();
    let gps_at = (model_at + model.len() + 1) & !1;
    let latitude_at = gps_at + 2 + 2 * 12 + 4;
    let mut tiff = b"MM\x00\x2a\x00\x00\x00\x08".to_vec();
    tiff.extend_from_slice(&4u16.to_be_bytes());
    entry(&mut tiff, 0x010F, ASCII, make.len(), make_at);
    entry(&mut tiff, 0x0110, ASCII, model.len(), model_at);
    // A SHORT of one value is held in the entry itself, left-justified.
    entry(&mut tiff, 0x0112, SHORT, 1, usize::from(orientation) << 16);
    entry(&mut tiff, 0x8825, LONG, 1, gps_at);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    tiff.extend_from_slice(&make);
    tiff.extend_from_slice(&model);
    tiff.resize(gps_at, 0);
    tiff.extend_from_slice(&2u16.to_be_bytes());
    tiff.extend_from_slice(&[0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, b'N', 0, 0, 0]);
    entry(&mut tiff, 0x0002, RATIONAL, 3, latitude_at);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    assert_eq!(tiff.len(), latitude_at);
    let latitude: Vec<u8> = [31u32, 1, 33, 1, 1234, 100].iter().flat_map(|n| n.to_be_bytes()).collect();
    tiff.extend_from_slice(&latitude);
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&u16::try_from(2 + 6 + tiff.len()).unwrap().to_be_bytes());
    segment.extend_from_slice(b"Exif\0\0");
    segment.extend_from_slice(&tiff);
    let plain = picture(ImageFormat::Jpeg, width, height);
    let mut bytes = plain[..2].to_vec();
    bytes.extend_from_slice(&segment);
    bytes.extend_from_slice(&plain[2..]);
    PhonePhoto { bytes, traces: vec![b"Exif\0\0".to_vec(), CAMERA_MAKE.into(), CAMERA_MODEL.into(), latitude] }
}

/// Whether `haystack` holds `needle` anywhere.
#[must_use]
pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// A PNG of a few hundred bytes whose header says it is `width` × `height` pixels: a small picture's file
/// with its IHDR chunk rewritten (and its checksum recomputed).
#[must_use]
pub fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = picture(ImageFormat::Png, 8, 8);
    // The signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4), 5 more bytes, CRC (4).
    assert_eq!(&bytes[12..16], b"IHDR");
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    bytes
}

/// The CRC-32 PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320).
fn crc32(data: &[u8]) -> u32 {
    let mut crc = u32::MAX;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_size_is_what_a_reader_sees_and_the_checksum_holds() {
        let bytes = png_declaring(11_000, 11_000);

        let reader = image::ImageReader::with_format(std::io::Cursor::new(&bytes), ImageFormat::Png);

        assert_eq!(reader.into_dimensions().unwrap(), (11_000, 11_000));
        assert!(bytes.len() < 1024, "{} bytes", bytes.len());
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }

    #[test]
    fn a_phone_photo_carries_its_camera_position_and_orientation() {
        let photo = phone_photo(64, 48, 6);

        let mut decoder = image::ImageReader::with_format(std::io::Cursor::new(&photo.bytes), ImageFormat::Jpeg)
            .into_decoder()
            .unwrap();

        assert_eq!(image::ImageDecoder::orientation(&mut decoder).unwrap(), image::metadata::Orientation::Rotate90);
        assert!(photo.traces.iter().all(|trace| contains(&photo.bytes, trace)));
    }
}
