// The e2e topology (nginx, two backends, one database) for a section, in a scratch folder of
// its own whose static root nginx serves beside the site (for the static-file baselines). The
// backends run as in production: answers unchecked against the contract, little logged.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTopology, type Topology } from '../../e2e/topology.mjs';
import { logIn } from './http.js';
import { benchPort } from './ports.js';

export interface BenchTopology extends Topology {
  /** Files written here are served by nginx at `/<name>`. */
  staticRoot: string;
  /** The run's admin token. */
  token: string;
}

/**
 * `build`: build the frontend first when it is missing or older than its sources (pages are
 * rendered from it). `env`: more of the backends' environment (another SMTP server, say).
 */
export async function startBenchTopology(
  name: string,
  portOffset: number,
  { build = false, env = {} }: { build?: boolean; env?: Record<string, string> } = {},
): Promise<BenchTopology> {
  const scratch = path.resolve('.tmp/bench', `${name}-${process.pid}`);
  const staticRoot = path.join(scratch, 'static');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(staticRoot, { recursive: true });
  writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><title>bench</title>');
  const topology = await startTopology({
    portBase: benchPort(portOffset),
    build,
    staticRoot,
    runDir: path.join(scratch, 'topology'),
    backendEnv: { RESPONSE_CHECK: 'off', LOG_LEVEL: 'warn', ...env },
  });
  const stop = async () => {
    await topology.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    return { ...topology, staticRoot, token: await logIn(topology.baseUrl, topology.admin), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
