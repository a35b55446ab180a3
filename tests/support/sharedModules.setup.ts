/**
 * Runs before each test file of the "shared modules" group (decision 36): the files after it load the same
 * modules, so a file leaves the environment, the globals, the spies and the clock as it found them.
 */
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
