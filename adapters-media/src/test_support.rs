//! Pictures for tests: ordinary ones in each accepted format, and a PNG whose header declares a size its
//! data does not have (a decompression bomb's header without the bomb).

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
}
