import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../components/usePrefersReducedMotion';
import './ImpactCounter.css';

/** The spec's counting time: each counter runs from 0 to its value in 2.5 seconds. */
export const counterDurationMs = 2500;

const easeOutCubic = (progress: number) => 1 - (1 - progress) ** 3;

interface ImpactCounterProps {
  value: number;
  /** Shown after the number ("+"). */
  suffix: string;
  label: string;
}

/** A figure that counts up from zero once it scrolls into view (at once for reduced motion). */
export function ImpactCounter({ value, suffix, label }: ImpactCounterProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [shown, setShown] = useState(reducedMotion ? value : 0);
  const figureRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (reducedMotion) {
      setShown(value);
      return;
    }
    let frame = 0;
    let startedAt: number | null = null;
    const step = (timestamp: number) => {
      startedAt ??= timestamp;
      const progress = Math.min((timestamp - startedAt) / counterDurationMs, 1);
      setShown(Math.round(easeOutCubic(progress) * value));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    const start = () => {
      frame = requestAnimationFrame(step);
    };

    const element = figureRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      start();
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, reducedMotion]);

  return (
    <div className="counter">
      <p className="counter-value" ref={figureRef}>
        {shown}
        {suffix}
      </p>
      <p className="counter-label">{label}</p>
    </div>
  );
}
