import './BatteryGauge.css';

/**
 * A small battery outline filled in four steps (`level` 0–4; null = unknown), with a text next to it.
 * `low` turns it red whatever the level, for the domain's low-battery rule. Plain class names: a list
 * of a few hundred costs no style work (decision 0159).
 */
export function BatteryGauge({
  level,
  low,
  text,
  label,
}: {
  level: number | null;
  low: boolean;
  text: string;
  label: string;
}) {
  const step = low || level === 0 ? 'low' : level === 1 ? 'half' : 'good';
  return (
    <span title={label} className="ew-battery">
      <span
        role="img"
        aria-label={label}
        data-level={level ?? ''}
        className={level === null ? 'ew-battery__case ew-battery__case--unknown' : 'ew-battery__case'}
      >
        {[1, 2, 3, 4].map((n) => (
          <span
            key={n}
            className={
              level !== null && n <= level ? `ew-battery__step ew-battery__step--${step}` : 'ew-battery__step'
            }
          />
        ))}
      </span>
      <span className={low ? 'ew-battery__text ew-battery__text--low' : 'ew-battery__text'}>{text}</span>
    </span>
  );
}
