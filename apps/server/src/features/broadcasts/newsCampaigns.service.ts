import type { AudienceInput, NewsCampaign } from '@emberwatch/shared/contracts/broadcasts';
import { NEWS_ICONS, type NewsIcon } from '@emberwatch/shared/contracts/notifications';
import { normalizeAudience } from '@emberwatch/shared/domain/broadcasts/audience';
import { campaignPhase } from '@emberwatch/shared/domain/broadcasts/campaignRules';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import { auditChanged } from '../../http/audit.js';
import type { BroadcastsRepository, NewsCampaignDbRow } from './broadcasts.repository.js';

/** A campaign as saveNewsCampaigns parses it. */
export interface ParsedCampaign {
  id?: number;
  texts: Partial<Record<string, { title: string; text: string }>>;
  icon: NewsIcon;
  link: string | null;
  popup: boolean;
  audience: AudienceInput;
  start_ts: number | null;
  end_ts: number | null;
}

const parse = <T>(json: string | null, fallback: T): T => {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

/**
 * News campaigns (issue 31 item 3, decision 0100): the news dialog's items, kept in the news table
 * the notifications feature reads (it shows each to its audience within its schedule). Every staff
 * level reads them; Root and Admin (`newsCampaigns`) create, change and delete them.
 */
export class NewsCampaignsService {
  constructor(
    private readonly repo: BroadcastsRepository,
    private readonly nowS: () => number,
  ) {}

  private present(r: NewsCampaignDbRow, now: number): NewsCampaign {
    // A product item (newsSeed.ts) shows from its publication.
    const schedule = { start_ts: r.start_ts ?? r.published_ts, end_ts: r.end_ts };
    return {
      id: r.id,
      texts: parse<Record<string, { title: string; text: string }>>(r.texts, {}),
      icon: ((NEWS_ICONS as readonly string[]).includes(r.icon) ? r.icon : 'info') as NewsIcon,
      link: r.link,
      popup: r.popup === 1,
      audience: parse<AudienceInput>(r.audience, {}),
      ...schedule,
      phase: campaignPhase(schedule, now),
      updated_ts: r.updated_ts,
      by: r.by,
    };
  }

  async list(actor: Actor): Promise<NewsCampaign[]> {
    assertOperator(actor, 'broadcasts');
    const now = this.nowS();
    return (await this.repo.campaigns()).map((r) => this.present(r, now));
  }

  /** POST saveNewsCampaigns: every save and deletion in one transaction; an unknown id changes nothing. */
  async save(
    actor: Actor,
    body: { campaigns: ParsedCampaign[]; deleted: number[] },
  ): Promise<NewsCampaign[]> {
    assertOperator(actor, 'newsCampaigns');
    const saves = body.campaigns.map((c) => {
      const audience = normalizeAudience(c.audience);
      // Only the texts given, each trimmed; an empty language is none (the dialog falls back to English).
      const texts = Object.fromEntries(
        Object.entries(c.texts).filter(([, t]) => t && (t.title !== '' || t.text !== '')),
      );
      return {
        ...(c.id === undefined ? {} : { id: c.id }),
        icon: c.icon,
        link: c.link,
        popup: c.popup ? 1 : 0,
        texts: JSON.stringify(texts),
        audience: Object.keys(audience).length === 0 ? null : JSON.stringify(audience),
        start_ts: c.start_ts,
        end_ts: c.end_ts,
      };
    });
    const { missing, before } = await this.repo.saveCampaigns(
      saves,
      body.deleted,
      actor.user.id,
      this.nowS(),
    );
    if (missing.length > 0)
      throw ApiError.notFound(`No news campaign ${missing.join(', ')}. Nothing was saved.`);
    auditChanged('newsCampaigns', before, { saved: saves, deleted: body.deleted });
    return this.list(actor);
  }
}
