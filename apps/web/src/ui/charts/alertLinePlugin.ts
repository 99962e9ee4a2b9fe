import type uPlot from 'uplot';

export interface AlertLine {
  /** The alert temperature in the user's unit, on the chart's temperature scale. */
  value: number;
  /** The line's name and value as the user reads them ("Temperature alert 45.0 °C"). */
  label: string;
  colour: string;
}

/** Space (px) the label needs above the line; closer to the top it goes below the line. */
const LABEL_H = 18;

/**
 * The user's alert temperature as a dashed line across the plot, under the curves so that a reading
 * above it is seen crossing it, named at its right end. Line and name are elements in uPlot's plot
 * layers rather than canvas pixels: the text stays sharp and translatable, and a test can find them.
 */
export function alertLinePlugin(alert: AlertLine): uPlot.Plugin {
  let line: HTMLDivElement | null = null;
  let label: HTMLDivElement | null = null;

  const place = (u: uPlot) => {
    if (!line || !label) return;
    const y = u.valToPos(alert.value, 'temp');
    const shown = Number.isFinite(y);
    line.style.display = shown ? '' : 'none';
    label.style.display = shown ? '' : 'none';
    if (!shown) return;
    line.style.top = `${Math.round(y)}px`;
    label.style.top = `${Math.round(y >= LABEL_H ? y - LABEL_H : y + 3)}px`;
  };

  return {
    hooks: {
      init: [
        (u) => {
          line = document.createElement('div');
          line.dataset.testid = 'chart-alert-line';
          line.dataset.value = String(alert.value);
          Object.assign(line.style, {
            position: 'absolute',
            left: '0',
            right: '0',
            height: '0',
            borderTop: `2px dashed ${alert.colour}`,
            pointerEvents: 'none',
          });
          label = document.createElement('div');
          label.dataset.testid = 'chart-alert-label';
          label.textContent = alert.label;
          Object.assign(label.style, {
            position: 'absolute',
            right: '4px',
            padding: '0 4px',
            borderRadius: '2px',
            font: '600 12px/16px system-ui, sans-serif',
            color: alert.colour,
            background: 'rgba(255, 255, 255, 0.85)',
            whiteSpace: 'nowrap',
            pointerEvents: 'none',
          });
          // The line lies under the canvas (the curves cross it); the name above it stays readable.
          u.under.appendChild(line);
          u.over.appendChild(label);
        },
      ],
      draw: [place],
      destroy: [
        () => {
          line?.remove();
          label?.remove();
          line = label = null;
        },
      ],
    },
  };
}
