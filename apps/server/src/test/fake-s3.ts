import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.js';
import { temporaryDirectory } from './temporary-directory.js';

/** The credentials s3rver accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface FakeS3 {
  /** Where s3rver keeps the objects, to look into them. */
  directory: string;
  /** The S3 settings of the app's config (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE). */
  settings: NonNullable<Config['s3']>;
  /** Stops it (once; later calls do nothing) and puts the AWS_* variables back as they were. */
  close(): Promise<void>;
}

/**
 * s3rver on loopback with one bucket. While it runs, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY
 * hold its credentials: as in production, the app's S3 client takes them from there.
 */
export async function startFakeS3(bucket = 'taxli-documents'): Promise<FakeS3> {
  const directory = temporaryDirectory('taxli-s3');
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const saved = { AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;
  let closed = false;
  return {
    directory,
    settings: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

/**
 * s3rver for the suite it is called in: started before its tests and stopped after them. `config`
 * gets the S3 settings once it runs, so it can be handed to useTestApp, which reads it per test.
 */
export function useFakeS3(): { config: Partial<Config>; directory: () => string } {
  const config: Partial<Config> = {};
  let fake: FakeS3 | undefined;
  beforeAll(async () => {
    fake = await startFakeS3();
    config.s3 = fake.settings;
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    config,
    directory: () => {
      if (!fake) throw new Error('s3rver starts in beforeAll');
      return fake.directory;
    },
  };
}
