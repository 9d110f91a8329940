import { describe, expect, it } from 'vitest';
import { chooseDataDir, defaultDataDir } from '../../../main/core/dataDir.ts';

describe('defaultDataDir', () => {
  it('matches Electron userData on Linux, honouring XDG_CONFIG_HOME', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, homeDir: '/home/kim' })).toBe('/home/kim/.config/KOPA Studio');
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/data/cfg/' }, homeDir: '/home/kim' })).toBe('/data/cfg/KOPA Studio');
  });

  it('ignores a relative XDG_CONFIG_HOME, as the XDG spec says', () => {
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: 'cfg' }, homeDir: '/home/kim' })).toBe('/home/kim/.config/KOPA Studio');
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(defaultDataDir({ platform: 'darwin', env: {}, homeDir: '/Users/kim' })).toBe('/Users/kim/Library/Application Support/KOPA Studio');
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\kim\\AppData\\Roaming' }, homeDir: 'C:\\Users\\kim' })).toBe(
      'C:\\Users\\kim\\AppData\\Roaming\\KOPA Studio',
    );
  });
});

describe('chooseDataDir', () => {
  const context = { platform: 'linux', env: { KOPA_DATA_DIR: '/srv/kopa' }, homeDir: '/home/kim' };

  it('prefers --data-dir, then KOPA_DATA_DIR, then the OS default', () => {
    expect(chooseDataDir('/tmp/x', context)).toEqual({ dir: '/tmp/x', source: 'flag' });
    expect(chooseDataDir(undefined, context)).toEqual({ dir: '/srv/kopa', source: 'env' });
    expect(chooseDataDir(undefined, { ...context, env: {} })).toEqual({ dir: '/home/kim/.config/KOPA Studio', source: 'default' });
  });
});
