import { celsiusToFahrenheit, LANGUAGES, type DegreesUnit, type Language } from '@emberwatch/shared';

/**
 * The words of alert messages in the eight languages (issue 12 item 3). Kept on the server: a message
 * is worded when it is written to the outbox, in the recipient's language and unit, so a retry sends
 * the very same text. `{name}` placeholders are filled by `fill`.
 */
export interface AlertWords {
  /** The probe and where: "probe {probe}, depth {depth}", or the average of its depths. */
  probeAtDepth: string;
  probeAverage: string;
  /** "{where} in {storage} is {temp}, above the limit {limit}." */
  above: string;
  below: string;
  reminder: string;
  cleared: string;
  at: string;
  replyOk: string;
  pressOne: string;
  voiceIntro: string;
  subjectRaise: string;
  subjectClear: string;
  openProbe: string;
  acknowledge: string;
  ackDone: string;
  ackNone: string;
  ackPageTitle: string;
  ackPageText: string;
  ackPageDone: string;
  ackPageInvalid: string;
}

export const ALERT_WORDS: Record<Language, AlertWords> = {
  en: {
    probeAtDepth: 'probe {probe}, depth {depth}',
    probeAverage: 'probe {probe} (average of depths)',
    above: 'Emberwatch alert: {where} in {storage} is {temp}, above the limit {limit}.',
    below: 'Emberwatch alert: {where} in {storage} is {temp}, below the limit {limit}.',
    reminder: 'Reminder {n}',
    cleared: 'Emberwatch: the alert of {where} in {storage} has ended.',
    at: 'Reading time {time}.',
    replyOk: 'Reply OK to acknowledge.',
    pressOne: 'Press 1 to acknowledge this alert.',
    voiceIntro: 'This is Emberwatch calling.',
    subjectRaise: 'Emberwatch alert: {storage}',
    subjectClear: 'Emberwatch: alert ended in {storage}',
    openProbe: 'Open the probe',
    acknowledge: 'Acknowledge',
    ackDone: 'Emberwatch: alerts acknowledged: {n}. Thank you.',
    ackNone: 'Emberwatch: there is no open alert to acknowledge.',
    ackPageTitle: 'Acknowledge the alert',
    ackPageText: 'Acknowledging tells the others that someone is looking after it, and stops the reminders.',
    ackPageDone: 'The alert is acknowledged. The reminders stop.',
    ackPageInvalid: 'This link is not valid.',
  },
  fr: {
    probeAtDepth: 'la sonde {probe}, profondeur {depth}',
    probeAverage: 'la sonde {probe} (moyenne des profondeurs)',
    above: 'Alerte Emberwatch : {where} dans {storage} est à {temp}, au-dessus de la limite {limit}.',
    below: 'Alerte Emberwatch : {where} dans {storage} est à {temp}, en dessous de la limite {limit}.',
    reminder: 'Rappel {n}',
    cleared: "Emberwatch : l'alerte de {where} dans {storage} est terminée.",
    at: 'Heure de la mesure {time}.',
    replyOk: 'Répondez OK pour en prendre acte.',
    pressOne: 'Appuyez sur 1 pour prendre acte de cette alerte.',
    voiceIntro: 'Ici Emberwatch.',
    subjectRaise: 'Alerte Emberwatch : {storage}',
    subjectClear: 'Emberwatch : alerte terminée dans {storage}',
    openProbe: 'Ouvrir la sonde',
    acknowledge: 'Prendre acte',
    ackDone: 'Emberwatch : alertes prises en compte : {n}. Merci.',
    ackNone: "Emberwatch : il n'y a aucune alerte ouverte à prendre en compte.",
    ackPageTitle: "Prendre acte de l'alerte",
    ackPageText: "Prendre acte indique aux autres que quelqu'un s'en occupe, et arrête les rappels.",
    ackPageDone: "L'alerte est prise en compte. Les rappels s'arrêtent.",
    ackPageInvalid: "Ce lien n'est pas valide.",
  },
  de: {
    probeAtDepth: 'Sonde {probe}, Tiefe {depth}',
    probeAverage: 'Sonde {probe} (Mittel der Tiefen)',
    above: 'Emberwatch-Alarm: {where} in {storage} hat {temp}, über dem Grenzwert {limit}.',
    below: 'Emberwatch-Alarm: {where} in {storage} hat {temp}, unter dem Grenzwert {limit}.',
    reminder: 'Erinnerung {n}',
    cleared: 'Emberwatch: Der Alarm von {where} in {storage} ist beendet.',
    at: 'Messzeit {time}.',
    replyOk: 'Antworten Sie OK zum Bestätigen.',
    pressOne: 'Drücken Sie 1, um diesen Alarm zu bestätigen.',
    voiceIntro: 'Hier ist Emberwatch.',
    subjectRaise: 'Emberwatch-Alarm: {storage}',
    subjectClear: 'Emberwatch: Alarm beendet in {storage}',
    openProbe: 'Sonde öffnen',
    acknowledge: 'Bestätigen',
    ackDone: 'Emberwatch: bestätigte Alarme: {n}. Danke.',
    ackNone: 'Emberwatch: Es gibt keinen offenen Alarm zu bestätigen.',
    ackPageTitle: 'Alarm bestätigen',
    ackPageText: 'Die Bestätigung zeigt den anderen, dass sich jemand kümmert, und beendet die Erinnerungen.',
    ackPageDone: 'Der Alarm ist bestätigt. Die Erinnerungen enden.',
    ackPageInvalid: 'Dieser Link ist nicht gültig.',
  },
  fi: {
    probeAtDepth: 'anturi {probe}, syvyys {depth}',
    probeAverage: 'anturi {probe} (syvyyksien keskiarvo)',
    above: 'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}, yli rajan {limit}.',
    below: 'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}, alle rajan {limit}.',
    reminder: 'Muistutus {n}',
    cleared: 'Emberwatch: hälytys ({where}, {storage}) on päättynyt.',
    at: 'Mittausaika {time}.',
    replyOk: 'Kuittaa vastaamalla OK.',
    pressOne: 'Kuittaa hälytys painamalla 1.',
    voiceIntro: 'Täällä Emberwatch.',
    subjectRaise: 'Emberwatch-hälytys: {storage}',
    subjectClear: 'Emberwatch: hälytys päättyi, {storage}',
    openProbe: 'Avaa anturi',
    acknowledge: 'Kuittaa',
    ackDone: 'Emberwatch: kuitattuja hälytyksiä: {n}. Kiitos.',
    ackNone: 'Emberwatch: kuitattavia avoimia hälytyksiä ei ole.',
    ackPageTitle: 'Kuittaa hälytys',
    ackPageText: 'Kuittaus kertoo muille, että joku hoitaa asian, ja lopettaa muistutukset.',
    ackPageDone: 'Hälytys on kuitattu. Muistutukset loppuvat.',
    ackPageInvalid: 'Tämä linkki ei ole kelvollinen.',
  },
  hr: {
    probeAtDepth: 'sonda {probe}, dubina {depth}',
    probeAverage: 'sonda {probe} (prosjek dubina)',
    above: 'Emberwatch upozorenje: {where} u {storage} ima {temp}, iznad granice {limit}.',
    below: 'Emberwatch upozorenje: {where} u {storage} ima {temp}, ispod granice {limit}.',
    reminder: 'Podsjetnik {n}',
    cleared: 'Emberwatch: upozorenje za {where} u {storage} je završilo.',
    at: 'Vrijeme mjerenja {time}.',
    replyOk: 'Odgovorite OK za potvrdu.',
    pressOne: 'Pritisnite 1 za potvrdu ovog upozorenja.',
    voiceIntro: 'Ovdje Emberwatch.',
    subjectRaise: 'Emberwatch upozorenje: {storage}',
    subjectClear: 'Emberwatch: upozorenje završeno u {storage}',
    openProbe: 'Otvori sondu',
    acknowledge: 'Potvrdi',
    ackDone: 'Emberwatch: potvrđena upozorenja: {n}. Hvala.',
    ackNone: 'Emberwatch: nema otvorenog upozorenja za potvrdu.',
    ackPageTitle: 'Potvrdi upozorenje',
    ackPageText: 'Potvrda javlja drugima da se netko brine o tome i zaustavlja podsjetnike.',
    ackPageDone: 'Upozorenje je potvrđeno. Podsjetnici prestaju.',
    ackPageInvalid: 'Ova poveznica nije valjana.',
  },
  it: {
    probeAtDepth: 'la sonda {probe}, profondità {depth}',
    probeAverage: 'la sonda {probe} (media delle profondità)',
    above: 'Allarme Emberwatch: {where} in {storage} è a {temp}, sopra il limite {limit}.',
    below: 'Allarme Emberwatch: {where} in {storage} è a {temp}, sotto il limite {limit}.',
    reminder: 'Promemoria {n}',
    cleared: "Emberwatch: l'allarme di {where} in {storage} è terminato.",
    at: 'Ora della misura {time}.',
    replyOk: 'Rispondi OK per confermare.',
    pressOne: 'Premi 1 per confermare questo allarme.',
    voiceIntro: 'Qui Emberwatch.',
    subjectRaise: 'Allarme Emberwatch: {storage}',
    subjectClear: 'Emberwatch: allarme terminato in {storage}',
    openProbe: 'Apri la sonda',
    acknowledge: 'Conferma',
    ackDone: 'Emberwatch: allarmi confermati: {n}. Grazie.',
    ackNone: 'Emberwatch: non ci sono allarmi aperti da confermare.',
    ackPageTitle: "Conferma l'allarme",
    ackPageText: 'La conferma dice agli altri che qualcuno se ne occupa e ferma i promemoria.',
    ackPageDone: "L'allarme è confermato. I promemoria si fermano.",
    ackPageInvalid: 'Questo link non è valido.',
  },
  nl: {
    probeAtDepth: 'sonde {probe}, diepte {depth}',
    probeAverage: 'sonde {probe} (gemiddelde van de diepten)',
    above: 'Emberwatch-alarm: {where} in {storage} is {temp}, boven de grens {limit}.',
    below: 'Emberwatch-alarm: {where} in {storage} is {temp}, onder de grens {limit}.',
    reminder: 'Herinnering {n}',
    cleared: 'Emberwatch: het alarm van {where} in {storage} is voorbij.',
    at: 'Meettijd {time}.',
    replyOk: 'Antwoord OK om te bevestigen.',
    pressOne: 'Druk op 1 om dit alarm te bevestigen.',
    voiceIntro: 'U spreekt met Emberwatch.',
    subjectRaise: 'Emberwatch-alarm: {storage}',
    subjectClear: 'Emberwatch: alarm voorbij in {storage}',
    openProbe: 'Open de sonde',
    acknowledge: 'Bevestigen',
    ackDone: 'Emberwatch: bevestigde alarmen: {n}. Dank u.',
    ackNone: 'Emberwatch: er is geen open alarm om te bevestigen.',
    ackPageTitle: 'Alarm bevestigen',
    ackPageText: 'Bevestigen laat de anderen weten dat iemand het oppakt, en stopt de herinneringen.',
    ackPageDone: 'Het alarm is bevestigd. De herinneringen stoppen.',
    ackPageInvalid: 'Deze link is niet geldig.',
  },
  es: {
    probeAtDepth: 'la sonda {probe}, profundidad {depth}',
    probeAverage: 'la sonda {probe} (media de las profundidades)',
    above: 'Alarma de Emberwatch: {where} en {storage} está a {temp}, por encima del límite {limit}.',
    below: 'Alarma de Emberwatch: {where} en {storage} está a {temp}, por debajo del límite {limit}.',
    reminder: 'Recordatorio {n}',
    cleared: 'Emberwatch: la alarma de {where} en {storage} ha terminado.',
    at: 'Hora de la medición {time}.',
    replyOk: 'Responda OK para confirmar.',
    pressOne: 'Pulse 1 para confirmar esta alarma.',
    voiceIntro: 'Le llama Emberwatch.',
    subjectRaise: 'Alarma de Emberwatch: {storage}',
    subjectClear: 'Emberwatch: alarma terminada en {storage}',
    openProbe: 'Abrir la sonda',
    acknowledge: 'Confirmar',
    ackDone: 'Emberwatch: alarmas confirmadas: {n}. Gracias.',
    ackNone: 'Emberwatch: no hay ninguna alarma abierta que confirmar.',
    ackPageTitle: 'Confirmar la alarma',
    ackPageText: 'Confirmar avisa a los demás de que alguien se ocupa, y detiene los recordatorios.',
    ackPageDone: 'La alarma está confirmada. Los recordatorios se detienen.',
    ackPageInvalid: 'Este enlace no es válido.',
  },
};

export function wordsFor(language: string): AlertWords {
  return (LANGUAGES as readonly string[]).includes(language)
    ? ALERT_WORDS[language as Language]
    : ALERT_WORDS.en;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Tenths of °C as the recipient reads them: one decimal in their unit. */
export function formatTemperature(tenthsC: number, unit: DegreesUnit, language: string): string {
  const c = tenthsC / 10;
  const v = unit === 'F' ? celsiusToFahrenheit(c) : c;
  const n = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
  return `${n} °${unit}`;
}

/** The reading's time in the station's zone (UTC when the station has none), in the recipient's language. */
export function formatTime(epochS: number, timeZone: string | null, language: string): string {
  const opts: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(language, { ...opts, timeZone: timeZone ?? 'UTC' }).format(epochS * 1000);
  } catch {
    return new Intl.DateTimeFormat(language, { ...opts, timeZone: 'UTC' }).format(epochS * 1000) + ' UTC';
  }
}
