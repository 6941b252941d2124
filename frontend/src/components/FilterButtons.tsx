import { useTranslator, type MessageKey } from '../i18n/i18n';
import './FilterButtons.css';
interface FilterButtonsProps<FilterId extends string> {
  /** Names the group for screen readers, e.g. "Filter posts by category". */
  label: string;
  /** Public pages give texts of the catalogs (they are translated); the admin area's stay English. */
  options: readonly { id: FilterId; label: string }[];
  selected: FilterId;
  onSelect: (id: FilterId) => void;
}

/** A row of toggle buttons of which one is on (aria-pressed), for narrowing a list. */
export function FilterButtons<FilterId extends string>({ label, options, selected, onSelect }: FilterButtonsProps<FilterId>) {
  const { t } = useTranslator();
  return (
    <div className="filter-bar" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className="filter-button"
          data-filter={option.id}
          aria-pressed={selected === option.id}
          onClick={() => onSelect(option.id)}
        >
          {t(option.label as MessageKey)}
        </button>
      ))}
    </div>
  );
}
