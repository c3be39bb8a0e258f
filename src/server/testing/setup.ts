import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test that caused it (ARCHITECTURE.md, "Tests").
let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length) throw new Error(`console.error was called: ${String(errors[0][0])}`);
});
