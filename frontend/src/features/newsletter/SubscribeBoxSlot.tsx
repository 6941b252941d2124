import { lazy, Suspense } from 'react';
import { subscribeBox } from './subscribe-box-module';
// The box's styles come with the page, so it paints styled before its script arrives.
import './SubscribeBox.css';

const LazyBox = lazy(() => subscribeBox.load().then((module) => ({ default: module.SubscribeBox })));

/**
 * The subscribe box as a post and /blog show it: rendered on the server with the page (so it
 * works without the script), taken over in the browser once its own small chunk has arrived after
 * the page's (React hydrates the rest meanwhile). What is typed before then stays: its fields are
 * uncontrolled (components/Form.tsx).
 */
export function SubscribeBoxSlot() {
  const Box = subscribeBox.module?.SubscribeBox ?? LazyBox;
  return (
    <Suspense fallback={null}>
      <Box />
    </Suspense>
  );
}
