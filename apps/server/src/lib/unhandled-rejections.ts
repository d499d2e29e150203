/**
 * A promise that fails with no one to hear it ends a Node process by default, and with it every
 * request, upload and background read the process holds: one forgotten `await` in any part of the
 * server or of a library would stop the whole. Here it is logged as the error it is (through the
 * logger's redaction) and the server goes on. An exception thrown and caught by no one still ends
 * the process: it may have left a change half made.
 */
export function logUnhandledRejections(log: { error(object: object, message: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    const err = reason instanceof Error ? reason : new Error(`a promise failed with a ${typeof reason}, not an Error`);
    log.error({ err }, 'a promise failed and nothing handled it; the server goes on');
  });
}
