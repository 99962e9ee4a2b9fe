import type { ServerTexts } from '../translations/index.js';

/**
 * The words of grouped messages and data breaks (issue 27 items 1, 6 and 9; decision 0067) in the
 * locale files' serverAlerts.group (decision 0107), beside alertTexts.ts: several probes of a storage in one message, a base station or
 * its probes gone quiet, and the short code an SMS reply names.
 */
export interface GroupWords {
  /** After the hottest alert's sentence: the others of the group. */
  alsoInAlert: string;
  /** "+{n} more" after the list's first names. */
  more: string;
  /** The subject's tail when a message tells of several probes. */
  probesCount: string;
  clearedMany: string;
  /** "Reply OK {code} to acknowledge." */
  replyOkCode: string;
  noBSData: string;
  noProbeData: string;
  dataBack: string;
  subjectDataBreak: string;
  subjectDataBack: string;
  /** An "OK" from a number with several open messages: which one? */
  ackWhich: string;
  /** One choice of ackWhich's list. */
  ackChoice: string;
}

/** The group words of a language from the server texts (serverAlerts.group; decision 0107). */
export function groupWordsFor(texts: ServerTexts, language: string): GroupWords {
  return texts.group<GroupWords>(language, 'serverAlerts.group');
}
