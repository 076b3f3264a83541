import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { emptyCheckoutFields, updateCheckoutFields } from './checkout-form';
import { draftKey, readDraft, useCheckoutDraft } from './use-checkout-draft';

const empty = () => emptyCheckoutFields({ name: 'Ayesha Khan', email: 'ayesha@example.pk' });

describe('useCheckoutDraft', () => {
  it('keeps what was typed in the tab for the account and gives it back when the form opens again', () => {
    const first = renderHook(() => useCheckoutDraft('7', empty));
    act(() => {
      first.result.current.setFields((fields) => updateCheckoutFields(fields, 'phone1', '0300 1234567'));
    });
    act(() => {
      first.result.current.setFields((fields) => updateCheckoutFields(fields, 'address', 'House 12, Street 4'));
    });
    first.unmount();

    const again = renderHook(() => useCheckoutDraft('7', empty));

    expect(again.result.current.restored).toBe(true);
    expect(again.result.current.fields).toEqual({ ...empty(), phone1: '0300 1234567', address: 'House 12, Street 4' });
    expect(window.localStorage.getItem(draftKey('7'))).toBeNull();
  });

  it("never shows one account's draft to another", () => {
    window.sessionStorage.setItem(draftKey('7'), JSON.stringify({ ...empty(), phone1: '0300 1234567' }));

    const other = renderHook(() => useCheckoutDraft('8', () => emptyCheckoutFields({ name: 'Bilal' })));

    expect(other.result.current.restored).toBe(false);
    expect(other.result.current.fields).toEqual(emptyCheckoutFields({ name: 'Bilal' }));
  });

  it('forgets the draft once the order is placed, and writes nothing after', () => {
    const hook = renderHook(() => useCheckoutDraft('7', empty));
    act(() => {
      hook.result.current.setFields((fields) => updateCheckoutFields(fields, 'phone1', '0300 1234567'));
    });
    expect(readDraft('7')?.phone1).toBe('0300 1234567');

    act(() => {
      hook.result.current.clearDraft();
    });

    expect(window.sessionStorage.getItem(draftKey('7'))).toBeNull();
    hook.unmount();
    expect(renderHook(() => useCheckoutDraft('7', empty)).result.current.fields).toEqual(empty());
  });

  it('ignores a draft that does not read as the form, and keeps none for a session that has ended', () => {
    window.sessionStorage.setItem(draftKey('7'), '{"phone1": 42}');
    expect(renderHook(() => useCheckoutDraft('7', empty)).result.current.fields).toEqual(empty());

    window.sessionStorage.setItem(draftKey('9'), 'not json');
    expect(readDraft('9')).toBeNull();

    renderHook(() => useCheckoutDraft('', empty));
    expect(window.sessionStorage.getItem(draftKey(''))).toBeNull();
  });
});
