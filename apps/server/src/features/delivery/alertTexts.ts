import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import { celsiusToFahrenheit, type DegreesUnit } from '@emberwatch/shared/domain/temperature';

/**
 * The words of alert messages in the eight languages (issue 12 item 3). Kept on the server: a message
 * is worded when it is written to the outbox, in the recipient's language and unit, so a retry sends
 * the very same text. `{name}` placeholders are filled by `fillPlaceholders`.
 */
export interface AlertWords {
  /** The probe and where: "probe {probe}, depth {depth}", or the average of its depths. */
  probeAtDepth: string;
  probeAverage: string;
  /** "{where} in {storage} is {temp}, above the limit {limit}." */
  above: string;
  below: string;
  /** A rise-rate alert: "… is {temp}: it rose {change} within {hours} h, more than {rate} an hour." */
  riseRate: string;
  /** A relative alert against the probe's own past ({ref} the lowest, or highest, of the window). */
  relRise: string;
  relFall: string;
  /** A relative alert against the other probes' average ({ref}). */
  relAbovePeers: string;
  relBelowPeers: string;
  reminder: string;
  /** The all-clear without a reading (reset, probe removed). */
  cleared: string;
  /** The all-clear with the value that ended the alert. */
  clearedAt: string;
  /** When the alert ended (the all-clear's time, beside `at` of the raise). */
  endedAt: string;
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
  /** The page of a link past its time ({days}: how long links work). */
  ackPageExpired: string;
  /** Said under an invalid or expired link's title: it did nothing, and where to go instead. */
  ackPageNothing: string;
  ackPageOpenApp: string;
}

