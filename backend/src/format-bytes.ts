// The project's one byte formatter lives in the shared package (the admin's file list uses it too).
export { formatBytes } from '@ngo-site/shared';
