import { useState } from 'react';
import type { Site, SiteInput } from '@emberwatch/shared/contracts/sites';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { siteInputOf } from './siteQueries';

type Prompt = 'unsaved' | 'adminWarning' | null;

/** Whether two plans save the same (the server's own fields aside). */
export function sameSitePlan(a: SiteInput, b: SiteInput): boolean {
  return JSON.stringify(siteInputOf(a)) === JSON.stringify(siteInputOf(b));
}

/**
 * The site editor's state (spec doc 3 §2, §4): the plan shown, the draft while editing, whether it
 * differs from the saved plan, and the two questions — save, discard or cancel when closing with
 * changes, and for an admin (not master) the warning before a site change is saved (§6). A failed
 * save is only logged, as §8 says of site failures; the draft stays, still unsaved.
 */
export function useSiteEditor(
  server: Site | undefined,
  ctx: Pick<RoleContext, 'admin' | 'master'>,
  saveSite: (site: SiteInput) => Promise<Site>,
) {
  const [draftState, setDraft] = useState<Site | null>(null);
  // Colours on or off while only viewing: the view's own choice, the saved plan's until toggled.
  const [viewColours, setViewColours] = useState<boolean | null>(null);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [closeAfterSave, setCloseAfterSave] = useState(false);

  // A draft of another station's plan (the station was switched) is not this plan's draft.
  const draft = draftState && server && draftState.BS_ID === server.BS_ID ? draftState : null;
  const viewed = server && viewColours !== null ? { ...server, showColors: viewColours } : server;
  const shown = draft ?? viewed;
  const dirty = draft !== null && server !== undefined && !sameSitePlan(draft, server);

  const doSave = async (closeAfter: boolean) => {
    setPrompt(null);
    if (!draft) return;
    try {
      const saved = await saveSite(siteInputOf(draft));
      setViewColours(null);
      setDraft(closeAfter ? null : saved);
    } catch (error) {
      console.error('The site could not be saved', error);
    }
  };
  const requestSave = (closeAfter: boolean) => {
    if (ctx.admin && !ctx.master) {
      setCloseAfterSave(closeAfter);
      setPrompt('adminWarning');
    } else void doSave(closeAfter);
  };

  return {
    shown,
    draft,
    editing: draft !== null,
    dirty,
    prompt,
    edit: () => {
      if (server && viewed) setDraft({ ...server, showColors: viewed.showColors });
    },
    change: (site: Site) => setDraft(site),
    toggleColors: () => {
      if (draft) setDraft({ ...draft, showColors: !draft.showColors });
      else if (viewed) setViewColours(!viewed.showColors);
    },
    save: () => requestSave(false),
    close: () => {
      if (dirty) setPrompt('unsaved');
      else setDraft(null);
    },
    saveAndClose: () => requestSave(true),
    discard: () => {
      setPrompt(null);
      setDraft(null);
    },
    cancelPrompt: () => setPrompt(null),
    confirmAdminSave: () => void doSave(closeAfterSave),
  };
}
