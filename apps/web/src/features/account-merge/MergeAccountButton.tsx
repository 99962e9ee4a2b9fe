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
 * one-way merge dialog, which stays open with its result whatever the page shows meanwhile.
 */
export function MergeAccountButton({ bsId }: { bsId: string }) {
  const { t } = useTranslation();
  const mayMerge = useOperatorTool('accountMerge');
  const partnerApp = useStationPartnerApp(bsId, mayMerge && bsId.startsWith('F'));
  const [open, setOpen] = useState(false);
  const offered =
    mayMerge && partnerApp.data !== undefined && mayOfferMerge({ partnerApp: partnerApp.data, bsId });
  return (
    <>
      {offered && (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<CallMerge />}
          onClick={() => setOpen(true)}
          data-testid="merge-account"
        >
          {t('accountMerge.button')}
        </Button>
      )}
      {open && <MergeAccountDialog bsId={bsId} onClose={() => setOpen(false)} />}
    </>
  );
}
