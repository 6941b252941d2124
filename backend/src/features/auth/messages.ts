export const authFeatureMessages = {
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: (minutes: number) => `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  accountLocked: (minutes: number) =>
    `This account is locked after too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}; until then even the correct password is refused`,
};
