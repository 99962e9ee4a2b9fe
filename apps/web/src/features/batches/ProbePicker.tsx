import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** Picks probes of a station by id or name (a pile has one probe every few metres). */
export function ProbePicker({
  options,
  value,
  onChange,
  label,
  disabled,
}: {
  options: readonly string[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  label: (id: string) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      size="small"
      disabled={disabled}
      options={[...options]}
      value={[...value]}
      getOptionLabel={label}
      onChange={(_, ids) => onChange(ids)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('batches.fields.probes')}
          inputProps={{ ...params.inputProps, 'data-testid': 'batch-probes' }}
        />
      )}
    />
  );
}
