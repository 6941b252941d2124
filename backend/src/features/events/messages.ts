// What the event operations say. The public pages show the sign-up's and the cancellation's
// sentences in Hindi from their message catalogue (keyed by these English texts); the admin area
// is English.

export const eventMessages = {
  added: 'Event added',
  updated: 'Event saved',
  cancelled: 'Event cancelled; everyone signed up is being told by e-mail',
  deleted: 'Event deleted',
  notFound: 'No event has that id',
  hasSignups: 'People have signed up for this event, so it is kept: cancel it instead, which tells them, and its list stays on record.',
  belowConfirmed: (seats: number) => `The capacity cannot be below the ${seats} places already confirmed.`,
  reopen: 'A cancelled event cannot be opened again: add a new one.',
  endsBeforeStart: 'The event must end after it starts.',
  deadlineAfterStart: 'Sign-up must close before the event starts.',
  // A sign-up, as the person reads it.
  confirmed: 'You have a place! We have e-mailed you the details.',
  waitlisted: 'The event is full, so you are on the waiting list. We will e-mail you if a place becomes free.',
  alreadySignedUp: 'You have already signed up for this event with this e-mail address.',
  signupCancelled: 'The event was cancelled, so it takes no sign-ups.',
  signupStarted: 'This event has already started, so it takes no more sign-ups.',
  signupClosed: 'Sign-up for this event has closed.',
  tooManySeats: (limit: number) => `You can book at most ${limit} ${limit === 1 ? 'place' : 'places'} for this event.`,
  busy: 'Many people are signing up right now. Please send the form again in a moment.',
  // Cancelling a sign-up.
  rsvpCancelled: 'Your place is cancelled. Thank you for letting us know.',
  linkNotValid: 'This cancellation link is not valid. Please use the link in your latest e-mail about the event.',
  cancelStarted: 'The event has already started, so the sign-up can no longer be cancelled.',
  // The admin's changes to a sign-up.
  rsvpNotFound: 'No sign-up has that id',
  checkedIn: 'Checked in',
  checkInUndone: 'Check-in undone',
  adminCancelled: 'Sign-up cancelled; the person is told by e-mail',
  cancelledNoCheckIn: 'A cancelled sign-up cannot be checked in.',
};
