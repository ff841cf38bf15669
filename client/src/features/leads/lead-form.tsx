// The contact-request form (spec §4, §5), shared by /inscription and /richiedi-informazioni. Checked with the
// shared schema before sending; the server's field errors land under the same fields. Plain React + public.css.
// `noValidate`: the browser's own bubbles would hide the Italian messages; `required` still tells assistive tech.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ITALIAN_REGIONS, LEAD_ROLES, MEMBER_BRACKETS } from '../../../../schema/constants';
import { MSG } from '../../../../schema/messages';
import type { FieldErrors } from '../../../../schema/validation/fields';
import { postLead } from './lead-api';

/** The fields in screen order: the first invalid one gets the focus. */
const LEAD_FIELDS = ['name', 'email', 'phone', 'clubName', 'role', 'region', 'members'] as const;
type LeadField = (typeof LEAD_FIELDS)[number];
type Values = Record<LeadField, string>;
const EMPTY: Values = { name: '', email: '', phone: '', clubName: '', role: '', region: '', members: '' };

let rules: ReturnType<typeof loadRules> | undefined;
function loadRules() {
  return import('./validate-lead');
}
/** Starts loading the rules once (first focus in the form); submit waits for them if they are not there yet. */
const leadRules = () => (rules ??= loadRules().catch((e: unknown) => {
  rules = undefined;
  throw e;
}));

export const SUBMIT_LABEL = 'Invia Richiesta';

interface LeadFormProps {
  /** Funnel recorded with the lead (the page's `fn`, or `direct`); never shown. */
  funnel: string;
  onSent: (result: { message: string; email: string }) => void;
}

export function LeadForm({ funnel, onSent }: LeadFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string>();
  const [sending, setSending] = useState(false);
  // Focus moves after the render that shows the messages, so a screen reader reads the field with its error.
  const [focusRequest, setFocusRequest] = useState<{ field: LeadField } | null>(null);
  const controls = useRef<Partial<Record<LeadField, HTMLInputElement | HTMLSelectElement | null>>>({});

  useEffect(() => {
    if (focusRequest) controls.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  const showErrors = (found: FieldErrors, message: string) => {
    setErrors(found);
    setAlert(message);
    const first = LEAD_FIELDS.find((f) => f in found);
    if (first) setFocusRequest({ field: first });
  };

  const change = (field: LeadField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A corrected field stops shouting; the others keep their message until the next attempt.
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    let checked;
    try {
      checked = (await leadRules()).validateLead({ ...values, funnelName: funnel });
    } catch {
      setSending(false);
      return showErrors({}, MSG.noConnection);
    }
    if (!checked.ok) {
      setSending(false);
      return showErrors(checked.errors, MSG.invalidFields);
    }
    setAlert(undefined);
    const result = await postLead(checked.data);
    setSending(false);
    if (result.ok) onSent({ message: result.message, email: checked.data.email });
    else showErrors(result.errors, result.message);
  }

  const field = (name: LeadField) => {
    const message = errors[name];
    const errorId = `lead-${name}-error`;
    return {
      message: message ? (
        <p className="pub-field__error" id={errorId}>
          {message}
        </p>
      ) : null,
      aria: { 'aria-invalid': message ? ('true' as const) : undefined, 'aria-describedby': message ? errorId : undefined },
    };
  };

  const text = (name: LeadField, label: string, props: { type?: string; autoComplete: string; inputMode?: 'email' | 'tel' }) => {
    const { message, aria } = field(name);
    return (
      <div className="pub-field">
        <label className="pub-label" htmlFor={`lead-${name}`}>
          {label}
        </label>
        <input
          ref={(el) => {
            controls.current[name] = el;
          }}
          id={`lead-${name}`}
          name={name}
          className="pub-input"
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          required
          value={values[name]}
          onChange={(e) => change(name, e.target.value)}
          {...aria}
        />
        {message}
      </div>
    );
  };

  const choices = (name: 'role' | 'members', legend: string, options: readonly string[]) => {
    const { message, aria } = field(name);
    return (
      <div className="pub-field">
        <fieldset>
          <legend className="pub-label lead-legend">{legend}</legend>
          <div className="pub-choices">
            {options.map((option, i) => (
              <label key={option} className="pub-choice">
                <input
                  ref={
                    i === 0
                      ? (el) => {
                          controls.current[name] = el;
                        }
                      : undefined
                  }
                  type="radio"
                  required
                  name={name}
                  value={option}
                  checked={values[name] === option}
                  onChange={() => change(name, option)}
                  {...aria}
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
        {message}
      </div>
    );
  };

  const region = field('region');
  return (
    <form className="pub-form" noValidate onSubmit={submit} onFocus={() => void leadRules().catch(() => undefined)} aria-busy={sending}>
      <p className="pub-field__hint">Tutti i campi sono obbligatori, tranne la regione.</p>
      {text('name', 'Nome e cognome', { autoComplete: 'name' })}
      <div className="pub-form__row">
        {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {text('phone', 'Telefono', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      </div>
      {text('clubName', 'Nome della società', { autoComplete: 'organization' })}
      {choices('role', 'Ruolo', LEAD_ROLES)}
      <div className="pub-field">
        <label className="pub-label" htmlFor="lead-region">
          Regione <span className="pub-label__optional">(facoltativo)</span>
        </label>
        <select
          ref={(el) => {
            controls.current.region = el;
          }}
          id="lead-region"
          name="region"
          className="pub-input"
          autoComplete="address-level1"
          value={values.region}
          onChange={(e) => change('region', e.target.value)}
          {...region.aria}
        >
          <option value="">Seleziona la regione</option>
          {ITALIAN_REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {region.message}
      </div>
      {choices('members', 'Numero di tesserati', MEMBER_BRACKETS)}

      {alert ? (
        <div className="pub-alert pub-alert--error" role="alert">
          {alert}
        </div>
      ) : null}
      <p className="pub-consent">
        Cliccando su «{SUBMIT_LABEL}» acconsenti al trattamento dei tuoi dati personali per essere ricontattato, come
        descritto nell'<Link to="/privacy">informativa sulla privacy</Link>.
      </p>
      <button type="submit" className="pub-btn pub-btn--primary pub-btn--block" disabled={sending}>
        {sending ? 'Invio in corso...' : SUBMIT_LABEL}
      </button>
    </form>
  );
}

/** Step 2 (spec §4): the confirmation, focused so it is announced, and the way back home. */
export function LeadSent({ message, email, children }: { message: string; email: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="lead-sent">
      <svg className="lead-sent__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="#dcfce7" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="#15803d" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 className="pub-h2" tabIndex={-1} ref={heading}>
        Grazie, abbiamo ricevuto la tua richiesta
      </h2>
      <p className="pub-lead">{message}</p>
      <p className="pub-muted">
        Ti chiameremo al numero indicato oppure ti scriveremo a <strong>{email}</strong>. Se non ci senti entro un giorno
        lavorativo, controlla anche la cartella della posta indesiderata.
      </p>
      {children}
      <Link to="/" className="pub-btn pub-btn--primary">
        Torna alla home
      </Link>
    </div>
  );
}
