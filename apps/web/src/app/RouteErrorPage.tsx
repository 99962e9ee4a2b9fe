import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../ui/PlainAlert';
import '../ui/textButton.css';
import './RouteErrorPage.css';

/**
 * Last line of defence for a rendering bug: the spec's generic text and a way back, never a blank
 * page. Plain markup: it sits in the entry, outside the lazily loaded MUI theme.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="ew-error-page">
      <PlainAlert
        severity="error"
        action={
          <button
            type="button"
            className="ew-text-button ew-text-button--small ew-error-page__retry"
            onClick={() => window.location.assign('/')}
          >
            {t('common.retry')}
          </button>
        }
      >
        {t('errors.generic')}
      </PlainAlert>
    </div>
  );
}
