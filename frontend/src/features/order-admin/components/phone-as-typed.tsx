/**
 * A phone of an order: its normal form as the link to call, and beside it the number as the shopper typed it
 * when that reads differently ('0301 2345678', '۰۳۰۱-۲۳۴۵۶۷۸'), so the owner sees and can search what was
 * typed.
 */
export function PhoneAsTyped({ normal, typed }: { normal: string; typed: string | null | undefined }) {
  return (
    <>
      <a href={`tel:${normal}`}>{normal}</a>
      {typed && typed !== normal && <span className="admin-order__typed"> (typed {typed})</span>}
    </>
  );
}
