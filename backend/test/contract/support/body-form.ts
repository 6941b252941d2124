import { contractCase, type ContractCase } from './cases.js';
import { hugeJson } from './requests.js';

/** The refusals of a JSON write's body form (an admin's request): too large, and not JSON. */
export const bodyFormCases = (operationId: string, path: string, field: string): ContractCase[] => [
  contractCase(operationId, 413, 'a JSON body over 1 MB', {
    send: (fx) => fx.request.post(path).set('Authorization', fx.admin).set('Content-Type', 'application/json').send(hugeJson(field)),
  }),
  contractCase(operationId, 415, 'a urlencoded form instead of JSON', {
    send: (fx) =>
      fx.request
        .post(path)
        .set('Authorization', fx.admin)
        .type('form')
        .send({ [field]: 'x' }),
  }),
];
