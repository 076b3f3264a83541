import { useId, useState, type SubmitEvent } from 'react';

import type { SavedAddressResponse } from '@/api/generated';
import addressTexts from '@/i18n/en/addresses.json';
import { useMessages, type Messages } from '@/lib/i18n';
import { provinceName as englishProvinceName, useProvinceName } from '@/lib/province-name';
import type { ServerReply } from '@/lib/server-reply';

import { useDeleteAddressMutation, useSavedAddresses, useUpdateAddressMutation } from '../api/saved-addresses';

import '@/components/ui/form.css';

/** What a refused or unanswered call says. */
function replyMessage(reply: ServerReply<unknown>, t: Messages<typeof addressTexts>): string {
  return (reply.kind === 'refused' ? reply.message : undefined) ?? t.failed();
}

/** One saved address in a line or two: name, phones, address, city and province. */
export function savedAddressLabel(saved: SavedAddressResponse, provinceName: (province: string) => string = englishProvinceName): string {
  const place = [saved.city, saved.province ? provinceName(saved.province) : null].filter(Boolean).join(', ');
  return [saved.name, saved.phone1, saved.address.replace(/\s*\n\s*/g, ', '), place].filter(Boolean).join(' · ');
}

/**
 * My Account's saved addresses (docs/decisions/0036-details-remembered.md): each one a placed order saved, with
 * 'Edit' (name, phones and address; the province and city stay) and 'Delete'. The checkout offers them to pick
 * from and fills in the first.
 */
export function SavedAddresses({ signedIn }: { signedIn: boolean }) {
  const t = useMessages(addressTexts, 'addresses');
  const provinceName = useProvinceName();
  const addresses = useSavedAddresses(signedIn);
  const remove = useDeleteAddressMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  const list = addresses.data?.addresses ?? [];
  if (!signedIn || addresses.isPending) return null;

  return (
    <section className="saved-addresses" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title()}</h2>
      {list.length === 0 ? (
        <p>{t.empty()}</p>
      ) : (
        <ul className="saved-addresses__list">
          {list.map((saved) => (
            <li key={saved._id} className="saved-addresses__item">
              {editing === saved._id ? (
                <AddressEditor
                  saved={saved}
                  onDone={(done) => {
                    setEditing(null);
                    setMessage(done);
                  }}
                />
              ) : (
                <>
                  <p>{savedAddressLabel(saved, provinceName)}</p>
                  <button type="button" className="button button--secondary" onClick={() => {
                      setEditing(saved._id);
                    }}>
                    {t.edit()}
                  </button>{' '}
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={remove.isPending}
                    onClick={() =>
                      void remove.mutateAsync(saved._id).then((reply) => {
                        setMessage(reply.kind === 'done' ? t.deleted() : replyMessage(reply, t));
                      })
                    }
                  >
                    {t.delete()}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status">{message}</p>
    </section>
  );
}

function AddressEditor({ saved, onDone }: { saved: SavedAddressResponse; onDone: (message: string) => void }) {
  const t = useMessages(addressTexts, 'addresses');
  const update = useUpdateAddressMutation();
  const [fields, setFields] = useState({ name: saved.name, phone1: saved.phone1, phone2: saved.phone2 ?? '', address: saved.address });
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const reply = await update.mutateAsync({
      id: saved._id,
      body: { ...fields, province: saved.province ?? '', city: saved.city ?? '' },
    });
    if (reply.kind === 'done') onDone(t.saved());
    else setError(replyMessage(reply, t));
  }

  const input = (name: keyof typeof fields, label: string, multiline = false) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {multiline ? (
        <textarea id={`${id}-${name}`} rows={3} value={fields[name]} onChange={(e) => {
            setFields({ ...fields, [name]: e.target.value });
          }} />
      ) : (
        <input
          id={`${id}-${name}`}
          type={name.startsWith('phone') ? 'tel' : 'text'}
          value={fields[name]}
          onChange={(e) => {
            setFields({ ...fields, [name]: e.target.value });
          }}
        />
      )}
    </div>
  );

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t.editAddress()} noValidate>
      {input('name', t.name())}
      {input('phone1', t.phone1())}
      {input('phone2', t.phone2())}
      {input('address', t.address(), true)}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={update.isPending}>
        {t.save()}
      </button>
    </form>
  );
}
