/** Date ranges of dated facts (src/domain/dates.ts): day bounds are exact, a month bound leaves its own month unknown. */
import { describe, expect, it } from 'vitest';
import { dateInRange, describeDateRange } from '../../src/domain/dates.js';

describe('dateInRange', () => {
  it('day bounds: from is inclusive, before is exclusive', () => {
    const range = { from: '2026-01-04', before: '2026-05-29' };
    expect(dateInRange('2026-01-03', range)).toBe('no');
    expect(dateInRange('2026-01-04', range)).toBe('yes');
    expect(dateInRange('2026-05-28', range)).toBe('yes');
    expect(dateInRange('2026-05-29', range)).toBe('no');
  });
  it('an open side holds for every day on it', () => {
    expect(dateInRange('1990-01-01', { before: '2026-03-01' })).toBe('yes');
    expect(dateInRange('2099-12-31', { from: '2026-03-01' })).toBe('yes');
    expect(dateInRange('2026-11-22', {})).toBe('yes');
  });
  it('a month bound (YYYY-MM) gives unknown for a day inside that month, and a plain answer outside it', () => {
    expect(dateInRange('2023-11-30', { from: '2023-12' })).toBe('no');
    expect(dateInRange('2023-12-01', { from: '2023-12' })).toBe('unknown');
    expect(dateInRange('2023-12-31', { from: '2023-12' })).toBe('unknown');
    expect(dateInRange('2024-01-01', { from: '2023-12' })).toBe('yes');
    expect(dateInRange('2023-11-30', { before: '2023-12' })).toBe('yes');
    expect(dateInRange('2023-12-15', { before: '2023-12' })).toBe('unknown');
    expect(dateInRange('2024-01-01', { before: '2023-12' })).toBe('no');
  });
  it('a day outside one side is "no" even when the other side is unknown', () => {
    expect(dateInRange('2024-03-10', { from: '2024-03', before: '2024-03-05' })).toBe('no');
    expect(dateInRange('2024-03-01', { from: '2024-03', before: '2024-03-05' })).toBe('unknown');
  });
});

describe('describeDateRange', () => {
  it('names the bounds that are set', () => {
    expect(describeDateRange({ from: '2026-01-04', before: '2026-05-29' })).toBe('from 2026-01-04 and before 2026-05-29');
    expect(describeDateRange({ from: '2023-12' })).toBe('from 2023-12');
    expect(describeDateRange({ before: '2026-03-01' })).toBe('before 2026-03-01');
  });
});
