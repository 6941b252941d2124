import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ResponseCheck } from '../config.js';
import type { OpenApi } from './openapi.js';

declare module 'koa' {
  interface DefaultState {
    /** The value of an answer sent as bytes (a cached public read), for the check below. */
    answer?: unknown;
  }
}

/**
 * Outside production, compares every answer of a documented operation with openapi.yaml. In
 * tests a mismatch replaces the answer with a 500 naming the problem, so no test can pass on a
 * shape the contract does not promise.
 */
export function checkResponses(openApi: OpenApi, mode: ResponseCheck, logger: Logger): Middleware {
  return async (ctx, next) => {
    await next();
    const operation = ctx.state.operation;
    if (mode === 'off' || !operation) return;
    const isJson = ctx.response.is('json') !== false;
    // A cached answer is sent as (compressed) bytes; its value is kept in ctx.state.answer.
    const sent = ctx.state.answer ?? ctx.body;
    const body = isJson && typeof sent === 'object' ? sent : undefined;
    const problems = openApi.checkResponse(operation.operationId, ctx.status, ctx.response.get('Content-Type') || undefined, body);
    if (!problems.length) return;
    logger.error({ operationId: operation.operationId, status: ctx.status, problems }, 'answer does not match openapi.yaml');
    if (mode === 'throw') {
      ctx.status = 500;
      ctx.type = 'application/json';
      ctx.body = { success: false, message: `Answer does not match openapi.yaml: ${problems.join('; ')}` };
    }
  };
}
