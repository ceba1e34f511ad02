import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../lib/project-root';

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the shop's commands (`src/server/cli/<name>.ts`) as an operator would, as a real child
 * process through tsx, with the shop's settings given in `env` (on top of PATH and the like).
 */
export async function runCli(name: string, args: string[], env: Record<string, string>, timeout = 90_000): Promise<CliResult> {
  const root = projectRoot();
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), `src/server/cli/${name}.ts`, ...args],
      {
        cwd: root,
        // The child needs PATH and the like; the shop's own settings come from `env`.
        // eslint-disable-next-line no-restricted-properties
        env: { ...process.env, REDIS_URL: '', LOG_LEVEL: 'silent', ...env },
        timeout,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
