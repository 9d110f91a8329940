// KOPA-Nano's trainer runs on Debian's torch and sentencepiece (no PyPI here). The training tests need them: on
// Debian as root, install the distribution's packages when no Python can import them. Elsewhere the tests that
// train say why they did not run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { trainingPythonOrNull } from '../main/engine/train/nano/trainerProcess.ts';

const PACKAGES = ['python3-torch', 'python3-sentencepiece', 'python3-numpy', 'libopenblas0-openmp'];

if (!trainingPythonOrNull(process.env) && process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.error(`setup: installing the trainer's Python packages (apt-get install ${PACKAGES.join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = (): boolean => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...PACKAGES], { stdio: 'inherit', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
}
const python = trainingPythonOrNull(process.env);
console.error(
  python ? `setup: training Python at ${python}` : `setup: no Python imports torch and sentencepiece; the training tests will say they did not run`,
);
