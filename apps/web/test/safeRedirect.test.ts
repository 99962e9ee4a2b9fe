import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from '../src/features/sessions/safeRedirect';

describe('the redirect after login', () => {
  it.each([
    ['/probes', '/probes'],
    ['/probes?sort=name&page=2', '/probes?sort=name&page=2'],
    ['/instructions#hay', '/instructions#hay'],
    ['/probes/../instructions', '/instructions'],
  ])('returns to the same-site path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['http:/evil.example'],
    ['probes'],
    ['/login?redirect=/probes'],
    [''],
  ])('refuses %j and goes to the start page instead', (raw) => {
    expect(safeRedirect(raw)).toBe('/');
  });

  it('treats a missing parameter as the start page', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });

  it('builds the login link with the path and query to return to', () => {
    expect(loginPathFor('/probes?sort=name')).toBe('/login?redirect=%2Fprobes%3Fsort%3Dname');
    expect(loginPathFor('/')).toBe('/login');
  });
});
