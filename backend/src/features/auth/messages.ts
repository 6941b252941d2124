export const authFeatureMessages = {
  loggedIn: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: (minutes: number) => `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
};
