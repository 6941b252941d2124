/**
 * What the site says about a call that got no answer of the API's (the server unreachable, a
 * proxy's page instead of JSON). Any other time the page shows the server's own `message`.
 */
export const apiMessages = {
  noConnection: 'Error connecting to server',
} as const;
