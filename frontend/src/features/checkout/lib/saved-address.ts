import type { SavedAddressResponse } from '@/api/generated';

import type { CheckoutFields } from './checkout-form';

/** The form with a saved address's details in place (the e-mail stays: order mail goes to the account). */
export function fieldsFromSaved(current: CheckoutFields, saved: SavedAddressResponse): CheckoutFields {
  return {
    ...current,
    province: saved.province ?? '',
    city: saved.city ?? '',
    name: saved.name,
    phone1: saved.phone1,
    phone2: saved.phone2 ?? '',
    address: saved.address,
  };
}

/** Whether nothing of the delivery details has been typed yet, so a saved address may fill them in. */
export function untouched(fields: CheckoutFields): boolean {
  return fields.phone1 === '' && fields.phone2 === '' && fields.address === '' && fields.province === '' && fields.city === '';
}
