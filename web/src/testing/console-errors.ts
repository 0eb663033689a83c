// setup-tests.ts fails every test that writes to console.error (CONTRIBUTING.md, Tests) unless the test
// declared, by calling expectConsoleError(), that it provokes one.
let expected = false;

export function expectConsoleError(): void {
  expected = true;
}

/** For setup-tests.ts: whether the finished test expected console.error, then resets. */
export function takeConsoleErrorExpectation(): boolean {
  const value = expected;
  expected = false;
  return value;
}
