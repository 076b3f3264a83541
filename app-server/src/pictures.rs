//! Product pictures for the demo shop, drawn here (nothing is downloaded): a flat illustration of the
//! accessory in its colour, encoded as lossless WebP, which keeps flat artwork to a few kilobytes.

use image::codecs::webp::WebPEncoder;
use image::{Rgb, RgbImage};

const SIZE: u32 = 480;

/// What the picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Case,
    Charger,
    Cable,
    Audio,
    PowerBank,
    Protector,
}

/// The RGB colour for a colour name, grey for unknown names.
fn colour(name: &str) -> Rgb<u8> {
    Rgb(match name {
        "Black" => [38, 38, 44],
        "Blue" => [37, 99, 235],
        "Navy" => [30, 58, 138],
        "Red" => [220, 38, 38],
        "Green" => [22, 163, 74],
        "White" => [245, 245, 245],
        "Pink" => [236, 72, 153],
        "Purple" => [124, 58, 237],
        "Clear" => [203, 213, 225],
        "Orange" => [234, 88, 12],
        _ => [100, 116, 139],
    })
}

fn mix(a: Rgb<u8>, b: Rgb<u8>, t: f32) -> Rgb<u8> {
    let channel = |i: usize| (f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t).round() as u8;
    Rgb([channel(0), channel(1), channel(2)])
}

fn rounded_rect(img: &mut RgbImage, (x0, y0, w, h): (i32, i32, i32, i32), r: i32, c: Rgb<u8>) {
    for y in y0.max(0)..(y0 + h).min(SIZE as i32) {
        for x in x0.max(0)..(x0 + w).min(SIZE as i32) {
            let dx = (x0 + r - x).max(x - (x0 + w - 1 - r)).max(0);
            let dy = (y0 + r - y).max(y - (y0 + h - 1 - r)).max(0);
            if dx * dx + dy * dy <= r * r {
                img.put_pixel(x as u32, y as u32, c);
            }
        }
    }
}

fn circle(img: &mut RgbImage, (cx, cy): (i32, i32), r: i32, c: Rgb<u8>) {
    rounded_rect(img, (cx - r, cy - r, 2 * r + 1, 2 * r + 1), r, c);
}

fn draw(img: &mut RgbImage, kind: Kind, main: Rgb<u8>, variant: u8) {
    let dark = Rgb([30, 30, 36]);
    let light = mix(main, Rgb([255, 255, 255]), 0.45);
    let shade = mix(main, dark, 0.35);
    match kind {
        Kind::Case => {
            rounded_rect(img, (150, 60, 180, 360), 34, shade);
            rounded_rect(img, (156, 66, 168, 348), 30, main);
            rounded_rect(img, (172, 82, 70, 70), 18, shade);
            circle(img, (193, 103), 12, dark);
            circle(img, (221, 131), 12, dark);
            if variant == 1 {
                rounded_rect(img, (205, 250, 70, 70), 35, light);
            }
        }
        Kind::Charger => {
            rounded_rect(img, (185, 60, 22, 70), 6, Rgb([190, 190, 196]));
            rounded_rect(img, (273, 60, 22, 70), 6, Rgb([190, 190, 196]));
            rounded_rect(img, (150, 120, 180, 200), 30, main);
            rounded_rect(img, (205, 250, 70, 24), 6, dark);
            rounded_rect(img, (170, 140, 140, 12), 6, light);
        }
        Kind::Cable => {
            for step in 0..=400 {
                let t = step as f32 / 400.0;
                let x = 70.0 + t * 340.0;
                let y = 240.0 + (t * std::f32::consts::TAU * 1.5).sin() * 90.0;
                circle(img, (x as i32, y as i32), 9, main);
            }
            rounded_rect(img, (40, 222, 50, 36), 8, shade);
            rounded_rect(img, (390, 222, 50, 36), 8, shade);
        }
        Kind::Audio => {
            rounded_rect(img, (120, 300, 240, 110), 55, shade);
            rounded_rect(img, (126, 306, 228, 98), 49, main);
            for cx in [170, 310] {
                circle(img, (cx, 160), 52, main);
                circle(img, (cx, 160), 24, dark);
                rounded_rect(img, (cx - 14, 190, 28, 90), 14, main);
            }
        }
        Kind::PowerBank => {
            rounded_rect(img, (140, 70, 200, 340), 36, shade);
            rounded_rect(img, (146, 76, 188, 328), 32, main);
            for (i, x) in [200, 226, 252, 278].into_iter().enumerate() {
                let lit = i < 3 + usize::from(variant);
                circle(img, (x, 350), 7, if lit { Rgb([74, 222, 128]) } else { dark });
            }
        }
        Kind::Protector => {
            rounded_rect(img, (140, 60, 200, 360), 30, Rgb([148, 163, 184]));
            rounded_rect(img, (146, 66, 188, 348), 26, light);
            for offset in 0..40 {
                for t in 0..300 {
                    let (x, y) = (150 + t + offset, 400 - t);
                    if (146..334).contains(&x) && (66..414).contains(&y) {
                        img.put_pixel(x as u32, y as u32, Rgb([255, 255, 255]));
                    }
                }
            }
        }
    }
}

/// A picture of a product of `kind` in the colour named `colour_name`; `variant` 1 shows another angle.
///
/// # Errors
/// When the WebP encoder refuses the drawn picture (it is of a fixed size and colour type, so a bug).
pub fn picture(kind: Kind, colour_name: &str, variant: u8) -> Result<Vec<u8>, image::ImageError> {
    let main = colour(colour_name);
    let background = mix(main, Rgb([255, 255, 255]), if variant == 0 { 0.88 } else { 0.78 });
    let mut img = RgbImage::from_pixel(SIZE, SIZE, background);
    draw(&mut img, kind, main, variant);
    let mut bytes = Vec::new();
    img.write_with_encoder(WebPEncoder::new_lossless(&mut bytes))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_a_small_webp_of_the_right_size() {
        let bytes = picture(Kind::Case, "Blue", 0).unwrap();

        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(&bytes[8..12], b"WEBP");
        assert!(bytes.len() < 40_000, "{} bytes", bytes.len());
        let decoded = image::load_from_memory(&bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (SIZE, SIZE));
    }
}
