import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

/** One labelled choice of the General settings (language, date format, time format). */
export function PreferenceSelect<T extends string>({
  id,
  label,
  value,
  options,
  optionLabel,
  onChange,
  testId,
  optionLang,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
  testId?: string;
  /** Marks each option's language, so a screen reader reads "Suomi" in Finnish. */
  optionLang?: boolean;
}) {
  return (
    <FormControl size="small" sx={{ maxWidth: 320 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select<T>
        labelId={id}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        data-testid={testId}
      >
        {options.map((o) => (
          <MenuItem key={o} value={o} lang={optionLang ? o : undefined}>
            {optionLabel(o)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
