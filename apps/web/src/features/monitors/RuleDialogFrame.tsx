import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RuleCore } from '@emberwatch/shared/contracts/monitors';
import { RuleExplanation } from './RuleExplanation';

/**
 * The frame every rule dialog shares (an alert rule's, a fan rule's): the rule type's title, the
 * caller's fields, the rule in words as it stands, Cancel and OK. OK is off until the fields make a
 * rule (`draft` is null while one is wrong), and the words say so meanwhile.
 */
export function RuleDialogFrame<Draft extends RuleCore>({
  titleId,
  title,
  draft,
  onClose,
  onDone,
  children,
}: {
  titleId: string;
  title: string;
  draft: Draft | null;
  onClose: () => void;
  onDone: (draft: Draft) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          <Typography variant="subtitle2">{t('monitors.rule.inWords')}</Typography>
          {draft ? (
            <RuleExplanation rule={draft} testId="rule-explanation" />
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="rule-explanation">
              {t('monitors.rule.fixFields')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('monitors.editor.cancel')}</Button>
        <Button variant="contained" disabled={!draft} onClick={() => draft && onDone(draft)}>
          {t('monitors.rule.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
