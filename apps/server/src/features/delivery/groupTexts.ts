import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';

/**
 * The words of grouped messages and data breaks (issue 27 items 1, 6 and 9; decision 0067) in the
 * eight languages, beside alertTexts.ts: several probes of a storage in one message, a base station or
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

export const GROUP_WORDS: Record<Language, GroupWords> = {
  en: {
    alsoInAlert: 'Also in alert: {list}.',
    more: '+{n} more',
    probesCount: '{n} probes',
    clearedMany: 'Emberwatch: the alerts of {n} probes in {storage} have ended: {list}.',
    replyOkCode: 'Reply OK {code} to acknowledge.',
    noBSData:
      'Emberwatch: no data from base station {station} since {time}. Check its power, antenna and SIM.',
    noProbeData: 'Emberwatch: {n} probes at base station {station} have sent no data since {time}: {list}.',
    dataBack: 'Emberwatch: data from base station {station} arrives again.',
    subjectDataBreak: 'Emberwatch: no data from {station}',
    subjectDataBack: 'Emberwatch: data again from {station}',
    ackWhich: 'Emberwatch: several alerts are open. Reply {choices}.',
    ackChoice: 'OK {code} for {name}',
  },
  fr: {
    alsoInAlert: 'Aussi en alerte : {list}.',
    more: '+{n} autres',
    probesCount: '{n} sondes',
    clearedMany: 'Emberwatch : les alertes de {n} sondes dans {storage} sont terminées : {list}.',
    replyOkCode: 'Répondez OK {code} pour en prendre acte.',
    noBSData:
      'Emberwatch : aucune donnée de la station de base {station} depuis {time}. Vérifiez son alimentation, son antenne et sa carte SIM.',
    noProbeData:
      "Emberwatch : {n} sondes de la station de base {station} n'envoient plus de données depuis {time} : {list}.",
    dataBack: 'Emberwatch : les données de la station de base {station} arrivent de nouveau.',
    subjectDataBreak: 'Emberwatch : aucune donnée de {station}',
    subjectDataBack: 'Emberwatch : de nouveau des données de {station}',
    ackWhich: 'Emberwatch : plusieurs alertes sont ouvertes. Répondez {choices}.',
    ackChoice: 'OK {code} pour {name}',
  },
  de: {
    alsoInAlert: 'Ebenfalls im Alarm: {list}.',
    more: '+{n} weitere',
    probesCount: '{n} Sonden',
    clearedMany: 'Emberwatch: Die Alarme von {n} Sonden in {storage} sind beendet: {list}.',
    replyOkCode: 'Antworten Sie OK {code} zum Bestätigen.',
    noBSData:
      'Emberwatch: keine Daten von der Basisstation {station} seit {time}. Prüfen Sie Stromversorgung, Antenne und SIM-Karte.',
    noProbeData: 'Emberwatch: {n} Sonden der Basisstation {station} senden seit {time} keine Daten: {list}.',
    dataBack: 'Emberwatch: Die Daten der Basisstation {station} kommen wieder an.',
    subjectDataBreak: 'Emberwatch: keine Daten von {station}',
    subjectDataBack: 'Emberwatch: wieder Daten von {station}',
    ackWhich: 'Emberwatch: Mehrere Alarme sind offen. Antworten Sie {choices}.',
    ackChoice: 'OK {code} für {name}',
  },
  fi: {
    alsoInAlert: 'Myös hälytyksessä: {list}.',
    more: '+{n} muuta',
    probesCount: '{n} anturia',
    clearedMany: 'Emberwatch: {n} anturin hälytykset kohteessa {storage} ovat päättyneet: {list}.',
    replyOkCode: 'Kuittaa vastaamalla OK {code}.',
    noBSData:
      'Emberwatch: tukiasemalta {station} ei ole tullut tietoja {time} jälkeen. Tarkista sen virta, antenni ja SIM-kortti.',
    noProbeData:
      'Emberwatch: tukiaseman {station} {n} anturia ei ole lähettänyt tietoja {time} jälkeen: {list}.',
    dataBack: 'Emberwatch: tukiaseman {station} tiedot tulevat taas.',
    subjectDataBreak: 'Emberwatch: ei tietoja kohteesta {station}',
    subjectDataBack: 'Emberwatch: taas tietoja kohteesta {station}',
    ackWhich: 'Emberwatch: useita hälytyksiä on auki. Vastaa {choices}.',
    ackChoice: 'OK {code} ({name})',
  },
  hr: {
    alsoInAlert: 'Također u upozorenju: {list}.',
    more: '+još {n}',
    probesCount: '{n} sondi',
    clearedMany: 'Emberwatch: upozorenja za {n} sondi u {storage} su završila: {list}.',
    replyOkCode: 'Odgovorite OK {code} za potvrdu.',
    noBSData:
      'Emberwatch: nema podataka s bazne stanice {station} od {time}. Provjerite napajanje, antenu i SIM karticu.',
    noProbeData: 'Emberwatch: {n} sondi bazne stanice {station} ne šalje podatke od {time}: {list}.',
    dataBack: 'Emberwatch: podaci s bazne stanice {station} ponovno stižu.',
    subjectDataBreak: 'Emberwatch: nema podataka s {station}',
    subjectDataBack: 'Emberwatch: ponovno podaci s {station}',
    ackWhich: 'Emberwatch: otvoreno je više upozorenja. Odgovorite {choices}.',
    ackChoice: 'OK {code} za {name}',
  },
  it: {
    alsoInAlert: 'Anche in allarme: {list}.',
    more: '+altre {n}',
    probesCount: '{n} sonde',
    clearedMany: 'Emberwatch: gli allarmi di {n} sonde in {storage} sono terminati: {list}.',
    replyOkCode: 'Rispondi OK {code} per confermare.',
    noBSData:
      "Emberwatch: nessun dato dalla stazione base {station} dalle {time}. Controlla l'alimentazione, l'antenna e la SIM.",
    noProbeData: 'Emberwatch: {n} sonde della stazione base {station} non inviano dati dalle {time}: {list}.',
    dataBack: 'Emberwatch: i dati della stazione base {station} arrivano di nuovo.',
    subjectDataBreak: 'Emberwatch: nessun dato da {station}',
    subjectDataBack: 'Emberwatch: di nuovo dati da {station}',
    ackWhich: 'Emberwatch: ci sono più allarmi aperti. Rispondi {choices}.',
    ackChoice: 'OK {code} per {name}',
  },
  nl: {
    alsoInAlert: 'Ook in alarm: {list}.',
    more: '+{n} meer',
    probesCount: '{n} sondes',
    clearedMany: 'Emberwatch: de alarmen van {n} sondes in {storage} zijn voorbij: {list}.',
    replyOkCode: 'Antwoord OK {code} om te bevestigen.',
    noBSData:
      'Emberwatch: geen gegevens van basisstation {station} sinds {time}. Controleer de stroom, de antenne en de simkaart.',
    noProbeData:
      'Emberwatch: {n} sondes van basisstation {station} sturen sinds {time} geen gegevens: {list}.',
    dataBack: 'Emberwatch: de gegevens van basisstation {station} komen weer binnen.',
    subjectDataBreak: 'Emberwatch: geen gegevens van {station}',
    subjectDataBack: 'Emberwatch: weer gegevens van {station}',
    ackWhich: 'Emberwatch: er staan meerdere alarmen open. Antwoord {choices}.',
    ackChoice: 'OK {code} voor {name}',
  },
  es: {
    alsoInAlert: 'También en alarma: {list}.',
    more: '+{n} más',
    probesCount: '{n} sondas',
    clearedMany: 'Emberwatch: las alarmas de {n} sondas en {storage} han terminado: {list}.',
    replyOkCode: 'Responda OK {code} para confirmar.',
    noBSData:
      'Emberwatch: no hay datos de la estación base {station} desde {time}. Compruebe su alimentación, antena y tarjeta SIM.',
    noProbeData: 'Emberwatch: {n} sondas de la estación base {station} no envían datos desde {time}: {list}.',
    dataBack: 'Emberwatch: los datos de la estación base {station} vuelven a llegar.',
    subjectDataBreak: 'Emberwatch: sin datos de {station}',
    subjectDataBack: 'Emberwatch: de nuevo datos de {station}',
    ackWhich: 'Emberwatch: hay varias alarmas abiertas. Responda {choices}.',
    ackChoice: 'OK {code} para {name}',
  },
};

export function groupWordsFor(language: string): GroupWords {
  return (LANGUAGES as readonly string[]).includes(language)
    ? GROUP_WORDS[language as Language]
    : GROUP_WORDS.en;
}
