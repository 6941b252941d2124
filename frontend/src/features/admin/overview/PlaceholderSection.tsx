import { AdminIcon } from '../AdminIcon';
import './PlaceholderSection.css';

export function PlaceholderSection({ text }: { text: string }) {
  return (
    <div className="admin-panel admin-placeholder">
      <AdminIcon name="clock" size={40} />
      <p>{text}</p>
    </div>
  );
}
