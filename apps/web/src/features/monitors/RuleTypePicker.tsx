import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { RuleType } from '@emberwatch/shared/domain/kinds/ruleTypes';

/** Spec doc 3 §2 "Rule-type picker: lists available rule types with title and description." */
export function RuleTypePicker({
  types,
  disabled = [],
  onPick,
  onClose,
}: {
  types: readonly RuleType[];
  /** Listed but greyed out (spec doc 3 §5: the other FC types once a monitor has one). */
  disabled?: readonly RuleType[];
  onPick: (type: RuleType) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="rule-type-picker-title" fullWidth maxWidth="sm">
      <DialogTitle id="rule-type-picker-title">{t('monitors.editor.pickType')}</DialogTitle>
      <List>
        {types.map((type) => (
          <ListItemButton key={type} disabled={disabled.includes(type)} onClick={() => onPick(type)}>
            <ListItemText
              primary={t(`monitors.types.${type}.title`)}
              secondary={t(`monitors.types.${type}.description`)}
            />
          </ListItemButton>
        ))}
      </List>
    </Dialog>
  );
}
