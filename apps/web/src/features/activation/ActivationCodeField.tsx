import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import {
  ACTIVATION_CODE_DEBOUNCE_MS,
  ACTIVATION_CODE_MAX_LENGTH,
  activationCodeProblem,
  type ActivationCodeProblem,
} from '@emberwatch/shared/domain/activation/activationCode';

const PROBLEM_KEYS = {
  required: 'activation.act_code_req',
  tooShort: 'activation.tooShort',
  tooLong: 'activation.tooLong',
} as const satisfies Record<ActivationCodeProblem, string>;

/**
 * The activation code box (spec doc 1 §5, doc 2 §5): required, at least 2 characters, checked 300 ms
 * after the last key, so that a half-typed code does not flash an error. The rule itself decides at
 * once whether the code may be sent (the caller's Activate button).
 */
export function ActivationCodeField({
  value,
  onChange,
  onSubmit,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(value !== '');
  const [checked, setChecked] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setChecked(value), ACTIVATION_CODE_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [value]);
  const problem = touched ? activationCodeProblem(checked) : null;
  return (
    <TextField
      autoFocus={autoFocus}
      fullWidth
      margin="dense"
      label={t('activation.code')}
      value={value}
      onChange={(e) => {
        setTouched(true);
        onChange(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && activationCodeProblem(value) === null) {
          e.preventDefault();
          onSubmit();
        }
      }}
      error={problem !== null}
      helperText={problem ? t(PROBLEM_KEYS[problem]) : t('activation.codeHelp')}
      slotProps={{
        htmlInput: {
          maxLength: ACTIVATION_CODE_MAX_LENGTH + 8,
          autoCapitalize: 'characters',
          autoComplete: 'off',
          spellCheck: false,
          'data-testid': 'activation-code',
        },
      }}
    />
  );
}
