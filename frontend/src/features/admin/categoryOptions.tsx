import type { Category } from '../../api/types';

/** The category select of the admin forms; `health` is the Clean Water program (spec section 2). */
export const categoryOptions: ReadonlyArray<{ value: Category; label: string }> = [
  { value: 'health', label: 'Clean Water' },
  { value: 'education', label: 'Education' },
  { value: 'reforestation', label: 'Reforestation' },
  { value: 'sustainable-farming', label: 'Sustainable Farming' },
  { value: 'women-empowerment', label: 'Women Empowerment' },
];

export function adminCategoryLabel(category: string): string {
  return categoryOptions.find((option) => option.value === category)?.label ?? category;
}

export function CategoryOptions({ placeholder }: { placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {categoryOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
