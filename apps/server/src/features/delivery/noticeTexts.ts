import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';

/**
 * The words of the notice that tells an account's owner that messages to a recipient fail for good
 * (decision 0070), in the eight languages. Worded when written, like an alert's, so a retry sends the
 * same text. `{channel}` is the channel's plural subject of the sentence ("E-mails"), `{who}` the
 * recipient's name and address.
 */
export interface NoticeWords {
  subject: string;
  body: string;
  channels: Record<AlertChannel, string>;
}

export const NOTICE_WORDS: Record<Language, NoticeWords> = {
  en: {
    subject: 'Emberwatch: messages to {name} cannot be delivered',
    body: 'Emberwatch: {channel} to {who} cannot be delivered: {error}. Alerts may not reach them. Please check: {link}',
    channels: {
      sms: 'SMS messages',
      email: 'E-mails',
      voice: 'Voice calls',
      sentinel: 'Sentinel webhook calls',
      push: 'Push notifications',
    },
  },
  fr: {
    subject: 'Emberwatch : les messages pour {name} ne peuvent pas être remis',
    body: "Emberwatch : {channel} pour {who} n'arrivent pas : {error}. Les alertes risquent de ne pas lui parvenir. Vérifiez : {link}",
    channels: {
      sms: 'Les SMS',
      email: 'Les e-mails',
      voice: 'Les appels vocaux',
      sentinel: 'Les appels du webhook Sentinel',
      push: 'Les notifications push',
    },
  },
  de: {
    subject: 'Emberwatch: Nachrichten an {name} können nicht zugestellt werden',
    body: 'Emberwatch: {channel} an {who} kommen nicht an: {error}. Alarme erreichen diese Person womöglich nicht. Bitte prüfen: {link}',
    channels: {
      sms: 'SMS',
      email: 'E-Mails',
      voice: 'Sprachanrufe',
      sentinel: 'Aufrufe des Sentinel-Webhooks',
      push: 'Push-Benachrichtigungen',
    },
  },
  fi: {
    subject: 'Emberwatch: viestit vastaanottajalle {name} eivät mene perille',
    body: 'Emberwatch: {channel} vastaanottajalle {who} eivät mene perille: {error}. Hälytykset eivät ehkä tavoita häntä. Tarkista: {link}',
    channels: {
      sms: 'Tekstiviestit',
      email: 'Sähköpostit',
      voice: 'Puhelut',
      sentinel: 'Sentinel-webhookin kutsut',
      push: 'Push-ilmoitukset',
    },
  },
  hr: {
    subject: 'Emberwatch: poruke za {name} ne mogu se dostaviti',
    body: 'Emberwatch: {channel} za {who} ne stižu: {error}. Uzbune možda ne dolaze do te osobe. Provjerite: {link}',
    channels: {
      sms: 'SMS poruke',
      email: 'E-poruke',
      voice: 'Glasovni pozivi',
      sentinel: 'Pozivi Sentinel webhooka',
      push: 'Push obavijesti',
    },
  },
  it: {
    subject: 'Emberwatch: i messaggi per {name} non possono essere recapitati',
    body: 'Emberwatch: {channel} per {who} non arrivano: {error}. Gli allarmi potrebbero non raggiungere questa persona. Verifica: {link}',
    channels: {
      sms: 'Gli SMS',
      email: 'Le e-mail',
      voice: 'Le chiamate vocali',
      sentinel: 'Le chiamate al webhook Sentinel',
      push: 'Le notifiche push',
    },
  },
  nl: {
    subject: 'Emberwatch: berichten aan {name} kunnen niet worden bezorgd',
    body: 'Emberwatch: {channel} aan {who} komen niet aan: {error}. Alarmen bereiken deze persoon mogelijk niet. Controleer: {link}',
    channels: {
      sms: 'Sms-berichten',
      email: 'E-mails',
      voice: 'Spraakoproepen',
      sentinel: 'Aanroepen van de Sentinel-webhook',
      push: 'Pushmeldingen',
    },
  },
  es: {
    subject: 'Emberwatch: los mensajes para {name} no se pueden entregar',
    body: 'Emberwatch: {channel} para {who} no llegan: {error}. Es posible que las alarmas no lleguen a esta persona. Compruébelo: {link}',
    channels: {
      sms: 'Los SMS',
      email: 'Los correos electrónicos',
      voice: 'Las llamadas de voz',
      sentinel: 'Las llamadas al webhook de Sentinel',
      push: 'Las notificaciones push',
    },
  },
};

/** The provider's error as the notice quotes it: short enough for an SMS. */
export const NOTICE_ERROR_CHARS = 120;

/** The notice's subject and text in the owner's language (English for one we do not have). */
export function noticeText(
  language: string,
  facts: { channel: AlertChannel; name: string; address: string; error: string; link: string },
): { subject: string; body: string } {
  const w = (LANGUAGES as readonly string[]).includes(language)
    ? NOTICE_WORDS[language as Language]
    : NOTICE_WORDS.en;
  const error =
    facts.error.length > NOTICE_ERROR_CHARS
      ? `${facts.error.slice(0, NOTICE_ERROR_CHARS - 1)}…`
      : facts.error;
  // A push message's address is the person's user id: their name says more.
  const who = facts.channel === 'push' ? facts.name : `${facts.name} (${facts.address})`;
  const values = { ...facts, who, error, channel: w.channels[facts.channel] };
  return { subject: fillPlaceholders(w.subject, values), body: fillPlaceholders(w.body, values) };
}
