import type { BenchBackend } from './backend.js';
import { Skip } from './section.js';

/** What the sections share within one run. */
export interface BenchContext {
  quick: boolean;
  /** The backend, or why it could not be started. */
  backend: BenchBackend | { error: string };
  /** The frontend build to measure (distDir undefined when there is none) and what to know about it. */
  build: { distDir?: string; note?: string };
  /** An uploaded photo's image_url, left by the image-weight section for the serving one. */
  uploadedImageUrl?: string;
  photo?: Buffer;
}

export function backendOf(context: BenchContext): BenchBackend {
  if ('error' in context.backend) throw new Skip(`the backend could not be started: ${context.backend.error}`);
  return context.backend;
}
