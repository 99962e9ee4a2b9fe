import './LoadingIndicator.css';

/**
 * A spinner with an accessible name; `fullPage` centres it in the viewport. Plain markup and CSS
 * (drawn like MUI's CircularProgress): the auth gate and the lazy shell's fallback show it before
 * MUI has loaded.
 */
export function LoadingIndicator({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={fullPage ? 'ew-loading ew-loading--full-page' : 'ew-loading'}
    >
      <span className="ew-spinner" role="progressbar" aria-label={label}>
        <svg viewBox="22 22 44 44" aria-hidden="true">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}
