import type { ReactNode } from 'react';
import './probeList.css';

/**
 * A small red mark beside a temperature with its text alternative: a colour alone would not reach
 * colour-blind readers or screen readers. The icon is decoration; the label is what is read.
 */
export function MarkIcon({
  label,
  testId,
  fontSize,
  children,
}: {
  label: string;
  testId: string;
  fontSize: string;
  children: ReactNode;
}) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid={testId}
      className="ew-mark"
      style={{ fontSize }}
    >
      {children}
    </span>
  );
}
