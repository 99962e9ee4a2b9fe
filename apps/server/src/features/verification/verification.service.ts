import { randomUUID } from 'node:crypto';
import type {
  GetVerificationsQuery,
  StartVerificationRequest,
  Verification,
  VerifixData,
} from '@emberwatch/shared/contracts/verification';
import type { Service } from '@emberwatch/shared/contracts/users';
import { calibrate, type CalibrationResult } from '@emberwatch/shared/domain/verification/calibration';
import {
  hasVerificationEntitlement,
  stopOutcome,
  verificationState,
} from '@emberwatch/shared/domain/verification/verificationRules';
import { ApiError } from '../../http/ApiError.js';
import { enforce, whoIs, type AccessService, type Actor } from '../../http/access/index.js';
import type { ReadingHistory } from '../readings/index.js';
import { checkReport, newSigningKey, signReport, type SigningKey } from './reportSignature.js';
import { mayDeleteVerification, mayRunVerification, startProblem } from './verification.policy.js';
import type { VerificationRepository, VerificationRow } from './verification.repository.js';
import { writeVerificationReportPdf, type VerificationReportInput } from './verificationReportPdf.js';

/** Whom the report is written for: language, unit, date and time formats, and the texts to word it. */
export type ReportReader = Pick<
  VerificationReportInput,
  'language' | 'unit' | 'dateFormat' | 'timeFormat' | 'texts'
>;

function present(r: VerificationRow): Verification {
  return {
    itemID: r.id,
    UID: r.owner_user_id,
    BS_ID: r.bs_id,
    probeID: r.sensor_id,
    verifixID: r.ref_sensor_id,
    verifixBS: r.ref_bs_id,
    startDate: Number(r.start_ts),
    endDate: r.end_ts === null ? null : Number(r.end_ts),
    calibration: r.calibration,
    calibration_date: r.calibration_ts === null ? null : Number(r.calibration_ts),
    result: r.result_json === null ? null : (JSON.parse(r.result_json) as CalibrationResult),
  };
}

function serviceOf(json: string | null): Pick<Service, 'trial' | 'expDate'> | null {
  if (json === null) return null;
  try {
    const s = JSON.parse(json) as Partial<Service>;
    return { trial: s.trial ?? 0, expDate: s.expDate ?? null };
  } catch {
    return null;
  }
}

const noSuchVerification = () => ApiError.notFound('No such verification.');

/**
 * Probe verifications (spec doc 2 §4; decisions 0113–0115): the rules are the shared ones and the
 * policy's; readings come from the reading history, raw (uncorrected), as a calibration needs.
 */
export class VerificationService {
  private key: Promise<SigningKey> | null = null;

  constructor(
    private readonly repo: VerificationRepository,
    private readonly access: AccessService,
    private readonly history: ReadingHistory,
    private readonly nowS: () => number,
  ) {}

  async list(actor: Actor, q: GetVerificationsQuery): Promise<Verification[]> {
    if (q.UID !== undefined) await this.access.accountIdFor(actor, Number(q.UID));
    await this.access.probeFor(actor, q.probeID);
    return (await this.repo.listForProbe(q.probeID)).map(present);
  }

  /** A verification the actor may see; unknown and foreign alike (404). */
  private async visible(actor: Actor, id: number): Promise<VerificationRow> {
    const row = await this.repo.findById(id);
    if (!row || !this.access.canSeeAccount(actor, row.owner_user_id)) throw noSuchVerification();
    return row;
  }

  private async readings(row: VerificationRow, endTs: number) {
    const to = row.end_ts === null ? endTs : Number(row.end_ts);
    const all = await this.history.range([row.sensor_id, row.ref_sensor_id], Number(row.start_ts), to);
    const pick = (id: string) =>
      all
        .filter((r) => r.sensor_id === id && r.temperature !== null)
        .map((r) => ({ b: r.meas_ts, h: r.temperature }));
    const data1 = pick(row.sensor_id);
    const data2 = row.ref_sensor_id === row.sensor_id ? data1 : pick(row.ref_sensor_id);
    // The API's readings are tenths of °C (as the charts'); the result is in °C, as the correction factor.
    const celsius = (d: { b: number; h: number }[]) => d.map((r) => ({ b: r.b, h: r.h / 10 }));
    return { data1, data2, result: calibrate(celsius(data1), celsius(data2)) };
  }

  async data(actor: Actor, id: number): Promise<Omit<VerifixData, 'status_code'>> {
    const row = await this.visible(actor, id);
    return this.readings(row, this.nowS());
  }

  async start(actor: Actor, req: StartVerificationRequest): Promise<Verification> {
    if (req.UID !== undefined) await this.access.accountIdFor(actor, req.UID);
    const [probe, ref] = await this.access.probesFor(actor, [req.probeID, req.verifixID]);
    if (!probe) throw ApiError.forbidden();
    const reference = ref ?? probe;
    const who = whoIs(actor, probe.owner_user_id);
    const account = await this.repo.accountOf(probe.owner_user_id);
    const nowS = this.nowS();
    const entitled = hasVerificationEntitlement({
      admin: actor.isAdmin,
      service: serviceOf(account?.service_json ?? null),
      nowS,
    });
    enforce(mayRunVerification(who, { entitled, starting: true }));
    const startTs = req.startDate ?? nowS;
    enforce(
      startProblem({
        probeStation: probe.bs_id,
        namedStation: req.BS_ID,
        refStation: reference.bs_id,
        namedRefStation: req.verifixBS,
        sameProbe: req.probeID === req.verifixID,
        sameAccount: reference.owner_user_id === probe.owner_user_id,
        ongoing: await this.repo.ongoingFor(probe.sensor_id),
        startTs,
        nowS,
      }),
    );
    const row = await this.repo.insert({
      owner_user_id: probe.owner_user_id,
      bs_id: probe.bs_id,
      sensor_id: probe.sensor_id,
      ref_sensor_id: reference.sensor_id,
      ref_bs_id: reference.bs_id,
      start_ts: startTs,
      started_by: actor.user.id,
    });
    if (row === null) throw ApiError.invalid('This probe already has an ongoing verification.', 'probeID');
    return present(row);
  }

