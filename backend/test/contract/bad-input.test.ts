import { expect, it } from 'vitest';
import { badInputCases } from './cases/bad-input.js';
import { runCases } from './support/cases.js';
import { useContractApp } from './support/fixture.js';

it('the catalogue has at least 25 refusals', () => {
  expect(badInputCases.cases.filter((definition) => definition.status >= 400).length).toBeGreaterThanOrEqual(25);
});

// Every refusal leaves the database as it was, so they run side by side (the image requests aim at the shared picture).
runCases(badInputCases, useContractApp(), { concurrent: { prepare: (fx) => fx.sharedImageId() } });