export const ALERT_WORDS: Record<Language, AlertWords> = {
  en: {
    probeAtDepth: 'probe {probe}, depth {depth}',
    probeAverage: 'probe {probe} (average of depths)',
    above: 'Emberwatch alert: {where} in {storage} is {temp}, above the limit {limit}.',
    below: 'Emberwatch alert: {where} in {storage} is {temp}, below the limit {limit}.',
    riseRate:
      'Emberwatch alert: {where} in {storage} is {temp}: it rose {change} within {hours} h, more than {rate} an hour.',
    relRise:
      'Emberwatch alert: {where} in {storage} is {temp}: it rose {change} within {hours} h (from {ref}), more than the {tolerance} allowed.',
    relFall:
      'Emberwatch alert: {where} in {storage} is {temp}: it fell {change} within {hours} h (from {ref}), more than the {tolerance} allowed.',
    relAbovePeers:
      'Emberwatch alert: {where} in {storage} is {temp}, {change} above the average of the other probes ({ref}), more than the {tolerance} allowed.',
    relBelowPeers:
      'Emberwatch alert: {where} in {storage} is {temp}, {change} below the average of the other probes ({ref}), more than the {tolerance} allowed.',
    reminder: 'Reminder {n}',
    cleared: 'Emberwatch: the alert of {where} in {storage} has ended.',
    clearedAt: 'Emberwatch: the alert of {where} in {storage} has ended: the temperature is back to {temp}.',
    endedAt: 'Ended {time}.',
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
    ackPageExpired: 'This link has expired: acknowledgement links work for {days} days.',
    ackPageNothing:
      'Nothing has been acknowledged. Open Emberwatch to see the alert and acknowledge it there.',
    ackPageOpenApp: 'Open Emberwatch',
  },
  fr: {
    probeAtDepth: 'la sonde {probe}, profondeur {depth}',
    probeAverage: 'la sonde {probe} (moyenne des profondeurs)',
    above: 'Alerte Emberwatch : {where} dans {storage} est à {temp}, au-dessus de la limite {limit}.',
    below: 'Alerte Emberwatch : {where} dans {storage} est à {temp}, en dessous de la limite {limit}.',
    riseRate:
      'Alerte Emberwatch : {where} dans {storage} est à {temp} : la température a augmenté de {change} en {hours} h, plus de {rate} par heure.',
    relRise:
      'Alerte Emberwatch : {where} dans {storage} est à {temp} : la température a augmenté de {change} en {hours} h (depuis {ref}), plus que les {tolerance} admis.',
    relFall:
      'Alerte Emberwatch : {where} dans {storage} est à {temp} : la température a baissé de {change} en {hours} h (depuis {ref}), plus que les {tolerance} admis.',
    relAbovePeers:
      'Alerte Emberwatch : {where} dans {storage} est à {temp}, {change} au-dessus de la moyenne des autres sondes ({ref}), plus que les {tolerance} admis.',
    relBelowPeers:
      'Alerte Emberwatch : {where} dans {storage} est à {temp}, {change} en dessous de la moyenne des autres sondes ({ref}), plus que les {tolerance} admis.',
    reminder: 'Rappel {n}',
    cleared: "Emberwatch : l'alerte de {where} dans {storage} est terminée.",
    clearedAt:
      "Emberwatch : l'alerte de {where} dans {storage} est terminée : la température est revenue à {temp}.",
    endedAt: "Fin de l'alerte {time}.",
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
    ackPageExpired: 'Ce lien a expiré : les liens pour prendre acte fonctionnent pendant {days} jours.',
    ackPageNothing: "Rien n'a été pris en compte. Ouvrez Emberwatch pour voir l'alerte et en prendre acte.",
    ackPageOpenApp: 'Ouvrir Emberwatch',
  },
  de: {
    probeAtDepth: 'Sonde {probe}, Tiefe {depth}',
    probeAverage: 'Sonde {probe} (Mittel der Tiefen)',
    above: 'Emberwatch-Alarm: {where} in {storage} hat {temp}, über dem Grenzwert {limit}.',
    below: 'Emberwatch-Alarm: {where} in {storage} hat {temp}, unter dem Grenzwert {limit}.',
    riseRate:
      'Emberwatch-Alarm: {where} in {storage} hat {temp}: Die Temperatur stieg um {change} in {hours} h, mehr als {rate} pro Stunde.',
    relRise:
      'Emberwatch-Alarm: {where} in {storage} hat {temp}: Die Temperatur stieg um {change} in {hours} h (von {ref}), mehr als die erlaubten {tolerance}.',
    relFall:
      'Emberwatch-Alarm: {where} in {storage} hat {temp}: Die Temperatur fiel um {change} in {hours} h (von {ref}), mehr als die erlaubten {tolerance}.',
    relAbovePeers:
      'Emberwatch-Alarm: {where} in {storage} hat {temp}, {change} über dem Mittel der anderen Sonden ({ref}), mehr als die erlaubten {tolerance}.',
    relBelowPeers:
      'Emberwatch-Alarm: {where} in {storage} hat {temp}, {change} unter dem Mittel der anderen Sonden ({ref}), mehr als die erlaubten {tolerance}.',
    reminder: 'Erinnerung {n}',
    cleared: 'Emberwatch: Der Alarm von {where} in {storage} ist beendet.',
    clearedAt:
      'Emberwatch: Der Alarm von {where} in {storage} ist beendet: Die Temperatur ist zurück bei {temp}.',
    endedAt: 'Beendet {time}.',
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
    ackPageExpired: 'Dieser Link ist abgelaufen: Bestätigungslinks gelten {days} Tage.',
    ackPageNothing:
      'Es wurde nichts bestätigt. Öffnen Sie Emberwatch, um den Alarm zu sehen und dort zu bestätigen.',
    ackPageOpenApp: 'Emberwatch öffnen',
  },
  fi: {
    probeAtDepth: 'anturi {probe}, syvyys {depth}',
    probeAverage: 'anturi {probe} (syvyyksien keskiarvo)',
    above: 'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}, yli rajan {limit}.',
    below: 'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}, alle rajan {limit}.',
    riseRate:
      'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}: lämpötila nousi {change} {hours} tunnin aikana, nopeammin kuin {rate} tunnissa.',
    relRise:
      'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}: lämpötila nousi {change} {hours} tunnin aikana (lähtötaso {ref}), enemmän kuin sallitut {tolerance}.',
    relFall:
      'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}: lämpötila laski {change} {hours} tunnin aikana (lähtötaso {ref}), enemmän kuin sallitut {tolerance}.',
    relAbovePeers:
      'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}, {change} yli muiden anturien keskiarvon ({ref}), enemmän kuin sallitut {tolerance}.',
    relBelowPeers:
      'Emberwatch-hälytys: {where} kohteessa {storage} on {temp}, {change} alle muiden anturien keskiarvon ({ref}), enemmän kuin sallitut {tolerance}.',
    reminder: 'Muistutus {n}',
    cleared: 'Emberwatch: hälytys ({where}, {storage}) on päättynyt.',
    clearedAt: 'Emberwatch: hälytys ({where}, {storage}) on päättynyt: lämpötila on palannut arvoon {temp}.',
    endedAt: 'Päättyi {time}.',
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
    ackPageExpired: 'Tämä linkki on vanhentunut: kuittauslinkit toimivat {days} päivää.',
    ackPageNothing: 'Mitään ei kuitattu. Avaa Emberwatch nähdäksesi hälytyksen ja kuittaa se siellä.',
    ackPageOpenApp: 'Avaa Emberwatch',
  },
  hr: {
    probeAtDepth: 'sonda {probe}, dubina {depth}',
    probeAverage: 'sonda {probe} (prosjek dubina)',
    above: 'Emberwatch upozorenje: {where} u {storage} ima {temp}, iznad granice {limit}.',
    below: 'Emberwatch upozorenje: {where} u {storage} ima {temp}, ispod granice {limit}.',
    riseRate:
      'Emberwatch upozorenje: {where} u {storage} ima {temp}: temperatura je porasla za {change} u {hours} h, više od {rate} na sat.',
    relRise:
      'Emberwatch upozorenje: {where} u {storage} ima {temp}: temperatura je porasla za {change} u {hours} h (s {ref}), više od dopuštenih {tolerance}.',
    relFall:
      'Emberwatch upozorenje: {where} u {storage} ima {temp}: temperatura je pala za {change} u {hours} h (s {ref}), više od dopuštenih {tolerance}.',
    relAbovePeers:
      'Emberwatch upozorenje: {where} u {storage} ima {temp}, {change} iznad prosjeka ostalih sondi ({ref}), više od dopuštenih {tolerance}.',
    relBelowPeers:
      'Emberwatch upozorenje: {where} u {storage} ima {temp}, {change} ispod prosjeka ostalih sondi ({ref}), više od dopuštenih {tolerance}.',
    reminder: 'Podsjetnik {n}',
    cleared: 'Emberwatch: upozorenje za {where} u {storage} je završilo.',
    clearedAt: 'Emberwatch: upozorenje za {where} u {storage} je završilo: temperatura se vratila na {temp}.',
    endedAt: 'Završeno {time}.',
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
    ackPageExpired: 'Ova je poveznica istekla: poveznice za potvrdu vrijede {days} dana.',
    ackPageNothing: 'Ništa nije potvrđeno. Otvorite Emberwatch da vidite upozorenje i tamo ga potvrdite.',
    ackPageOpenApp: 'Otvori Emberwatch',
  },
  it: {
    probeAtDepth: 'la sonda {probe}, profondità {depth}',
    probeAverage: 'la sonda {probe} (media delle profondità)',
    above: 'Allarme Emberwatch: {where} in {storage} è a {temp}, sopra il limite {limit}.',
    below: 'Allarme Emberwatch: {where} in {storage} è a {temp}, sotto il limite {limit}.',
    riseRate:
      "Allarme Emberwatch: {where} in {storage} è a {temp}: la temperatura è salita di {change} in {hours} h, più di {rate} all'ora.",
    relRise:
      'Allarme Emberwatch: {where} in {storage} è a {temp}: la temperatura è salita di {change} in {hours} h (da {ref}), più dei {tolerance} ammessi.',
    relFall:
      'Allarme Emberwatch: {where} in {storage} è a {temp}: la temperatura è scesa di {change} in {hours} h (da {ref}), più dei {tolerance} ammessi.',
    relAbovePeers:
      'Allarme Emberwatch: {where} in {storage} è a {temp}, {change} sopra la media delle altre sonde ({ref}), più dei {tolerance} ammessi.',
    relBelowPeers:
      'Allarme Emberwatch: {where} in {storage} è a {temp}, {change} sotto la media delle altre sonde ({ref}), più dei {tolerance} ammessi.',
    reminder: 'Promemoria {n}',
    cleared: "Emberwatch: l'allarme di {where} in {storage} è terminato.",
    clearedAt:
      "Emberwatch: l'allarme di {where} in {storage} è terminato: la temperatura è tornata a {temp}.",
    endedAt: 'Terminato {time}.',
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
    ackPageExpired: 'Questo link è scaduto: i link di conferma valgono {days} giorni.',
    ackPageNothing: "Non è stato confermato nulla. Apri Emberwatch per vedere l'allarme e confermarlo lì.",
    ackPageOpenApp: 'Apri Emberwatch',
  },
  nl: {
    probeAtDepth: 'sonde {probe}, diepte {depth}',
    probeAverage: 'sonde {probe} (gemiddelde van de diepten)',
    above: 'Emberwatch-alarm: {where} in {storage} is {temp}, boven de grens {limit}.',
    below: 'Emberwatch-alarm: {where} in {storage} is {temp}, onder de grens {limit}.',
    riseRate:
      'Emberwatch-alarm: {where} in {storage} is {temp}: de temperatuur steeg {change} in {hours} uur, meer dan {rate} per uur.',
    relRise:
      'Emberwatch-alarm: {where} in {storage} is {temp}: de temperatuur steeg {change} in {hours} uur (van {ref}), meer dan de toegestane {tolerance}.',
    relFall:
      'Emberwatch-alarm: {where} in {storage} is {temp}: de temperatuur daalde {change} in {hours} uur (van {ref}), meer dan de toegestane {tolerance}.',
    relAbovePeers:
      'Emberwatch-alarm: {where} in {storage} is {temp}, {change} boven het gemiddelde van de andere sondes ({ref}), meer dan de toegestane {tolerance}.',
    relBelowPeers:
      'Emberwatch-alarm: {where} in {storage} is {temp}, {change} onder het gemiddelde van de andere sondes ({ref}), meer dan de toegestane {tolerance}.',
    reminder: 'Herinnering {n}',
    cleared: 'Emberwatch: het alarm van {where} in {storage} is voorbij.',
    clearedAt:
      'Emberwatch: het alarm van {where} in {storage} is voorbij: de temperatuur is terug op {temp}.',
    endedAt: 'Beëindigd {time}.',
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
    ackPageExpired: 'Deze link is verlopen: bevestigingslinks werken {days} dagen.',
    ackPageNothing: 'Er is niets bevestigd. Open Emberwatch om het alarm te zien en daar te bevestigen.',
    ackPageOpenApp: 'Open Emberwatch',
  },
  es: {
    probeAtDepth: 'la sonda {probe}, profundidad {depth}',
    probeAverage: 'la sonda {probe} (media de las profundidades)',
    above: 'Alarma de Emberwatch: {where} en {storage} está a {temp}, por encima del límite {limit}.',
    below: 'Alarma de Emberwatch: {where} en {storage} está a {temp}, por debajo del límite {limit}.',
    riseRate:
      'Alarma de Emberwatch: {where} en {storage} está a {temp}: la temperatura subió {change} en {hours} h, más de {rate} por hora.',
    relRise:
      'Alarma de Emberwatch: {where} en {storage} está a {temp}: la temperatura subió {change} en {hours} h (desde {ref}), más de los {tolerance} permitidos.',
    relFall:
      'Alarma de Emberwatch: {where} en {storage} está a {temp}: la temperatura bajó {change} en {hours} h (desde {ref}), más de los {tolerance} permitidos.',
    relAbovePeers:
      'Alarma de Emberwatch: {where} en {storage} está a {temp}, {change} por encima de la media de las otras sondas ({ref}), más de los {tolerance} permitidos.',
    relBelowPeers:
      'Alarma de Emberwatch: {where} en {storage} está a {temp}, {change} por debajo de la media de las otras sondas ({ref}), más de los {tolerance} permitidos.',
    reminder: 'Recordatorio {n}',
    cleared: 'Emberwatch: la alarma de {where} en {storage} ha terminado.',
    clearedAt:
      'Emberwatch: la alarma de {where} en {storage} ha terminado: la temperatura ha vuelto a {temp}.',
    endedAt: 'Fin de la alarma {time}.',
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
    ackPageExpired: 'Este enlace ha caducado: los enlaces de confirmación funcionan durante {days} días.',
    ackPageNothing: 'No se ha confirmado nada. Abra Emberwatch para ver la alarma y confirmarla allí.',
    ackPageOpenApp: 'Abrir Emberwatch',
  },
};

