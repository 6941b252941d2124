/**
 * What the site says about a call when the server has said nothing. Where the server answers, the
 * page shows the `message` of its answer: the server holds those sentences ("Image added
 * successfully!", "Volunteer registered successfully!", "Invalid email or password", a field's
 * error), and the frontend keeps no copy of them. Only a call that got no answer of the API's
 * (the server unreachable, the network down, a proxy's page instead of JSON) needs words of the
 * frontend's own, and they are here, once. hi.json translates them for the Hindi pages.
 */
export const apiMessages = {
  noConnection: 'Error connecting to server',
} as const;
