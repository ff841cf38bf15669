// The contact-request form (spec §4, §5), shared by /inscription and /richiedi-informazioni. react-hook-form holds
// the values and checks them with the shared schema before sending; the server's field errors land under the same
// fields. Plain React + public.css: the admin's form layer (Chakra) stays out of the public pages.
// `noValidate`: the browser's own bubbles would hide the Italian messages; `required` still tells assistive tech.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from '../../lib/public-router';
import { ITALIAN_REGIONS, LEAD_ROLES, MEMBER_BRACKETS } from '../../../../schema/constants';
import { MSG } from '../../../../schema/messages';
import type { FieldErrors } from '../../../../schema/validation/fields';
import type { Lead } from '../../../../schema/validation/lead';
import { postLead } from './lead-api';

const EMPTY = { name: '', email: '', phone: '', clubName: '', role: '', region: '', members: '' };
type LeadField = keyof typeof EMPTY;
type Values = typeof EMPTY & { funnelName: string };

let rules: ReturnType<typeof loadRules> | undefined;
function loadRules() {
  return import('./validate-lead');
}
/** Starts loading the rules once (first focus in the form); submit waits for them if they are not there yet. */
const leadRules = () => (rules ??= loadRules().catch((e: unknown) => {
  rules = undefined;
  throw e;
}));
/** The shared schema's resolver, from its own chunk (zod is most of the page's JavaScript otherwise). */
const leadResolver: Resolver<Values, unknown, Lead> = async (...args) =>
  ((await leadRules()).leadResolver as unknown as Resolver<Values, unknown, Lead>)(...args);

export const SUBMIT_LABEL = 'Invia Richiesta';

interface LeadFormProps {
  /** Funnel recorded with the lead (the page's `fn`, or `direct`); never shown. */
  funnel: string;
  onSent: (result: { message: string; email: string }) => void;
}

export function LeadForm({ funnel, onSent }: LeadFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, Lead>({
    defaultValues: { ...EMPTY, funnelName: funnel },
    resolver: leadResolver,
    // Checked on submit, then on each change of a wrong field: a corrected field stops shouting at once.
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: sending } = formState;
  const formRef = useRef<HTMLFormElement>(null);
  // Focus moves after the render that shows the messages, so a screen reader reads the field with its error: the
  // first wrong control in the order of the page.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures]);

  const fail = (message: string, fieldErrors: FieldErrors = {}) => {
    for (const [name, text] of Object.entries(fieldErrors)) if (name in EMPTY) setError(name as LeadField, { type: 'server', message: text });
    setError('root.form', { type: 'server', message });
    setFailures((n) => n + 1);
  };

  const submit = handleSubmit(
    async (lead) => {
      const result = await postLead(lead);
      if (result.ok) onSent({ message: result.message, email: lead.email });
      else fail(result.message, result.errors);
    },
    () => fail(MSG.invalidFields),
  );

  const field = (name: LeadField) => {
    const message = errors[name]?.message;
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
          id={`lead-${name}`}
          className="pub-input"
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          required
          {...register(name)}
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
            {options.map((option) => (
              <label key={option} className="pub-choice">
                <input type="radio" required value={option} {...register(name)} {...aria} />
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
  const alert = errors.root?.form?.message;
  return (
    <form
      ref={formRef}
      className="pub-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (sending) return;
        // The rules first (usually loaded at the first focus): without them, offline, the form says so.
        void leadRules().then(
          () => submit(event),
          () => fail(MSG.noConnection),
        );
      }}
      onFocus={() => void leadRules().catch(() => undefined)}
      aria-busy={sending}
    >
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
        <select id="lead-region" className="pub-input" autoComplete="address-level1" {...register('region')} {...region.aria}>
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
