// What the pledge operations say. The public page shows the donor's sentences in Hindi from its
// message catalogue; the admin area is English.

export const pledgeMessages = {
  made: 'Thank you! Your monthly pledge is made. Each month on the day you chose, we will e-mail you a UPI link and a QR code to pay.',
  stopped: 'Your monthly pledge is stopped. We have sent you a confirmation by e-mail.',
  linkNotValid: 'This link is not one we sent. Please use the link in your latest reminder, or write to us.',
  notFound: 'No pledge has that id',
  isStopped: 'This pledge is stopped: it cannot be paused or resumed. The donor can make a new pledge on the Donate page.',
  paused: 'Pledge paused: no reminders until it is resumed',
  resumed: 'Pledge resumed: reminders go out again from its next day',
  stoppedByAdmin: 'Pledge stopped; the donor is told by e-mail',
  unchanged: 'Nothing changed: the pledge is already so',
};
