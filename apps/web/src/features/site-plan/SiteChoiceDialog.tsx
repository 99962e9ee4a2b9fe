import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** A question with its answers as buttons (the unsaved-site prompt, the admin's site-change warning). */
export function SiteChoiceDialog({
  open,
  title,
  text,
  choices,
}: {
  open: boolean;
  title: string;
  text: string;
  choices: ReadonlyArray<{ label: string; onClick: () => void; primary?: boolean }>;
}) {
  const cancel = choices[0];
  return (
    <Dialog open={open} onClose={cancel?.onClick} aria-labelledby="site-choice-title">
      <DialogTitle id="site-choice-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {choices.map((c) => (
          <Button key={c.label} onClick={c.onClick} variant={c.primary ? 'contained' : 'text'}>
            {c.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}
