import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { documentText, isEmptyDocument, storedImageUrl, type BlogDocument } from '@ngo-site/shared';
import { TextAreaField, TextField } from '../../../components/Field';
import { ImagePreview } from '../ImagePreview';
import { MediaPicker } from '../blogs/editor/MediaPicker';
import { getAt, itemKey, moved, pathId, type Path } from './content-path';
import { programIdPattern, type FieldSpec, type ListSpec, type Loose } from './pageFields';

// TipTap is loaded only when a page with a long text is edited, in its own chunk (as for posts).
const BodyEditor = lazy(() => import('../blogs/editor/BodyEditor'));

export type EditLang = 'en' | 'hi';
type PageText = { en: string; hi: string };
type PageRich = { en: BlogDocument; hi: BlogDocument | null };

interface FormProps {
  lang: EditLang;
  /** Changes when the whole content was replaced (loaded, restored): the rich editors start afresh. */
  generation: number;
  /** The paths of the texts with English but no Hindi (shared missingHindi), marked on the Hindi tab. */
  missing: ReadonlySet<string>;
  onChange: (path: Path, value: unknown) => void;
}

/**
 * A page's fields (pageFields.ts) for the language `lang`; every text edits only that language.
 * The controls are uncontrolled (they start from the content and report each change), so what is
 * typed is never written over; the editor draws the form anew (`generation`) when the whole
 * content is replaced.
 */
export function PageForm({ fields, content, ...form }: FormProps & { fields: FieldSpec[]; content: unknown }) {
  return <FieldList fields={fields} value={content} path={[]} form={form} />;
}

function FieldList({ fields, value, path, form, context }: { fields: FieldSpec[]; value: unknown; path: Path; form: FormProps; context?: string }) {
  return (
    <>
      {fields.map((spec) => (
        <OneField key={spec.key} spec={spec} value={getAt(value, [spec.key])} path={[...path, spec.key]} form={form} context={context} />
      ))}
    </>
  );
}

const fieldId = (path: Path, lang?: EditLang) => `page-${pathId(path)}${lang ? `-${lang}` : ''}`;

function OneField({ spec, value, path, form, context }: { spec: FieldSpec; value: unknown; path: Path; form: FormProps; context?: string }) {
  const change = (next: unknown) => form.onChange(path, next);
  switch (spec.kind) {
    case 'group':
      return (
        <fieldset className="admin-fieldset span-all page-group">
          <legend>{spec.label}</legend>
          <div className="form-grid two-columns">
            <FieldList fields={spec.fields} value={value} path={path} form={form} context={context} />
          </div>
        </fieldset>
      );
    case 'list':
      return <ListField spec={spec} items={value as Loose[]} path={path} form={form} />;
    case 'text':
      return <TextInput spec={spec} value={value as PageText} path={path} lang={form.lang} missing={form.missing.has(path.join('.'))} onChange={change} />;
    case 'rich':
      return <RichInput label={spec.label} value={value as PageRich} path={path} form={form} onChange={change} />;
    case 'picture': {
      const named = spec.label.toLowerCase();
      return (
        <PictureInput label={context ? `${named} of ${context}` : named} shortLabel={spec.label} value={value as string | null} path={path} onChange={change} />
      );
    }
    case 'plain':
      return (
        <TextField
          id={fieldId(path)}
          label={spec.label}
          maxLength={spec.maxLength}
          hint={spec.hint}
          defaultValue={value as string}
          onChange={(event) => change(event.target.value)}
        />
      );
    case 'number':
      return (
        <TextField
          id={fieldId(path)}
          label={spec.label}
          type="number"
          inputMode="numeric"
          min={spec.min}
          max={spec.max}
          step={1}
          defaultValue={String(value)}
          onChange={(event) => {
            // Emptied, the field holds the least it may until a number is typed.
            const number = Number(event.target.value || spec.min);
            if (Number.isSafeInteger(number)) change(Math.min(spec.max, Math.max(spec.min, number)));
          }}
        />
      );
    case 'check':
      return (
        <div className="field page-check">
          <label>
            <input
              type="checkbox"
              defaultChecked={value as boolean}
              aria-describedby={spec.hint ? `${fieldId(path)}-note` : undefined}
              onChange={(event) => change(event.target.checked)}
            />{' '}
            {spec.label}
          </label>
          {spec.hint && (
            <small id={`${fieldId(path)}-note`} className="form-hint">
              {spec.hint}
            </small>
          )}
        </div>
      );
    case 'programId':
      return <ProgramIdInput label={spec.label} value={value as string} path={path} onChange={change} />;
  }
}

