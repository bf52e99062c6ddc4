import fc from 'fast-check';

// Setup file of every vitest project: a property test that forgets its `{ seed }` still runs
// the same cases on every run (the house rule); an explicit seed overrides this one.
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: 20261201 });
