import { describe, expect, it } from 'vitest';
import { auxDataMessage, isAuxData, logLevelName, splitAuxData } from '../src/domain/serverLogs.js';

// Spec doc 1 §7: without showAux, lines starting with AuxData are removed and counted as nAux (decision 0095).
describe('the AuxData rule', () => {
  it.each<[string, string | null, boolean]>([
    ['a line starting with AuxData', 'AuxData diagnostics rotated', true],
    ['AuxData alone', 'AuxData', true],
    ['leading spaces do not hide it', '   AuxData x', true],
    ['the word elsewhere', 'got AuxData from probe', false],
    ['another case is another word', 'auxdata rotated', false],
    ['an ordinary line', 'incoming request', false],
    ['no message', null, false],
    ['an empty message', '', false],
  ])('%s', (_why, msg, aux) => {
    expect(isAuxData(msg)).toBe(aux);
  });

  it('writes its own lines so the rule finds them', () => {
    expect(isAuxData(auxDataMessage('diagnostics rotated'))).toBe(true);
  });

  const lines = [
    { id: 1, msg: 'AuxData a' },
    { id: 2, msg: 'request completed' },
    { id: 3, msg: null },
    { id: 4, msg: 'AuxData b' },
  ];
  it.each<[string, boolean, number[], number]>([
    ['without showAux the AuxData lines go and are counted', false, [2, 3], 2],
    ['with showAux every line stays, none counted', true, [1, 2, 3, 4], 0],
  ])('%s', (_why, showAux, ids, nAux) => {
    const out = splitAuxData(lines, showAux);
    expect(out.results.map((l) => l.id)).toEqual(ids);
    expect(out.nAux).toBe(nAux);
  });

  it('an empty log has nothing to count', () => {
    expect(splitAuxData([], false)).toEqual({ results: [], nAux: 0 });
  });
});

describe('log level names', () => {
  it.each<[number, string]>([
    [10, 'trace'],
    [20, 'debug'],
    [30, 'info'],
    [35, 'info'],
    [40, 'warn'],
    [50, 'error'],
    [60, 'fatal'],
    [5, 'trace'],
  ])('%i is %s', (level, name) => {
    expect(logLevelName(level)).toBe(name);
  });
});
