import { PDF_MARGIN, startPdf } from '../../pdf/startPdf.js';
import type {
  Batch,
  ReportContent,
  SanitisationPeriodResult,
  SanitisationReportResult,
} from '@emberwatch/shared/contracts/batches';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import { formatDateIn, formatDateTimeIn } from '@emberwatch/shared/domain/formatDateTimeIn';
import { formatTemperature, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import type { ServerTexts } from '../translations/index.js';
import { REQUIREMENT_SOURCES, STANDARD_NAMES, reportWordsFor } from './reportTexts.js';

export interface ReportPdfInput {
  report: SanitisationReportResult;
  batch: Batch;
  stationName: string | null;
  /** The zone its times are written on: the batch's station's (batchTimeZone, decision 0079). */
  timeZone: string;
  language: Language;
  /** The reader's date and time formats (spec doc 1 §9), as the batch page writes them. */
  dateFormat: string;
  timeFormat: string;
  unit: DegreesUnit;
  content: ReportContent;
  /** The server texts it is worded with, as translators last saved them (decision 0107). */
  texts: ServerTexts;
}

const VERDICT_COLORS = { proven: '#1b5e20', notProven: '#b71c1c', noData: '#555555' } as const;

/**
 * The sanitisation report as a PDF (A4), in the reader's language, unit and date and time formats,
 * its times on the batch's station's clock: the batch page shows the same (decision 0079).
 */
export function writeReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { report, batch, language, unit, content, dateFormat, timeFormat } = input;
  const w = reportWordsFor(input.texts, language);
  const zone = input.timeZone;
  const at = (ts: number | null) => (ts === null ? '--' : formatDateTimeIn(ts, dateFormat, timeFormat, zone));
  // The daily table's days are UTC days (dailyRangeSchema).
  const dayOf = (dayS: number) => formatDateIn(dayS, dateFormat, 'UTC');
  const temp = (t: number | null) => formatTemperature(t, unit, true);
  const duration = (s: number) => {
    const h = Math.floor(s / 3600);
    return `${Math.floor(h / 24)} ${w.days} ${h % 24} ${w.hours}`;
  };
  const verdictWord = { proven: w.proven, notProven: w.notProven, noData: w.noData }[report.verdict];

  const { doc, done, width, field, ensure } = startPdf({
    Title: `${w.title} — ${report.batch_name}`,
    Subject: `${STANDARD_NAMES[report.standard]}: ${verdictWord}`,
  });
  const heading = (text: string) => {
    ensure(40);
    doc.moveDown(0.8).font('bold').fontSize(13).fillColor('black').text(text, PDF_MARGIN, doc.y, { width });
    doc.moveDown(0.3).font('body').fontSize(10);
  };
  /** A table row: cells at fractions of the width. */
  const row = (cells: string[], fractions: number[], bold = false) => {
    ensure(16);
    const y = doc.y;
    let x = PDF_MARGIN;
    let maxY = y;
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    cells.forEach((c, i) => {
      const cw = width * (fractions[i] ?? 0.1);
      doc.text(c, x, y, { width: cw - 4 });
      maxY = Math.max(maxY, doc.y);
      x += cw;
    });
    doc.x = PDF_MARGIN;
    doc.y = maxY + 2;
  };
  const periodText = (p: SanitisationPeriodResult | null) =>
    p === null
      ? w.noPeriod
      : `${at(p.from)} – ${at(p.to)}; ${w.counted}: ${duration(p.seconds)}; ${w.turningsIn}: ${p.turnings}; ${w.lowest}: ${temp(p.minTemp)}`;

  // Header
  doc.font('bold').fontSize(20).fillColor('black').text(w.title, PDF_MARGIN, PDF_MARGIN, { width });
  doc.moveDown(0.5).font('body').fontSize(10);
  field(w.batch, `${report.batch_name} (#${report.batch_id})`);
  field(w.station, input.stationName ? `${input.stationName} (${report.BS_ID})` : report.BS_ID);
  field(w.method, w.methods[report.method]);
  field(w.standard, STANDARD_NAMES[report.standard]);
  field(w.data, `${at(report.from)} – ${at(report.to)} (${zone})`);
  field(w.generated, at(report.generated_ts));

  // Verdict
  heading(w.verdict);
  doc.font('bold').fontSize(16).fillColor(VERDICT_COLORS[report.verdict]).text(verdictWord.toUpperCase());
  doc.fillColor('black').font('body').fontSize(10);
  doc.text(
    report.verdict === 'proven'
      ? w.verdictProven
      : report.verdict === 'notProven'
        ? w.verdictNotProven
        : w.verdictNoData,
  );
  for (const r of report.requirements) {
    ensure(40);
    doc.moveDown(0.4);
    const text =
      fillPlaceholders(w.holdFor, { temp: temp(r.minTemp), days: r.seconds / 86_400 }) +
      (r.minTurnings > 0 ? fillPlaceholders(w.withTurnings, { n: r.minTurnings }) : '');
    doc.font('bold').text(`${r.proven ? '✔' : '✘'} ${w.requirement}: ${text}`, { width });
    doc.font('body').fontSize(8).fillColor('#555555').text(REQUIREMENT_SOURCES[r.id], { width });
    doc
      .fontSize(10)
      .fillColor('black')
      .text(`${w.period}: ${periodText(r.period)}`, { width });
  }
  if (report.notes.length > 0) {
    doc.moveDown(0.5);
    for (const n of report.notes) {
      ensure(28);
      doc.font('body').fontSize(9).text(`• ${w.notes[n]}`, { width });
    }
  }

  if (content.probes) {
    heading(w.probes);
    const f = [0.22, 0.12, 0.1, 0.56];
    row([w.probe, w.readings, w.gaps, w.longest], f, true);
    for (const p of report.probes)
      row(
        [
          `${p.proven ? '✔' : '✘'} ${p.sensor_id}`,
          String(p.readings),
          String(p.gaps),
          p.period ? `${at(p.period.from)} – ${at(p.period.to)}, ${duration(p.period.seconds)}` : w.noPeriod,
        ],
        f,
      );
  }

  if (content.phases && batch.batch_phases.length > 0) {
    heading(w.phases);
    const f = [0.3, 0.25, 0.25, 0.2];
    row([w.phase, w.started, w.completed, w.progress], f, true);
    for (const p of batch.batch_phases) {
      const known = p.sensor_progress.filter((s) => s.progress !== null);
      const least = known.length === 0 ? null : Math.min(...known.map((s) => s.progress as number));
      row(
        [
          p.phase_name,
          at(p.phase_start_date),
          at(p.phase_completed_date),
          least === null ? '--' : `${Math.round(least * 100)} %`,
        ],
        f,
      );
    }
  }

  if (content.turnings) {
    heading(w.turnings);
    if (batch.turnings.length === 0) doc.text(w.noTurnings);
    for (const t of batch.turnings) {
      ensure(14);
      doc.text(`${at(t.ts)}${t.note ? ` — ${t.note}` : ''}`, { width });
    }
  }

  if (content.dailyTable && report.daily.length > 0) {
    heading(w.daily);
    const f = [0.4, 0.3, 0.3];
    row([w.day, w.min, w.max], f, true);
    for (const d of report.daily) row([dayOf(d.day), temp(d.minTemp), temp(d.maxTemp)], f);
  }

  ensure(60);
  doc.moveDown(1).font('body').fontSize(8).fillColor('#555555').text(w.rules, PDF_MARGIN, doc.y, { width });
  doc.fillColor('black');

  if (content.signature) {
    heading(w.signature);
    for (const label of [w.operator, w.date, w.sign]) {
      ensure(30);
      doc.moveDown(1).fontSize(10).text(`${label}: ______________________________________`);
    }
  }

  doc.end();
  return done;
}
