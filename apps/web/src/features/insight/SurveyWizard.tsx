import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { SurveyAnswers } from '@emberwatch/shared/domain/insight/surveyAnswers';
import {
  SURVEY_STEPS,
  surveyStepProblem,
  type SurveyStep,
} from '@emberwatch/shared/domain/insight/surveySteps';
import { HayStep } from './HayStep';
import { ReadyStep } from './ReadyStep';
import { ScaleStep } from './ScaleStep';
import { StorageStep } from './StorageStep';

/** The account area edits the answers of doc 2 §3 (no storages: those are storages of the account now). */
const EDIT_STEPS: readonly SurveyStep[] = ['hay', 'scale', 'storage'];

/**
 * Spec doc 1 §2 "Survey wizard with 4 steps: Hay, Scale, Storage, Ready. Back and Next buttons;
 * Finish on the last step"; §4, §5: Next only when the step's requirements hold; Finish is sent once.
 */
export function SurveyWizard({
  initial,
  mode,
  onFinish,
  onCancel,
  readOnly = false,
}: {
  initial: SurveyAnswers;
  mode: 'onboarding' | 'edit';
  /** Shown to those who may not change the answers: no Save. */
  readOnly?: boolean;
  /** Saves; false when it failed (the wizard then allows another try). */
  onFinish: (answers: SurveyAnswers) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const steps = mode === 'edit' ? EDIT_STEPS : SURVEY_STEPS;
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<SurveyAnswers>(initial);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const sent = useRef(false);
  const step = steps[index] as SurveyStep;
  const last = index === steps.length - 1;
  const problem = surveyStepProblem(step, answers);
  const change = (patch: Partial<SurveyAnswers>) => setAnswers((a) => ({ ...a, ...patch }));

  const finish = async () => {
    // Sent once: a second click (or a click while the first is on its way) sends nothing.
    if (sent.current) return;
    sent.current = true;
    setSending(true);
    setFailed(false);
    const ok = await onFinish(answers);
    if (!ok) {
      sent.current = false;
      setSending(false);
      setFailed(true);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760, mx: 'auto' }}>
      <Stack spacing={3}>
        <Typography variant="h5" component="h1">
          {t(mode === 'edit' ? 'insight.survey.editTitle' : 'insight.survey.title')}
        </Typography>
        <Stepper activeStep={index} alternativeLabel>
          {steps.map((s) => (
            <Step key={s}>
              <StepLabel>{t(`insight.survey.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <section aria-label={t(`insight.survey.steps.${step}`)}>
          {step === 'hay' && <HayStep answers={answers} onChange={change} />}
          {step === 'scale' && <ScaleStep answers={answers} onChange={change} />}
          {step === 'storage' && (
            <StorageStep answers={answers} onChange={change} editStorages={mode === 'onboarding'} />
          )}
          {step === 'ready' && <ReadyStep />}
        </section>
        {problem && (
          <Typography variant="body2" color="text.secondary" data-testid="step-problem">
            {t(`insight.survey.problems.${problem}`)}
          </Typography>
        )}
        {failed && <Alert severity="error">{t('insight.survey.saveFailed')}</Alert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1}>
            {onCancel && <Button onClick={onCancel}>{t('insight.cancel')}</Button>}
            <Button disabled={index === 0 || sending} onClick={() => setIndex((i) => i - 1)}>
              {t('insight.back')}
            </Button>
          </Stack>
          {last && readOnly ? null : last ? (
            <Button variant="contained" disabled={problem !== null || sending} onClick={() => void finish()}>
              {t(mode === 'edit' ? 'insight.save' : 'insight.survey.finish')}
            </Button>
          ) : (
            <Button variant="contained" disabled={problem !== null} onClick={() => setIndex((i) => i + 1)}>
              {t('insight.next')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
