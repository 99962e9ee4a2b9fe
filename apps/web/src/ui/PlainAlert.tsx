import type { ReactNode } from 'react';
import './PlainAlert.css';

const ICONS = {
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8z',
  success:
    'M16.59 7.58L10 14.17l-3.59-3.58L5 12l5 5 8-8zM12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
} as const;
const CLOSE_ICON =
  'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

interface Props {
  severity: keyof typeof ICONS;
  children: ReactNode;
  /** Shown at the end, like MUI Alert's `action`. */
  action?: ReactNode;
  /** Adds a close button named `closeLabel` (the caller translates it). */
  onClose?: () => void;
  closeLabel?: string;
  className?: string;
}

/**
 * An alert (role "alert", like MUI's) in plain markup and CSS, for what renders before MUI has
 * loaded: the login page, the translation failure and the last-resort error page.
 */
export function PlainAlert({ severity, children, action, onClose, closeLabel = 'Close', className }: Props) {
  return (
    <div role="alert" className={`ew-alert ew-alert--${severity}${className ? ` ${className}` : ''}`}>
      <div className="ew-alert__icon">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={ICONS[severity]} />
        </svg>
      </div>
      <div className="ew-alert__message">{children}</div>
      {(action || onClose) && (
        <div className="ew-alert__action">
          {action}
          {onClose && (
            <button
              type="button"
              className="ew-alert__close"
              aria-label={closeLabel}
              title={closeLabel}
              onClick={onClose}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={CLOSE_ICON} />
              </svg>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
