// The basic rules for giving blood in India (National Blood Transfusion Council): what the camp's
// page checks in the browser only. The doctor at the camp decides; nothing typed is kept or sent.

export interface BloodAnswers {
  age: number | null;
  weightKg: number | null;
  sex: 'male' | 'female' | '';
  /** Months since the last donation; null: never given blood. */
  monthsSince: number | null;
}

export type BloodReason = 'age' | 'weight' | 'interval';

/** The months a man or a woman waits between two donations of whole blood. */
export const monthsBetween = { male: 3, female: 4 } as const;

/**
 * Null while an answer is missing; else whether the person is likely eligible, why not, and
 * (`waitMonths`) the months a donor of their sex waits between donations.
 */
export function bloodCheck({ age, weightKg, sex, monthsSince }: BloodAnswers): { eligible: boolean; reasons: BloodReason[]; waitMonths: number } | null {
  if (age === null || weightKg === null || sex === '') return null;
  const reasons: BloodReason[] = [];
  if (age < 18 || age > 65) reasons.push('age');
  if (weightKg < 45) reasons.push('weight');
  if (monthsSince !== null && monthsSince < monthsBetween[sex]) reasons.push('interval');
  return { eligible: reasons.length === 0, reasons, waitMonths: monthsBetween[sex] };
}
