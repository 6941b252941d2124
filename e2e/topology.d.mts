// Types of topology.mjs, for the TypeScript that starts it (the bench).
import type { MailCatcher } from '../tools/mail-catcher.mjs';

export const repoRoot: string;
export const frontendDist: string;
export const runAdmin: Readonly<{ email: string; password: string }>;
export const runJwtSecret: string;
export function ensureFrontendBuild(options?: { force?: boolean }): void;

export interface BackendInstance {
  index: number;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  readonly running: boolean;
  /** The running process (null before start and after it ended). */
  readonly child: { pid?: number } | null;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Topology {
  /** nginx, in front of the backends. */
  baseUrl: string;
  admin: { email: string; password: string };
  jwtSecret: string;
  database: { kind: string; url: string; pid?: number; stop(): Promise<void> };
  /** The backends' own database URL (the server's, with the run's database name). */
  mongoUrl: string;
  backends: BackendInstance[];
  /** The SMTP server the backends send to, with every mail it received. */
  mail: MailCatcher;
  runDir: string;
  stop(): Promise<void>;
  requestCount(): number;
  retriedRequests(): string[];
}

export function startTopology(options?: {
  portBase?: number;
  backendCount?: number;
  runDir?: string;
  backendEnv?: Record<string, string>;
  build?: boolean;
  staticRoot?: string;
}): Promise<Topology>;
