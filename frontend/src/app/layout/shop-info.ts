/** Where the server draws the shop info into the shell (docs/decisions/0033). */
export const SHOP_INFO_MARKER = '<!--shop-info-->';

/**
 * The shop info the server drew into `#shop-info` (cash on delivery, the delivery charge, how long delivery
 * takes, the WhatsApp link), read once before the app first draws so that the app draws it again as it was,
 * without a request or code of its own. Empty where no server drew it (the dev server, tests).
 */
export const serverShopInfo: string =
  typeof document === 'undefined' ? '' : (document.getElementById('shop-info')?.innerHTML.replace(SHOP_INFO_MARKER, '') ?? '');
