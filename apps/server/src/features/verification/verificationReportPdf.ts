import { verificationEndpoints, type Verification } from '@emberwatch/shared/contracts/verification';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import type { CalibrationResult } from '@emberwatch/shared/domain/verification/calibration';
import { CORRECTION_LIMIT_C, PAIR_WINDOW_S } from '@emberwatch/shared/domain/verification/calibration';
import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import { formatDateTimeIn } from '@emberwatch/shared/domain/formatDateTimeIn';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { PDF_MARGIN, startPdf } from '../../pdf/startPdf.js';
import type { ServerTexts } from '../translations/index.js';

/**
 * The report's words: the group serverReports.verification of the locale files, which translators
 * edit with the web app's texts (decision 0107). `{name}` placeholders are filled by `fillPlaceholders`.
 */
export interface VerificationReportWords {
  title: string;
  /** "Verification {item} of probe {probe} against {reference}" (the PDF's subject) */
  subject: string;
  report: string;
  issued: string;
  account: string;
  issuedBy: string;
  probes: string;
  verifiedProbe: string;
  referenceProbe: string;
  /** "{probe} on base station {station}" */
  onStation: string;
  period: string;
  readings: string;
  probeReadings: string;
  referenceReadings: string;
  pairs: string;
  /** "{pairs} (each paired with … within {seconds} s)" */
  pairsText: string;
  result: string;
  meanDiff: string;
  sdDiff: string;
  minMax: string;
  correction: string;
  /** "none: … beyond the {limit} a correction may take …" */
  noCorrection: string;
  calibrationDate: string;
  signature: string;
  /** The signature paragraph: {key}, {checkUrl} and {publicKeyPath}. */
  signatureText: string;
}

export interface VerificationReportInput {
  reportId: string;
  verification: Verification;
  result: CalibrationResult;
  probeReadings: number;
  referenceReadings: number;
  probeStation: string;
  referenceStation: string;
  account: string;
  issuedBy: string;
  issuedTs: number;
  timeZone: string;
  keyId: string;
  /** Where a reader checks the file (the server's address and the check call). */
  checkUrl: string;
  /** The reader's language, unit and date and time formats, as the Verification tab shows them. */
  language: Language;
  unit: DegreesUnit;
  dateFormat: string;
  timeFormat: string;
  /** The server texts it is worded with, as translators last saved them (decision 0107). */
  texts: ServerTexts;
}

/**
 * The verification report (decision 0115), written with the same PDF start as the sanitisation report
 * and the invoice, in the reader's language, unit and date and time formats (its times on the verified
 * probe's station's clock). Signed after writing.
 */
export function writeVerificationReportPdf(r: VerificationReportInput): Promise<Buffer> {
  const v = r.verification;
  const w = r.texts.group<VerificationReportWords>(r.language, 'serverReports.verification');
  const fill = fillPlaceholders;
  const at = (ts: number | null) =>
    ts === null ? '--' : formatDateTimeIn(ts, r.dateFormat, r.timeFormat, r.timeZone);
  // A difference converts by 9/5 only: 0.5 °C warmer is 0.9 °F warmer.
  const inUnit = (c: number) => (r.unit === 'F' ? (c * 9) / 5 : c);
  const diff = (x: number | null, digits = 2, signed = true) => {
    if (x === null) return '--';
    const d = inUnit(x);
    return `${signed && d >= 0 ? '+' : ''}${d.toFixed(digits)} °${r.unit}`;
  };
  const { doc, done, width, field } = startPdf({
    Title: `${w.title} ${v.probeID}`,
    Subject: fill(w.subject, { item: v.itemID, probe: v.probeID, reference: v.verifixID }),
    CreationDate: new Date(r.issuedTs * 1000),
    ModDate: new Date(r.issuedTs * 1000),
  });
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(13).fillColor('black').text(text, PDF_MARGIN, doc.y, { width });
    doc.moveDown(0.3).font('body').fontSize(10);
  };
  doc.font('bold').fontSize(18).text(w.title, { width });
  doc.font('body').fontSize(10).moveDown(0.5);
  field(w.report, r.reportId);
  field(w.issued, `${at(r.issuedTs)} (${r.timeZone})`);
  field(w.account, r.account);
  field(w.issuedBy, r.issuedBy);

  heading(w.probes);
  field(w.verifiedProbe, fill(w.onStation, { probe: v.probeID, station: r.probeStation }));
  field(w.referenceProbe, fill(w.onStation, { probe: v.verifixID, station: r.referenceStation }));
  field(w.period, `${at(v.startDate)} – ${at(v.endDate)}`);

  heading(w.readings);
  field(w.probeReadings, String(r.probeReadings));
  field(w.referenceReadings, String(r.referenceReadings));
  field(w.pairs, fill(w.pairsText, { pairs: r.result.pairs, seconds: PAIR_WINDOW_S }));

  heading(w.result);
  field(w.meanDiff, diff(r.result.meanDiff));
  field(w.sdDiff, diff(r.result.sdDiff, 2, false));
  field(w.minMax, `${diff(r.result.minDiff)} / ${diff(r.result.maxDiff)}`);
  field(
    w.correction,
    r.result.correction === null
      ? fill(w.noCorrection, { limit: `±${diff(CORRECTION_LIMIT_C, 1, false)}` })
      : diff(r.result.correction, 1),
  );
  field(w.calibrationDate, at(v.calibration_date));

  heading(w.signature);
  doc
    .font('body')
    .fontSize(9)
    .text(
      fill(w.signatureText, {
        key: r.keyId,
        checkUrl: r.checkUrl,
        publicKeyPath: verificationEndpoints.verificationPublicKey.path,
      }),
      {
        width,
      },
    );
  doc.end();
  return done;
}
