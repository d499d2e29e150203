/**
 * Pino options for the server. Request logs carry id, method, path and status only: no headers
 * (cookies), no query strings (they may hold searched addresses), no bodies, no client addresses.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): object {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method: string; url: string; id?: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
