import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MONITOR_NAME_MAX,
  isAlertRule,
  nextRuleId,
  type Monitor,
  type Rule,
} from '@emberwatch/shared/contracts/monitors';
import { RULE_TYPE_INFO } from '@emberwatch/shared/domain/kinds/ruleTypes';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { ruleOffer } from '@emberwatch/shared/domain/rules/ruleOffer';
import { useShellContext } from '../../lib/shellContext';
import { refusalText } from '../../lib/refusalText';
import { useBsConfs, useSelectedStation } from '../base-stations';
import { useAdminDemoType } from '../demo';
import { useAccountFcItems, useRunScheduler } from '../fans';
import { useStorageAccount, useStorages } from '../storages';
import { useUserInfo } from '../users';
import { AlertRuleDialog, type AlertRuleDraft } from './AlertRuleDialog';
import { FanRuleDialog, type FanRuleDraft, type OutdoorProbeChoice } from './FanRuleDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { RuleExplanation } from './RuleExplanation';
import { RuleTypePicker } from './RuleTypePicker';
import { useRemoveMonitor, useSaveMonitor } from './monitorQueries';

/** The fan rule of a monitor's rules, if any (one at most, spec doc 3 §5). */
function fanRuleOf(rules: readonly Rule[]): FanRuleDraft | null {
  const r = rules.find((x) => !isAlertRule(x));
  return r ? ({ id: r.id, type: r.type, settings: r.settings } as FanRuleDraft) : null;
}

type Confirm = { kind: 'monitor' } | { kind: 'rule'; id: number };

type Editing = { kind: 'alert'; rule: AlertRuleDraft } | { kind: 'fan'; rule: FanRuleDraft };

/** The probes of the account's stations: where a cooldown rule's outdoor probe is chosen. */
function useAccountProbes(uid: number | undefined): OutdoorProbeChoice[] {
  const { stations } = useSelectedStation();
  const confs = useBsConfs(stations.filter((s) => s.owner_UID === uid).map((s) => s.bs_id));
  return confs.flatMap(
    (c) => c.data?.sensor_configurations.map((p) => ({ id: p.sensor_id_sys, name: p.sensor_name })) ?? [],
  );
}

/**
 * The monitor editor (spec doc 3 §2, §4, §5): name, the rules with their settings in words, add a
 * rule through the type picker, edit ABS and REL rules and the fan-control rule (one per monitor, for
 * accounts with controllers), save (disabled without a name or a rule) and delete (disabled while
 * storages use the monitor). A save that changed the fan rule runs its controller's scheduler.
 */