/** The Hindi tab's note under a field: what the English says, and whether the Hindi is missing. */
function HindiHint({ english, missing }: { english: string; missing: boolean }) {
  return (
    <>
      {missing && (
        <>
          <strong className="hindi-missing">No Hindi yet: the Hindi page shows the English.</strong>{' '}
        </>
      )}
      {english ? <span lang="en">English: {english}</span> : 'No English either.'}
    </>
  );
}

interface TextInputProps {
  spec: FieldSpec & { kind: 'text' };
  value: PageText;
  path: Path;
  lang: EditLang;
  missing: boolean;
  onChange: (value: PageText) => void;
}

function TextInput({ spec, value, path, lang, missing: lacksHindi, onChange }: TextInputProps) {
  const id = fieldId(path, lang);
  const hindi = lang === 'hi';
  const missing = hindi && lacksHindi;
  const props = {
    // Each language's text is a field of its own: the tab shows a new control, not the other's.
    key: id,
    id,
    label: spec.label,
    wide: spec.long,
    lang,
    maxLength: 2000,
    defaultValue: value[lang],
    placeholder: hindi ? value.en : undefined,
    hint: hindi ? <HindiHint english={value.en} missing={missing} /> : spec.hint,
    className: missing ? 'lacks-hindi' : undefined,
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [lang]: event.target.value }),
  };
  const { key, ...field } = props;
  return spec.long ? <TextAreaField key={key} {...field} rows={3} /> : <TextField key={key} {...field} />;
}

function RichInput({
  label,
  value,
  path,
  form,
  onChange,
}: {
  label: string;
  value: PageRich;
  path: Path;
  form: FormProps;
  onChange: (value: PageRich) => void;
}) {
  const { lang } = form;
  const id = fieldId(path, lang);
  const hindi = lang === 'hi';
  const english = documentText(value.en);
  return (
    <div className="field span-all">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      {hindi && (
        <small className="form-hint" id={`${id}-note`}>
          <HindiHint english={english.length > 300 ? `${english.slice(0, 300)}…` : english} missing={form.missing.has(path.join('.'))} />
        </small>
      )}
      <Suspense fallback={<div className="editor editor-loading">Loading the editor…</div>}>
        <BodyEditor
          key={`${lang}-${form.generation}`}
          label={hindi ? `${label} (Hindi)` : label}
          lang={lang}
          initial={value[lang] ?? undefined}
          onChange={(doc) => onChange({ ...value, [lang]: hindi && isEmptyDocument(doc) ? null : doc })}
        />
      </Suspense>
    </div>
  );
}

