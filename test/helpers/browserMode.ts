// Starts `kopa app --browser` as a user would and reads the address it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { kopaBin, repoRoot } from './runCli.ts';

export interface RunningApp {
  url: string;
  launchUrl: string;
  child: ChildProcess;
  stop(): Promise<number | null>;
}

export function startBrowserMode(dataDir: string): Promise<RunningApp> {
  const child = spawn(process.execPath, [kopaBin, 'app', '--browser', '--json', '--data-dir', dataDir], { cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const stop = (): Promise<number | null> => {
    if (child.exitCode !== null) return Promise.resolve(child.exitCode);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      try {
        const info = JSON.parse(stdout) as { url: string; launchUrl: string };
        resolve({ url: info.url, launchUrl: info.launchUrl, child, stop });
      } catch {
        // the JSON is not complete yet
      }
    });
    child.once('exit', (code) => reject(new Error(`kopa app exited with ${code}: ${stderr}`)));
  });
}
