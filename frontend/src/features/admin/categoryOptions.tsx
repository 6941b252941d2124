import { adminCategoryLabel, categories } from '../categories';

/** The category select of the admin forms; `health` is the Clean Water program (spec section 2). */

export function CategoryOptions({ placeholder }: { placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {categories.map((category) => (
        <option key={category} value={category}>
          {adminCategoryLabel(category)}
        </option>
      ))}
    </>
  );
}
