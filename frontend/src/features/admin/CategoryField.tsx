import { SelectField, type SelectFieldProps } from '../../components/Field';
import { useAdminPrograms } from './programs';

/**
 * The category select of the admin forms: one option per program of the programs page (its
 * admin name, e.g. "Clean Water" for `health`), and the stored category even when no program
 * has that id any more, so that saving does not change it unasked.
 */
export function CategoryField(props: Omit<SelectFieldProps, 'label' | 'placeholder' | 'options'>) {
  const programs = useAdminPrograms();
  const options = (programs ?? []).map((program) => ({ value: program.id, label: program.label }));
  const current = typeof props.defaultValue === 'string' ? props.defaultValue : '';
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: current });
  return <SelectField label="Category" placeholder={programs ? 'Select category' : 'Loading categories…'} options={options} {...props} />;
}
