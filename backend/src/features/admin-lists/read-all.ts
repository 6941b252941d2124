import type { mongo } from 'mongoose';

/** Documents per database call when a whole collection is read. */
export const batchSize = 500;

/**
 * Every document of a collection (as `T`: the documents its schema writes), in batches and
 * without a filter or a sort: FerretDB answers each batch of such a read at once, where a
 * filtered or sorted read of a long collection is worked out whole before the first answer.
 */
export function readAll<T extends object>(collection: mongo.Collection, projection?: Record<string, 1>): AsyncIterable<T> {
  return collection.find<T & mongo.Document>({}, { projection, batchSize });
}
