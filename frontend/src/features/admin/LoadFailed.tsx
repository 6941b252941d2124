/** What a section shows when its data could not be loaded: the reason, and a way to try again. */
export function LoadFailed({ message, onRetry, className = 'panel-state' }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
