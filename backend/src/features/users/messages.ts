export const userMessages = {
  added: 'Account added',
  updated: 'Account saved',
  removed: 'Account removed',
  passwordChanged: 'Password changed',
  notFound: 'There is no account with this id',
  emailTaken: 'An account with this e-mail address already exists',
  ownAccount: 'You cannot remove your own account',
  lastAdmin: 'This is the last admin account: make another account admin first',
  adminsBusy: 'Another change to the admin accounts is being saved. Please try again in a moment',
  ownRole: 'You cannot change your own role: another admin can do it',
  passwordIsEmail: 'The password must not be the e-mail address',
  wrongCurrentPassword: 'The current password is not right',
};