export function MonitorEditorDialog({
  monitor,
  monitors,
  fromStorage = false,
  onSaved,
  onClose,
}: {
  /** null: a new monitor. */
  monitor: Monitor | null;
  monitors: readonly Monitor[];
  /** Opened from a storage's monitor tab: the "applies to" note is a warning there (spec doc 3 §8). */
  fromStorage?: boolean;
  /** After a successful save, with the monitor as saved (the dialog closes itself too). */
  onSaved?: (saved: Monitor) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const storages = useStorages();
  const uid = useStorageAccount();
  const userInfo = useUserInfo(uid);
  const controllers = useAccountFcItems(uid);
  const probes = useAccountProbes(uid);
  const runScheduler = useRunScheduler();
  const save = useSaveMonitor();
  const adminDemoType = useAdminDemoType();
  const remove = useRemoveMonitor();
  const [name, setName] = useState(monitor?.name ?? '');
  const [rules, setRules] = useState<Rule[]>(monitor?.rules ?? []);
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [error, setError] = useState<string | null>(null);

  const usedBy = (monitor?.storages ?? []).map(
    (id) => storages.data?.find((s) => s.itemID === id)?.name ?? `#${id}`,
  );
  const inUse = usedBy.length > 0;
  const compost = monitor?.compost ?? false;
  const offer = ruleOffer(roleContext, {
    // Spec doc 3 §5: FC types only for a user with fan controllers (FC_IDs of the user info).
    hasFanControllers: (userInfo.data?.FC_IDs.length ?? 0) > 0,
    fanRulesEditable: true,
    rules,
  });
  // A compost supervisor sees only compost rules (spec doc 3 §5); the others are kept as they are.
  // A fan rule has no compost flag: it drives the windrows' blowers and stays visible.
  const shownRules = offer.onlyCompostRules
    ? rules.filter((r) => !isAlertRule(r) || r.settings.compostRule)
    : rules;
  const canSave = name.trim() !== '' && rules.length >= 1 && !save.isPending;

  const onRuleDone = (draft: AlertRuleDraft | FanRuleDraft) => {
    setRules((prev) => {
      const i = prev.findIndex((r) => r.id === draft.id);
      if (i < 0) return [...prev, draft];
      // Edit keeps the id and the alerts; the server compares the settings and records the change.
      return prev.map((r) =>
        r.id === draft.id ? ({ ...r, type: draft.type, settings: draft.settings } as Rule) : r,
      );
    });
    setEditing(null);
  };

  const onSave = () => {
    setError(null);
    save.mutate(
      {
        ...(monitor ? { itemID: monitor.itemID } : {}),
        name: name.trim(),
        rules,
        defaultMonitor: monitor?.defaultMonitor ?? monitors.length === 0,
        compost,
        // An admin's monitor saved while a demo type is chosen carries it (spec doc 3 §6).
        demoType: adminDemoType ?? monitor?.demoType ?? null,
      },
      {
        onSuccess: (saved) => {
          const before = fanRuleOf(monitor?.rules ?? []);
          const after = fanRuleOf(saved.rules);
          // Spec doc 3 §4 "Monitor save": a changed fan rule runs the scheduler of its controller
          // (and of the one it left), for each storage using the monitor.
          const changed = JSON.stringify(before) !== JSON.stringify(after);
          const fcIds = new Set([before?.settings.FC_ID, after?.settings.FC_ID].filter(Boolean) as string[]);
          if (changed) for (const fcId of fcIds) runScheduler.mutate({ fcId, itemIDs: saved.storages });
          onSaved?.(saved);
          onClose();
        },
        onError: (e) => setError(t('monitors.editor.saveFailed', { reason: refusalText(e) })),
      },
    );
  };

  const onConfirm = () => {
    if (confirm?.kind === 'rule') {
      setRules((prev) => prev.filter((r) => r.id !== confirm.id));
      setConfirm(null);
      return;
    }
    if (!monitor) return;
    setError(null);
    remove.mutate(monitor.itemID, {
      onSuccess: onClose,
      onError: (e) => {
        setConfirm(null);
        setError(t('monitors.editor.removeFailed', { reason: refusalText(e) }));
      },
    });
  };

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="monitor-editor-title" fullWidth maxWidth="md">
        <DialogTitle id="monitor-editor-title">
          {monitor ? t('monitors.editor.editTitle') : t('monitors.editor.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {inUse && (
              <Alert severity={fromStorage ? 'error' : 'info'} data-testid="applies-to">
                {t('monitors.editor.appliesTo')} {usedBy.join(', ')}
              </Alert>
            )}
            <TextField
              label={t('monitors.editor.name')}
              value={name}
              required
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MONITOR_NAME_MAX } }}
            />
            <Typography variant="subtitle1" component="h3">
              {t('monitors.editor.rules')}
            </Typography>
            <Stack spacing={1.5} role="list" aria-label={t('monitors.editor.rules')}>
              {shownRules.map((rule) => (
                <Box
                  key={rule.id}
                  role="listitem"
                  aria-label={t(`monitors.types.${rule.type}.title`)}
                  sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
                >
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography variant="subtitle2">{t(`monitors.types.${rule.type}.title`)}</Typography>
                    <RuleExplanation rule={rule} />
                  </Box>
                  <IconButton
                    aria-label={t('monitors.editor.editRule')}
                    onClick={() =>
                      setEditing(
                        isAlertRule(rule)
                          ? {
                              kind: 'alert',
                              rule: {
                                id: rule.id,
                                type: rule.type,
                                settings: rule.settings,
                              } as AlertRuleDraft,
                            }
                          : {
                              kind: 'fan',
                              rule: { id: rule.id, type: rule.type, settings: rule.settings } as FanRuleDraft,
                            },
                      )
                    }
                  >
                    <Edit />
                  </IconButton>
                  <IconButton
                    aria-label={t('monitors.editor.removeRule')}
                    onClick={() => setConfirm({ kind: 'rule', id: rule.id })}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ))}
            </Stack>
            <Box>
              <Button startIcon={<Add />} onClick={() => setPicking(true)}>
                {t('monitors.editor.addRule')}
              </Button>
            </Box>
            {error && (
              <Alert severity="error" data-testid="monitor-error">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {monitor && (
            <Button
              color="error"
              onClick={() => setConfirm({ kind: 'monitor' })}
              disabled={inUse}
              sx={{ mr: 'auto' }}
            >
              {t('monitors.editor.delete')}
            </Button>
          )}
          <Button onClick={onClose}>{t('monitors.editor.cancel')}</Button>
          <Button variant="contained" onClick={onSave} disabled={!canSave}>
            {t('monitors.editor.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {picking && (
        <RuleTypePicker
          types={offer.types}
          disabled={offer.disabled}
          onClose={() => setPicking(false)}
          onPick={(type) => {
            setPicking(false);
            const draft = {
              id: nextRuleId(rules),
              type,
              settings: defaultRuleSettings(type, offer.compost === 'always' || compost),
            };
            setEditing(
              RULE_TYPE_INFO[type].fanControl
                ? { kind: 'fan', rule: draft as FanRuleDraft }
                : { kind: 'alert', rule: draft as AlertRuleDraft },
            );
          }}
        />
      )}
      {editing?.kind === 'alert' && (
        <AlertRuleDialog
          rule={editing.rule}
          compost={offer.compost}
          onDone={onRuleDone}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'fan' && (
        <FanRuleDialog
          rule={editing.rule}
          controllers={controllers.data ?? []}
          probes={probes}
          nameOfStorage={(id) => storages.data?.find((s) => s.itemID === id)?.name ?? `#${id}`}
          nameOfMonitor={(id) => monitors.find((m) => m.itemID === id)?.name ?? `#${id}`}
          onDone={onRuleDone}
          onClose={() => setEditing(null)}
        />
      )}
      {confirm && (
        <ConfirmDialog
          text={
            confirm.kind === 'rule'
              ? t('monitors.editor.removeRuleConfirm')
              : monitor?.defaultMonitor
                ? t('monitors.editor.removeDefaultConfirm')
                : t('monitors.editor.removeConfirm')
          }
          busy={remove.isPending}
          onConfirm={onConfirm}
          onCancel={() => setConfirm(null)}
        />
      )}
    </>
  );
}
