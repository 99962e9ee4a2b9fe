import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CallMerge from '@mui/icons-material/CallMerge';
import { mayOfferMerge } from '@emberwatch/shared/domain/stationAdmin/stationButtons';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { useStationPartnerApp } from './accountMergeQueries';
import { MergeAccountDialog } from './MergeAccountDialog';

/**
 * Merge account (spec doc 2 §2.5, §6): for Root and Admin staff, shown only when the station's
 * account is not a Gari or Haytech one and the station id starts with F (mayOfferMerge). Opens the
 * one-way merge dialog; after a merge the shell selects `onMerged`'s station of the target account.
 */
export function MergeAccountButton({ bsId }: { bsId: string }) {
  const { t } = useTranslation();
  const mayMerge = useOperatorTool('accountMerge');
  const partnerApp = useStationPartnerApp(bsId, mayMerge && bsId.startsWith('F'));
  const [open, setOpen] = useState(false);
  if (!mayMerge || partnerApp.data === undefined) return null;
  if (!mayOfferMerge({ partnerApp: partnerApp.data, bsId })) return null;
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<CallMerge />}
        onClick={() => setOpen(true)}
        data-testid="merge-account"
      >
        {t('accountMerge.button')}
      </Button>
      {open && <MergeAccountDialog bsId={bsId} onClose={() => setOpen(false)} />}
    </>
  );
}
