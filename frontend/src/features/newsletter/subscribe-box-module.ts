// The subscribe box's module, loaded after the page's own script in the browser (SubscribeBoxSlot)
// and before the first render on the server. Apart from the slot, so that the route loaders that
// ask for it on the server add almost nothing to the script every page loads.

export type SubscribeBoxModule = typeof import('./SubscribeBox');

export const subscribeBox: { module?: SubscribeBoxModule; load: () => Promise<SubscribeBoxModule> } = {
  load: () => import('./SubscribeBox').then((module) => (subscribeBox.module = module)),
};

/** A page loader's part on the server: the box's module, so the page renders with it in place (nothing in the browser). */
export const subscribeBoxOnServer = () => (import.meta.env.SSR ? subscribeBox.load() : undefined);
