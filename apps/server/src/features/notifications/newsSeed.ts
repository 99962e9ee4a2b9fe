import type { NewsRow } from './notifications.repository.js';

type Texts = Record<'en' | 'fr' | 'de' | 'fi' | 'hr' | 'it' | 'nl' | 'es', { title: string; text: string }>;

const item = (
  id: number,
  published: string,
  icon: string,
  popup: boolean,
  link: string | null,
  texts: Texts,
): NewsRow => ({
  id,
  published_ts: Math.floor(Date.parse(published) / 1000),
  icon,
  link,
  popup: popup ? 1 : 0,
  texts: JSON.stringify(texts),
});

/**
 * The product's news at start (decision 0047): seeded by id once, so an instance never adds them
 * twice and an item changed in the store is not overwritten. Admin news campaigns (spec doc 1 §7
 * getNewsCampaigns, saveNewsCampaigns) write the same table; ids from 1000 up are theirs (decision 0100).
 */
export const NEWS_SEED: readonly NewsRow[] = [
  item(1, '2025-09-15T08:00:00Z', 'info', false, null, {
    en: {
      title: 'A logbook for every storage',
      text: 'Each storage now keeps a logbook of every alert raised, acknowledged, reset and cleared, and of every change to its monitor’s rules.',
    },
    fr: {
      title: 'Un journal pour chaque stockage',
      text: 'Chaque stockage tient désormais un journal de toutes les alertes déclenchées, acquittées, réinitialisées et terminées, et de chaque modification des règles de son moniteur.',
    },
    de: {
      title: 'Ein Logbuch für jedes Lager',
      text: 'Jedes Lager führt jetzt ein Logbuch aller ausgelösten, bestätigten, zurückgesetzten und beendeten Alarme und jeder Änderung an den Regeln seines Monitors.',
    },
    fi: {
      title: 'Loki jokaiselle varastolle',
      text: 'Jokainen varasto pitää nyt lokia kaikista hälytyksistä – syntyneistä, kuitatuista, nollatuista ja päättyneistä – sekä jokaisesta valvonnan sääntöjen muutoksesta.',
    },
    hr: {
      title: 'Dnevnik za svako skladište',
      text: 'Svako skladište sada vodi dnevnik svih podignutih, potvrđenih, poništenih i završenih alarma te svake promjene pravila svog monitora.',
    },
    it: {
      title: 'Un registro per ogni deposito',
      text: 'Ogni deposito ora tiene un registro di tutti gli allarmi attivati, confermati, azzerati e chiusi, e di ogni modifica alle regole del suo monitor.',
    },
    nl: {
      title: 'Een logboek voor elke opslag',
      text: 'Elke opslag houdt nu een logboek bij van elk alarm dat werd gegeven, bevestigd, gereset en beëindigd, en van elke wijziging aan de regels van zijn monitor.',
    },
    es: {
      title: 'Un registro para cada almacén',
      text: 'Cada almacén guarda ahora un registro de todas las alertas activadas, confirmadas, restablecidas y finalizadas, y de cada cambio en las reglas de su monitor.',
    },
  }),
  item(2, '2025-10-20T08:00:00Z', 'feature', false, null, {
    en: {
      title: 'New rule: rise rate',
      text: 'A monitor can now warn when a stack warms faster than you allow — self-heating is caught before any absolute limit is reached.',
    },
    fr: {
      title: 'Nouvelle règle : vitesse de montée',
      text: 'Un moniteur peut désormais avertir lorsqu’une pile se réchauffe plus vite que vous ne le permettez : l’auto-échauffement est détecté avant toute limite absolue.',
    },
    de: {
      title: 'Neue Regel: Anstiegsrate',
      text: 'Ein Monitor kann jetzt warnen, wenn sich ein Stapel schneller erwärmt als erlaubt – Selbsterhitzung wird erkannt, bevor eine absolute Grenze erreicht ist.',
    },
    fi: {
      title: 'Uusi sääntö: nousunopeus',
      text: 'Valvonta voi nyt varoittaa, kun pino lämpenee sallittua nopeammin – itsekuumeneminen huomataan ennen kuin mikään raja-arvo ylittyy.',
    },
    hr: {
      title: 'Novo pravilo: brzina porasta',
      text: 'Monitor sada može upozoriti kada se hrpa zagrijava brže nego što dopuštate – samozagrijavanje se otkriva prije nego što se dosegne bilo koja apsolutna granica.',
    },
    it: {
      title: 'Nuova regola: velocità di aumento',
      text: 'Un monitor ora può avvisare quando una pila si scalda più in fretta di quanto consentito: l’autoriscaldamento viene colto prima di qualsiasi limite assoluto.',
    },
    nl: {
      title: 'Nieuwe regel: stijgsnelheid',
      text: 'Een monitor kan nu waarschuwen wanneer een stapel sneller opwarmt dan u toestaat – broei wordt opgemerkt voordat een absolute grens is bereikt.',
    },
    es: {
      title: 'Nueva regla: velocidad de subida',
      text: 'Un monitor ahora puede avisar cuando una pila se calienta más rápido de lo permitido: el autocalentamiento se detecta antes de alcanzar cualquier límite absoluto.',
    },
  }),
  item(3, '2025-11-20T08:00:00Z', 'feature', true, null, {
    en: {
      title: 'Notifications in the top bar',
      text: 'Alerts, stations and probes that stopped sending, and reminders now gather behind the bell in the top bar. It opens by itself when something needs you.',
    },
    fr: {
      title: 'Les notifications dans la barre du haut',
      text: 'Les alertes, les stations et sondes qui n’envoient plus et les rappels sont désormais réunis derrière la cloche de la barre du haut. Elle s’ouvre d’elle-même quand quelque chose vous attend.',
    },
    de: {
      title: 'Benachrichtigungen in der oberen Leiste',
      text: 'Alarme, Stationen und Sonden, die nicht mehr senden, und Erinnerungen sammeln sich jetzt hinter der Glocke in der oberen Leiste. Sie öffnet sich von selbst, wenn etwas Sie braucht.',
    },
    fi: {
      title: 'Ilmoitukset yläpalkissa',
      text: 'Hälytykset, lähettämisen lopettaneet tukiasemat ja anturit sekä muistutukset löytyvät nyt yläpalkin kellon takaa. Se avautuu itsestään, kun jokin vaatii huomiotasi.',
    },
    hr: {
      title: 'Obavijesti u gornjoj traci',
      text: 'Alarmi, stanice i sonde koje su prestale slati te podsjetnici sada se skupljaju iza zvona u gornjoj traci. Otvara se sam kada nešto treba vašu pažnju.',
    },
    it: {
      title: 'Notifiche nella barra superiore',
      text: 'Allarmi, stazioni e sonde che non trasmettono più e promemoria ora si raccolgono dietro la campanella nella barra superiore. Si apre da sola quando qualcosa richiede la tua attenzione.',
    },
    nl: {
      title: 'Meldingen in de bovenbalk',
      text: 'Alarmen, basisstations en sondes die niet meer zenden, en herinneringen staan nu achter de bel in de bovenbalk. Die opent vanzelf wanneer iets uw aandacht nodig heeft.',
    },
    es: {
      title: 'Notificaciones en la barra superior',
      text: 'Las alertas, las estaciones y sondas que dejaron de enviar y los recordatorios se reúnen ahora tras la campana de la barra superior. Se abre sola cuando algo requiere su atención.',
    },
  }),
];

/** Who to write to about the news (spec doc 1 §2 "a mailto link to a news contact"). */
export const NEWS_EMAIL = 'news@emberwatch.app';
