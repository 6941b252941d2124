// Volunteer hours: the entries admins record, and the hours of event check-ins, read as one list
// of lines per e-mail address; totals, periods and the hours by program are made from the lines.
import type { Types } from 'mongoose';
import type { Schemas } from '../../contract.js';
import type { Services } from '../../services.js';
import type { Volunteer } from '../volunteers/model.js';
import type { VolunteerHours } from './model.js';

export type HourLine = Schemas['VolunteerHoursEntry'] & { email: string; name?: string };
export interface HourRange {
  email?: string;
  from?: string;
  to?: string;
}

/** Where hours come from besides the admins' entries (event check-ins); each reads its own records. */
export type HourSource = (range: HourRange) => Promise<HourLine[]>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any spelling of an address as typed in a form (registrations keep the case they were typed in). */
export const sameAddress = (email: string) => ({ $regex: `^${escapeRegExp(email)}$`, $options: 'i' });

const round = (hours: number) => Math.round(hours * 100) / 100;

export const toHoursEntry = (entry: VolunteerHours): HourLine => ({
  id: entry._id.toHexString(),
  volunteer_id: entry.volunteer.toHexString(),
  email: entry.email,
  date: entry.date,
  hours: entry.hours,
  note: entry.note,
  program: entry.program,
  source: 'admin',
});

export class HoursBook {
  constructor(
    private readonly services: Services,
    private readonly sources: HourSource[] = [],
  ) {}

  /** Every line in the range (of one address when it names one), newest first. */
  async lines(range: HourRange): Promise<HourLine[]> {
    const filter: Record<string, unknown> = {};
    if (range.email) filter.email = range.email;
    if (range.from || range.to) filter.date = { ...(range.from && { $gte: range.from }), ...(range.to && { $lte: range.to }) };
    const entries = await this.services.db.models.VolunteerHours.find(filter).lean<VolunteerHours[]>();
    const others = await Promise.all(this.sources.map((source) => source(range)));
    return [...entries.map(toHoursEntry), ...others.flat()].sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
  }

  /** The registrations of an address, newest first (a person may have registered more than once). */
  async registrationsOf(email: string): Promise<Volunteer[]> {
    return this.services.db.models.Volunteer.find({ email: sameAddress(email) })
      .sort({ createdAt: -1 })
      .lean<Volunteer[]>();
  }

  async registration(id: Types.ObjectId | string): Promise<Volunteer | null> {
    return this.services.db.models.Volunteer.findById(id).lean<Volunteer>();
  }
}

/** The total, the first and last day, and the hours by program, of some lines. */
export function summarise(lines: HourLine[]) {
  const byProgram = new Map<string, number>();
  let total = 0;
  for (const line of lines) {
    total += line.hours;
    byProgram.set(line.program, (byProgram.get(line.program) ?? 0) + line.hours);
  }
  const days = lines.map((line) => line.date).sort();
  return {
    total: round(total),
    from: days[0] ?? null,
    to: days.at(-1) ?? null,
    programs: [...byProgram]
      .map(([program, hours]) => ({ program, hours: round(hours) }))
      .sort((a, b) => b.hours - a.hours || a.program.localeCompare(b.program)),
  };
}

/** Each person's total in some lines, most hours first, with the name and id of their latest registration. */
export async function peopleOf(book: HoursBook, lines: HourLine[]) {
  const byEmail = new Map<string, { hours: number; name: string }>();
  for (const line of lines) {
    const person = byEmail.get(line.email) ?? { hours: 0, name: line.name ?? '' };
    person.hours += line.hours;
    byEmail.set(line.email, person);
  }
  const people = [];
  for (const [email, { hours, name }] of byEmail) {
    const [registration] = await book.registrationsOf(email);
    people.push({ volunteer_id: registration?._id.toHexString() ?? null, name: registration?.name ?? name, email, hours: round(hours) });
  }
  return people.sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name));
}
