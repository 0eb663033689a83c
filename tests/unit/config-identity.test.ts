import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
};

describe('identity provider configuration (docs/decisions/011)', () => {
  it('is the built-in provider unless IDENTITY_PROVIDER says firebase', () => {
    expect(loadConfig({}).IDENTITY_PROVIDER).toBe('builtin');
    expect(messageOf({ IDENTITY_PROVIDER: 'google' })).toContain('IDENTITY_PROVIDER="google"');
  });

  it('firebase needs the project and its web API key, each named when missing', () => {
    const message = messageOf({ IDENTITY_PROVIDER: 'firebase' });
    expect(message).toContain('FIREBASE_PROJECT_ID');
    expect(message).toContain('FIREBASE_API_KEY');
    const config = loadConfig({
      IDENTITY_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: 'acme-portal',
      FIREBASE_API_KEY: 'AIzaSyExampleExampleExample',
    });
    expect(config.FIREBASE_PROJECT_ID).toBe('acme-portal');
    expect(config.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  });

  it('the emulator takes any API key: the project is enough', () => {
    const config = loadConfig({
      IDENTITY_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: 'demo-portal',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(config.FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
  });

  it('names a bad project id, emulator address or credentials file, and never shows the API key', () => {
    const message = messageOf({
      IDENTITY_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: 'Bad Project!',
      FIREBASE_API_KEY: 'short key',
      FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099',
      GOOGLE_APPLICATION_CREDENTIALS: '/no/such/key.json',
    });
    expect(message).toContain('FIREBASE_PROJECT_ID="Bad Project!"');
    expect(message).toContain('FIREBASE_AUTH_EMULATOR_HOST="http://127.0.0.1:9099"');
    expect(message).toContain('GOOGLE_APPLICATION_CREDENTIALS="/no/such/key.json": no such file');
    expect(message).toContain('FIREBASE_API_KEY=(9 characters, not shown)');
    expect(message).not.toContain('short key');
  });
});
