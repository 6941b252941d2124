import type { ReplyBody, RequestBody } from '../../contract.js';
import { reply, requestInput, type Handler, type UploadedFile } from '../../http/handlers.js';
import type { Services } from '../../services.js';

/** The admin's edit and delete of an item with one image, as openapi.yaml names them. */
type ItemOperations = { update: 'updateBlog'; remove: 'deleteBlog' } | { update: 'updateGalleryImage'; remove: 'deleteGalleryImage' };
type UpdateAnswer<O extends ItemOperations> = ReplyBody<O['update'], 200>;
type RemoveAnswer<O extends ItemOperations> = ReplyBody<O['remove'], 200>;

// TypeScript cannot see a reply's shape through O, so the replies below are cast; `answersHold`
// stops compiling if a pair of ItemOperations ever answers 200 otherwise than the casts assume.
type Answers<O extends ItemOperations> =
  { success: true; message: string; data: UpdateAnswer<O>['data'] } extends UpdateAnswer<O>
    ? { success: true; message: string } extends RemoveAnswer<O>
      ? true
      : false
    : false;
const answersHold: [Answers<{ update: 'updateBlog'; remove: 'deleteBlog' }>, Answers<{ update: 'updateGalleryImage'; remove: 'deleteGalleryImage' }>] = [
  true,
  true,
];
void answersHold;

interface ItemWrites<O extends ItemOperations> {
  update(id: string, fields: Omit<RequestBody<O['update']>, 'id'>, image: UploadedFile | undefined): Promise<UpdateAnswer<O>['data']>;
  remove(id: string): Promise<void>;
}

/**
 * The handlers of the admin's edit (the fields and perhaps a new `image`) and delete of a post
 * or a gallery item: both publish, and answer 200 with the feature's sentence.
 */
export function itemEditHandlers<O extends ItemOperations>(
  { published }: Services,
  items: ItemWrites<O>,
  messages: { updated: string; deleted: string },
): { update: Handler<O['update']>; remove: Handler<O['remove']> } {
  return {
    update: published.publishes(async (ctx) => {
      const { body, files } = requestInput(ctx);
      const { id, ...fields } = body;
      const data = await items.update(id, fields, files.get('image')?.[0]);
      reply(ctx, 200, { success: true, message: messages.updated, data } as UpdateAnswer<O>);
    }),
    remove: published.publishes(async (ctx) => {
      await items.remove(requestInput(ctx).body.id);
      reply(ctx, 200, { success: true, message: messages.deleted } as RemoveAnswer<O>);
    }),
  };
}