function PictureInput({
  label,
  shortLabel,
  value,
  path,
  onChange,
}: {
  label: string;
  shortLabel: string;
  value: string | null;
  path: Path;
  onChange: (id: string | null) => void;
}) {
  const [picking, setPicking] = useState(false);
  const id = fieldId(path);
  return (
    <div className="field span-all page-picture" role="group" aria-labelledby={`${id}-label`}>
      <span className="field-label" id={`${id}-label`}>
        {shortLabel}
      </span>
      {value ? (
        <ImagePreview chosen={null} storedImageUrl={storedImageUrl(value)} storedAlt={`The chosen ${label}`} />
      ) : (
        <p className="muted">None chosen: the page shows its own illustration.</p>
      )}
      <div className="page-picture-actions">
        <button type="button" className="btn btn-outline" onClick={() => setPicking(true)}>
          Choose <span className="visually-hidden">{label}</span> from the media library
        </button>
        {value && (
          <button type="button" className="btn btn-outline" onClick={() => onChange(null)}>
            Remove <span className="visually-hidden">{label}</span>
          </button>
        )}
      </div>
      {picking && (
        <MediaPicker
          onPick={(image) => {
            onChange(image.id);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}

function ProgramIdInput({ label, value, path, onChange }: { label: string; value: string; path: Path; onChange: (id: string) => void }) {
  const valid = programIdPattern.test(value);
  return (
    <TextField
      id={fieldId(path)}
      label={label}
      maxLength={40}
      pattern={programIdPattern.source}
      autoComplete="off"
      spellCheck={false}
      aria-invalid={!valid}
      hint={
        valid
          ? 'Small letters, digits and hyphens, such as disaster-relief. Changing it leaves posts of the old id under All only.'
          : 'Needed: a small letter first, then small letters, digits and hyphens (up to 40).'
      }
      defaultValue={value}
      onChange={(event) => onChange(event.target.value.trim())}
    />
  );
}

type Moved = { index: number; button: 'up' | 'down' | 'add' };

/** A list of items (people, figures, programs…): each with its fields, and Add, Remove, Move up and down. */
function ListField({ spec, items, path, form }: { spec: ListSpec; items: Loose[]; path: Path; form: FormProps }) {
  const listRef = useRef<HTMLOListElement>(null);
  const [focus, setFocus] = useState<Moved | null>(null);
  const names = items.map((item, index) => spec.nameOf(item) || `${spec.item} ${index + 1}`);
  const change = (next: Loose[], then?: Moved) => {
    form.onChange(path, next);
    setFocus(then ?? null);
  };
  // A moved item's button keeps the focus (the button it was pressed on moved with the item);
  // at the end of the list, or after Add, the focus goes to the item itself.
  useEffect(() => {
    if (!focus) return;
    const item = listRef.current?.children[focus.index];
    const button = item?.querySelector<HTMLElement>(`[data-move="${focus.button}"]:not(:disabled)`);
    (button ?? item?.querySelector<HTMLElement>('legend + * input, legend + * textarea, [tabindex="-1"]'))?.focus();
    setFocus(null);
  }, [focus]);

  return (
    <fieldset className="admin-fieldset span-all page-list">
      <legend>{spec.label}</legend>
      {items.length === 0 && <p className="muted">None yet.</p>}
      <ol ref={listRef} className="page-list-items">
        {items.map((item, index) => (
          <li key={itemKey(item)}>
            <fieldset className="admin-fieldset page-item">
              <legend>
                {spec.item[0]!.toUpperCase() + spec.item.slice(1)} {index + 1}: {names[index]}
              </legend>
              <div className="form-grid two-columns">
                <FieldList fields={spec.fields} value={item} path={[...path, index]} form={form} context={names[index]} />
              </div>
              {!spec.fixed && (
                <div className="page-item-actions">
                  <button
                    type="button"
                    className="btn btn-outline"
                    data-move="up"
                    disabled={index === 0}
                    onClick={() => change(moved(items, index, index - 1), { index: index - 1, button: 'up' })}
                  >
                    Move <span className="visually-hidden">{names[index]}</span> up
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline"
                    data-move="down"
                    disabled={index === items.length - 1}
                    onClick={() => change(moved(items, index, index + 1), { index: index + 1, button: 'down' })}
                  >
                    Move <span className="visually-hidden">{names[index]}</span> down
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-danger-outline"
                    disabled={items.length <= spec.min}
                    onClick={() => change(items.filter((_, other) => other !== index))}
                  >
                    Remove <span className="visually-hidden">{names[index]}</span>
                  </button>
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {!spec.fixed && (
        <button
          type="button"
          className="btn btn-outline page-add"
          disabled={items.length >= spec.max}
          onClick={() => change([...items, spec.blank()], { index: items.length, button: 'add' })}
        >
          Add {spec.item}
        </button>
      )}
    </fieldset>
  );
}
