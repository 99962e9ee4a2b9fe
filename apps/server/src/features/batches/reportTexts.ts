import type { SanitisationNote } from '@emberwatch/shared/contracts/batches';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import type {
  CompostMethod,
  RequirementId,
  SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';

/**
 * The words of the sanitisation report's PDF in the eight languages (like the alert texts of the
 * delivery feature): the PDF is made on the server, in the reader's language and unit. `{name}`
 * placeholders are filled by `fill`. Standard names and legal sources stay as published.
 */
export interface ReportWords {
  title: string;
  batch: string;
  station: string;
  method: string;
  standard: string;
  data: string;
  generated: string;
  verdict: string;
  proven: string;
  notProven: string;
  noData: string;
  verdictProven: string;
  verdictNotProven: string;
  verdictNoData: string;
  requirement: string;
  /** "{temp} or more for {days} days" */
  holdFor: string;
  /** ", with at least {n} turnings" */
  withTurnings: string;
  period: string;
  counted: string;
  turningsIn: string;
  lowest: string;
  noPeriod: string;
  probes: string;
  probe: string;
  readings: string;
  gaps: string;
  longest: string;
  phases: string;
  phase: string;
  started: string;
  completed: string;
  progress: string;
  turnings: string;
  noTurnings: string;
  daily: string;
  day: string;
  min: string;
  max: string;
  rules: string;
  signature: string;
  operator: string;
  date: string;
  sign: string;
  days: string;
  hours: string;
  methods: Record<CompostMethod, string>;
  notes: Record<SanitisationNote, string>;
}

export const STANDARD_NAMES: Record<SanitisationStandard, string> = {
  epaPfrp: 'US EPA PFRP — 40 CFR Part 503, Appendix B',
  pas100: 'BSI PAS 100:2011',
  bgk: 'BioAbfV Anhang 2 / BGK RAL-GZ 251',
};

export const REQUIREMENT_SOURCES: Record<RequirementId, string> = {
  pfrpClosed: '40 CFR 503 App. B, PFRP 1(b) (in-vessel / aerated static pile)',
  pfrpWindrow: '40 CFR 503 App. B, PFRP 1(b) (windrow)',
  pas100: 'PAS 100:2011, sanitisation',
  bgk55for14: 'BioAbfV Anh. 2 (2 Wochen ≥ 55 °C)',
  bgk65for7: 'BioAbfV Anh. 2 (1 Woche ≥ 65 °C, offen)',
  bgk60for7: 'BioAbfV Anh. 2 (1 Woche ≥ 60 °C, geschlossen)',
};

export const REPORT_WORDS: Record<Language, ReportWords> = {
  en: {
    title: 'Sanitisation report',
    batch: 'Batch',
    station: 'Base station',
    method: 'Method',
    standard: 'Standard',
    data: 'Readings',
    generated: 'Made',
    verdict: 'Verdict',
    proven: 'Proven',
    notProven: 'Not proven',
    noData: 'No data',
    verdictProven: 'The stored readings prove sanitisation under this standard.',
    verdictNotProven: 'The stored readings do not prove sanitisation under this standard.',
    verdictNoData: 'There are no readings of this batch to judge.',
    requirement: 'Requirement',
    holdFor: '{temp} or more for {days} days',
    withTurnings: ', with at least {n} turnings',
    period: 'Period',
    counted: 'Time at the limit',
    turningsIn: 'Turnings in it',
    lowest: 'Lowest reading',
    noPeriod: 'No period at the limit.',
    probes: 'Probes',
    probe: 'Probe',
    readings: 'Readings',
    gaps: 'Gaps',
    longest: 'Longest period at the limit',
    phases: 'Phases',
    phase: 'Phase',
    started: 'Started',
    completed: 'Completed',
    progress: 'Progress',
    turnings: 'Turnings',
    noTurnings: 'No turnings recorded.',
    daily: 'Daily readings',
    day: 'Day',
    min: 'Lowest',
    max: 'Highest',
    rules:
      'Every probe is judged by its coldest depth, and all probes must hold the limit at the same time. A silence of more than 3 hours between readings ends a period. After a recorded turning, readings below the limit for up to 24 hours do not end the period but do not count toward it.',
    signature: 'Checked by',
    operator: 'Name',
    date: 'Date',
    sign: 'Signature',
    days: 'd',
    hours: 'h',
    methods: { windrow: 'Windrow', aeratedStaticPile: 'Aerated static pile', inVessel: 'In-vessel' },
    notes: {
      moistureNotMeasured:
        'PAS 100 also requires a moisture content of at least 50 %, which the probes do not measure: check it from your own records.',
      turningsRequired: 'Fewer turnings are recorded than the standard requires.',
      dataGaps: 'Some probes have gaps in their readings.',
      probeReplaced: 'A probe was replaced; its readings continue in the probe that replaced it.',
      probeWithoutData: 'A probe has no readings in this batch.',
    },
  },
  fi: {
    title: 'Hygienisointiraportti',
    batch: 'Erä',
    station: 'Tukiasema',
    method: 'Menetelmä',
    standard: 'Standardi',
    data: 'Mittaukset',
    generated: 'Laadittu',
    verdict: 'Tulos',
    proven: 'Osoitettu',
    notProven: 'Ei osoitettu',
    noData: 'Ei tietoja',
    verdictProven: 'Tallennetut mittaukset osoittavat hygienisoinnin tämän standardin mukaan.',
    verdictNotProven: 'Tallennetut mittaukset eivät osoita hygienisointia tämän standardin mukaan.',
    verdictNoData: 'Erästä ei ole mittauksia arvioitavaksi.',
    requirement: 'Vaatimus',
    holdFor: 'vähintään {temp} {days} päivän ajan',
    withTurnings: ', vähintään {n} kääntöä',
    period: 'Jakso',
    counted: 'Aika rajalla',
    turningsIn: 'Käännöt jaksolla',
    lowest: 'Alin lukema',
    noPeriod: 'Ei jaksoa rajalla.',
    probes: 'Anturit',
    probe: 'Anturi',
    readings: 'Mittauksia',
    gaps: 'Katkoja',
    longest: 'Pisin jakso rajalla',
    phases: 'Vaiheet',
    phase: 'Vaihe',
    started: 'Alkoi',
    completed: 'Päättyi',
    progress: 'Edistyminen',
    turnings: 'Käännöt',
    noTurnings: 'Kääntöjä ei ole kirjattu.',
    daily: 'Päivittäiset lukemat',
    day: 'Päivä',
    min: 'Alin',
    max: 'Ylin',
    rules:
      'Jokainen anturi arvioidaan sen kylmimmän syvyyden mukaan, ja kaikkien anturien on oltava rajalla samaan aikaan. Yli 3 tunnin tauko mittauksissa päättää jakson. Kirjatun käännön jälkeen enintään 24 tunnin lukemat rajan alla eivät päätä jaksoa, mutta niitä ei lasketa siihen.',
    signature: 'Tarkastanut',
    operator: 'Nimi',
    date: 'Päivämäärä',
    sign: 'Allekirjoitus',
    days: 'vrk',
    hours: 'h',
    methods: {
      windrow: 'Aumakompostointi',
      aeratedStaticPile: 'Ilmastettu aumakasa',
      inVessel: 'Suljettu reaktori',
    },
    notes: {
      moistureNotMeasured:
        'PAS 100 vaatii myös vähintään 50 %:n kosteuden, jota anturit eivät mittaa: tarkista se omista kirjauksistasi.',
      turningsRequired: 'Kääntöjä on kirjattu vähemmän kuin standardi vaatii.',
      dataGaps: 'Joidenkin anturien mittauksissa on katkoja.',
      probeReplaced: 'Anturi vaihdettiin; sen mittaukset jatkuvat korvaavassa anturissa.',
      probeWithoutData: 'Anturilla ei ole mittauksia tässä erässä.',
    },
  },
  de: {
    title: 'Hygienisierungsbericht',
    batch: 'Charge',
    station: 'Basisstation',
    method: 'Verfahren',
    standard: 'Norm',
    data: 'Messwerte',
    generated: 'Erstellt',
    verdict: 'Ergebnis',
    proven: 'Nachgewiesen',
    notProven: 'Nicht nachgewiesen',
    noData: 'Keine Daten',
    verdictProven: 'Die gespeicherten Messwerte weisen die Hygienisierung nach dieser Norm nach.',
    verdictNotProven: 'Die gespeicherten Messwerte weisen die Hygienisierung nach dieser Norm nicht nach.',
    verdictNoData: 'Zu dieser Charge gibt es keine Messwerte.',
    requirement: 'Anforderung',
    holdFor: '{temp} oder mehr über {days} Tage',
    withTurnings: ', mit mindestens {n} Umsetzungen',
    period: 'Zeitraum',
    counted: 'Zeit über der Grenze',
    turningsIn: 'Umsetzungen darin',
    lowest: 'Niedrigster Wert',
    noPeriod: 'Kein Zeitraum über der Grenze.',
    probes: 'Sonden',
    probe: 'Sonde',
    readings: 'Messwerte',
    gaps: 'Lücken',
    longest: 'Längster Zeitraum über der Grenze',
    phases: 'Phasen',
    phase: 'Phase',
    started: 'Begonnen',
    completed: 'Abgeschlossen',
    progress: 'Fortschritt',
    turnings: 'Umsetzungen',
    noTurnings: 'Keine Umsetzungen erfasst.',
    daily: 'Tageswerte',
    day: 'Tag',
    min: 'Niedrigster',
    max: 'Höchster',
    rules:
      'Jede Sonde wird nach ihrer kältesten Tiefe beurteilt, und alle Sonden müssen die Grenze gleichzeitig halten. Eine Messpause von mehr als 3 Stunden beendet einen Zeitraum. Nach einer erfassten Umsetzung beenden Werte unter der Grenze bis zu 24 Stunden den Zeitraum nicht, zählen aber nicht mit.',
    signature: 'Geprüft von',
    operator: 'Name',
    date: 'Datum',
    sign: 'Unterschrift',
    days: 'T',
    hours: 'h',
    methods: {
      windrow: 'Offene Miete',
      aeratedStaticPile: 'Belüftete Tafelmiete',
      inVessel: 'Geschlossenes System',
    },
    notes: {
      moistureNotMeasured:
        'PAS 100 verlangt außerdem einen Wassergehalt von mindestens 50 %, den die Sonden nicht messen: prüfen Sie ihn anhand Ihrer Aufzeichnungen.',
      turningsRequired: 'Es sind weniger Umsetzungen erfasst, als die Norm verlangt.',
      dataGaps: 'Einige Sonden haben Lücken in ihren Messwerten.',
      probeReplaced: 'Eine Sonde wurde ersetzt; ihre Messwerte setzen sich in der neuen Sonde fort.',
      probeWithoutData: 'Eine Sonde hat in dieser Charge keine Messwerte.',
    },
  },
  fr: {
    title: 'Rapport d’hygiénisation',
    batch: 'Lot',
    station: 'Station de base',
    method: 'Procédé',
    standard: 'Norme',
    data: 'Mesures',
    generated: 'Établi le',
    verdict: 'Résultat',
    proven: 'Démontrée',
    notProven: 'Non démontrée',
    noData: 'Aucune donnée',
    verdictProven: 'Les mesures enregistrées démontrent l’hygiénisation selon cette norme.',
    verdictNotProven: 'Les mesures enregistrées ne démontrent pas l’hygiénisation selon cette norme.',
    verdictNoData: 'Ce lot n’a aucune mesure à juger.',
    requirement: 'Exigence',
    holdFor: '{temp} ou plus pendant {days} jours',
    withTurnings: ', avec au moins {n} retournements',
    period: 'Période',
    counted: 'Temps à la limite',
    turningsIn: 'Retournements',
    lowest: 'Mesure la plus basse',
    noPeriod: 'Aucune période à la limite.',
    probes: 'Sondes',
    probe: 'Sonde',
    readings: 'Mesures',
    gaps: 'Interruptions',
    longest: 'Plus longue période à la limite',
    phases: 'Phases',
    phase: 'Phase',
    started: 'Début',
    completed: 'Fin',
    progress: 'Avancement',
    turnings: 'Retournements',
    noTurnings: 'Aucun retournement enregistré.',
    daily: 'Mesures journalières',
    day: 'Jour',
    min: 'Minimum',
    max: 'Maximum',
    rules:
      'Chaque sonde est jugée sur sa profondeur la plus froide, et toutes les sondes doivent tenir la limite en même temps. Un silence de plus de 3 heures entre deux mesures met fin à une période. Après un retournement enregistré, les mesures sous la limite pendant 24 heures au plus n’y mettent pas fin, mais ne comptent pas.',
    signature: 'Vérifié par',
    operator: 'Nom',
    date: 'Date',
    sign: 'Signature',
    days: 'j',
    hours: 'h',
    methods: { windrow: 'Andain', aeratedStaticPile: 'Tas statique aéré', inVessel: 'Réacteur fermé' },
    notes: {
      moistureNotMeasured:
        'PAS 100 exige aussi une humidité d’au moins 50 %, que les sondes ne mesurent pas : vérifiez-la dans vos propres relevés.',
      turningsRequired: 'Moins de retournements sont enregistrés que la norme n’en exige.',
      dataGaps: 'Certaines sondes ont des interruptions dans leurs mesures.',
      probeReplaced:
        'Une sonde a été remplacée ; ses mesures se poursuivent dans la sonde qui l’a remplacée.',
      probeWithoutData: 'Une sonde n’a aucune mesure dans ce lot.',
    },
  },
  es: {
    title: 'Informe de higienización',
    batch: 'Lote',
    station: 'Estación base',
    method: 'Método',
    standard: 'Norma',
    data: 'Lecturas',
    generated: 'Elaborado',
    verdict: 'Resultado',
    proven: 'Demostrada',
    notProven: 'No demostrada',
    noData: 'Sin datos',
    verdictProven: 'Las lecturas guardadas demuestran la higienización según esta norma.',
    verdictNotProven: 'Las lecturas guardadas no demuestran la higienización según esta norma.',
    verdictNoData: 'Este lote no tiene lecturas que evaluar.',
    requirement: 'Requisito',
    holdFor: '{temp} o más durante {days} días',
    withTurnings: ', con al menos {n} volteos',
    period: 'Periodo',
    counted: 'Tiempo en el límite',
    turningsIn: 'Volteos en él',
    lowest: 'Lectura más baja',
    noPeriod: 'Ningún periodo en el límite.',
    probes: 'Sondas',
    probe: 'Sonda',
    readings: 'Lecturas',
    gaps: 'Interrupciones',
    longest: 'Periodo más largo en el límite',
    phases: 'Fases',
    phase: 'Fase',
    started: 'Inicio',
    completed: 'Fin',
    progress: 'Progreso',
    turnings: 'Volteos',
    noTurnings: 'No hay volteos registrados.',
    daily: 'Lecturas diarias',
    day: 'Día',
    min: 'Mínima',
    max: 'Máxima',
    rules:
      'Cada sonda se juzga por su profundidad más fría, y todas las sondas deben mantener el límite a la vez. Un silencio de más de 3 horas entre lecturas termina un periodo. Tras un volteo registrado, las lecturas bajo el límite durante 24 horas como máximo no lo terminan, pero no cuentan.',
    signature: 'Revisado por',
    operator: 'Nombre',
    date: 'Fecha',
    sign: 'Firma',
    days: 'd',
    hours: 'h',
    methods: { windrow: 'Hilera', aeratedStaticPile: 'Pila estática aireada', inVessel: 'Reactor cerrado' },
    notes: {
      moistureNotMeasured:
        'PAS 100 exige también una humedad de al menos el 50 %, que las sondas no miden: compruébela en sus propios registros.',
      turningsRequired: 'Hay menos volteos registrados de los que exige la norma.',
      dataGaps: 'Algunas sondas tienen interrupciones en sus lecturas.',
      probeReplaced: 'Se sustituyó una sonda; sus lecturas continúan en la sonda que la sustituyó.',
      probeWithoutData: 'Una sonda no tiene lecturas en este lote.',
    },
  },
  it: {
    title: 'Rapporto di igienizzazione',
    batch: 'Lotto',
    station: 'Stazione base',
    method: 'Metodo',
    standard: 'Norma',
    data: 'Letture',
    generated: 'Redatto',
    verdict: 'Esito',
    proven: 'Dimostrata',
    notProven: 'Non dimostrata',
    noData: 'Nessun dato',
    verdictProven: 'Le letture registrate dimostrano l’igienizzazione secondo questa norma.',
    verdictNotProven: 'Le letture registrate non dimostrano l’igienizzazione secondo questa norma.',
    verdictNoData: 'Questo lotto non ha letture da valutare.',
    requirement: 'Requisito',
    holdFor: '{temp} o più per {days} giorni',
    withTurnings: ', con almeno {n} rivoltamenti',
    period: 'Periodo',
    counted: 'Tempo al limite',
    turningsIn: 'Rivoltamenti',
    lowest: 'Lettura più bassa',
    noPeriod: 'Nessun periodo al limite.',
    probes: 'Sonde',
    probe: 'Sonda',
    readings: 'Letture',
    gaps: 'Interruzioni',
    longest: 'Periodo più lungo al limite',
    phases: 'Fasi',
    phase: 'Fase',
    started: 'Inizio',
    completed: 'Fine',
    progress: 'Avanzamento',
    turnings: 'Rivoltamenti',
    noTurnings: 'Nessun rivoltamento registrato.',
    daily: 'Letture giornaliere',
    day: 'Giorno',
    min: 'Minima',
    max: 'Massima',
    rules:
      'Ogni sonda è giudicata dalla sua profondità più fredda, e tutte le sonde devono tenere il limite nello stesso momento. Un silenzio di oltre 3 ore tra le letture chiude un periodo. Dopo un rivoltamento registrato, le letture sotto il limite per al massimo 24 ore non lo chiudono, ma non contano.',
    signature: 'Verificato da',
    operator: 'Nome',
    date: 'Data',
    sign: 'Firma',
    days: 'g',
    hours: 'h',
    methods: { windrow: 'Andana', aeratedStaticPile: 'Cumulo statico aerato', inVessel: 'Reattore chiuso' },
    notes: {
      moistureNotMeasured:
        'PAS 100 richiede anche un’umidità di almeno il 50 %, che le sonde non misurano: verificatela dalle vostre registrazioni.',
      turningsRequired: 'Sono registrati meno rivoltamenti di quanti la norma ne richieda.',
      dataGaps: 'Alcune sonde hanno interruzioni nelle letture.',
      probeReplaced:
        'Una sonda è stata sostituita; le sue letture proseguono nella sonda che l’ha sostituita.',
      probeWithoutData: 'Una sonda non ha letture in questo lotto.',
    },
  },
  nl: {
    title: 'Hygiënisatierapport',
    batch: 'Batch',
    station: 'Basisstation',
    method: 'Methode',
    standard: 'Norm',
    data: 'Metingen',
    generated: 'Opgesteld',
    verdict: 'Uitkomst',
    proven: 'Aangetoond',
    notProven: 'Niet aangetoond',
    noData: 'Geen gegevens',
    verdictProven: 'De opgeslagen metingen tonen de hygiënisatie volgens deze norm aan.',
    verdictNotProven: 'De opgeslagen metingen tonen de hygiënisatie volgens deze norm niet aan.',
    verdictNoData: 'Deze batch heeft geen metingen om te beoordelen.',
    requirement: 'Eis',
    holdFor: '{temp} of meer gedurende {days} dagen',
    withTurnings: ', met minstens {n} keer omzetten',
    period: 'Periode',
    counted: 'Tijd op de grens',
    turningsIn: 'Keer omgezet',
    lowest: 'Laagste meting',
    noPeriod: 'Geen periode op de grens.',
    probes: 'Sondes',
    probe: 'Sonde',
    readings: 'Metingen',
    gaps: 'Onderbrekingen',
    longest: 'Langste periode op de grens',
    phases: 'Fasen',
    phase: 'Fase',
    started: 'Begonnen',
    completed: 'Afgerond',
    progress: 'Voortgang',
    turnings: 'Omzettingen',
    noTurnings: 'Geen omzettingen vastgelegd.',
    daily: 'Dagelijkse metingen',
    day: 'Dag',
    min: 'Laagste',
    max: 'Hoogste',
    rules:
      'Elke sonde wordt beoordeeld op haar koudste diepte, en alle sondes moeten de grens tegelijk halen. Een stilte van meer dan 3 uur tussen metingen beëindigt een periode. Na een vastgelegde omzetting beëindigen metingen onder de grens gedurende hoogstens 24 uur de periode niet, maar ze tellen niet mee.',
    signature: 'Gecontroleerd door',
    operator: 'Naam',
    date: 'Datum',
    sign: 'Handtekening',
    days: 'd',
    hours: 'u',
    methods: { windrow: 'Ril', aeratedStaticPile: 'Beluchte statische hoop', inVessel: 'Gesloten reactor' },
    notes: {
      moistureNotMeasured:
        'PAS 100 eist ook een vochtgehalte van minstens 50 %, dat de sondes niet meten: controleer het in uw eigen registratie.',
      turningsRequired: 'Er zijn minder omzettingen vastgelegd dan de norm eist.',
      dataGaps: 'Sommige sondes hebben onderbrekingen in hun metingen.',
      probeReplaced: 'Een sonde is vervangen; haar metingen lopen door in de sonde die haar verving.',
      probeWithoutData: 'Een sonde heeft geen metingen in deze batch.',
    },
  },
  hr: {
    title: 'Izvješće o higijenizaciji',
    batch: 'Šarža',
    station: 'Bazna stanica',
    method: 'Postupak',
    standard: 'Norma',
    data: 'Mjerenja',
    generated: 'Izrađeno',
    verdict: 'Ishod',
    proven: 'Dokazano',
    notProven: 'Nije dokazano',
    noData: 'Nema podataka',
    verdictProven: 'Pohranjena mjerenja dokazuju higijenizaciju prema ovoj normi.',
    verdictNotProven: 'Pohranjena mjerenja ne dokazuju higijenizaciju prema ovoj normi.',
    verdictNoData: 'Ova šarža nema mjerenja za procjenu.',
    requirement: 'Zahtjev',
    holdFor: '{temp} ili više tijekom {days} dana',
    withTurnings: ', uz najmanje {n} prevrtanja',
    period: 'Razdoblje',
    counted: 'Vrijeme na granici',
    turningsIn: 'Prevrtanja u njemu',
    lowest: 'Najniže mjerenje',
    noPeriod: 'Nema razdoblja na granici.',
    probes: 'Sonde',
    probe: 'Sonda',
    readings: 'Mjerenja',
    gaps: 'Prekidi',
    longest: 'Najdulje razdoblje na granici',
    phases: 'Faze',
    phase: 'Faza',
    started: 'Početak',
    completed: 'Završetak',
    progress: 'Napredak',
    turnings: 'Prevrtanja',
    noTurnings: 'Nema zabilježenih prevrtanja.',
    daily: 'Dnevna mjerenja',
    day: 'Dan',
    min: 'Najniže',
    max: 'Najviše',
    rules:
      'Svaka se sonda procjenjuje po svojoj najhladnijoj dubini, a sve sonde moraju držati granicu u isto vrijeme. Stanka dulja od 3 sata između mjerenja završava razdoblje. Nakon zabilježenog prevrtanja mjerenja ispod granice do 24 sata ne završavaju razdoblje, ali se ne računaju.',
    signature: 'Provjerio',
    operator: 'Ime',
    date: 'Datum',
    sign: 'Potpis',
    days: 'd',
    hours: 'h',
    methods: {
      windrow: 'Otvoreni red',
      aeratedStaticPile: 'Prozračivana statička hrpa',
      inVessel: 'Zatvoreni reaktor',
    },
    notes: {
      moistureNotMeasured:
        'PAS 100 traži i vlažnost od najmanje 50 %, koju sonde ne mjere: provjerite je u vlastitim zapisima.',
      turningsRequired: 'Zabilježeno je manje prevrtanja nego što norma traži.',
      dataGaps: 'Neke sonde imaju prekide u mjerenjima.',
      probeReplaced: 'Sonda je zamijenjena; njezina se mjerenja nastavljaju u sondi koja ju je zamijenila.',
      probeWithoutData: 'Jedna sonda nema mjerenja u ovoj šarži.',
    },
  },
};

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
