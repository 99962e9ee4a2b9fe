import type { ComponentProps } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type Props = Omit<ComponentProps<typeof OutlinedInput>, 'label' | 'id'> & { id: string; label: string };

/**
 * A labelled outlined text input. Built from its parts instead of TextField, which brings every
 * input variant (filled, standard, select) into the entry bundle.
 */
export function OutlinedField({ id, label, fullWidth, ...input }: Props) {
  return (
    <FormControl variant="outlined" fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...input} />
    </FormControl>
  );
}
