/**
 * The API client, loaded on first use: a page the server rendered hydrates with the data it came
 * with, so the client (openapi-fetch, retries) stays out of the JavaScript loaded before that.
 */
export async function apiClient() {
  return (await import('./client')).api;
}
