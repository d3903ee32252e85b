import { dayNumber } from '../timeline/calendar-date.js';
import type { WorkCalendar } from '../scheduling/work-calendar.js';
import type { PersonDays } from './person-days.js';

/**
 * The planner works on the project's working-day line: a task of the project can only load its project's working
 * days, so each person's load is a typed array indexed by working-day index (one slot per project working day),
 * grown as tasks are delayed. Other projects' load on days the project does not work cannot change and only sets
 * a floor under that person's peak.
 */
export class Line {
  first = 0;
  length = 0;
  /** Index - first → day number. */
  days = new Int32Array(0);
  readonly people: Person[] = [];

  constructor(private readonly calendar: WorkCalendar) {}

  /** Makes indexes [from, to) addressable, growing by at least half the length on the side that needs it. */
  cover(from: number, to: number): void {
    const end = this.first + this.length;
    if (this.length && from >= this.first && to <= end) return;
    const margin = Math.ceil(this.length / 2);
    const newFirst = !this.length ? from : from < this.first ? Math.min(from, this.first - margin) : this.first;
    const newLength = (!this.length ? to : to > end ? Math.max(to, end + margin) : end) - newFirst;
    const shift = this.first - newFirst;
    const kept = (i: number) => this.length > 0 && i - shift >= 0 && i - shift < this.length;
    const days = new Int32Array(newLength);
    for (let i = 0; i < newLength; i++) days[i] = kept(i) ? this.days[i - shift]! : dayNumber(this.calendar.dateOfIndex(newFirst + i));
    for (const person of this.people) {
      const may = new Uint8Array(newLength);
      for (let i = 0; i < newLength; i++) may[i] = kept(i) ? person.may[i - shift]! : person.days.mayWork(days[i]!) ? 1 : 0;
      person.may = may;
      person.background = shifted(person.background, shift, newLength);
      person.load = shifted(person.load, shift, newLength);
    }
    [this.first, this.length, this.days] = [newFirst, newLength, days];
  }

  add(person: Person, days: PersonDays): void {
    person.may = new Uint8Array(this.length);
    for (let i = 0; i < this.length; i++) person.may[i] = days.mayWork(this.days[i]!) ? 1 : 0;
    person.background = new Float64Array(this.length);
    person.load = new Float64Array(this.length);
    this.people.push(person);
  }
}

function shifted(values: Float64Array, shift: number, length: number): Float64Array {
  const next = new Float64Array(length);
  next.set(values, shift);
  return next;
}

export interface Person {
  userId: string;
  days: PersonDays;
  hoursPerDay: number;
  /** By line slot: 1 when the person's week and days off allow load on that working day. */
  may: Uint8Array;
  /** Other projects' load on the project's working days. */
  background: Float64Array;
  /** Load of the pass under way: background plus the tasks placed so far. */
  load: Float64Array;
  /** The highest load of other projects on a day the project does not work, at least the person's day. */
  floor: number;
}

export interface Share {
  person: Person;
  hours: number;
}
