import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { mayActivateKits } from '@emberwatch/shared/domain/activation/activationRules';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { useShellContext } from '../../lib/shellContext';
import { useSelectedStation } from '../base-stations';
import { useDemoMode } from './useDemoMode';
import { lazyWindow } from '../../lib/lazyWindow';

const AddBaseStationDialog = lazyWindow(() =>
  import('./AddBaseStationDialog').then((m) => ({ default: m.AddBaseStationDialog })),
);

/**
 * "Add base station" in the settings (spec doc 2 §2.6), for whoever may activate kits into the account;
 * disabled for Gari and hay-app users (§6 "add BS disabled"). An admin adds to the selected station's
 * owner, the customer it acts for; the new station is selected.
 */
export function AddBaseStationButton() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const { selected, select } = useSelectedStation();
  const [open, setOpen] = useState(false);
  const demo = useDemoMode();
  if (!mayActivateKits({ ...roleContext, demo })) return null;
  // Staff add stations to a customer only at the levels that manage stations (Sales does not).
  if (
    roleContext.admin &&
    !mayUseOperatorTool({ admin: true, adminGroup: roleContext.adminGroup }, 'stationAddition')
  )
    return null;
  const uid = roleContext.admin ? selected?.owner_UID : undefined;
  const disabled = roleContext.partnerApp !== null || (roleContext.admin && uid === undefined);
  return (
    <>
      <Button
        startIcon={<AddCircleOutline />}
        onClick={() => setOpen(true)}
        disabled={disabled}
        sx={{ mt: 1.5 }}
        data-testid="add-base-station"
      >
        {t('activation.addBs')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddBaseStationDialog
            uid={uid}
            onClose={() => setOpen(false)}
            onActivated={(bsId) => bsId && select(bsId)}
          />
        </Suspense>
      )}
    </>
  );
}
