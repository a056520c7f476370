import { startFakeAi, type TFakeAi } from '@prosa/fakes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeModelError } from './model-errors.js';
import { transcribeAudio } from './transcribe.js';

const apiKey = 'gsk-test-prosa';
let fake: TFakeAi;

beforeAll(async () => {
  fake = await startFakeAi({ apiKey });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

// The first bytes of an Ogg/Opus voice note, as WhatsApp sends them.
const voiceNote = new Uint8Array([...Buffer.from('OggS'), 0, 2, ...new Array(58).fill(7)]);

describe('transcribeAudio', () => {
  it('returns the transcript, sending the default model, the file and the language', async () => {
    const result = await transcribeAudio({
      provider: 'chatgpt',
      baseUrl: fake.openAiBaseUrl,
      apiKey,
      model: '',
      audio: voiceNote,
      mimeType: 'audio/ogg; codecs=opus',
      language: 'pt',
    });
    expect(result.text).toBe('Transcrição de teste');
    const [seen] = fake.requests();
    expect(seen?.path).toBe('/v1/audio/transcriptions');
    expect(seen?.body).toMatchObject({
      model: 'whisper-1',
      language: 'pt',
      file: { name: 'audio.ogg', type: 'audio/ogg', size: voiceNote.length },
    });
  });

  it('works against GroqCloud with its model and the scripted transcript', async () => {
    fake.script([{ text: 'Quero a segunda via do boleto' }]);
    const result = await transcribeAudio({
      provider: 'groqcloud',
      baseUrl: fake.openAiBaseUrl,
      apiKey,
      model: 'whisper-large-v3',
      audio: voiceNote,
      mimeType: 'audio/ogg',
    });
    expect(result.text).toBe('Quero a segunda via do boleto');
    expect(fake.requests()[0]?.body).toMatchObject({ model: 'whisper-large-v3' });
  });

  it('fails with an auth error on a refused key, and for a provider that does not transcribe', async () => {
    const input = { baseUrl: fake.openAiBaseUrl, model: '', audio: voiceNote, mimeType: 'audio/ogg', maxRetries: 0 };
    const refused = await transcribeAudio({ ...input, provider: 'chatgpt', apiKey: 'wrong' }).catch((e: unknown) => e);
    expect(describeModelError(refused)).toMatchObject({ kind: 'auth', status: 401 });
    await expect(transcribeAudio({ ...input, provider: 'claude', apiKey })).rejects.toThrow(/does not transcribe/);
  });
});
