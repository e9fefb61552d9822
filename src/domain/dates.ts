/**
 * Calendar days as YYYY-MM-DD, and the date ranges dated facts hold in. A bound known only to the
 * month (YYYY-MM, "retired in December 2023") cannot place a day inside that month before or
 * after it, so such a day is "unknown" rather than a guess.
 */
import type { Tristate } from './windows-build.js';

export interface DateRange {
  from?: string;
  before?: string;
}

const isMonth = (bound: string) => bound.length === 7;

/** Whether day is on or after bound: yes, no, or unknown when the bound is a month that contains the day. */
function onOrAfter(day: string, bound: string): Tristate {
  if (isMonth(bound)) {
    const month = day.slice(0, 7);
    return month > bound ? 'yes' : month < bound ? 'no' : 'unknown';
  }
  return day >= bound ? 'yes' : 'no';
}

export function dateInRange(day: string, range: DateRange): Tristate {
  const lower: Tristate = range.from ? onOrAfter(day, range.from) : 'yes';
  const atOrPastUpper: Tristate = range.before ? onOrAfter(day, range.before) : 'no';
  if (lower === 'no' || atOrPastUpper === 'yes') return 'no';
  return lower === 'yes' && atOrPastUpper === 'no' ? 'yes' : 'unknown';
}

export function describeDateRange(range: DateRange): string {
  return [range.from ? `from ${range.from}` : '', range.before ? `before ${range.before}` : ''].filter(Boolean).join(' and ');
}
