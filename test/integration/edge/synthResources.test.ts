// A damaged or hand-edited synthesis library is refused with the file, the entries at fault and what to do, in the
// user's language (the catalogue's keys travel with the error for the CLI and the window).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KopaError } from '../../../main/core/errors.ts';
import { translate, type StringKey } from '../../../main/core/i18n/strings.ts';
import type { EngineServices } from '../../../main/engine/EngineServices.ts';
import { defaultResourcesDir } from '../../../main/engine/resources.ts';
import { loadIntents, loadPhraseBook } from '../../../main/engine/synth/methods.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { tempDir } from '../../helpers/tempDir.ts';

/** A copy of the bundled synthesis files, for a test to damage. */
function resourcesCopy(): string {
  const dir = tempDir('kopa-synth-res-');
  cpSync(path.join(defaultResourcesDir(), 'synth'), path.join(dir, 'synth'), { recursive: true });
  return dir;
}

const servicesOver = (resourcesDir: string) => ({ resourcesDir, catalog: bundledCatalog }) as unknown as EngineServices;

function refusal(run: () => unknown): KopaError {
  try {
    run();
  } catch (error) {
    if (error instanceof KopaError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('synthesis resources that do not match the catalog', () => {
  it('names the phrase book entry at fault, in English and Korean', () => {
    const dir = resourcesCopy();
    const file = path.join(dir, 'synth', 'phrases.json');
    const book = JSON.parse(readFileSync(file, 'utf8'));
    book.tools['nowhere.noSuchTool'] = Object.values(book.tools)[0];
    writeFileSync(file, JSON.stringify(book));

    const error = refusal(() => loadPhraseBook(servicesOver(dir)));
    expect(error.code).toBe('Internal');
    expect(error.message).toMatch(/^resources\/synth\/phrases\.json does not match the catalog: .*nowhere\.noSuchTool/);
    expect(error.hint).toMatch(/Reinstall KOPA Studio/);
    const said = error.saidAs!;
    expect(translate('ko', said.message as StringKey, said.vars)).toMatch(/phrases\.json이 카탈로그와 맞지 않습니다: .*nowhere\.noSuchTool/);
  });

  it('says where an intent library is malformed, and which intents name tools the catalog lacks', () => {
    const dir = resourcesCopy();
    const book = loadPhraseBook(servicesOver(dir));
    const file = path.join(dir, 'synth', 'intents.json');
    const library = JSON.parse(readFileSync(file, 'utf8'));

    writeFileSync(file, JSON.stringify({ ...library, intents: 'none' }));
    const malformed = refusal(() => loadIntents(servicesOver(dir), book));
    expect(malformed.message).toMatch(/^resources\/synth\/intents\.json is not an intent library: intents: /);

    library.intents[0].goal = 'nowhere.noSuchTool';
    writeFileSync(file, JSON.stringify(library));
    const mismatched = refusal(() => loadIntents(servicesOver(dir), book));
    expect(mismatched.message).toMatch(/^resources\/synth\/intents\.json does not match the catalog: .*nowhere\.noSuchTool/);
    expect(translate('ko', mismatched.saidAs!.hint as StringKey, mismatched.saidAs!.vars)).toMatch(/다시 설치하세요/);
  });
});