export function wordsFor(language: string): AlertWords {
  return (LANGUAGES as readonly string[]).includes(language)
    ? ALERT_WORDS[language as Language]
    : ALERT_WORDS.en;
}

/**
 * The first of the eight languages a browser's Accept-Language names ("fi-FI,fi;q=0.9,en;q=0.8" →
 * fi), by its weights; English without one. For pages shown to someone we cannot name yet (a link
 * that is not ours).
 */
export function acceptedLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0 && (LANGUAGES as readonly string[]).includes(x.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Language | undefined) ?? 'en';
}

/** Tenths of °C as the recipient reads them: one decimal in their unit. */
export function formatTemperature(tenthsC: number, unit: DegreesUnit, language: string): string {
  const c = tenthsC / 10;
  return `${oneDecimal(unit === 'F' ? celsiusToFahrenheit(c) : c, language)} °${unit}`;
}

/**
 * A difference of tenths of °C (a rise, a tolerance, a rate's degrees): converted without the
 * offset — a rise of 5 °C is one of 9 °F, not of 41 °F.
 */
export function formatDifference(tenthsC: number, unit: DegreesUnit, language: string): string {
  const c = tenthsC / 10;
  return `${oneDecimal(unit === 'F' ? c * 1.8 : c, language)} °${unit}`;
}

function oneDecimal(v: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
}

/**
 * A time in a message, in the recipient's language, in the given zone and naming it ("26/11/2026,
 * 12:05 EET", "26.11.2026 klo 12.05 UTC+2"): a farmer reading an SMS abroad, or an alarm centre in
 * another zone, must not have to guess which clock it is. The caller picks the zone (the station's,
 * else the account's); none, or one the runtime does not know, is UTC — said so.
 */
export function formatTime(epochS: number, timeZone: string | null, language: string): string {
  const opts: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(language, { ...opts, timeZone: timeZone ?? 'UTC' }).format(epochS * 1000);
  } catch {
    return new Intl.DateTimeFormat(language, { ...opts, timeZone: 'UTC' }).format(epochS * 1000);
  }
}
