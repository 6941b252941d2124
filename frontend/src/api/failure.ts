/** Thrown when an error answer is not the API's JSON (a proxy's HTML page, a truncated body). */
export class UnreadableAnswerError extends Error {
  constructor() {
    super('The server answered with something other than JSON');
    this.name = 'UnreadableAnswerError';
  }
}

/**
 * The `message` of an openapi-fetch error body ('' when it has none). openapi-fetch hands back
 * a body it could not parse as JSON as plain text; that counts as a failure to read the answer.
 */
export function failureMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) throw new UnreadableAnswerError();
  const { message } = error as { message?: unknown };
  return typeof message === 'string' ? message : '';
}
