//! What makes an uploaded picture usable beyond its type: a size in pixels phones can show, and content
//! that decodes. The media store reads the size from the file's header before decoding anything, so a
//! small file declaring a huge picture (a decompression bomb) is refused before it takes any memory.

/// The most pixels a picture may have: a 40-megapixel photo (8000 × 5000) is larger than any phone camera's,
/// and decoding it takes about 160 MB.
pub const MAX_PICTURE_PIXELS: u64 = 40_000_000;

/// The widest a product picture is kept (and served): three times the widest slot the product page shows
/// it in (about 620 px beside the details), so it stays sharp on any phone or desktop screen while a
/// camera's 4000-8000 px original is never served whole. Narrower uploads keep their width.
pub const MAX_PRODUCT_PICTURE_WIDTH: u32 = 2048;

/// The widest a review picture is kept (and served): the widest of the copies phones get (1280 px), which
/// is what the review's full-screen view shows.
pub const MAX_REVIEW_PICTURE_WIDTH: u32 = 1280;

/// Why a picture of an accepted type cannot be used. Nothing of it is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UnusablePicture {
    #[error(
        "The picture is {width} × {height} pixels: pictures may have at most {} megapixels. Make it smaller and try again.",
        MAX_PICTURE_PIXELS / 1_000_000
    )]
    TooManyPixels { width: u32, height: u32 },
    #[error("The picture could not be read: the file is damaged or incomplete.")]
    Undecodable,
}

/// Checks a picture's size as its header declares it.
///
/// # Errors
/// [`UnusablePicture::TooManyPixels`] above [`MAX_PICTURE_PIXELS`]; [`UnusablePicture::Undecodable`] for a
/// picture without pixels.
pub fn check_dimensions(width: u32, height: u32) -> Result<(), UnusablePicture> {
    let pixels = u64::from(width) * u64::from(height);
    if pixels == 0 {
        Err(UnusablePicture::Undecodable)
    } else if pixels > MAX_PICTURE_PIXELS {
        Err(UnusablePicture::TooManyPixels { width, height })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_of_up_to_forty_megapixels_is_accepted() {
        assert_eq!(check_dimensions(8000, 5000), Ok(()));
        assert_eq!(check_dimensions(1, 1), Ok(()));
        assert_eq!(check_dimensions(40_000_000, 1), Ok(()));
    }

    #[test]
    fn a_picture_of_more_pixels_is_refused_with_its_size() {
        let refused = check_dimensions(11_000, 11_000);

        assert_eq!(refused, Err(UnusablePicture::TooManyPixels { width: 11_000, height: 11_000 }));
        assert_eq!(
            refused.unwrap_err().to_string(),
            "The picture is 11000 × 11000 pixels: pictures may have at most 40 megapixels. Make it smaller and try again."
        );
        assert!(check_dimensions(8001, 5000).is_err());
        assert!(check_dimensions(u32::MAX, u32::MAX).is_err(), "no overflow");
    }

    #[test]
    fn a_picture_without_pixels_does_not_decode() {
        assert_eq!(check_dimensions(0, 500), Err(UnusablePicture::Undecodable));
        assert_eq!(check_dimensions(500, 0), Err(UnusablePicture::Undecodable));
    }
}
