import { Redis } from 'ioredis';
import pg from 'pg';

// The scale-out services are tested when they answer on this machine. One named in the environment
// is required: it is not probed, so that its tests fail rather than skip when it is away.

/** Whether PostgreSQL at `url` accepts a connection (true without asking when `required`). */
export async function postgresAnswers(url: string, required: boolean): Promise<boolean> {
  if (required) return true;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether Redis at `url` answers a PING (true without asking when `required`). */
export async function redisAnswers(url: string, required: boolean): Promise<boolean> {
  if (required) return true;
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
