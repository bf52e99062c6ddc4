import { describe, expect, it } from 'vitest';
import { listCorpus } from '@carb/episodes';
import { ROOT } from './helpers/shared.ts';

// The corpus walk names each file as path.join(folder, entry) would, whatever form the folder was given in
// (corpusFiles builds the names by concatenation, normalizing each folder once): problem lines and
// duplicate-id messages quote these names.
const FIXTURE_LOGS = [
  'fixture-model/banking/user_task_0/important_instructions/injection_task_0.json',
  'fixture-model/travel/user_task_3/important_instructions/injection_task_2.json',
  'fixture-model/workspace/user_task_4/none/none.json',
  'meta-llama_Fixture/slack/user_task_1/none/none.json',
  'meta-llama_Fixture/workspace/user_task_2/important_instructions/injection_task_1.json',
];

describe('corpus walk: file names', () => {
  const runs = `${ROOT}/packages/episodes/test/fixtures/runs`;
  for (const given of [runs, `${runs}/`, runs.replace('/packages/', '//packages/'), `${runs}/../runs/.`]) {
    it(`${given.slice(ROOT.length)}: normalized, sorted, one separator between segments`, () => {
      expect(listCorpus([given], 'auto').files.map((f) => f.file)).toEqual(FIXTURE_LOGS.map((f) => `${runs}/${f}`));
    });
  }
});

describe('corpus walk: what is not a corpus file', () => {
  it('a device (/dev/zero never ends) is refused by name, not read; a missing path is one problem too', () => {
    const { files, skips } = listCorpus(['/dev/zero', `${ROOT}/no-such-corpus.jsonl`], 'auto');
    expect(files).toEqual([]);
    expect(skips).toEqual([
      [
        'unreadable',
        { file: '/dev/zero', record: null, message: 'expected a file, a named pipe or a directory, found a character device' },
      ],
      [
        'unreadable',
        { file: `${ROOT}/no-such-corpus.jsonl`, record: null, message: 'expected a file or directory, found nothing at this path' },
      ],
    ]);
  });
});
