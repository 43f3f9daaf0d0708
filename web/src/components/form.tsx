import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldProps {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: ReactNode;
}

/** A labelled text input with an optional hint and error, wired for screen readers. */
export function TextField({
  label,
  hint,
  error,
  autoFocus,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const field = useRef<HTMLInputElement | null>(null);
  // autoFocus focuses the field when it appears, as React does: Preact (web/vite.config.ts) only
  // sets the attribute, which the browser honours once per page load, not on a screen opened later.
  // On mount only: never again while the person types in another field.
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, []);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={field}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint, error].some(Boolean) ? `${id}-note` : undefined}
        {...input}
      />
      <FieldNote id={`${id}-note`} hint={hint} error={error} />
    </div>
  );
}

/** A labelled multi-line input. */
export function TextArea({ label, hint, error, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint, error].some(Boolean) ? `${id}-note` : undefined}
        {...input}
      />
      <FieldNote id={`${id}-note`} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  hint,
  error,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-describedby={[hint, error].some(Boolean) ? `${id}-note` : undefined} {...select}>
        {children}
      </select>
      <FieldNote id={`${id}-note`} hint={hint} error={error} />
    </div>
  );
}

function FieldNote({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  if (!hint && !error) return null;
  return (
    <p id={id} className={error ? 'field-error' : 'field-hint'}>
      {error ?? hint}
    </p>
  );
}

/** A set of large radio buttons (yes/no answers, phases, results): each option is a 44px tap target. */
export function Choices<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  hint,
}: {
  legend: ReactNode;
  name: string;
  value: V | null;
  options: readonly { value: V; label: ReactNode; detail?: ReactNode }[];
  onChange: (value: V) => void;
  hint?: ReactNode;
}) {
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {options.map((o) => (
        <label key={o.value} className="choice">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>
            {o.label}
            {o.detail && <span className="choice-detail">{o.detail}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
