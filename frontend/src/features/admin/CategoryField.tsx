import { SelectField, type SelectFieldProps } from '../../components/Field';
import { adminCategoryLabel, categories } from '../categories';

const categoryOptions = categories.map((category) => ({ value: category, label: adminCategoryLabel(category) }));

/** The category select of the admin forms; `health` is the Clean Water program (spec section 2). */
export function CategoryField(props: Omit<SelectFieldProps, 'label' | 'placeholder' | 'options'>) {
  return <SelectField label="Category" placeholder="Select category" options={categoryOptions} {...props} />;
}
