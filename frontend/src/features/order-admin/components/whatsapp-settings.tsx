import { useId } from 'react';

import type { CodSettingsFields, WhatsAppTemplateKey } from '../lib/cod-settings-form';
import { whatsAppMessages } from '../lib/whatsapp-thread';

import '../whatsapp.css';

interface TemplateField {
  key: WhatsAppTemplateKey;
  label: string;
  hint: string;
}

/** The four template fields, their labels and what each one is for (docs/whatsapp.md 'Templates'). */
export const whatsAppTemplateFields: readonly TemplateField[] = [
  {
    key: 'whatsappConfirmationTemplate',
    label: 'Confirmation template',
    hint: 'The approved template sent when an order is placed, with the Confirm and Cancel buttons. Default: order_confirmation.',
  },
  {
    key: 'whatsappUpdateTemplate',
    label: 'Update template',
    hint: 'The approved template sent when an order is approved, dispatched, delivered or rejected. Default: order_update.',
  },
  {
    key: 'whatsappTemplateLanguage',
    label: 'Template language',
    hint: 'The language code both templates were approved in, for orders placed in English, e.g. en or en_US. Default: en.',
  },
  {
    key: 'whatsappTemplateLanguageUr',
    label: 'Urdu template language',
    hint: 'The language code of the same two templates, approved in Urdu, sent for orders placed in Urdu. Default: ur.',
  },
];

interface WhatsAppSettingsProps {
  fields: Pick<CodSettingsFields, 'whatsappEnabled' | WhatsAppTemplateKey>;
  errors: Partial<Record<string, string>>;
  onChange: (key: WhatsAppTemplateKey, value: string) => void;
}

/**
 * The Order checks page's WhatsApp section: whether WhatsApp is on (the server's WHATSAPP_* settings decide;
 * read-only here), then the names of the two templates Meta approved and their language code, each with what it
 * is for and the server's error beside it.
 */
export function WhatsAppSettings({ fields, errors, onChange }: WhatsAppSettingsProps) {
  const id = useId();
  return (
    <section className="whatsapp-settings" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cod-settings__heading">
        WhatsApp
      </h2>
      <p className={`whatsapp-settings__state whatsapp-settings__state--${fields.whatsappEnabled ? 'on' : 'off'}`}>
        {fields.whatsappEnabled ? whatsAppMessages.on : whatsAppMessages.off}
      </p>
      <div className="admin-field-group">
        {whatsAppTemplateFields.map(({ key, label, hint }) => {
          const error = errors[key];
          const fieldId = `${id}-${key}`;
          return (
            <div className="form-field" key={key}>
              <label htmlFor={fieldId}>{label}</label>
              <input
                id={fieldId}
                type="text"
                name={key}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={fields[key]}
                aria-invalid={error ? true : undefined}
                aria-describedby={[`${fieldId}-hint`, error ? `${fieldId}-error` : null].filter(Boolean).join(' ')}
                onChange={(event) => {
                  onChange(key, event.target.value);
                }}
              />
              <p id={`${fieldId}-hint`} className="form-field__hint">
                {hint}
              </p>
              {error && (
                <p id={`${fieldId}-error`} className="form-field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