  /** Spec doc 2 §4: ends it with its result, or without paired readings cancels and deletes it. */
  async stop(
    actor: Actor,
    id: number,
  ): Promise<{ outcome: 'ended' | 'cancelled'; result: Verification | null }> {
    const row = await this.visible(actor, id);
    enforce(mayRunVerification(whoIs(actor, row.owner_user_id), { entitled: true, starting: false }));
    if (row.end_ts !== null) throw ApiError.invalid('This verification has already ended.', 'itemID');
    const nowS = this.nowS();
    const { result } = await this.readings(row, nowS);
    if (stopOutcome(result.pairs) === 'cancel') {
      await this.repo.delete(row.id, 'ongoing');
      return { outcome: 'cancelled', result: null };
    }
    const ended = await this.repo.end(row.id, {
      end_ts: nowS,
      calibration: result.meanDiff,
      result_json: JSON.stringify(result),
      ended_by: actor.user.id,
    });
    if (!ended) throw noSuchVerification();
    return { outcome: 'ended', result: present(ended) };
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const row = await this.visible(actor, id);
    const ended = verificationState({ endDate: row.end_ts }) === 'ended';
    enforce(mayDeleteVerification(whoIs(actor, row.owner_user_id), { ended }));
    if (!(await this.repo.delete(row.id, 'ended'))) throw noSuchVerification();
  }

  /** The server's signing key, made and kept at the first use (decision 0115). */
  signingKey(): Promise<SigningKey> {
    this.key ??= (async () => {
      const found = await this.repo.signingKey();
      if (!found) {
        const k = newSigningKey();
        await this.repo.addSigningKey({
          key_id: k.keyId,
          private_key_pem: k.privateKeyPem,
          public_key_pem: k.publicKeyPem,
          created_ts: this.nowS(),
        });
      }
      const row = await this.repo.signingKey();
      if (!row) throw new Error('no verification signing key');
      return { keyId: row.key_id, privateKeyPem: row.private_key_pem, publicKeyPem: row.public_key_pem };
    })().catch((e: unknown) => {
      this.key = null;
      throw e;
    });
    return this.key;
  }

  /** The signed report of an ended verification, and its file name's date. */
  async report(
    actor: Actor,
    id: number,
    checkUrl: string,
    reader: ReportReader,
  ): Promise<{ file: Buffer; probeID: string; issuedTs: number }> {
    const row = await this.visible(actor, id);
    if (row.end_ts === null) throw ApiError.invalid('The report is for an ended verification.', 'itemID');
    const v = present(row);
    const [{ data1, data2, result }, station, refStation, account, key] = await Promise.all([
      this.readings(row, Number(row.end_ts)),
      this.repo.stationOf(row.bs_id),
      this.repo.stationOf(row.ref_bs_id),
      this.repo.accountOf(row.owner_user_id),
      this.signingKey(),
    ]);
    const issuedTs = this.nowS();
    const reportId = randomUUID();
    const named = (bsId: string, s: { display_name: string | null } | undefined) =>
      s?.display_name ? `${bsId} (${s.display_name})` : bsId;
    const pdf = await writeVerificationReportPdf({
      reportId,
      verification: v,
      result,
      probeReadings: data1.length,
      referenceReadings: data2.length,
      probeStation: named(row.bs_id, station),
      referenceStation: named(row.ref_bs_id, refStation),
      account: account?.username ?? String(row.owner_user_id),
      issuedBy: actor.user.username,
      issuedTs,
      timeZone: station?.timezone ?? 'UTC',
      keyId: key.keyId,
      checkUrl,
      ...reader,
    });
    const { file, line } = signReport(pdf, key, reportId);
    await this.repo.addReport({
      report_id: reportId,
      verification_id: row.id,
      sha256: line.sha256,
      signature: line.signature,
      key_id: key.keyId,
      issued_ts: issuedTs,
      issued_by: actor.user.id,
    });
    return { file, probeID: row.sensor_id, issuedTs };
  }

  /** Anyone may check a report: valid only when the signature holds and the server issued it. */
  async check(file: Buffer) {
    const keys = new Map<string, string>();
    const read = /key=([0-9a-f]{16})/.exec(file.subarray(Math.max(0, file.length - 400)).toString('latin1'));
    if (read) {
      const k = await this.repo.signingKeyById(read[1] as string);
      if (k) keys.set(k.key_id, k.public_key_pem);
    }
    const outcome = checkReport(file, (id) => keys.get(id) ?? null);
    if (!outcome.valid) return { valid: false, reason: outcome.reason, report: null };
    const issued = await this.repo.findReport(outcome.line.reportId);
    if (!issued || issued.sha256 !== outcome.line.sha256)
      return { valid: false, reason: 'notIssued', report: null };
    const v = await this.repo.findById(issued.verification_id);
    return {
      valid: true,
      reason: null,
      report: {
        reportId: issued.report_id,
        itemID: issued.verification_id,
        probeID: v?.sensor_id ?? '',
        issued: Number(issued.issued_ts),
        keyId: issued.key_id,
      },
    };
  }

  async publicKey() {
    const k = await this.signingKey();
    return { keyId: k.keyId, algorithm: 'Ed25519' as const, publicKeyPem: k.publicKeyPem };
  }
}
