import { describe, expect, it } from 'vitest';
import { farmRoleContext, farmToLoad, type FarmFacts } from '../src/domain/farmRoleContext.js';
import { probeDetailAccess } from '../src/domain/probeDetailAccess.js';
import { canSeeStorages } from '../src/domain/roles.js';
import { mayChange } from '../src/domain/changeRights.js';
import { insightService, ownerWith, plan } from './roleFixtures.js';

const master = ownerWith({ master: true, siteindex: true, plans: [plan('Free')] });
const grandMaster = ownerWith({ master: true, grandMaster: true, plans: [plan('Free')] });
const premiumFarm: FarmFacts = { plans: [plan('Premium')], service: null, storagesEnabled: true };
const insightFarm: FarmFacts = { plans: [plan('Free')], service: insightService, storagesEnabled: false };
const freeFarm: FarmFacts = { plans: [plan('Free')], service: null, storagesEnabled: false };

describe('farmRoleContext: a master works in the selected farm’s plan (decision 0108)', () => {
  it.each([
    ['master, premium farm', master, premiumFarm, 'open', true],
    ['master, Insight farm', master, insightFarm, 'open', true],
    ['master, free farm', master, freeFarm, 'denied', false],
    ['grand master, premium farm', grandMaster, premiumFarm, 'open', true],
    ['master, own stations', master, null, 'denied', false],
  ] as const)('%s', (_, ctx, farm, detail, storages) => {
    const c = farmRoleContext(ctx, farm);
    expect(probeDetailAccess(c, false)).toBe(detail);
    expect(canSeeStorages(c)).toBe(storages);
  });

  it('keeps the role flags, so a master still changes nothing and a grand master what the spec grants', () => {
    const m = farmRoleContext(master, premiumFarm);
    const g = farmRoleContext(grandMaster, premiumFarm);
    expect([m.master, m.grandMaster, m.siteindex]).toEqual([true, false, true]);
    expect(mayChange(m, 'editStorage')).toBe(false);
    expect(mayChange(g, 'editStorage')).toBe(true);
    expect(mayChange(g, 'renameProbe')).toBe(false);
  });

  it('leaves everyone else alone', () => {
    const owner = ownerWith({ plans: [plan('Free')] });
    expect(farmRoleContext(owner, premiumFarm)).toBe(owner);
    const admin = ownerWith({ admin: true, master: true });
    expect(farmRoleContext(admin, premiumFarm)).toBe(admin);
  });
});

describe('farmToLoad', () => {
  it.each([
    [{ master: true, admin: false }, 1, 2, 2],
    [{ master: true, admin: false }, 1, 1, undefined],
    [{ master: true, admin: false }, 1, undefined, undefined],
    [{ master: false, admin: false }, 1, 2, undefined],
    [{ master: true, admin: true }, 1, 2, undefined],
  ])('%o own %i selected %o → %o', (ctx, own, selected, expected) => {
    expect(farmToLoad(ctx, own, selected)).toBe(expected);
  });
});
