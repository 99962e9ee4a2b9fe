/** The material a probe is made for, from its id's first letter (H hay, G grain, C compost). */
export function probeKind(sensorId: string): 'hay' | 'grain' | 'compost' | 'other' {
  switch (sensorId[0]?.toUpperCase()) {
    case 'H':
      return 'hay';
    case 'G':
      return 'grain';
    case 'C':
      return 'compost';
    default:
      return 'other';
  }
}
