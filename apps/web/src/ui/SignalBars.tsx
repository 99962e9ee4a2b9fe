import './SignalBars.css';

/**
 * Four bars of rising height. `level` follows the signal scale: 0–4 filled bars, -1 = no signal
 * (bars crossed out), -2 = no value at all (a dash). Drawn with CSS so it costs no icon font, and with
 * plain class names so a list of a few hundred costs no style work (decision 0159).
 */
export function SignalBars({ level, label }: { level: number; label: string }) {
  if (level <= -2) {
    return (
      <span role="img" aria-label={label} title={label} className="ew-signal--none">
        --
      </span>
    );
  }
  const noSignal = level === -1;
  const filled = level <= 1 ? 'ew-signal__bar ew-signal__bar--weak' : 'ew-signal__bar ew-signal__bar--good';
  return (
    <span role="img" aria-label={label} title={label} data-level={level} className="ew-signal">
      {[1, 2, 3, 4].map((bar) => (
        <span
          key={bar}
          className={!noSignal && bar <= level ? filled : 'ew-signal__bar'}
          style={{ height: bar * 4 }}
        />
      ))}
      {noSignal && <span aria-hidden className="ew-signal__cross" />}
    </span>
  );
}
