import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('works with no settings at all', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      ALLOW_CLOUD_AUDIO: false,
      SPEECH_SIGNED_OUT_PER_MINUTE: 60,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads settings and treats empty values as unset', () => {
    const env = loadEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@localhost/db',
      OPENAI_API_KEY: '',
      ALLOW_CLOUD_AUDIO: 'true',
      SPEECH_SIGNED_OUT_PER_MINUTE: '600',
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('postgres://u:p@localhost/db');
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.ALLOW_CLOUD_AUDIO).toBe(true);
    expect(env.SPEECH_SIGNED_OUT_PER_MINUTE).toBe(600);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['ALLOW_CLOUD_AUDIO', 'maybe'],
    ['SPEECH_SIGNED_OUT_PER_MINUTE', '0'],
    ['SPEECH_SIGNED_OUT_PER_MINUTE', 'lots'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(name));
  });
});
