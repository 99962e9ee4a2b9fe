import type { HTMLAttributes } from 'react';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/**
 * An outlined input with a floating label in plain markup (LoginPage.css), for the pages outside the
 * logged-in shell, which carry no MUI. The blank placeholder lets the CSS float the label once there
 * is a value.
 */
export function PlainField({ id, label, value, onChange, type = 'text', autoComplete, inputMode }: Props) {
  return (
    <div className="ew-field">
      <input
        className="ew-field__input"
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        inputMode={inputMode}
        placeholder=" "
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <label className="ew-field__label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
