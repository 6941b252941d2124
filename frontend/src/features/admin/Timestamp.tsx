const dateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A moment the server sent (ISO 8601), as the admin screens show it: "5 Mar 2025, 3:30 pm". */
export function Timestamp({ iso }: { iso: string }) {
  const time = Date.parse(iso);
  return <time dateTime={iso}>{Number.isNaN(time) ? iso : dateTime.format(time)}</time>;
}
