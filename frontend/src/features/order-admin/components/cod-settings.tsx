import { useId, useState, type ReactNode, type SubmitEvent } from 'react';

import type { CodSettingsResponse } from '@/api/generated';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';
import { LoadingBar } from '@/components/ui/loading-bar';
import { firstErrors, type FieldErrors } from '@/lib/field-errors';

import { useCodSettings, useSaveCodSettingsMutation } from '../api/order-checks';
import { limitKey, paramKey, pointsKey, settingsFields, toSettingsBody, type CodSettingsFields } from '../lib/cod-settings-form';
import { codMessages } from '../lib/order-checks';

import { WhatsAppSettings } from './whatsapp-settings';

import '../order-checks.css';

/**
 * The Order checks page (docs/cod.md 'Settings', docs/security.md 'Orders'): the rules, hours and limits on
 * orders in force, then the form to change them.
 */
export function CodSettingsPage() {
  const settings = useCodSettings();
  if (settings.isPending) return <LoadingBar label="Loading order checks" />;
  if (settings.isError) {
    return (
      <p className="admin-message admin-message--error" role="alert">
        {codMessages.settingsLoadFailed}
      </p>
    );
  }
  return <CodSettingsForm settings={settings.data} />;
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  min: number;
  max: number;
  error: string | undefined;
  hint?: ReactNode;
  onChange: (value: string) => void;
}

function NumberField({ id, label, value, min, max, error, hint, onChange }: NumberFieldProps) {
  const describedBy = [`${id}-range`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <p id={`${id}-range`} className="form-field__hint">
        {hint ?? `From ${min} to ${max}.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Every risk rule with its label, description, on/off switch, points and parameters (each with its range),
 * the hour setting, the WhatsApp templates and the limits on orders; Save sends them all as typed, and the server's errors (a
 * figure out of its range, or no whole number) show beside their fields.
 */
function CodSettingsForm({ settings }: { settings: CodSettingsResponse }) {
  const save = useSaveCodSettingsMutation();
  const toOutcome = useReplyOutcome();
  const [fields, setFields] = useState<CodSettingsFields>(() => settingsFields(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();

  function edit(key: string, change: (current: CodSettingsFields) => CodSettingsFields) {
    setFields(change);
    setErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([field]) => field !== key)) : current));
  }

  function editRule(index: number, change: (rule: CodSettingsFields['rules'][number]) => CodSettingsFields['rules'][number], key: string) {
    edit(key, (current) => ({ ...current, rules: current.rules.map((rule, at) => (at === index ? change(rule) : rule)) }));
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    const reply = await save.mutateAsync(toSettingsBody(fields));
    if (reply.kind === 'done') {
      setFields(settingsFields(reply.data));
      setErrors({});
      setOutcome({ tone: 'success', message: codMessages.settingsSaved });
      return;
    }
    setErrors(reply.kind === 'refused' ? firstErrors(reply.errors) : {});
    setOutcome(toOutcome(reply, ''));
  }

  return (
    <form className="cod-settings" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Order checks">
      <h2 className="cod-settings__heading">Risk rules</h2>
      <p className="admin-page__intro">
        Each pending order is scored by the rules that are on: the points of every rule that fires, at most 100. 0–29 is low risk,
        30–59 medium and 60–100 high.
      </p>
      <ul className="cod-settings__rules">
        {fields.rules.map((rule, index) => {
          const ruleId = `${id}-${rule.id}`;
          return (
            <li key={rule.id}>
              <fieldset className="admin-fieldset cod-rule" aria-describedby={`${ruleId}-description`}>
                <legend>{rule.label}</legend>
                <p id={`${ruleId}-description`} className="cod-rule__description">
                  {rule.description}
                </p>
                <label className="admin-check">
                  <input
                    type="checkbox"
                    role="switch"
                    name={`${rule.id}.enabled`}
                    checked={rule.enabled}
                    onChange={(event) => {
                      const enabled = event.target.checked;
                      editRule(index, (current) => ({ ...current, enabled }), `rules[${index}].enabled`);
                    }}
                  />
                  On
                </label>
                <div className="admin-field-group">
                  <NumberField
                    id={`${ruleId}-points`}
                    label="Points"
                    value={rule.points}
                    min={0}
                    max={100}
                    error={errors[pointsKey(index)]}
                    onChange={(points) => {
                      editRule(index, (current) => ({ ...current, points }), pointsKey(index));
                    }}
                  />
                  {rule.params.map((param, paramIndex) => (
                    <NumberField
                      key={param.key}
                      id={`${ruleId}-${param.key}`}
                      label={param.label}
                      value={param.value}
                      min={param.min}
                      max={param.max}
                      error={errors[paramKey(index, param.key)]}
                      onChange={(value) => {
                        editRule(
                          index,
                          (current) => ({ ...current, params: current.params.map((p, at) => (at === paramIndex ? { ...p, value } : p)) }),
                          paramKey(index, param.key),
                        );
                      }}
                    />
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <h2 className="cod-settings__heading">Confirmation</h2>
      <div className="admin-field-group">
        <NumberField
          id={`${id}-rejectUnconfirmedAfterHours`}
          label="Reject unconfirmed orders after (hours)"
          value={fields.rejectUnconfirmedAfterHours}
          min={1}
          max={720}
          error={errors.rejectUnconfirmedAfterHours}
          hint="From 1 to 720. The confirmation e-mail promises this many hours, its link works as long, and 'Reject unconfirmed orders' on the orders page rejects pending orders older than this."
          onChange={(value) => {
            edit('rejectUnconfirmedAfterHours', (current) => ({ ...current, rejectUnconfirmedAfterHours: value }));
          }}
        />
      </div>
      <WhatsAppSettings
        fields={fields}
        errors={errors}
        onChange={(key, value) => {
          edit(key, (current) => ({ ...current, [key]: value }));
        }}
      />
      <h2 className="cod-settings__heading">Limits on orders</h2>
      <p className="admin-page__intro">
        Checked as each order is placed: past a limit the shopper is told what to do, and nothing is taken from stock.
      </p>
      <div className="admin-field-group">
        {fields.limits.map((limit, index) => (
          <NumberField
            key={limit.key}
            id={`${id}-limit-${limit.key}`}
            label={limit.label}
            value={limit.value}
            min={limit.min}
            max={limit.max}
            error={errors[limitKey(limit.key)]}
            hint={`${limit.description} From ${limit.min} to ${limit.max}.`}
            onChange={(value) => {
              edit(limitKey(limit.key), (current) => ({
                ...current,
                limits: current.limits.map((l, at) => (at === index ? { ...l, value } : l)),
              }));
            }}
          />
        ))}
      </div>
      <OutcomeMessage outcome={outcome} />
      <button type="submit" className="button admin-form__submit" disabled={save.isPending} aria-busy={save.isPending}>
        Save
      </button>
    </form>
  );
}
