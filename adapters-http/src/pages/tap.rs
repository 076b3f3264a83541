//! A tap on the server-drawn 'Add to Cart' before the app has started (docs/decisions/0034): a few lines
//! of script in the product page mark the tap on `<html data-tapped-add="/product/{id}">` and show 'Adding…'
//! on the button at once; the app adds the product when it starts (`takeTappedAdd`,
//! `frontend/src/lib/page-data.ts`) and draws the cart's stepper in the button's place. The script runs under
//! the Content-Security-Policy by its hash ([`script_hash`]), not by `'unsafe-inline'`.

use base64::Engine as _;
use sha2::{Digest as _, Sha256};

/// The script's text, exactly as the page carries it (its hash is over these bytes). The app's first render
/// replaces the button, and the listener goes with it.
pub const SCRIPT: &str = "(function(){var b=document.querySelector('.product-cart__add');\
if(!b||b.disabled)return;b.addEventListener('click',function(){\
document.documentElement.setAttribute('data-tapped-add',location.pathname);\
b.textContent='Adding\u{2026}';b.disabled=true;b.setAttribute('aria-busy','true');});})();";

/// The script element the product page carries after its data.
#[must_use]
pub fn element() -> String {
    format!("<script>{SCRIPT}</script>")
}

/// `'sha256-…'`: the script's CSP source.
#[must_use]
pub fn script_hash() -> String {
    let digest = Sha256::digest(SCRIPT.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_the_scripts_sha256_in_base64() {
        let hash = script_hash();

        assert!(hash.starts_with("'sha256-") && hash.ends_with('\''), "{hash}");
        assert_eq!(hash.len(), "'sha256-'".len() + 44);
    }

    #[test]
    fn the_script_holds_nothing_that_would_end_its_element() {
        assert!(!SCRIPT.contains("</"));
        assert!(element().starts_with("<script>(function(){"));
    }
}
