/** Next to a title on a Hindi page whose text has no Hindi version yet and is shown in English. */
import './EnglishMark.css';
export function EnglishMark() {
  return (
    <span className="english-mark" lang="en">
      {' '}
      (English)
    </span>
  );
}
